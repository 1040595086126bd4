// Issue 19, item 8 (a new user on a documentation site with existing translations): conflict
// markers are a conflict, never "up to date"; Show Conflict resolves a paragraph in VS Code's merge
// editor and records the saved result; the title bar's Update All takes no row; the view groups
// files by folder with "Show Problems Only"; a translation deleted outside the editor is noticed;
// Save Next to Source follows a set-up's layout; Translate Selection keeps a localized source.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { LocalizationRow, LocalizationSnapshot } from '../../../src/features/localization/snapshot.ts';
import type { UpdateResult } from '../../../src/features/localization/commands/update.ts';
import { fileHash } from '../../../src/localize/hash.ts';
import { parseLock, serializeLock } from '../../../src/localize/index.ts';
import { closeAllEditors, configureExtension, control, looksTranslated, testEnv, testingHooks, answered, until } from './helpers.ts';

const ws = (): string => testEnv().workspace;
const abs = (rel: string): string => path.join(ws(), rel);
const read = (rel: string): string => fs.readFileSync(abs(rel), 'utf8');
const src = (i: number): string => `l10c/${i === 3 ? 'guide/' : ''}page-${i}.md`;
const tgt = (i: number, lang: string): string => `l10c/${lang}/${i === 3 ? 'guide/' : ''}page-${i}.md`;
const page = (i: number): string =>
  `# Page ${i}\n\nThe first paragraph of page ${i} explains the tool.\n\nThe second paragraph of page ${i} shows an example.\n`;
const snapshot = (refresh = false): Thenable<LocalizationSnapshot> =>
  vscode.commands.executeCommand<LocalizationSnapshot>('_docTranslate.localization.snapshot', { refresh });
const fileRows = (s: LocalizationSnapshot): LocalizationRow[] =>
  s.rows.flatMap((r) => (r.children ?? []).map((c) => ({ ...c, label: `${r.label}/${c.label}` })));
const fileRow = (s: LocalizationSnapshot, source: string): LocalizationRow | undefined => fileRows(s).find((r) => r.label === source);
const child = (s: LocalizationSnapshot, source: string, lang: string): LocalizationRow => {
  const found = fileRow(s, source)?.children?.find((c) => c.label.endsWith(`(${lang})`));
  assert.ok(found, `${source} has a ${lang} child in ${JSON.stringify(fileRows(s).map((r) => r.label))}`);
  return found;
};

function waitFor(check: (s: LocalizationSnapshot) => boolean, what: string): Promise<LocalizationSnapshot> {
  return until(what, snapshot, check, 10_000);
}

async function editAndSave(rel: string, from: string, to: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(rel)));
  const at = doc.getText().indexOf(from);
  assert.ok(at >= 0, `${rel} contains ${from}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
  return doc;
}

describe('Localization conflicts and the view (issue 19)', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;

  before(async () => {
    await configureExtension();
    testing = await testingHooks();
    for (const i of [1, 2, 3]) {
      fs.mkdirSync(path.dirname(abs(src(i))), { recursive: true });
      fs.writeFileSync(abs(src(i)), page(i));
    }
    // Reader labels off: these tests count paragraphs from the top of the file (localization-review.test.ts covers labels).
    fs.writeFileSync(
      abs('doc-translate.json'),
      JSON.stringify({ source: 'l10c', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], layout: 'vitepress', labels: false }),
    );
    await snapshot(true);
    const first = await answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.updateAll');
    assert.equal(first.reports?.[0]?.written.length, 6, JSON.stringify(first));
  });

  after(async () => {
    await vscode.commands.executeCommand('docTranslate.localization.showAll');
    await closeAllEditors();
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'l10c', '.doc-translate', 'site']) fs.rmSync(abs(p), { recursive: true, force: true });
    await snapshot(true);
  });

  it("groups files by folder; a file row says each language's state; Show Problems Only keeps what needs work", async () => {
    let s = await snapshot(true);
    assert.deepEqual(
      s.rows.map((r) => [r.label, r.contextValue]),
      [
        ['l10c', 'localization.folder'],
        ['l10c/guide', 'localization.folder'],
      ],
    );
    assert.deepEqual(
      fileRows(s).map((r) => [r.label, r.description]),
      [
        ['l10c/page-1.md', 'de ✓ fr ✓'],
        ['l10c/page-2.md', 'de ✓ fr ✓'],
        ['l10c/guide/page-3.md', 'de ✓ fr ✓'],
      ],
    );
    await editAndSave(src(2), 'shows an example', 'shows two examples');
    s = await waitFor((x) => fileRow(x, src(2))?.description === 'de stale fr stale', 'page 2 stale');
    assert.equal(s.rows[0]!.description, '2 stale');
    await vscode.commands.executeCommand('docTranslate.localization.showProblemsOnly');
    s = await snapshot();
    assert.deepEqual(
      fileRows(s).map((r) => r.label),
      [src(2)],
      'only the file that needs work',
    );
    await vscode.commands.executeCommand('docTranslate.localization.showAll');
    assert.equal(fileRows(await snapshot()).length, 3);
  });

  it("the title bar's Update All acts on every set-up even with a row passed (the selection)", async () => {
    await editAndSave(src(1), 'shows an example', 'shows one example');
    await waitFor((x) => fileRow(x, src(1))?.description === 'de stale fr stale', 'page 1 stale');
    const row = {
      kind: 'target',
      folder: ws(),
      target: { source: src(1), target: tgt(1, 'de'), lang: 'de', state: 'stale', segments: 1, chars: 10, conflicts: [] },
    };
    const result = await answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.updateAll', row);
    assert.deepEqual(result.reports![0]!.written.sort(), [tgt(1, 'de'), tgt(1, 'fr'), tgt(2, 'de'), tgt(2, 'fr')].sort());
  });

  it('a translation deleted outside the editor shows as missing without a refresh', async () => {
    await waitFor((x) => fileRow(x, src(3))?.description === 'de ✓ fr ✓', 'page 3 up to date');
    fs.rmSync(abs('l10c/fr'), { recursive: true, force: true });
    const s = await waitFor((x) => fileRow(x, src(3))?.description === 'de ✓ fr missing', 'the deleted folder noticed');
    assert.equal(child(s, src(1), 'fr').description, 'missing');
    await answered({ confirm: 'Update' }, 'docTranslate.localization.updateAll');
  });

  it('conflict markers are a conflict everywhere: the view, the status item, Check Translations; Show Conflict opens the file at them', async () => {
    const file = tgt(1, 'de');
    const text = read(file);
    const para = text.split('\n\n')[1]!;
    const merged = text.replace(para, `<<<<<<< yours\n${para} (reviewed)\n=======\n${para}\n>>>>>>> new`);
    fs.writeFileSync(abs(file), merged);
    // Recorded as written, as a merge that wrote its markers did: the hashes alone say "up to date".
    const lock = parseLock(read('doc-translate.lock'));
    lock.files.get(file)!.output = fileHash(merged);
    fs.writeFileSync(abs('doc-translate.lock'), serializeLock(lock));
    const s = await snapshot(true);
    assert.deepEqual([child(s, src(1), 'de').description, child(s, src(1), 'de').contextValue], ['conflict markers', 'localization.target.conflict']);
    assert.match(s.status.text, /1 conflict/);
    const checked = await vscode.commands.executeCommand<{ counts: Record<string, number> }>('docTranslate.localization.check');
    assert.equal(checked.counts['conflict'], 1);
    const shown = await vscode.commands.executeCommand<{ shown: boolean; in?: string }>('docTranslate.localization.showConflict', { target: file });
    assert.deepEqual(shown, { shown: true, in: 'file' });
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, abs(file));
    assert.ok(editor.document.lineAt(editor.selection.active.line).text.startsWith('<<<<<<<'), 'at the first marker');
    assert.equal(read(file), merged, 'nothing written');
    // The person resolves it by hand: the markers go, and so does the conflict.
    await editAndSave(file, merged.slice(merged.indexOf('<<<<<<<'), merged.indexOf('>>>>>>> new') + '>>>>>>> new'.length), `${para} (reviewed)`);
    await waitFor((x) => child(x, src(1), 'de').description === 'edited', 'edited, no longer a conflict');
    await closeAllEditors();
  });

  it('Show Conflict opens the merge editor (yours, the new translation, the file as result); saving the result records it, no markers', async () => {
    const file = tgt(2, 'de');
    const text = read(file);
    const para = text.split('\n\n')[1]!;
    fs.writeFileSync(abs(file), text.replace(para, `${para} (corrected by a reviewer)`));
    await editAndSave(src(2), 'explains the tool', 'explains the whole tool');
    await waitFor((x) => child(x, src(2), 'de').description.startsWith('conflict'), 'a conflict');
    testing.prompter.answerNext('Update', undefined);
    const shown = await vscode.commands.executeCommand<{ shown: boolean; resolved?: string; in?: string }>('docTranslate.localization.showConflict', {
      target: file,
    });
    assert.deepEqual(shown, { shown: true, in: 'mergeEditor' });
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => (t.input as { result?: vscode.Uri } | undefined)?.result?.fsPath === abs(file));
    assert.ok(tab, `a merge editor on ${file}: ${JSON.stringify(vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label))}`);
    const input = tab.input as { base: vscode.Uri; input1: vscode.Uri; input2: vscode.Uri };
    const yours = await vscode.workspace.openTextDocument(input.input1);
    const fresh = await vscode.workspace.openTextDocument(input.input2);
    assert.ok(yours.getText().includes('(corrected by a reviewer)'));
    assert.ok(!fresh.getText().includes('(corrected by a reviewer)'), 'input 2: the new translation of the paragraph');
    assert.ok(looksTranslated(fresh.getText()));
    // The user takes the new paragraph and keeps the reviewer's note, then saves.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(file)));
    const now = doc.getText();
    const mine = now.split('\n\n')[1]!;
    const theirs = fresh.getText().split('\n\n')[1]!;
    const edit = new vscode.WorkspaceEdit();
    const at = now.indexOf(mine);
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + mine.length)), `${theirs} (corrected by a reviewer)`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const s = await waitFor((x) => child(x, src(2), 'de').description === 'up to date', 'the merge recorded: up to date');
    assert.ok(!read(file).includes('<<<<<<<'));
    assert.ok(read(file).includes(`${theirs} (corrected by a reviewer)`));
    assert.doesNotMatch(s.status.text, /conflict/);
    await closeAllEditors();
  });

  describe('a Docusaurus site in a subfolder', () => {
    const intro = 'site/docs/intro.md';
    before(() => {
      fs.mkdirSync(abs('site/docs'), { recursive: true });
      fs.writeFileSync(abs('site/doc-translate.json'), JSON.stringify({ targetLanguages: ['fr'], layout: 'docusaurus' }));
      fs.writeFileSync(abs(intro), '# Intro\n\nThis site explains the tool in a few words.\n');
    });

    it('Translate Selection in a localized source inserts below instead of replacing (the setting says replace)', async () => {
      const config = vscode.workspace.getConfiguration('docTranslate');
      await config.update('selectionMode', 'replace', vscode.ConfigurationTarget.Global);
      try {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(intro)));
        const editor = await vscode.window.showTextDocument(doc);
        const line = doc.lineAt(2);
        editor.selection = new vscode.Selection(line.range.start, line.range.end);
        const result = await vscode.commands.executeCommand<{ applied: boolean; mode?: string; keptSource?: boolean }>('docTranslate.translateSelection');
        assert.deepEqual([result.applied, result.mode, result.keptSource], [true, 'insertBelow', true]);
        assert.ok(doc.getText().includes('This site explains the tool in a few words.'), 'the source text stays');
        assert.ok(looksTranslated(doc.getText()), 'the translation is below it');
        await vscode.commands.executeCommand('workbench.action.files.revert');
        // Outside a localized source the setting applies as before.
        fs.writeFileSync(abs('site/notes.md'), 'Notes about the tool, in a few words.\n');
        const other = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(abs('site/notes.md'))));
        other.selection = new vscode.Selection(other.document.lineAt(0).range.start, other.document.lineAt(0).range.end);
        const replaced = await vscode.commands.executeCommand<{ applied: boolean; mode?: string; keptSource?: boolean }>('docTranslate.translateSelection');
        assert.deepEqual([replaced.applied, replaced.mode, replaced.keptSource], [true, 'replace', undefined]);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      } finally {
        await config.update('selectionMode', undefined, vscode.ConfigurationTarget.Global);
        await closeAllEditors();
      }
    });

    it("Save Next to Source writes where the layout puts the translation (i18n/fr/…), not the pattern's docs/fr/", async () => {
      await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
      try {
        const uri = vscode.Uri.file(abs(intro));
        const started = await answered<{ started: boolean; jobs?: { jobId: string }[] }>({ confirm: 'Start' }, 'docTranslate.translateFiles', uri, [uri], {
          targetLanguages: ['fr'],
          outputMode: 'single',
        });
        assert.equal(started.started, true, JSON.stringify(started));
        const ids = started.jobs!.map((j) => j.jobId);
        await until(
          'the job completed',
          () => vscode.commands.executeCommand<{ rows: { jobId?: string; contextValue: string }[] }>('_docTranslate.jobs.snapshot'),
          (s) => ids.every((id) => s.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed'),
          60_000,
        );
        const saved = await vscode.commands.executeCommand<{ saved: number }>('docTranslate.jobs.saveAllNextToSource', { jobIds: ids });
        assert.equal(saved.saved, 1);
        const target = abs('site/i18n/fr/docusaurus-plugin-content-docs/current/intro.md');
        assert.ok(fs.existsSync(target), "the layout's path");
        assert.ok(looksTranslated(fs.readFileSync(target, 'utf8'), 'fr'));
        assert.ok(!fs.existsSync(abs('site/docs/fr/intro.md')), "not the pattern's");
        // Recorded in the set-up's lock: the localization counts it as its own, not a stranger's file.
        const lock = JSON.parse(fs.readFileSync(abs('site/doc-translate.lock'), 'utf8')) as { files: Record<string, { source: string; lang: string }> };
        assert.deepEqual(
          lock.files['i18n/fr/docusaurus-plugin-content-docs/current/intro.md'] && [
            lock.files['i18n/fr/docusaurus-plugin-content-docs/current/intro.md']!.source,
            lock.files['i18n/fr/docusaurus-plugin-content-docs/current/intro.md']!.lang,
          ],
          ['docs/intro.md', 'fr'],
        );
        await vscode.commands.executeCommand('docTranslate.jobs.clearFinished', { jobIds: ids });
      } finally {
        await control('POST', '/settings', { job_speed: 1 });
      }
    });
  });
});
