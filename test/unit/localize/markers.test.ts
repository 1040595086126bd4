/**
 * Conflict markers in a translation (issue 19, item 8): a file holding `<<<<<<<` … `=======` …
 * `>>>>>>>` outside fenced code is in conflict (reason `markers`) in the status, the dry run and
 * `--check`, even when its hashes say "up to date"; markers inside fenced or inline code are text.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { dryRun, loadConfig, parseLock, planStatus, serializeLock, update, type BatchTranslator, type LocalizeConfig } from '../../../src/localize/index.ts';
import { fileHash } from '../../../src/localize/hash.ts';
import { hasConflictMarkers } from '../../../src/localize/conflictMarkers.ts';
import { planFile } from '../../../src/localize/plan.ts';
import { runLocalizeCli } from './support/cli.ts';

const upper: BatchTranslator = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    return Promise.resolve({
      segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang}: ${s.text.toUpperCase()}` })),
    } as BatchResponse);
  },
};

describe('localize: conflict markers', () => {
  it('finds git-style markers at line starts and the inline markers of a word-level merge', () => {
    assert.equal(hasConflictMarkers('# T\n\n<<<<<<< mine\nHallo\n=======\nServus\n>>>>>>> theirs\n'), true);
    assert.equal(hasConflictMarkers('<<<<<<<\nHallo\n=======\nServus\n>>>>>>>\n'), true);
    assert.equal(hasConflictMarkers('Hallo <<<<<<<schöne =======große >>>>>>>Welt morgen\n'), true, 'node-diff3 form');
    assert.equal(hasConflictMarkers('Hallo <<<<<<<schöne\n=======große >>>>>>>Welt\n'), true, 'inline across soft breaks');
    assert.equal(hasConflictMarkers('\r\n<<<<<<< a\r\nx\r\n=======\r\ny\r\n>>>>>>> b\r\n'), true, 'CRLF');
  });

  it('ignores markers in fenced code, in inline code, split across blocks, or incomplete', () => {
    assert.equal(hasConflictMarkers('# Git\n\n```\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n```\n'), false);
    assert.equal(hasConflictMarkers('~~~~text\n<<<<<<< HEAD\n=======\n>>>>>>> b\n~~~~\n'), false);
    assert.equal(hasConflictMarkers('Git writes `<<<<<<<`, then `=======`, then `>>>>>>>`.\n'), false);
    assert.equal(hasConflictMarkers('A <<<<<<< arrow.\n\nA ======= rule.\n\nA >>>>>>> arrow.\n'), false, 'three blocks: not one merge');
    assert.equal(hasConflictMarkers('<<<<<<< HEAD\nours\n'), false);
    assert.equal(hasConflictMarkers('Title\n=======\n'), false, 'a setext heading');
  });

  it('planFile: a file with markers is a whole-file conflict with reason markers, whatever its hashes', () => {
    const plan = planFile({
      source: 'docs/a.md',
      target: 'docs/de/a.md',
      lang: 'de',
      sourceText: 'Hello\n',
      targetText: '<<<<<<< a\nHallo\n=======\nServus\n>>>>>>> b\n',
      entry: undefined,
      frontMatterKeys: [],
    });
    assert.equal(plan.state, 'conflict');
    assert.deepEqual(
      plan.conflicts.map((c) => [c.reason, c.block]),
      [['markers', -1]],
    );
    assert.equal(plan.compose, undefined, 'nothing is written over it');
  });

  describe('in a set-up', () => {
    let dir: string;
    let config: LocalizeConfig;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dt-localize-markers-'));
      mkdirSync(join(dir, 'docs'));
      writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress' }));
      writeFileSync(join(dir, 'docs/a.md'), '# Title\n\nHello world today.\n');
      writeFileSync(join(dir, 'docs/b.md'), '# Other\n\nNothing here.\n');
      config = await loadConfig(dir);
      await update({ config, client: upper });
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('an up-to-date translation that gains markers (hashes unchanged in the lock) is a conflict in status, dry run and --check', async () => {
      assert.deepEqual((await planStatus({ config })).counts.conflict, 0);
      const file = join(dir, 'docs/de/a.md');
      const merged = readFileSync(file, 'utf8').replace('de: HELLO WORLD TODAY.', 'de: HALLO <<<<<<<schöne =======große >>>>>>>WELT');
      writeFileSync(file, merged);
      // Recorded as written (what a merge that wrote its markers did): the hashes say up to date.
      const lockPath = join(dir, 'doc-translate.lock');
      const lock = parseLock(readFileSync(lockPath, 'utf8'));
      lock.files.get('docs/de/a.md')!.output = fileHash(merged);
      writeFileSync(lockPath, serializeLock(lock));
      const status = await planStatus({ config });
      const a = status.targets.find((t) => t.target === 'docs/de/a.md')!;
      assert.deepEqual([a.state, a.conflicts.map((c) => c.reason)], ['conflict', ['markers']]);
      assert.equal(status.targets.find((t) => t.target === 'docs/de/b.md')!.state, 'up-to-date');
      assert.equal(status.counts.conflict, 1);
      assert.equal((await dryRun({ config })).counts.conflict, 1);
      const cli = await runLocalizeCli([dir, '--check']);
      assert.equal(cli.code, 1, cli.stdout + cli.stderr);
      assert.match(cli.stdout, /conflict\s+docs\/de\/a\.md/);
      // An update leaves it as it stands.
      await update({ config, client: upper });
      assert.equal(readFileSync(file, 'utf8'), merged);
      // Once a person removes the markers it is no longer a conflict.
      writeFileSync(file, merged.replace('<<<<<<<schöne =======große >>>>>>>', 'große '));
      assert.notEqual((await planStatus({ config })).targets.find((t) => t.target === 'docs/de/a.md')!.state, 'conflict');
    });
  });
});
