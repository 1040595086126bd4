/**
 * Nothing failed is ever recorded as done: a segment whose answer kept its source text, and a block
 * whose translation failed its structure check with nothing to fall back on, stay pending in the
 * lock (the page is not up to date), are counted by status and sent again by the next update.
 * An engine (a plain function, no HTTP) decides per segment what it answers.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { loadConfig, parseLock, planStatus, update, type BatchTranslator } from '../../../src/localize/index.ts';

type Answer = (text: string) => string;

function engine(answer: Answer): BatchTranslator & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    translateBatch: (req: BatchRequest): Promise<BatchResponse> => {
      sent.push(...req.segments.map((s) => s.text));
      return Promise.resolve({ segments: req.segments.map((s) => ({ id: s.id, translated_text: answer(s.text) })) } as BatchResponse);
    },
  };
}

const good: Answer = (t) => `DE· ${t.replace(/[aeiou]/g, (c) => c.toUpperCase())}`;

const PAGE = [
  '# Getting started',
  '',
  'This paragraph is translated as it should be.',
  '',
  'The engine gives this paragraph back exactly as it was sent.',
  '',
  'Run `npm test` before you push, the engine drops this backtick.',
  '',
  'Riverpod',
  '',
].join('\n');

describe('localize: failed segments stay pending', function () {
  this.timeout(60_000);
  let dir: string;
  const lock = () => parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dt-pending-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress', sourceLanguage: 'en' }));
    writeFileSync(join(dir, 'docs/a.md'), PAGE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an answer equal to its source and a broken answer are pending, not up to date; the next run sends only them and clears them', async () => {
    const config = await loadConfig(dir);
    const bad = engine((t) => (t.includes('exactly as it was') || t === 'Riverpod' ? t : t.includes('`npm test`') ? good(t).replace('`npm', 'npm') : good(t)));
    const first = await update({ config, client: bad });
    assert.deepEqual(first.written, ['docs/de/a.md']);
    // The backtick paragraph's whole answer fails its check; its fragments pass and are used.
    const written = readFileSync(join(dir, 'docs/de/a.md'), 'utf8');
    assert.ok(written.includes('The engine gives this paragraph back exactly as it was sent.'), 'the untranslated text is written (better than nothing)');

    const s = await planStatus({ config });
    assert.equal(s.targets.length, 1);
    assert.notEqual(s.targets[0]!.state, 'up-to-date', 'a page with a paragraph left in English is not up to date');
    assert.equal(s.targets[0]!.pending, 1, 'one segment pending: the one answered unchanged (a name alone is not)');
    assert.equal(s.targets[0]!.segments, 1, 'an update would send it again');
    const entry = lock().files.get('docs/de/a.md')!;
    assert.equal(entry.sourceHash, null);
    assert.equal(entry.pending?.length, 1);

    const fixed = engine(good);
    const second = await update({ config, client: fixed });
    assert.deepEqual(fixed.sent, ['The engine gives this paragraph back exactly as it was sent.'], 'only the pending segment is sent again');
    assert.equal(second.pending, 0);
    const after = await planStatus({ config });
    assert.equal(after.targets[0]!.state, 'up-to-date');
    assert.equal(after.targets[0]!.pending, 0);
    assert.equal(lock().files.get('docs/de/a.md')!.pending, undefined);
  });

  it('a block whose answer fails its structure check and whose fragments fail too stays pending', async () => {
    const config = await loadConfig(dir);
    // Every answer drops its first backtick or adds an emphasis mark: no answer passes, fragments neither.
    const broken = engine((t) => (t.includes('`') ? good(t).replace('`', '') : `${good(t)} *`));
    const first = await update({ config, client: broken });
    assert.ok(first.untranslated > 0);
    const s = await planStatus({ config });
    assert.notEqual(s.targets[0]!.state, 'up-to-date');
    assert.equal(s.targets[0]!.pending, 5, 'every segment kept its source text: all five are pending');
    const second = await update({ config, client: engine(good) });
    assert.equal(second.pending, 0);
    assert.equal((await planStatus({ config })).targets[0]!.state, 'up-to-date');
  });
});
