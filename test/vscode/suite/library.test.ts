// The Library view end to end against the emulator: an uploaded document under Documents,
// Translate Again without an upload (emulator request log), a share link created from the Jobs
// view downloading the result with no key and failing after Revoke, Storage paging on "Load more".
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { JobsSnapshot } from '../../../src/features/jobs/commands/snapshot.ts';
import type { LibraryRow } from '../../../src/features/library/snapshot.ts';
import {
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  requestsSeen,
  serviceApi,
  testEnv,
  testingHooks,
  until,
  uploadDirect,
  answered,
} from './helpers.ts';

type Sections = Record<'documents' | 'projects' | 'tags' | 'shares' | 'storage', LibraryRow>;

const library = async (expand?: string[]): Promise<Sections> =>
  (await vscode.commands.executeCommand<{ sections: Sections }>('_docTranslate.library.snapshot', expand !== undefined ? { expand } : undefined)).sections;
const jobs = (): Thenable<JobsSnapshot> => vscode.commands.executeCommand<JobsSnapshot>('_docTranslate.jobs.snapshot');

describe('Library view', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  let documentId = '';
  let jobId = '';

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    testing = await testingHooks();
    await vscode.commands.executeCommand('docTranslate.library.focus');
  });
  after(async () => {
    await control('POST', '/settings', { job_speed: 1 });
    await closeAllEditors();
  });

  it('lists an uploaded document under Documents', async () => {
    documentId = await uploadDirect('library-guide.md', '# Library guide\n\nFind your files again.\n');
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    const shown = await library(['documents']);
    const rows = shown.documents.children ?? [];
    const row = rows.find((r) => r.label === 'library-guide.md');
    assert.ok(row, `Documents lists the upload: ${JSON.stringify(rows.map((r) => r.label))}`);
    assert.equal(row.contextValue, 'library.document');
    assert.match(row.description, /^md · \d+ B$/);
  });

  it('Translate Again creates a job from the existing document without an upload request', async () => {
    await clearRequests();
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Translate');
    const result = await answered<{ created: boolean; jobId?: string }>({ targetLang: 'de' }, 'docTranslate.library.translateAgain', { documentId });
    assert.equal(result.created, true, JSON.stringify(result));
    jobId = result.jobId!;
    assert.match(testing.prompter.asked[asked] ?? '', /^Translate "library-guide\.md" again into German\?$/);
    const seen = await requestsSeen();
    assert.deepEqual(
      seen.filter((r) => r.path.startsWith('/api/v1/upload/')),
      [],
      'no presign, no finalize',
    );
    assert.equal(seen.filter((r) => r.method === 'POST' && r.path === '/api/v1/jobs').length, 1);
    const storageLog = await control<{ requests: unknown[] }>('GET', '/storage/credential-log');
    assert.deepEqual(storageLog.requests, []);
    const job = await serviceApi<{ document_id: string; target_lang: string }>('GET', `/jobs/${jobId}`);
    assert.deepEqual([job.document_id, job.target_lang], [documentId, 'de']);
  });

  it('a share link created on a Jobs view artifact downloads the result with no key, and fails after Revoke', async () => {
    assert.ok(jobId, 'the job of Translate Again');
    const done = await until(
      'the job completed with its result in the Jobs view',
      async () => {
        await vscode.commands.executeCommand('docTranslate.jobs.refresh');
        return jobs();
      },
      (s) => (s.rows.find((r) => r.jobId === jobId)?.children ?? []).some((c) => c.artifactId !== undefined),
    );
    const artifactRow = done.rows.find((r) => r.jobId === jobId)!.children!.find((c) => /^artifact\./.test(c.contextValue))!;
    const created = await answered<{ created: boolean; expiresAt: string | null }>({ expiresInDays: '30' }, 'docTranslate.library.createShareLink', {
      jobId,
      artifactId: artifactRow.artifactId,
    });
    assert.equal(created.created, true, JSON.stringify(created));
    assert.ok(created.expiresAt);
    const shares = await serviceApi<{ items: { token: string; artifact_id: string; download_url: string }[] }>('GET', '/shares');
    const share = shares.items.find((s) => s.artifact_id === artifactRow.artifactId);
    assert.ok(share, 'the service holds the share');
    const copied = await vscode.env.clipboard.readText().then(
      (t) => t,
      () => '',
    );
    if (copied !== '') assert.equal(copied, share.download_url, 'the link is on the clipboard');

    await clearRequests();
    const anonymous = await fetch(share.download_url);
    assert.equal(anonymous.status, 200);
    const withKey = await fetch(`${testEnv().baseUrl}/artifacts/${artifactRow.artifactId!}/download`, { headers: { 'x-api-key': testEnv().apiKey } });
    assert.equal(await anonymous.text(), await withKey.text(), 'the shared file is the artifact');
    const logged = (await requestsSeen('/api/v1/shares/')).filter((r) => r.path.endsWith('/download'));
    assert.deepEqual(
      logged.map((r) => [r.status, r.auth]),
      [[200, 'none']],
      'downloaded without a key',
    );

    const listed = await library(['shares']);
    const row = (listed.shares.children ?? []).find((r) => r.contextValue === 'library.share');
    assert.ok(row, 'the Shares node lists it');
    assert.match(row.description, /^read-only · expires in (29|30) days$/);
    assert.ok(!JSON.stringify(listed).includes(share.token), 'the token is never shown');

    testing.prompter.answerNext('Revoke');
    const revoked = await vscode.commands.executeCommand<{ revoked: boolean }>('docTranslate.library.revokeShare', { artifactId: artifactRow.artifactId });
    assert.equal(revoked.revoked, true);
    assert.match(testing.prompter.asked.at(-1)!, /^Revoke the share link to .+\?$/);
    assert.equal((await fetch(share.download_url)).status, 404, 'the link stops working');
    assert.ok(!((await library(['shares'])).shares.children ?? []).some((r) => r.contextValue === 'library.share'));
  });

  it('opens a text library file in a read-only tab and a binary one from the download cache (fetched once, without the key)', async () => {
    const [text] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'readme.txt', content: 'Library text {n}' })).items;
    const [binary] = (
      await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'scan.pdf', content: '%PDF-1.4 {n}', content_type: 'application/pdf' })
    ).items;
    await clearRequests();
    const opened = await vscode.commands.executeCommand<{ opened: boolean; kind: string; uri: vscode.Uri }>('docTranslate.library.open', { fileId: text!.id });
    assert.deepEqual([opened.opened, opened.kind, opened.uri.scheme], [true, 'text', 'doc-translate-library']);
    assert.equal(vscode.window.activeTextEditor?.document.getText(), 'Library text 1');
    const pdf = await vscode.commands.executeCommand<{ opened: boolean; kind: string; uri: vscode.Uri }>('docTranslate.library.open', { fileId: binary!.id });
    assert.deepEqual([pdf.opened, pdf.kind, pdf.uri.scheme], [true, 'binary', 'file']);
    assert.ok(!pdf.uri.fsPath.startsWith(testEnv().workspace), 'kept in the extension storage, not the workspace');
    await vscode.commands.executeCommand('docTranslate.library.open', { fileId: binary!.id });
    const tickets = (await requestsSeen('/api/v1/storage/files')).filter((r) => r.path.endsWith('/download-ticket'));
    assert.equal(tickets.length, 2, 'one download per file: the second open of the PDF comes from the cache');
    const storageLog = await control<{ requests: unknown[] }>('GET', '/storage/credential-log');
    assert.deepEqual(storageLog.requests, [], 'no key reached the storage origin');
    await closeAllEditors();
  });

  it('organises a document into a new project and a tag, and finds it with Search Library', async () => {
    const project = await answered<{ created: boolean; id: string }>({ name: 'Manuals' }, 'docTranslate.library.newProject');
    assert.equal(project.created, true);
    const added = await answered<{ added: boolean }>({ projectId: project.id }, 'docTranslate.library.addToProject', { documentId });
    assert.equal(added.added, true);
    const tag = await answered<{ created: boolean; id: string }>({ name: 'to review' }, 'docTranslate.library.newTag');
    assert.equal((await answered<{ added: boolean }>({ tagId: tag.id }, 'docTranslate.library.tag', { documentId })).added, true);
    const shown = await library(['projects', 'tags']);
    const manuals = (shown.projects.children ?? []).find((r) => r.label === 'Manuals');
    assert.deepEqual(
      manuals?.children?.map((c) => c.label),
      ['library-guide.md'],
    );
    assert.equal(manuals?.description, '1 document');
    assert.deepEqual(
      (shown.tags.children ?? []).find((r) => r.label === 'to review')?.children?.map((c) => c.label),
      ['library-guide.md'],
    );
    const found = await answered<{ hits: { type: string; id: string }[] }>({ search: { query: 'manuals' } }, 'docTranslate.library.search');
    assert.ok(
      found.hits.some((h) => h.type === 'document' && h.id === documentId),
      JSON.stringify(found),
    );
    const ledger = await control<{ entries: { endpoint: string }[] }>('GET', '/ledger');
    assert.ok(!ledger.entries.some((e) => /projects|tags|search/.test(e.endpoint)), 'organising and searching are free');
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext(undefined);
    const kept = await vscode.commands.executeCommand<{ deleted: boolean; reason?: string }>('docTranslate.library.delete', { documentId });
    assert.deepEqual(kept, { deleted: false, reason: 'cancelled' });
    assert.match(testing.prompter.asked[asked] ?? '', /^Delete the document "/);
    await serviceApi('GET', `/documents/${documentId}`);
  });

  it('storage links and permissions only on items whose capabilities allow sharing; the link downloads without a key', async () => {
    const [locked] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'locked.txt', capabilities: { can_share: false } })).items;
    const refused = await answered<{ created: boolean; reason?: string }>({ expiresInDays: '7' }, 'docTranslate.library.createStorageLink', {
      fileId: locked!.id,
    });
    assert.deepEqual(refused, { created: false, reason: 'notShareable' });
    assert.equal(
      (await answered<{ granted: boolean }>({ grantee: 'a@example.com', role: 'viewer' }, 'docTranslate.library.grantAccess', { fileId: locked!.id })).granted,
      false,
    );
    const [open] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'shared.txt', content: 'for everyone' })).items;
    const made = await answered<{ created: boolean }>({ expiresInDays: '7' }, 'docTranslate.library.createStorageLink', { fileId: open!.id });
    assert.equal(made.created, true);
    const links = await serviceApi<{ items: { url: string; expires_at: string }[] }>('GET', `/storage/files/${open!.id}/links`);
    assert.equal(links.items.length, 1);
    assert.equal(await (await fetch(links.items[0]!.url)).text(), 'for everyone');
    const granted = await answered<{ granted: boolean }>({ grantee: 'reviewer@example.com', role: 'viewer' }, 'docTranslate.library.grantAccess', {
      fileId: open!.id,
    });
    assert.equal(granted.granted, true);
    const grants = await serviceApi<{ items: { grantee: string; role: string }[] }>('GET', `/storage/files/${open!.id}/permissions`);
    assert.deepEqual(
      grants.items.map((g) => [g.grantee, g.role]),
      [['reviewer@example.com', 'viewer']],
    );
  });

  it('Storage fetches nothing until expanded, then loads page 2 only when "Load more" is used', async () => {
    await control('POST', '/storage/files', { count: 30, name: 'note-{n}.txt' });
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    await clearRequests();
    const storageCalls = async (): Promise<number> => (await requestsSeen('/api/v1/storage/files')).length;
    const collapsed = await library();
    assert.equal(collapsed.storage.children, undefined);
    assert.equal(await storageCalls(), 0, 'nothing fetched while collapsed');

    const first = (await library(['storage'])).storage.children ?? [];
    assert.equal(await storageCalls(), 1);
    assert.equal(first.filter((r) => r.contextValue.startsWith('library.file')).length, 25);
    assert.equal(first.at(-1)?.contextValue, 'library.loadMore');
    // Actions come from capabilities: results (origin "Translation results") can be neither changed nor deleted.
    for (const r of first.filter((x) => x.contextValue.startsWith('library.file'))) {
      assert.match(r.contextValue, /^library\.file(:open:download)?(:share)?(:update)?(:delete)?(:document)?(:artifact)?$/);
      if (r.description.startsWith('Translation results')) assert.doesNotMatch(r.contextValue, /:update|:delete/, r.label);
      if (r.description.startsWith('Translation inputs')) assert.match(r.contextValue, /:update:delete:document$/, r.label);
    }
    await library(['storage']);
    assert.equal(await storageCalls(), 1, 'page 1 is kept; page 2 not fetched by itself');

    const more = await vscode.commands.executeCommand<{ loaded: boolean; items: number }>('docTranslate.library.loadMore');
    assert.equal(more.loaded, true);
    assert.equal(await storageCalls(), 2);
    const second = (await library(['storage'])).storage.children ?? [];
    assert.ok(second.filter((r) => r.contextValue.startsWith('library.file')).length > 25);
    assert.equal(await storageCalls(), 2);
  });
});
