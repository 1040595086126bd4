import assert from 'node:assert/strict';
import { reassemble, segmentMarkdown, segmentPlainText, translateSegmented, type Segment, type Segmented } from '../../../src/translate/index.ts';

type Reply = { id: string; translated_text: string }[];
const upper = (segments: Segment[]): Reply => segments.map((s) => ({ id: s.id, translated_text: s.text.toUpperCase() }));
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A document of `n` paragraphs of 300 characters: 64 segments per batch make n/64 batches. */
function bigDoc(paragraphs: number): Segmented {
  return segmentPlainText(Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i} `.padEnd(300, 'x')).join('\n\n'));
}

function expectedUpper(doc: Segmented): string {
  return reassemble(doc, new Map(doc.parts.flatMap((p) => (p.kind === 'translate' ? [[p.id, p.text.toUpperCase()]] : []))));
}

describe('translateSegmented', () => {
  it('translates every prose segment and reassembles the document', async () => {
    const doc = segmentMarkdown('# Title\n\nSome `code` text.\n\n```\nkeep me\n```\n');
    const out = await translateSegmented(doc, { translateBatch: async (segs) => upper(segs) });
    assert.equal(out, '# TITLE\n\nSOME `code` TEXT.\n\n```\nkeep me\n```\n');
  });

  it('sends nothing for a document without prose', async () => {
    let calls = 0;
    const out = await translateSegmented(segmentMarkdown('```\ncode\n```\n'), {
      translateBatch: async (segs) => {
        calls++;
        return upper(segs);
      },
    });
    assert.equal(out, '```\ncode\n```\n');
    assert.equal(calls, 0);
  });

  it('never has more than `concurrency` requests in flight and starts the next one as soon as a slot frees', async () => {
    const doc = bigDoc(64 * 10);
    for (const concurrency of [1, 3, 4]) {
      let inFlight = 0;
      let peak = 0;
      let calls = 0;
      const out = await translateSegmented(doc, {
        concurrency,
        translateBatch: async (segs) => {
          calls++;
          peak = Math.max(peak, ++inFlight);
          for (let i = 0; i < (calls % 3) + 1; i++) await tick();
          inFlight--;
          return upper(segs);
        },
      });
      assert.equal(out, expectedUpper(doc));
      assert.equal(calls, 10);
      assert.equal(peak, Math.min(concurrency, 10));
    }
  });

  it('reports progress in characters, ending at the total', async () => {
    const doc = bigDoc(200);
    const total = doc.parts.reduce((n, p) => n + (p.kind === 'translate' ? p.text.length : 0), 0);
    const seen: [number, number][] = [];
    await translateSegmented(doc, { translateBatch: async (segs) => upper(segs), onProgress: (d, t) => seen.push([d, t]) });
    assert.deepEqual(seen[0], [0, total]);
    assert.deepEqual(seen.at(-1), [total, total]);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]![0] > seen[i - 1]![0]);
  });

  it('fails fast on the first error and aborts the requests in flight', async () => {
    const doc = bigDoc(64 * 8);
    const signals: AbortSignal[] = [];
    let calls = 0;
    const boom = new Error('boom');
    await assert.rejects(
      translateSegmented(doc, {
        concurrency: 3,
        translateBatch: (segs, signal) => {
          signals.push(signal);
          if (++calls === 2) return Promise.reject(boom);
          return new Promise<Reply>((resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason));
            setTimeout(() => resolve(upper(segs)), 10_000).unref();
          });
        },
      }),
      (e) => e === boom,
    );
    assert.equal(calls, 3, 'no request starts after the failure');
    assert.ok(signals.every((s) => s.aborted));
  });

  it("rejects at once on the caller's abort even when translateBatch ignores the signal", async () => {
    const doc = bigDoc(64 * 4);
    const controller = new AbortController();
    let calls = 0;
    const pending = translateSegmented(doc, {
      signal: controller.signal,
      translateBatch: () => {
        calls++;
        return new Promise<Reply>(() => undefined);
      },
    });
    await tick();
    const reason = new Error('user cancelled');
    controller.abort(reason);
    await assert.rejects(pending, (e) => e === reason);
    assert.equal(calls, 4);
  });

  it('rejects before any request when the signal is already aborted', async () => {
    let calls = 0;
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      translateSegmented(segmentPlainText('Hello there'), {
        signal: controller.signal,
        translateBatch: async (segs) => {
          calls++;
          return upper(segs);
        },
      }),
      { name: 'AbortError' },
    );
    assert.equal(calls, 0);
  });

  it('rejects a response with missing, unknown or repeated ids instead of returning a partial result', async () => {
    const doc = segmentPlainText('One here.\n\nTwo here.');
    const cases: ((s: Segment[]) => Reply)[] = [
      (s) => upper(s).slice(1),
      (s) => [...upper(s), { id: 'zz', translated_text: 'x' }],
      (s) => [...upper(s), upper(s)[0]!],
    ];
    for (const reply of cases) {
      await assert.rejects(translateSegmented(doc, { translateBatch: async (s) => reply(s) }), /segment/);
    }
  });

  it('rejects an invalid concurrency', async () => {
    await assert.rejects(translateSegmented(segmentPlainText('Hi you'), { concurrency: 0, translateBatch: async (s) => upper(s) }), RangeError);
  });
});
