/**
 * Cancelling and failing updates (a fake translator, no HTTP): cancelled while translating, nothing
 * is written; cancelled while writing, every file is either as before or complete and the lock
 * records exactly the files written; an injected writer receives every write.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { localFs, loadConfig, mergeConflict, planStatus, update, type BatchTranslator } from '../../../src/localize/index.ts';
import { writeDocs } from './support/docs.ts';

function fakeTranslator(delayMs = 0): BatchTranslator & { requests: number } {
  const t = {
    requests: 0,
    async translateBatch(req: BatchRequest, opts?: { signal?: AbortSignal }): Promise<BatchResponse> {
      t.requests++;
      if (delayMs > 0) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, delayMs);
          opts?.signal?.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(opts.signal!.reason);
            },
            { once: true },
          );
        });
      }
      return { segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })) } as BatchResponse;
    },
  };
  return t;
}

describe('localize: cancelling and writers', () => {
  const dirs: string[] = [];
  const fresh = (files = 8): string => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-localize-cancel-'));
    dirs.push(dir);
    writeDocs(dir, { files });
    return dir;
  };
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('cancelled while translating: nothing written, no lock', async () => {
    const dir = fresh();
    const config = await loadConfig(dir);
    const controller = new AbortController();
    const writes: string[] = [];
    // Cancelled once the first batch is in flight (a barrier, not a timer): that batch only ends by the abort.
    const slow = fakeTranslator(3_600_000);
    const client: BatchTranslator = {
      translateBatch: (req, opts) => {
        const answer = slow.translateBatch(req, opts);
        controller.abort();
        return answer;
      },
    };
    const r = await update({
      config,
      client,
      signal: controller.signal,
      fs: {
        writeText: async (p, t, e) => {
          writes.push(p);
          await localFs(dir).writeText(p, t, e);
        },
      },
    });
    assert.equal(r.cancelled, true);
    assert.deepEqual(writes, []);
    assert.equal((await planStatus({ config })).counts.missing, 16);
  });

  it('cancelled while writing: whole files only, and the lock matches what was written', async () => {
    const dir = fresh();
    const config = await loadConfig(dir);
    const controller = new AbortController();
    const written: string[] = [];
    const r = await update({
      config,
      client: fakeTranslator(),
      signal: controller.signal,
      fs: {
        writeText: async (p, t, e) => {
          await localFs(dir).writeText(p, t, e);
          if (!p.endsWith('doc-translate.lock')) written.push(p);
          if (written.length === 5) controller.abort();
        },
      },
    });
    assert.equal(r.cancelled, true);
    assert.equal(r.written.length, 5);
    const lock = JSON.parse(readFileSync(join(dir, 'doc-translate.lock'), 'utf8')) as { files: Record<string, unknown> };
    assert.deepEqual(Object.keys(lock.files).sort(), [...r.written].sort());
    const status = await planStatus({ config });
    assert.equal(status.counts['up-to-date'], 5);
    assert.equal(status.counts.missing, 11);
    // Finishing later sends only what is still missing.
    const t = fakeTranslator();
    const rest = await update({ config, client: t });
    assert.equal(rest.written.length, 11);
    assert.equal((await planStatus({ config })).counts['up-to-date'], 16);
  });

  it('a failed request writes nothing and leaves the lock alone', async () => {
    const dir = fresh(4);
    const config = await loadConfig(dir);
    const failing: BatchTranslator = { translateBatch: () => Promise.reject(new Error('service down')) };
    await assert.rejects(update({ config, client: failing }), /service down/);
    assert.equal((await planStatus({ config })).counts.missing, 8);
  });

  it('segments shared by many files go once per language, in the fewest requests', async () => {
    const dir = fresh(40);
    const config = await loadConfig(dir);
    const t = fakeTranslator();
    const r = await update({ config, client: t });
    assert.equal(r.written.length, 80);
    // Unique segments per language over 40 pages, packed 64 per request.
    assert.equal(r.requests, 2 * Math.ceil(r.segments_sent / 2 / 64));
  });

  it('three-way merge of a conflict keeps both sides when they touch different words', () => {
    const m = mergeConflict({ base: 'one two three four', theirs: 'ONE two three four', ours: 'one two three FOUR' });
    assert.deepEqual(m, { text: 'ONE two three FOUR', clean: true });
    assert.equal(mergeConflict({ base: 'a b', theirs: 'x b', ours: 'y b' })?.clean, false);
    assert.equal(mergeConflict({ base: undefined, theirs: 'a', ours: 'b' }), undefined);
  });
});
