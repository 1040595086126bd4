// Review state and labels in the editor: an update labels the pages it writes machine_translated;
// Mark Reviewed on a translation's row records who (git config user.name, or the name asked once)
// and when in doc-translate.lock and removes the label; the row's tooltip says how much of the
// translation is reviewed; a selection in a translation's editor marks only the paragraphs it
// covers; a selection in a source is refused and records nothing.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MarkReviewedResult } from '../../../src/features/localization/commands/review.ts';
import type { UpdateResult } from '../../../src/features/localization/commands/update.ts';
import type { LocalizationRow, LocalizationSnapshot } from '../../../src/features/localization/snapshot.ts';
import { parseLock, type LockEntry } from '../../../src/localize/index.ts';
import { answered, closeAllEditors, configureExtension, testEnv, testingHooks, until } from './helpers.ts';

const ws = (): string => testEnv().workspace;
const abs = (rel: string): string => path.join(ws(), rel);
const read = (rel: string): string => fs.readFileSync(abs(rel), 'utf8');
const src = (i: number): string => `l10r/page-${i}.md`;
const tgt = (i: number): string => `l10r/de/page-${i}.md`;
const PAGE_1 = '---\ntitle: The first page\n---\n\n# Page one\n\nThe first paragraph explains the tool.\n\nThe second paragraph shows an example.\n';
const PAGE_2 = '# Page two\n\nThis page has no front matter.\n';
const lockEntry = (target: string): LockEntry | undefined => parseLock(read('doc-translate.lock')).files.get(target);
const snapshot = (refresh = false): Thenable<LocalizationSnapshot> =>
  vscode.commands.executeCommand<LocalizationSnapshot>('_docTranslate.localization.snapshot', { refresh });
const targetRow = (s: LocalizationSnapshot, source: string): LocalizationRow | undefined =>
  s.rows
    .flatMap((r) => r.children ?? [])
    .find((r) => r.label === path.posix.basename(source))
    ?.children?.find((c) => c.label.endsWith('(de)'));

/** `git config user.name` as the extension reads it (no shell). */
function gitName(cwd: string): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile('git', ['config', 'user.name'], { cwd }, (err, out) => {
      const name = err === null ? String(out).replace(/\s+/g, ' ').trim() : '';
      resolve(name === '' ? undefined : name);
    }),
  );
}

describe('Localization review and labels', function () {
  this.timeout(120_000);
  /** Who the extension records, and the answer it needs when git has no user name on this machine. */
  let who: { name: string; answers: Record<string, unknown> };

  before(async () => {
    await configureExtension();
    await testingHooks();
    fs.mkdirSync(abs('l10r'), { recursive: true });
    fs.writeFileSync(abs(src(1)), PAGE_1);
    fs.writeFileSync(abs(src(2)), PAGE_2);
    fs.writeFileSync(abs('doc-translate.json'), JSON.stringify({ source: 'l10r', sourceLanguage: 'en', targetLanguages: ['de'], layout: 'vitepress' }));
    await snapshot(true);
    const first = await answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.updateAll');
    assert.deepEqual(first.reports?.[0]?.written.sort(), [tgt(1), tgt(2)], JSON.stringify(first));
    const git = await gitName(ws());
    who = git !== undefined ? { name: git, answers: {} } : { name: 'Test Reviewer', answers: { reviewer: 'Test Reviewer' } };
  });

  after(async () => {
    await closeAllEditors();
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'l10r', '.doc-translate']) fs.rmSync(abs(p), { recursive: true, force: true });
    await snapshot(true);
  });

  it('an update labels the pages it writes: a line in their front matter, a minimal block where there was none', () => {
    const one = read(tgt(1));
    assert.match(one, /^---\ntitle: .+\nmachine_translated: true\n---\n/);
    assert.match(read(tgt(2)), /^---\nmachine_translated: true\n---\n\n# /);
    assert.equal(lockEntry(tgt(1))?.reviewed, undefined);
  });

  it("Mark Reviewed on a translation's row records who and when, removes the label and keeps the page up to date", async () => {
    const row = {
      kind: 'target',
      folder: ws(),
      target: { source: src(2), target: tgt(2), lang: 'de', state: 'up-to-date', segments: 0, chars: 0, conflicts: [] },
    };
    const result = await answered<MarkReviewedResult>(who.answers, 'docTranslate.localization.markReviewed', row);
    assert.equal(result.by, who.name, JSON.stringify(result));
    assert.equal(result.files.length, 1);
    const f = result.files[0]!;
    assert.ok(f.segments > 0 && f.reviewed === f.segments && f.marked === f.segments, JSON.stringify(f));
    assert.ok(!read(tgt(2)).includes('machine_translated'), read(tgt(2)));
    assert.ok(read(tgt(2)).startsWith('# '), 'the label block is gone whole');
    const records = lockEntry(tgt(2))?.reviewed ?? [];
    assert.equal(records.length, 1);
    assert.ok(records[0]!.endsWith(` ${who.name}`), records[0]);
    assert.match(records[0]!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /);
    const s = await until(
      'the row says how much is reviewed',
      () => snapshot(true),
      // The tooltip is Markdown: its text's spaces come as &nbsp;.
      (x) =>
        targetRow(x, src(2))
          ?.tooltip?.replace(/&nbsp;/g, ' ')
          .includes(`${f.segments} of ${f.segments} translated segments reviewed`) === true,
    );
    assert.equal(targetRow(s, src(2))?.contextValue, 'localization.target.up-to-date', 'reviewing never makes a page look edited');
  });

  it("a selection in a translation's editor marks only the paragraphs it covers; the page keeps its label", async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(tgt(1))));
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    const lines = doc.getText().split('\n');
    const last = lines.length - 1 - [...lines].reverse().findIndex((l) => l.trim() !== '');
    editor.selection = new vscode.Selection(last, 0, last, lines[last]!.length);
    const result = await answered<MarkReviewedResult>(who.answers, 'docTranslate.localization.markReviewed', doc.uri);
    assert.equal(result.files.length, 1, JSON.stringify(result));
    const f = result.files[0]!;
    assert.equal(f.marked, 1, 'the one paragraph selected');
    assert.ok(f.reviewed === 1 && f.segments > 1, JSON.stringify(f));
    assert.match(read(tgt(1)), /\nmachine_translated: true\n/);
  });

  it("a selection in a source's editor is refused and records nothing", async () => {
    const before = read('doc-translate.lock');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(src(1))));
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    editor.selection = new vscode.Selection(4, 0, 4, doc.lineAt(4).text.length);
    const result = await answered<MarkReviewedResult>(who.answers, 'docTranslate.localization.markReviewed', doc.uri);
    assert.equal(result.reason, 'noTranslation');
    assert.equal(read('doc-translate.lock'), before);
  });
});
