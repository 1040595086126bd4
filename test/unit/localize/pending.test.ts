/**
 * Nothing failed is ever recorded as done: a segment whose answer kept its source text, and a block
 * whose translation failed its structure check with nothing to fall back on, stay pending in the
 * lock (the page is not up to date), are counted by status and sent again by the next update.
 * A file job the service ends without a result is not written and runs again next time, while the
 * rest of the update is written. An engine (a plain function, no HTTP) decides per segment what it
 * answers; file jobs are answered by a stand-in client.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse, DownloadResult, Job } from '../../../src/api/index.ts';
import { loadConfig, parseLock, planStatus, update, type BatchTranslator, type FileJobClient } from '../../../src/localize/index.ts';

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

  it('a file job that fails is not written and runs again next time; the rest of the update is written', async () => {
    writeFileSync(join(dir, 'docs/good.html'), '<p>Good</p>\n');
    writeFileSync(join(dir, 'docs/bad.html'), '<p>Bad</p>\n');
    const config = await loadConfig(dir);
    const jobs = (failing: string | undefined): BatchTranslator & FileJobClient => {
      const source = new Map<string, string>();
      let n = 0;
      return {
        ...engine(good),
        uploadFile: (path: string) => Promise.resolve({ id: `doc:${path}` }),
        jobs: {
          create: (req) => {
            const id = `job${n++}`;
            source.set(id, req.document_id);
            return Promise.resolve({ id } as Job);
          },
          cancel: () => Promise.resolve(undefined),
        },
        watchJob: (id: string) =>
          Promise.resolve(
            (failing !== undefined && source.get(id)!.endsWith(failing)
              ? { id, status: 'failed', error_msg: 'unreadable' }
              : { id, status: 'completed' }) as Job,
          ),
        artifacts: { list: (id: string) => Promise.resolve([{ id: `a:${id}`, format: 'html' }]) },
        downloadArtifact: (_id: string, opts?: { targetPath?: string }) => {
          writeFileSync(opts!.targetPath!, '<p>DE· translated</p>\n', { flag: 'wx' });
          return Promise.resolve({} as DownloadResult);
        },
      };
    };
    const first = await update({ config, client: jobs('bad.html') });
    assert.deepEqual(first.failedJobs, [{ target: 'docs/de/bad.html', reason: 'translating docs/bad.html into de failed: unreadable' }]);
    assert.deepEqual([...first.written].sort(), ['docs/de/a.md', 'docs/de/good.html']);
    const s = await planStatus({ config });
    assert.deepEqual(
      s.targets.map((t) => [t.target, t.state]),
      [
        ['docs/de/a.md', 'up-to-date'],
        ['docs/de/bad.html', 'missing'],
        ['docs/de/good.html', 'up-to-date'],
      ],
    );
    assert.equal(lock().files.get('docs/de/bad.html'), undefined, 'no entry claims it done');
    const second = await update({ config, client: jobs(undefined) });
    assert.deepEqual(second.written, ['docs/de/bad.html']);
    assert.ok((await planStatus({ config })).targets.every((t) => t.state === 'up-to-date'));
  });
});
