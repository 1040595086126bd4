// The Library view's Download…, Rename and Copy Share Link against the emulator: the downloaded
// file in the workspace with the library's bytes (written through the safe writer, which never
// replaces an edited file without asking), a renamed document under its new name in the tree and
// at the service, and a share link on the clipboard that downloads the result without a key.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
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

interface DownloadResult {
  written: boolean;
  how?: string;
  reason?: string;
  uri?: vscode.Uri;
}

const library = async (expand: string[]): Promise<Sections> =>
  (await vscode.commands.executeCommand<{ sections: Sections }>('_docTranslate.library.snapshot', { expand })).sections;

interface StorageItem {
  id: string;
  name: string;
  source?: { kind: string; id: string };
}

/** The library item that stands for an uploaded document (any page). */
async function storageItemOf(documentId: string): Promise<StorageItem> {
  for (let offset: number | null = 0; offset !== null;) {
    const page: { items: StorageItem[]; next_offset: number | null; has_more: boolean } = await serviceApi('GET', `/storage/files?limit=100&offset=${offset}`);
    const found = page.items.find((f) => f.source?.kind === 'document' && f.source.id === documentId);
    if (found !== undefined) return found;
    offset = page.has_more ? page.next_offset : null;
  }
  assert.fail(`no library item for ${documentId}`);
}

/** A PNG signature followed by every byte value: any text decoding on the way would change it. */
const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256)),
]);

describe('Library view commands: Download, Rename, Copy Share Link', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  /** Share links this suite made, revoked at the end so other suites see their own only. */
  const shareTokens: string[] = [];
  const ws = (): string => testEnv().workspace;
  const download = (fileId: string, target: string): Thenable<DownloadResult> =>
    answered<DownloadResult>({ target }, 'docTranslate.library.download', { fileId });
  const tempFiles = (dir: string): string[] => fs.readdirSync(dir).filter((n) => n.includes('doc-translate-tmp'));

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    testing = await testingHooks();
    await vscode.commands.executeCommand('docTranslate.library.focus');
  });
  afterEach(async () => {
    await closeAllEditors();
  });
  after(async () => {
    for (const token of shareTokens) await serviceApi('DELETE', `/shares/${token}`);
    fs.rmSync(path.join(ws(), 'library-downloads'), { recursive: true, force: true });
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    await control('POST', '/settings', { job_speed: 1 });
  });

  it('Download… writes the library file into the workspace with its exact bytes; the same file again is left alone', async () => {
    const documentId = await uploadDirect('library-chart.png', PNG_BYTES);
    const item = await storageItemOf(documentId);
    const target = path.join(ws(), 'library-downloads', 'chart.png');
    const asked = testing.prompter.asked.length;

    const first = await download(item.id, target);
    assert.deepEqual([first.written, first.how], [true, 'created'], JSON.stringify(first));
    assert.ok(fs.readFileSync(target).equals(PNG_BYTES), 'the downloaded file holds the library bytes');
    assert.deepEqual(tempFiles(path.dirname(target)), [], 'no temporary file stays');

    const again = await download(item.id, target);
    assert.deepEqual([again.written, again.how], [true, 'unchanged']);
    assert.equal(testing.prompter.asked.length, asked, 'nothing asked for a new file or the same bytes');
    const storageLog = await control<{ requests: unknown[] }>('GET', '/storage/credential-log');
    assert.deepEqual(storageLog.requests, [], 'no key reached the storage origin');
  });

  it('Download… never replaces an edited file without asking: Keep mine keeps it, Replace restores the library bytes', async () => {
    const documentId = await uploadDirect('library-edited.png', PNG_BYTES);
    const item = await storageItemOf(documentId);
    const target = path.join(ws(), 'library-downloads', 'edited.png');
    assert.equal((await download(item.id, target)).how, 'created');
    const edited = Buffer.concat([PNG_BYTES, Buffer.from('my own change')]);
    fs.writeFileSync(target, edited);

    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Keep mine');
    const kept = await download(item.id, target);
    assert.deepEqual([kept.written, kept.reason], [false, 'kept'], JSON.stringify(kept));
    assert.equal(testing.prompter.asked[asked], 'library-downloads/edited.png already exists and differs from library-edited.png. Replace it?');
    assert.ok(fs.readFileSync(target).equals(edited), 'the edited file is untouched');

    testing.prompter.answerNext('Replace');
    const replaced = await download(item.id, target);
    assert.deepEqual([replaced.written, replaced.how], [true, 'replaced']);
    assert.equal(testing.prompter.asked.length, asked + 2);
    assert.ok(fs.readFileSync(target).equals(PNG_BYTES));
    assert.deepEqual(tempFiles(path.dirname(target)), []);
  });

  it('Download… over a text file open with unsaved changes asks first, and Keep mine leaves the editor as it was', async () => {
    const [item] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'library-notes.txt', content: 'Notes from the library\n' }))
      .items;
    const target = path.join(ws(), 'library-downloads', 'notes.txt');
    assert.equal((await download(item!.id, target)).how, 'created');
    assert.equal(fs.readFileSync(target, 'utf8'), 'Notes from the library\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(target)), { preview: false });
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'Unsaved line\n')));

    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Keep mine');
    const kept = await download(item!.id, target);
    assert.deepEqual([kept.written, kept.reason], [false, 'kept']);
    assert.match(testing.prompter.asked[asked] ?? '', /^library-downloads\/notes\.txt is open with unsaved changes\. Replace it with library-notes\.txt\?/);
    assert.equal(editor.document.getText(), 'Notes from the library\nUnsaved line\n');
    assert.equal(editor.document.isDirty, true);
    assert.equal(fs.readFileSync(target, 'utf8'), 'Notes from the library\n');
  });

  it('Download… writes nothing outside the workspace', async () => {
    const [item] = (await control<{ items: { id: string }[] }>('POST', '/storage/files', { name: 'library-outside.txt', content: 'stays in the library' }))
      .items;
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dt-library-')), 'outside.txt');
    const refused = await download(item!.id, outside);
    assert.deepEqual([refused.written, refused.reason], [false, 'outsideWorkspace']);
    assert.equal(fs.existsSync(outside), false);
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });

  it('Rename shows the new name in the tree and at the service; a name of another file type is refused and changes nothing', async () => {
    const documentId = await uploadDirect('library-draft.md', Buffer.from('# Draft\n\nTo be renamed.\n'));
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    assert.ok((await library(['documents'])).documents.children?.some((r) => r.label === 'library-draft.md'));

    const renamed = await answered<{ renamed: boolean }>({ name: 'library-final.md' }, 'docTranslate.library.rename', { documentId });
    assert.deepEqual(renamed, { renamed: true });
    const labels = ((await library(['documents'])).documents.children ?? []).map((r) => r.label);
    assert.ok(labels.includes('library-final.md'), `the tree shows the new name: ${JSON.stringify(labels)}`);
    assert.ok(!labels.includes('library-draft.md'), 'and not the old one');
    assert.equal((await serviceApi<{ basename: string }>('GET', `/documents/${documentId}`)).basename, 'library-final.md');
    assert.equal((await storageItemOf(documentId)).name, 'library-final.md', 'the library item follows');

    await clearRequests();
    const refused = await answered<{ renamed: boolean; error?: string }>({ name: 'library-final.txt' }, 'docTranslate.library.rename', { documentId });
    assert.equal(refused.renamed, false, JSON.stringify(refused));
    assert.equal(refused.error, 'invalid_request');
    assert.deepEqual(
      (await requestsSeen(`/api/v1/documents/${documentId}`)).map((r) => [r.method, r.status]),
      [['PATCH', 422]],
    );
    assert.equal((await serviceApi<{ basename: string }>('GET', `/documents/${documentId}`)).basename, 'library-final.md');
    assert.ok(((await library(['documents'])).documents.children ?? []).some((r) => r.label === 'library-final.md'));
  });

  it('Copy Share Link puts the link on the clipboard, and it downloads the result without a key', async () => {
    const documentId = await uploadDirect('library-shared.md', Buffer.from('# Shared\n\nA result to review.\n'));
    const job = await serviceApi<{ id: string }>('POST', '/jobs', { document_id: documentId, target_lang: 'fr' });
    await until(
      'the job completed',
      () => serviceApi<{ status: string }>('GET', `/jobs/${job.id}`),
      (j) => j.status === 'completed' || j.status === 'failed',
    );
    const [artifact] = (await serviceApi<{ items: { id: string; filename: string }[] }>('GET', `/artifacts?job_id=${job.id}`)).items;
    assert.ok(artifact, 'the job has a result');
    const share = await serviceApi<{ token: string; download_url: string }>('POST', '/shares', { artifact_id: artifact.id, expires_in_days: 7 });
    shareTokens.push(share.token);
    await vscode.commands.executeCommand('docTranslate.library.refresh');
    const row = ((await library(['shares'])).shares.children ?? []).find((r) => r.label === artifact.filename);
    assert.ok(row, 'the Shares node lists the link');
    assert.equal(row.contextValue, 'library.share');

    await vscode.env.clipboard.writeText('');
    const copied = await vscode.commands.executeCommand<{ copied: boolean }>('docTranslate.library.copyShareLink', { artifactId: artifact.id });
    assert.deepEqual(copied, { copied: true });
    const link = await vscode.env.clipboard.readText();
    assert.equal(link, share.download_url, 'the link is on the clipboard');

    await clearRequests();
    const anonymous = await fetch(link);
    assert.equal(anonymous.status, 200);
    const withKey = await fetch(`${testEnv().baseUrl}/artifacts/${artifact.id}/download`, { headers: { 'x-api-key': testEnv().apiKey } });
    assert.ok(Buffer.from(await anonymous.arrayBuffer()).equals(Buffer.from(await withKey.arrayBuffer())), 'the link downloads the result');
    const logged = (await requestsSeen('/api/v1/shares/')).filter((r) => r.path.endsWith('/download'));
    assert.deepEqual(
      logged.map((r) => [r.status, r.auth]),
      [[200, 'none']],
      'downloaded without a key',
    );
  });
});
