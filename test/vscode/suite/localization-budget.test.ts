// The budget of Update Translations (setting docTranslate.localize.maxCredits) in a real VS Code
// against the emulator: the question names the budget; the update stops before the estimate of the
// next file would pass it, charges no more, and records exactly the files it wrote; the result
// carries the estimate next to the charge; a bad value is refused before anything is sent; without
// a budget the next update finishes the rest.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { UpdateResult } from '../../../src/features/localization/commands/update.ts';
import { dryRun, loadConfig, planStatus } from '../../../src/localize/index.ts';
import { answered, clearRequests, closeAllEditors, configureExtension, control, requestsSeen, setGlobal, testEnv, testingHooks } from './helpers.ts';
import * as vscode from 'vscode';

const FILES = 6;
const ws = (): string => testEnv().workspace;
const abs = (rel: string): string => path.join(ws(), rel);
const page = (i: number): string =>
  `# Budget page ${i}\n\nThe first paragraph of budget page ${i} explains what a budget is for.\n\nThe second paragraph of budget page ${i} shows how it stops.\n`;
const update = (): Thenable<UpdateResult> => vscode.commands.executeCommand<UpdateResult>('docTranslate.localization.update');
const charged = async (): Promise<number> =>
  (await control<{ entries: { type: string; amount_millicredits: number }[] }>('GET', '/ledger')).entries
    .filter((e) => e.type === 'charge')
    .reduce((n, e) => n + e.amount_millicredits, 0);

describe('Localization: the budget of an update', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;

  before(async () => {
    await configureExtension();
    testing = await testingHooks();
    for (let i = 1; i <= FILES; i++) {
      fs.mkdirSync(abs('budget'), { recursive: true });
      fs.writeFileSync(abs(`budget/page-${i}.md`), page(i));
    }
    const setUp = await answered<{ written: boolean }>(
      { layout: 'vitepress', source: 'budget', sourceLanguage: 'en', targetLanguages: ['de'] },
      'docTranslate.localization.setUp',
    );
    assert.equal(setUp.written, true);
  });

  after(async () => {
    await setGlobal('localize.maxCredits', undefined);
    await closeAllEditors();
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'budget', '.doc-translate']) fs.rmSync(abs(p), { recursive: true, force: true });
    await vscode.commands.executeCommand('_docTranslate.localization.snapshot', { refresh: true });
  });

  it('a bad value is refused by name before anything is sent', async () => {
    await clearRequests();
    await setGlobal('localize.maxCredits', -1);
    const r = await update();
    assert.deepEqual([r.started, r.reason], [false, 'badBudget']);
    // Nothing sent: no request with a body (the other views may list their items meanwhile).
    assert.deepEqual(
      (await requestsSeen('/api/v1/')).filter((r) => r.method !== 'GET'),
      [],
    );
  });

  it('stops at the budget, charges no more, records what it wrote; without a budget the next update finishes', async () => {
    const config = await loadConfig(ws());
    const chars = (await dryRun({ config })).languages[0]!.chars;
    const cap = Math.floor(chars / 3) / 1000; // credits: about a third of the estimate
    await setGlobal('localize.maxCredits', cap);
    const before = await charged();
    testing.prompter.answerNext('Update');
    const r = await update();
    assert.equal(r.started, true, JSON.stringify(r));
    assert.match(testing.prompter.details[testing.prompter.details.length - 1] ?? '', /Budget: at most [\d.]+ credits \(docTranslate\.localize\.maxCredits\)/);
    const cost = r.cost!;
    assert.equal(cost.stopped, true);
    assert.equal(cost.cap, Math.round(cap * 1000));
    const spent = (await charged()) - before;
    assert.ok(spent > 0 && spent <= cost.cap!, `charged ${spent}, budget ${cost.cap}`);
    assert.equal(cost.charged, spent, 'the charge shown is what the service settled');
    assert.ok(cost.estimated >= spent);
    const written = r.reports![0]!.written;
    assert.equal(written.length + cost.leftFiles, FILES);
    const status = await planStatus({ config });
    for (const t of status.targets) assert.equal(t.state, written.includes(t.target) ? 'up-to-date' : 'missing', t.target);

    await setGlobal('localize.maxCredits', undefined);
    testing.prompter.answerNext('Update');
    const rest = await update();
    assert.equal(rest.reports![0]!.written.length, cost.leftFiles);
    assert.equal(rest.cost!.stopped, false);
    assert.ok((await planStatus({ config })).targets.every((t) => t.state === 'up-to-date'));
  });
});
