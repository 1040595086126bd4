// Issue 23 in the Library view, against the emulator: Remove from Project and Untag take a document
// out of a project or off a tag and leave the upload (Delete's question says it deletes everywhere);
// Manage Links… and Manage Access… list and revoke (confirmed) a library item's links and grants;
// Preview and Copy Download Link on a result; Download… of a share link without a key; Show
// Details; the root sections in the order of the service's workspace entries, its apps, and today's
// sections when the service has no entries. State on the service is read before and after.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { LibraryRow } from '../../../src/features/library/snapshot.ts';
import {
  clearFaults,
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  requestsSeen,
  serviceApi,
  serviceGet,
  testEnv,
  testingHooks,
  until,
  uploadDirect,
  answered,
} from './helpers.ts';

type Snapshot = { sections: Record<string, LibraryRow>; order: string[] };

const snapshot = (expand: string[]): Thenable<Snapshot> => vscode.commands.executeCommand<Snapshot>('_docTranslate.library.snapshot', { expand });
const run = <T = Record<string, unknown>>(command: string, ...args: unknown[]): Thenable<T> =>
  vscode.commands.executeCommand<T>(`docTranslate.library.${command}`, ...args);
/** The command with the person's answers to its questions (by question key). */
const ask = <T = Record<string, unknown>>(command: string, answers: Record<string, unknown>, ...args: unknown[]): Promise<T> =>
  answered<T>(answers, `docTranslate.library.${command}`, ...args);
/** What Manage Links…/Manage Access… offers to choose from (the question dismissed). */
async function offered(
  command: 'manageLinks' | 'manageAccess',
  fileId: string,
): Promise<{ result: unknown; items: { label: string; description: string; id?: string }[] }> {
  const key = command === 'manageLinks' ? 'linkId' : 'grantId';
  const result = await ask(command, { [key]: undefined }, { fileId });
  const items = ((await testingHooks()).prompter.offered(key) ?? []).map((i) => ({
    label: i.label,
    description: i.description ?? '',
    id: (i as { record?: { id?: string } }).record?.id,
  }));
  return { result, items };
}

interface Project {
  id: string;
  name: string;
  document_ids: string[];
}
interface Tag {
  id: string;
  name: string;
  document_ids: string[];
}
interface Link {
  id: string;
  url: string;
  status: string;
}
interface Grant {
  id: string;
  grantee: string;
  role: string;
}

/** The text of the Doc Translate output channel (opened with Show Log), once it holds something. */
async function logText(): Promise<string> {
  await vscode.commands.executeCommand('docTranslate.showLog');
  return until(
    'the log has text',
    async () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.uri.path.includes('Doc Translate'))?.getText() ?? '',
    (text) => text !== '',
    5_000,
  );
}

describe('Library: take out, links and grants, quick look, details, workspace sections', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  let documentId = '';
  let artifactId = '';
  const cleanups: (() => Promise<unknown>)[] = [];

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    testing = await testingHooks();
    await vscode.commands.executeCommand('docTranslate.library.focus');
    documentId = await uploadDirect('manage-guide.md', '# Manage guide\n\nTake it out, not away.\n');
  });
  afterEach(async () => {
    await clearFaults();
    await closeAllEditors();
  });
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    fs.rmSync(path.join(testEnv().workspace, 'library-shares'), { recursive: true, force: true });
    await control('POST', '/settings', { job_speed: 1 });
    await vscode.commands.executeCommand('docTranslate.library.refresh');
  });

  it('Remove from Project takes the document out of that project only; the upload and its tag stay', async () => {
    const project = await serviceApi<Project>('POST', '/projects', { name: 'Manage handbook' });
    const tag = await serviceApi<Tag>('POST', '/tags', { name: 'manage-review' });
    cleanups.push(
      () => serviceApi('DELETE', `/projects/${project.id}`),
      () => serviceApi('DELETE', `/tags/${tag.id}`),
    );
    await serviceApi('POST', `/projects/${project.id}/documents`, { document_id: documentId });
    await serviceApi('POST', `/tags/documents/${documentId}`, { tag_id: tag.id });
    await vscode.commands.executeCommand('docTranslate.library.refresh');

    const before = await snapshot(['projects', 'tags']);
    const row = (before.sections.projects!.children ?? []).find((r) => r.label === 'Manage handbook')?.children?.find((c) => c.label === 'manage-guide.md');
    assert.equal(row?.contextValue, 'library.document:project', 'a document under a project is told apart from one under Documents');
    const tagged = (before.sections.tags!.children ?? []).find((r) => r.label === 'manage-review')?.children?.find((c) => c.label === 'manage-guide.md');
    assert.equal(tagged?.contextValue, 'library.document:tag');
    assert.deepEqual((await serviceGet<Project>(`/projects/${project.id}`)).document_ids, [documentId]);

    const asked = testing.prompter.asked.length;
    const removed = await run('removeFromProject', { documentId, projectId: project.id });
    assert.deepEqual(removed, { removed: true });
    assert.equal(testing.prompter.asked.length, asked, 'organisation only: no question');
    assert.deepEqual((await serviceGet<Project>(`/projects/${project.id}`)).document_ids, [], 'out of the project');
    assert.equal((await serviceGet<{ id: string }>(`/documents/${documentId}`)).id, documentId, 'the upload stays');
    const tags = await serviceGet<{ items: Tag[] }>('/tags?limit=100');
    assert.deepEqual(tags.items.find((t) => t.id === tag.id)?.document_ids, [documentId], 'the tag stays');
    const after = await snapshot(['projects']);
    const rows = (after.sections.projects!.children ?? []).find((r) => r.label === 'Manage handbook')?.children?.map((c) => c.label);
    assert.deepEqual(rows, ['No documents yet'], 'the tree follows');
  });

  it('Untag takes that tag off the document only; the upload stays', async () => {
    const tag = (await serviceGet<{ items: Tag[] }>('/tags?limit=100')).items.find((t) => t.name === 'manage-review')!;
    assert.deepEqual(tag.document_ids, [documentId]);
    const result = await run('untag', { documentId, tagId: tag.id });
    assert.deepEqual(result, { removed: true });
    assert.deepEqual((await serviceGet<{ items: Tag[] }>('/tags?limit=100')).items.find((t) => t.id === tag.id)?.document_ids, []);
    assert.equal((await serviceGet<{ id: string }>(`/documents/${documentId}`)).id, documentId);
    // Not on that tag any more: the service says so and nothing changes.
    const again = await run<{ removed: boolean; error?: string }>('untag', { documentId, tagId: tag.id });
    assert.equal(again.removed, false);
    // The wrong command for the row: Remove from Project on a tag row does nothing.
    assert.deepEqual(await run('removeFromProject', { documentId, tagId: tag.id }), { removed: false, reason: 'notInProject' });
  });

  it('Delete still asks, and says it deletes the upload from the service everywhere', async () => {
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext(undefined);
    assert.deepEqual(await run('delete', { documentId }), { deleted: false, reason: 'cancelled' });
    assert.equal(testing.prompter.asked[asked], 'Delete the document "manage-guide.md" from the service?');
    assert.match(testing.prompter.details[asked] ?? '', /deleted from the service everywhere: from Documents, every project and every tag/);
    await serviceGet(`/documents/${documentId}`);
  });

  it("Manage Links… lists the item's links and revokes the chosen one after confirmation", async () => {
    const [file] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'manage-links.txt', content: 'linked text' })).items;
    const first = await serviceApi<Link>('POST', `/storage/files/${file!.id}/links`, { expires_in_days: 7, max_downloads: 10 });
    const second = await serviceApi<Link>('POST', `/storage/files/${file!.id}/links`, { allow_download: false });
    const listed = await offered('manageLinks', file!.id);
    assert.deepEqual(listed.result, { revoked: false, reason: 'cancelled' });
    assert.deepEqual(new Set(listed.items.slice(0, -1).map((i) => i.id)), new Set([first.id, second.id]), JSON.stringify(listed));
    assert.ok(
      listed.items.some((i) => i.id === first.id && /anyone with the link · download · expires in [67] days · 0 of 10 downloads/.test(i.label)),
      JSON.stringify(listed),
    );
    assert.ok(
      listed.items.some((i) => i.id === second.id && /view only · never expires/.test(i.label)),
      JSON.stringify(listed),
    );
    assert.equal(listed.items.at(-1)?.label, '$(add) Create Link…');
    assert.ok(!JSON.stringify(listed).includes(first.url), 'addresses are never listed');

    testing.prompter.answerNext(undefined);
    assert.deepEqual(await ask('manageLinks', { linkId: first.id, linkAction: 'revoke' }, { fileId: file!.id }), { revoked: false, reason: 'cancelled' });
    assert.equal((await serviceGet<{ items: Link[] }>(`/storage/files/${file!.id}/links`)).items.length, 2, 'dismissed: nothing revoked');
    assert.equal((await fetch(first.url)).status, 200);

    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Revoke');
    assert.deepEqual(await ask('manageLinks', { linkId: first.id, linkAction: 'revoke' }, { fileId: file!.id }), { revoked: true, id: first.id });
    assert.equal(testing.prompter.asked[asked], 'Revoke this link to manage-links.txt?');
    assert.deepEqual(
      (await serviceGet<{ items: Link[] }>(`/storage/files/${file!.id}/links`)).items.map((l) => l.id),
      [second.id],
    );
    assert.equal((await fetch(first.url)).status, 404, 'the revoked link stops working');
  });

  it('Manage Access… lists the grants and revokes one after confirmation; only where sharing is allowed', async () => {
    const [file] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'manage-access.txt', content: 'shared text' })).items;
    const viewer = await serviceApi<Grant>('POST', `/storage/files/${file!.id}/permissions`, { grantee: 'viewer@example.com', role: 'viewer' });
    const editor = await serviceApi<Grant>('POST', `/storage/files/${file!.id}/permissions`, { grantee: 'editor@example.com', role: 'editor' });
    const listed = await offered('manageAccess', file!.id);
    assert.deepEqual(
      listed.items.map((i) => i.label).sort(),
      ['$(person) editor@example.com', '$(person) viewer@example.com', '$(person-add) Grant Access…'].sort(),
    );
    assert.match(listed.items.find((i) => i.id === editor.id)!.description, /^can also change it/);

    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Revoke');
    assert.deepEqual(await ask('manageAccess', { grantId: viewer.id }, { fileId: file!.id }), { revoked: true, id: viewer.id });
    assert.equal(testing.prompter.asked[asked], 'Revoke the access of viewer@example.com to manage-access.txt?');
    assert.deepEqual(
      (await serviceGet<{ items: Grant[] }>(`/storage/files/${file!.id}/permissions`)).items.map((g) => g.grantee),
      ['editor@example.com'],
    );

    const [locked] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'manage-locked.txt', capabilities: { can_share: false } }))
      .items;
    assert.deepEqual(await run('manageAccess', { fileId: locked!.id }), { revoked: false, reason: 'notShareable' });
    assert.deepEqual(await run('manageLinks', { fileId: locked!.id }), { revoked: false, reason: 'notShareable' });
  });

  it("Preview opens a result's preview address; Copy Download Link copies a short-lived address that works without a key", async () => {
    const job = await serviceApi<{ id: string }>('POST', '/jobs', { document_id: documentId, target_lang: 'de' });
    await until(
      'the job completed',
      () => serviceGet<{ status: string }>(`/jobs/${job.id}`),
      (j) => j.status === 'completed' || j.status === 'failed',
    );
    artifactId = (await serviceGet<{ items: { id: string }[] }>(`/artifacts?job_id=${job.id}`)).items[0]!.id;

    await clearRequests();
    const shown = await run<{ opened: boolean; reason?: string }>('preview', { jobId: job.id, artifactId });
    assert.deepEqual(shown, { opened: true });
    assert.equal((await requestsSeen('/api/v1/artifacts/')).filter((r) => r.path.endsWith('/preview-url')).length, 1);

    const copied = await run<{ copied: boolean; expiresIn?: number }>('copyDownloadLink', { jobId: job.id, artifactId });
    assert.equal(copied.copied, true, JSON.stringify(copied));
    assert.equal(copied.expiresIn, 300);
    const url = await vscode.env.clipboard.readText();
    const direct = await fetch(`${testEnv().baseUrl}/artifacts/${artifactId}/download`, { headers: { 'x-api-key': testEnv().apiKey } });
    if (url !== '') {
      const anonymous = await fetch(url);
      assert.equal(anonymous.status, 200);
      assert.equal(await anonymous.text(), await direct.text(), 'the link downloads the result, with no key');
      const log = await logText();
      assert.ok(!log.includes(url), 'the address is never logged');
    }

    // A library item that is not a result: its download ticket.
    const [file] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'manage-ticket.txt', content: 'ticket text' })).items;
    const ticket = await run<{ copied: boolean; expiresIn?: number }>('copyDownloadLink', { fileId: file!.id });
    assert.deepEqual(ticket, { copied: true, expiresIn: 60 });
    const ticketUrl = await vscode.env.clipboard.readText();
    if (ticketUrl !== '') assert.equal(await (await fetch(ticketUrl)).text(), 'ticket text');
    const [locked] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'manage-nodl.txt', capabilities: { can_download: false } }))
      .items;
    assert.deepEqual(await run('copyDownloadLink', { fileId: locked!.id }), { copied: false, reason: 'notDownloadable' });
    // Preview is for results only.
    assert.deepEqual(await run('preview', { fileId: file!.id }), { opened: false, reason: 'noArtifact' });
  });

  it('Download… on a share link saves what it points at, fetched without the key, through the safe writer', async () => {
    assert.ok(artifactId, 'the result of the previous test');
    const share = await serviceApi<{ token: string }>('POST', '/shares', { artifact_id: artifactId, expires_in_days: 7 });
    cleanups.push(() => serviceApi('DELETE', `/shares/${share.token}`));
    const target = path.join(testEnv().workspace, 'library-shares', 'shared.de.md');
    await clearRequests();
    const written = await ask<{ written: boolean; how?: string }>('downloadShare', { target }, { artifactId });
    assert.deepEqual([written.written, written.how], [true, 'created'], JSON.stringify(written));
    const direct = await fetch(`${testEnv().baseUrl}/artifacts/${artifactId}/download`, { headers: { 'x-api-key': testEnv().apiKey } });
    assert.equal(fs.readFileSync(target, 'utf8'), await direct.text());
    const downloads = (await requestsSeen('/api/v1/shares/')).filter((r) => r.path.endsWith('/download'));
    assert.deepEqual(
      downloads.map((r) => [r.status, r.auth]),
      [[200, 'none']],
      'downloaded as a reviewer would: no key',
    );
    assert.ok(!downloads.some((r) => r.path.includes(share.token)), 'the token is redacted in the request log');
  });

  it('Show Details opens what the service says about a project, a result and a share, without tokens or addresses', async () => {
    const project = await serviceApi<Project>('POST', '/projects', { name: 'Manage details', description: 'Shown read-only' });
    cleanups.push(() => serviceApi('DELETE', `/projects/${project.id}`));
    const shown = await run<{ shown: boolean; uri: vscode.Uri; text: string }>('showDetails', { projectId: project.id });
    assert.equal(shown.shown, true);
    assert.equal(shown.uri.scheme, 'doc-translate-library');
    assert.match(shown.text, /^# Manage details$/m);
    assert.match(shown.text, new RegExp(`^\\| \`id\` \\| ${project.id} \\|$`, 'm'));
    assert.match(shown.text, /^\| `description` \| Shown read-only \|$/m);
    assert.equal(vscode.window.activeTextEditor?.document.getText(), shown.text, 'opened in an editor tab');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');

    const result = await run<{ shown: boolean; text: string }>('showDetails', { artifactId });
    assert.equal(result.shown, true);
    assert.match(result.text, new RegExp(`\\| \`id\` \\| ${artifactId} \\|`));

    const share = (await serviceGet<{ items: { token: string; artifact_id: string; download_url: string }[] }>('/shares')).items.find(
      (x) => x.artifact_id === artifactId,
    );
    assert.ok(share, 'the share of the previous test');
    const details = await run<{ shown: boolean; text: string }>('showDetails', { shareOf: artifactId });
    assert.equal(details.shown, true);
    assert.match(details.text, /^## Share link$/m);
    assert.match(details.text, /^\| `token` \| \(hidden: a secret address\) \|$/m);
    assert.ok(!details.text.includes(share.token) && !details.text.includes(share.download_url), 'no token, no address');
  });

  it("the root sections come in the order of the service's workspace entries, with its counts, and its apps; today's sections without them", async () => {
    const entries = await serviceGet<{ items: { id: string; kind: string; count: number }[] }>('/workspace/entries');
    await clearRequests();
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    const shown = await snapshot(['apps']);
    assert.equal((await requestsSeen('/api/v1/workspace/entries')).length, 1, 'the entries are read once');
    assert.deepEqual(shown.order, ['documents', 'projects', 'tags', 'shares', 'storage', 'apps']);
    const documents = entries.items.find((e) => e.id === 'documents')!;
    assert.equal(shown.sections.documents!.description, String(documents.count));
    assert.equal(shown.sections.projects!.description, String(entries.items.filter((e) => e.kind === 'project').length));
    const apps = shown.sections.apps!.children ?? [];
    assert.deepEqual(
      apps.map((a) => [a.label, a.description, a.contextValue]),
      [
        ['Document translation', 'available', 'library.app'],
        ['PDF and image tools', 'available', 'library.app'],
        ['Audio and video', 'not available to this account', 'library.app:unavailable'],
      ],
    );

    await control('POST', '/faults', { kind: 'status', status: 404, code: 'not_found', path_prefix: '/api/v1/workspace/entries' });
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    const fallback = await snapshot([]);
    assert.deepEqual(fallback.order, ['documents', 'projects', 'tags', 'shares', 'storage', 'apps'], "today's sections");
    assert.equal(fallback.sections.documents!.description, '', 'no counts without entries');
  });
});
