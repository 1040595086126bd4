// The Localization feature in a real VS Code against the emulator: Set Up Localization… writes
// doc-translate.json; the view, the status bar item and the Explorer badges follow the engine's
// states (missing, up to date, stale after a save, edited, conflict); Update Translations asks
// first with the dry run; Show Conflict resolves; cancelling mid-update leaves every file as before
// or fully updated and the lock consistent with what was written.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { LocalizationRow, LocalizationSnapshot } from '../../../src/features/localization/snapshot.ts';
import type { UpdateResult } from '../../../src/features/localization/commands/update.ts';
import { loadConfig, planStatus } from '../../../src/localize/index.ts';
import {
  clearFaults,
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  looksTranslated,
  requestsSeen,
  testEnv,
  testingHooks,
  answered,
  until,
  inFlight,
} from './helpers.ts';

const FILES = 8;
const ws = (): string => testEnv().workspace;
const src = (i: number): string => `l10n/page-${i}.md`;
const tgt = (i: number, lang: string): string => `l10n/${lang}/page-${i}.md`;
const abs = (rel: string): string => path.join(ws(), rel);
const read = (rel: string): string => fs.readFileSync(abs(rel), 'utf8');
const page = (i: number): string =>
  `# Page ${i}\n\nThe first paragraph of page ${i} explains the tool.\n\nThe second paragraph of page ${i} shows an example.\n\nThe third paragraph of page ${i} ends it.\n`;

const snapshot = (refresh = false): Thenable<LocalizationSnapshot> =>
  vscode.commands.executeCommand<LocalizationSnapshot>('_docTranslate.localization.snapshot', { refresh });
const update = (...args: unknown[]): Thenable<UpdateResult> => vscode.commands.executeCommand<UpdateResult>('docTranslate.localization.update', ...args);
/** The file row of a source: under its folder's row (the view groups files by folder). */
const row = (s: LocalizationSnapshot, source: string): LocalizationRow => {
  const dir = path.posix.dirname(source);
  const folder = s.rows.find((r) => r.label === dir);
  const found = folder?.children?.find((r) => r.label === path.posix.basename(source));
  assert.ok(found, `a row for ${source} in ${JSON.stringify(s.rows.map((r) => [r.label, r.children?.map((c) => c.label)]))}`);
  return found;
};
const files = (s: LocalizationSnapshot): LocalizationRow[] => s.rows.flatMap((r) => r.children ?? []);
const child = (s: LocalizationSnapshot, source: string, lang: string): LocalizationRow => {
  const found = row(s, source).children?.find((c) => c.label.endsWith(`(${lang})`));
  assert.ok(found, `${source} has a ${lang} child`);
  return found;
};

function waitForSnapshot(check: (s: LocalizationSnapshot) => boolean, what: string): Promise<LocalizationSnapshot> {
  return until(what, snapshot, check, 10_000);
}

/** Edits a file in an editor and saves it (the way a user changes docs). */
async function editAndSave(rel: string, from: string, to: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(rel)));
  const at = doc.getText().indexOf(from);
  assert.ok(at >= 0, `${rel} contains ${from}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
}

describe('Localization view', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;

  before(async () => {
    await configureExtension();
    testing = await testingHooks();
    for (let i = 1; i <= FILES; i++) {
      fs.mkdirSync(path.dirname(abs(src(i))), { recursive: true });
      fs.writeFileSync(abs(src(i)), page(i));
    }
  });

  after(async () => {
    await clearFaults();
    await closeAllEditors();
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'l10n', '.doc-translate']) fs.rmSync(abs(p), { recursive: true, force: true });
    await snapshot(true);
  });

  it('shows nothing and no status item before a set-up; Set Up Localization… writes doc-translate.json', async () => {
    const before = await snapshot(true);
    assert.deepEqual([before.rows, before.status.visible], [[], false]);
    // No framework config: the layout is asked (a site read from its framework's config is set up in
    // localization-setup.test.ts).
    const result = await answered<{ written: boolean; config: unknown; detected?: string }>(
      {
        layout: 'vitepress',
        source: 'l10n',
        sourceLanguage: 'en',
        targetLanguages: ['de', 'fr'],
      },
      'docTranslate.localization.setUp',
    );
    assert.equal(result.written, true);
    assert.equal(result.detected, undefined);
    assert.deepEqual(JSON.parse(read('doc-translate.json')), { source: 'l10n', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], layout: 'vitepress' });
    const s = await snapshot();
    assert.deepEqual(
      s.rows.map((r) => [r.label, r.description, r.contextValue]),
      [['l10n', `${FILES * 2} missing`, 'localization.folder.open']],
    );
    assert.equal(files(s).length, FILES);
    assert.equal(row(s, src(1)).description, 'de missing fr missing');
    assert.deepEqual(
      row(s, src(1)).children?.map((c) => [c.label, c.description, c.contextValue]),
      [
        ['German (de)', 'missing', 'localization.target.missing'],
        ['French (fr)', 'missing', 'localization.target.missing'],
      ],
    );
    assert.equal(s.status.visible, true);
    assert.match(s.status.text, new RegExp(`Localization: ${FILES * 2} missing$`));
  });

  it('Update Translations shows the dry run first (characters, an estimate labelled as one); declining sends nothing', async () => {
    await clearRequests();
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext(undefined);
    const declined = await update();
    assert.deepEqual([declined.started, declined.reason], [false, 'declined']);
    const question = testing.prompter.asked.slice(asked);
    assert.equal(question.length, 1);
    assert.match(question[0]!, new RegExp(`^Update ${FILES * 2} translations \\([\\d,]+ characters to send\\)\\?$`));
    // The question names the engine the set-up chose (it decides the price).
    assert.match(testing.prompter.details[testing.prompter.details.length - 1] ?? '', /Engine: xr-397b \(doc-translate\.json "engine"\)\./);
    assert.deepEqual(await requestsSeen('/api/v1/ai/'), [], 'nothing was sent');
    assert.ok(!fs.existsSync(abs(tgt(1, 'de'))));
  });

  it('an update writes every translation; the view and the status item say up to date, no badges', async () => {
    testing.prompter.answerNext('Update');
    const result = await update();
    assert.equal(result.started, true, JSON.stringify(result));
    assert.equal(result.reports![0]!.written.length, FILES * 2, 'every translation');
    assert.ok(fs.existsSync(abs('doc-translate.lock')), 'and the lock');
    for (let i = 1; i <= FILES; i++) assert.ok(looksTranslated(read(tgt(i, 'de'))), tgt(i, 'de'));
    const s = await snapshot();
    assert.ok(
      files(s).every((r) => r.description === 'de ✓ fr ✓'),
      JSON.stringify(files(s).map((r) => r.description)),
    );
    assert.equal(s.rows[0]!.description, 'up to date');
    assert.deepEqual(child(s, src(2), 'fr').icon, 'pass');
    assert.match(s.status.text, /Localization: up to date$/);
    assert.deepEqual(s.decorations, []);
    // Open Translation and Diff with Source on a row (here by its path, as a test passes it).
    const opened = await vscode.commands.executeCommand<vscode.Uri>('docTranslate.localization.openTranslation', { target: tgt(2, 'de') });
    assert.equal(opened.fsPath, abs(tgt(2, 'de')));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, abs(tgt(2, 'de')));
    assert.equal(await vscode.commands.executeCommand('docTranslate.localization.diffWithSource', { target: tgt(2, 'fr') }), true);
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(diff instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.deepEqual([diff.original.fsPath, diff.modified.fsPath], [abs(src(2)), abs(tgt(2, 'fr'))]);
    await closeAllEditors();
  });

  it('a saved source edit makes its translations stale (n segments) with Explorer badges; no request is made for the status', async () => {
    await clearRequests();
    await editAndSave(src(1), 'explains the tool', 'explains the new tool');
    await editAndSave(src(2), 'shows an example', 'shows two examples');
    const s = await waitForSnapshot(
      (x) => /2 stale|4 stale/.test(x.status.text) && x.status.text.includes('4 stale'),
      'four stale translations after two saves',
    );
    assert.match(s.status.text, /Localization: 4 stale$/);
    assert.deepEqual([child(s, src(1), 'de').description, child(s, src(1), 'de').contextValue], ['stale (1 segment)', 'localization.target.stale']);
    assert.equal(row(s, src(1)).description, 'de stale fr stale');
    assert.equal(row(s, src(3)).description, 'de ✓ fr ✓');
    assert.deepEqual(
      [row(s, src(1)).contextValue, row(s, src(3)).contextValue],
      ['localization.source.open', 'localization.source'],
      'Update inline only where needed',
    );
    const badges = s.decorations.map((d) => [path.relative(ws(), d.path).split(path.sep).join('/'), d.badge]).sort();
    assert.deepEqual(
      badges,
      [
        [tgt(1, 'de'), 'S'],
        [tgt(1, 'fr'), 'S'],
        [tgt(2, 'de'), 'S'],
        [tgt(2, 'fr'), 'S'],
      ].sort(),
    );
    assert.match(s.decorations[0]!.tooltip, /^Stale translation of l10n\/page-\d\.md \(1 segment to translate\)$/);
    assert.deepEqual(await requestsSeen('/api/v1/'), [], 'status is computed locally');
  });

  it('Check Translations counts without writing; an update of one file from the Explorer sends only its changed paragraph', async () => {
    const lock = read('doc-translate.lock');
    const checked = await vscode.commands.executeCommand<{ counts: Record<string, number> }>('docTranslate.localization.check');
    assert.deepEqual([checked.counts['stale'], checked.counts['up-to-date']], [4, FILES * 2 - 4]);
    assert.equal(read('doc-translate.lock'), lock, 'check writes nothing');
    testing.prompter.answerNext('Update');
    const result = await update(vscode.Uri.file(abs(src(1))));
    assert.deepEqual(result.reports![0]!.written.sort(), [tgt(1, 'de'), tgt(1, 'fr')]);
    const changed = 'The first paragraph of page 1 explains the new tool.'.length * 2;
    assert.ok(
      result.reports![0]!.chars_sent <= changed * 1.05,
      `only the changed paragraph went, once per language (${result.reports![0]!.chars_sent} characters for ${changed})`,
    );
    const s = await snapshot();
    assert.equal(row(s, src(1)).description, 'de ✓ fr ✓');
    assert.equal(row(s, src(2)).description, 'de stale fr stale');
    assert.match(s.status.text, /Localization: 2 stale$/);
  });

  it('a hand edit is "edited"; where its source changed too it is a conflict that Show Conflict resolves', async () => {
    const de3 = read(tgt(3, 'de'));
    // The first paragraph after the heading (the page starts with its machine_translated label).
    const para = de3.split('\n\n').find((p) => !p.startsWith('---') && !p.startsWith('#'))!;
    fs.writeFileSync(abs(tgt(3, 'de')), de3.replace(para, `${para} (corrected by a reviewer)`));
    let s = await snapshot(true);
    assert.deepEqual([child(s, src(3), 'de').description, child(s, src(3), 'de').icon], ['edited', 'edit']);
    await editAndSave(src(3), 'explains the tool', 'explains the whole tool');
    s = await waitForSnapshot((x) => child(x, src(3), 'de').description.startsWith('conflict'), 'a conflict');
    assert.equal(child(s, src(3), 'de').contextValue, 'localization.target.conflict');
    assert.ok(s.decorations.some((d) => d.path === abs(tgt(3, 'de')) && d.badge === '!'));
    // Show Conflict first translates the changed paragraph (an update of that file: asked first), then asks keep/replace/merge.
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Update', 'Use New Translation');
    const shown = await vscode.commands.executeCommand<{ shown: boolean; resolved?: string; in?: string }>('docTranslate.localization.showConflict', {
      target: tgt(3, 'de'),
    });
    assert.deepEqual(shown, { shown: true, resolved: 'replace', in: 'mergeEditor' });
    assert.match(testing.prompter.asked.at(-1)!, /^Resolve the conflict in l10n\/de\/page-3\.md\?$/);
    assert.equal(testing.prompter.asked.length - asked, 2);
    // The merge editor's versions are checked in localization-conflicts.test.ts (it closes once the choice is applied).
    assert.ok(
      !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => (t.input as { result?: vscode.Uri } | undefined)?.result?.fsPath === abs(tgt(3, 'de')))),
      'the merge editor closed',
    );
    assert.ok(!read(tgt(3, 'de')).includes('corrected by a reviewer'), 'replaced by the new translation');
    s = await snapshot(true);
    assert.equal(child(s, src(3), 'de').description, 'up to date');
  });

  it('a translation open in an editor is updated with one edit that Undo takes back', async () => {
    await editAndSave(src(4), 'shows an example', 'shows a better example');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(tgt(4, 'de'))));
    await vscode.window.showTextDocument(doc);
    const before = doc.getText();
    testing.prompter.answerNext('Update');
    const result = await update(vscode.Uri.file(abs(src(4))));
    assert.ok(result.reports![0]!.written.includes(tgt(4, 'de')), JSON.stringify(result));
    assert.notEqual(doc.getText(), before);
    assert.equal(doc.isDirty, false, 'saved');
    assert.equal(doc.getText(), read(tgt(4, 'de')));
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before, 'one Undo brings the previous translation back');
    await closeAllEditors();
    assert.equal(child(await snapshot(true), src(4), 'de').description, 'up to date');
  });

  it('cancelling mid-update leaves every file as before or fully updated, and the lock consistent', async () => {
    await closeAllEditors();
    for (let i = 1; i <= FILES; i++) fs.writeFileSync(abs(src(i)), read(src(i)).replace('ends it.', 'ends it for now.'));
    const before = new Map<string, string>();
    for (let i = 1; i <= FILES; i++) for (const l of ['de', 'fr']) before.set(tgt(i, l), read(tgt(i, l)));
    const lockBefore = read('doc-translate.lock');
    // Cancel while translating (the user's Cancel, through the command): nothing is written.
    await control('POST', '/faults', { kind: 'latency', path_prefix: '/api/v1/ai/', latency_ms: 1500, count: 2 });
    const running = answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.update');
    await inFlight('/api/v1/ai/');
    assert.equal(await vscode.commands.executeCommand('docTranslate.localization.cancelUpdate'), true);
    const first = await running;
    assert.equal(first.reports![0]!.cancelled, true);
    assert.deepEqual(first.reports![0]!.written, []);
    assert.equal(read('doc-translate.lock'), lockBefore);
    for (const [t, text] of before) assert.equal(read(t), text, `${t} unchanged`);
    await clearFaults();
    // Cancel while writing: after the 4th file.
    const second = await answered<UpdateResult>({ confirm: 'Update', cancelAt: { phase: 'write', done: 3 } }, 'docTranslate.localization.update');
    const r = second.reports![0]!;
    assert.equal(r.cancelled, true);
    const written = r.written;
    assert.ok(written.length >= 3 && written.length < FILES * 2, `some files written, not all (${written.length})`);
    assert.notEqual(read('doc-translate.lock'), lockBefore, 'the lock records what was written');
    for (const [t, text] of before) {
      if (written.includes(t)) assert.ok(read(t).includes('DE· ') || read(t).includes('FR· '), `${t} written whole`);
      else assert.equal(read(t), text, `${t} left as before`);
    }
    const leftovers = fs
      .readdirSync(abs('l10n'), { recursive: true })
      .map(String)
      .filter((n) => /\.tmp$|doc-translate-tmp/.test(n));
    assert.deepEqual(leftovers, [], 'no temporary files');
    // The lock matches the files: written ones are up to date, the others stale; nothing "edited" or in conflict.
    const status = await planStatus({ config: await loadConfig(ws()) });
    for (const t of status.targets) assert.equal(t.state, written.includes(t.target) ? 'up-to-date' : 'stale', t.target);
    // The next update finishes the rest.
    const third = await answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.update');
    assert.equal(third.reports![0]!.written.length, FILES * 2 - written.length);
    const s = await snapshot();
    assert.match(s.status.text, /Localization: up to date$/);
  });
});
