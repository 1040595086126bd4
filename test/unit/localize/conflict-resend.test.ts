/**
 * An unresolved conflict (a source paragraph changed over a human's edit of its translation) is
 * sent once: later updates do not send it again until that source paragraph changes again. Over
 * real HTTP against the emulator.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import { loadConfig, parseLock, planStatus, update } from '../../../src/localize/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';

describe('localize: an unresolved conflict is not sent again', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;
  const aiRequests = async (): Promise<number> => (await emu.requests('/api/v1/ai/')).length;
  const source = (second: string): string => `# Guide\n\nThe first paragraph stays as it is.\n\n${second}\n\nThe third paragraph stays too.\n`;

  before(async () => {
    emu = await TestEmulator.start();
    client = emu.client();
    dir = mkdtempSync(join(tmpdir(), 'dt-conflict-resend-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress', sourceLanguage: 'en', labels: false }));
    writeFileSync(join(dir, 'docs/guide.md'), source('The second paragraph explains the install command.'));
  });
  after(async () => {
    await emu?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is sent once, then reported from the cache without a request until its source changes again', async () => {
    const config = await loadConfig(dir);
    await update({ config, client });
    // A person edits the German second paragraph; then the English second paragraph changes.
    const target = join(dir, 'docs/de/guide.md');
    const german = readFileSync(target, 'utf8');
    const blocks = german.split('\n\n');
    blocks[2] = 'Der zweite Absatz, von Hand verbessert.';
    const mine = blocks.join('\n\n');
    writeFileSync(target, mine);
    writeFileSync(join(dir, 'docs/guide.md'), source('The second paragraph explains the deploy command.'));

    await emu.control('DELETE', '/requests');
    const first = await update({ config, client });
    assert.equal(first.conflicts.length, 1);
    const ours = first.conflicts[0]!.ours;
    assert.ok(ours !== undefined && /d.pl../.test(ours), String(ours));
    assert.equal(await aiRequests(), 1, 'the changed paragraph is sent once');
    assert.equal(readFileSync(target, 'utf8'), mine, 'the human text is kept');
    const lock = parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));
    assert.equal(lock.files.get('docs/de/guide.md')!.reported?.length, 1);

    await emu.control('DELETE', '/requests');
    const again = await update({ config, client });
    assert.equal(await aiRequests(), 0, 'not sent again');
    assert.equal(again.conflicts.length, 1);
    assert.equal(again.conflicts[0]!.ours, ours, 'the new translation comes from the cache');
    assert.equal((await planStatus({ config })).counts.conflict, 1, 'still a conflict for --check');
    const dry = await planStatus({ config });
    assert.equal(dry.targets[0]!.segments, 0, 'nothing to send for it');

    // A fresh clone has no cache: still nothing sent, the conflict is still reported.
    rmSync(join(dir, '.doc-translate/conflicts'), { recursive: true, force: true });
    const fresh = await update({ config, client });
    assert.equal(await aiRequests(), 0);
    assert.equal(fresh.conflicts.length, 1);
    assert.equal(fresh.conflicts[0]!.ours, undefined);

    // The source paragraph changes again: its new translation is sent once more.
    writeFileSync(join(dir, 'docs/guide.md'), source('The second paragraph explains the release command.'));
    const changed = await update({ config, client });
    assert.equal(await aiRequests(), 1);
    assert.match(changed.conflicts[0]!.ours ?? '', /r.l..s./);
    assert.equal(readFileSync(target, 'utf8'), mine);
  });
});
