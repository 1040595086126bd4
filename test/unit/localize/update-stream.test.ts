/**
 * The update streams its files (updateStream.ts): on a generated site larger than a window, files
 * are written while later ones are still being translated, the pages whose text is in flight stay
 * few, the requests are as few as one shared batch per language would take, the output keeps the
 * scan's order, a cancel keeps the files written (and the lock records exactly them), and a file
 * created after the scan, before its window is read, is left alone.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { localFs, loadConfig, planStatus, update, type BatchTranslator } from '../../../src/localize/index.ts';
import { packedSizes, planBatches } from '../../../src/translate/batches.ts';
import { pagePath, wordSource, writeDocs } from './support/docs.ts';

const PAGES = 160;

/** The page number a written translation belongs to (`.../page-012.md`). */
const pageOfPath = (p: string): number => Number(/page-(\d+)\.mdx?$/.exec(p)?.[1] ?? -1);

describe('localize: the update streams its files', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-localize-stream-'));
    dirs.push(dir);
    writeDocs(dir, { files: PAGES });
    return dir;
  };
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('packedSizes: the leading batches sent apart cost no extra request', () => {
    const words = wordSource(7);
    const segments = Array.from({ length: 700 }, (_, i) => ({ id: `s${i}`, text: words(1 + (i % 40)) }));
    const limits = { maxSegments: 64, maxBodyBytes: 12_000 };
    const sizes = packedSizes(segments, limits);
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      segments.length,
    );
    assert.equal(sizes.length, planBatches(segments, limits).length);
    // Cut after the first k batches: both parts together take as many requests as the whole.
    for (const k of [1, 3, sizes.length - 1]) {
      const cut = sizes.slice(0, k).reduce((a, b) => a + b, 0);
      assert.equal(planBatches(segments.slice(0, cut), limits).length + planBatches(segments.slice(cut), limits).length, sizes.length, `cut after ${k}`);
    }
  });

  it('writes early files before later ones are sent, keeps few pages in flight, sends the fewest requests, in the scan order', async () => {
    const dir = fresh();
    const config = await loadConfig(dir);
    // Per page: translation files written; pages whose segments were sent and are not all written yet.
    const written = new Map<number, number>();
    const sentPages = new Set<number>();
    let maxOpen = 0;
    let writtenAtLastRequest = 0;
    const segments = new Map<string, number>();
    const requests = new Map<string, number>();
    const client: BatchTranslator = {
      translateBatch(req: BatchRequest): Promise<BatchResponse> {
        requests.set(req.target_lang, (requests.get(req.target_lang) ?? 0) + 1);
        segments.set(req.target_lang, (segments.get(req.target_lang) ?? 0) + req.segments.length);
        for (const s of req.segments) for (const m of s.text.matchAll(/\b[Pp]age (\d+)\b/g)) sentPages.add(Number(m[1]));
        const open = [...sentPages].filter((p) => (written.get(p) ?? 0) < 2).length;
        maxOpen = Math.max(maxOpen, open);
        writtenAtLastRequest = [...written.values()].reduce((a, b) => a + b, 0);
        return Promise.resolve({
          segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })),
        } as BatchResponse);
      },
    };
    const r = await update({
      config,
      client,
      fs: {
        writeText: async (p, t, e, enc) => {
          await localFs(dir).writeText(p, t, e, enc);
          const page = pageOfPath(p);
          if (page >= 0) written.set(page, (written.get(page) ?? 0) + 1);
        },
      },
    });
    assert.equal(r.written.length, PAGES * 2);
    assert.equal(r.pending, 0);
    // Streamed: most files were written before the last request went out, and few pages were in flight at once.
    assert.ok(writtenAtLastRequest >= PAGES, `only ${writtenAtLastRequest} files written before the last request`);
    assert.ok(maxOpen <= PAGES / 3, `${maxOpen} pages in flight at once`);
    // Batches still packed across files: per language, the fewest requests of 64 segments.
    for (const lang of ['de', 'fr']) assert.equal(requests.get(lang), Math.ceil(segments.get(lang)! / 64), lang);
    // The scan's order: sources sorted, each source's languages in turn.
    const sources = Array.from({ length: PAGES }, (_, i) => pagePath(i)).sort();
    assert.deepEqual(
      r.written,
      sources.flatMap((s) => ['de', 'fr'].map((l) => s.replace(/^docs\//, `docs/${l}/`))),
    );
    assert.equal((await planStatus({ config })).counts['up-to-date'], PAGES * 2);
  });

  it('cancelled mid-stream: the files written stay, the lock records exactly them, the next run finishes', async () => {
    const dir = fresh();
    const config = await loadConfig(dir);
    const controller = new AbortController();
    let writes = 0;
    const client: BatchTranslator = {
      translateBatch(req: BatchRequest): Promise<BatchResponse> {
        if (writes >= 20) controller.abort();
        controller.signal.throwIfAborted();
        return Promise.resolve({
          segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })),
        } as BatchResponse);
      },
    };
    const r = await update({
      config,
      client,
      signal: controller.signal,
      fs: {
        writeText: async (p, t, e, enc) => {
          await localFs(dir).writeText(p, t, e, enc);
          if (pageOfPath(p) >= 0) writes++;
        },
      },
    });
    assert.equal(r.cancelled, true);
    assert.ok(r.written.length >= 20 && r.written.length < PAGES * 2, `${r.written.length} written`);
    const lock = JSON.parse(readFileSync(join(dir, 'doc-translate.lock'), 'utf8')) as { files: Record<string, unknown> };
    assert.deepEqual(Object.keys(lock.files).sort(), [...r.written].sort());
    const echo: BatchTranslator = {
      translateBatch: (req) =>
        Promise.resolve({ segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })) } as BatchResponse),
    };
    const rest = await update({ config, client: echo });
    assert.equal(rest.written.length, PAGES * 2 - r.written.length);
    assert.equal((await planStatus({ config })).counts['up-to-date'], PAGES * 2);
  });

  it('a translation created after the scan, before its window is read, is left as it is and reported', async () => {
    const dir = fresh();
    const config = await loadConfig(dir);
    const last = pagePath(PAGES - 1).replace(/^docs\//, 'docs/de/');
    let created = false;
    const client: BatchTranslator = {
      translateBatch(req: BatchRequest): Promise<BatchResponse> {
        if (!created) {
          created = true;
          mkdirSync(dirname(join(dir, last)), { recursive: true });
          writeFileSync(join(dir, last), 'Meine eigene Übersetzung.\n');
        }
        return Promise.resolve({
          segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })),
        } as BatchResponse);
      },
    };
    const r = await update({ config, client });
    assert.equal(readFileSync(join(dir, last), 'utf8'), 'Meine eigene Übersetzung.\n');
    assert.ok(!r.written.includes(last));
    assert.equal(r.written.length, PAGES * 2 - 1);
    assert.deepEqual(
      r.conflicts.filter((c) => c.target === last).map((c) => c.reason),
      ['changed'],
    );
  });
});
