import assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonStringBytes } from '../../../src/translate/batches.ts';
import { DEFAULT_BATCH_LIMITS, minimumRequests, planBatches, type Segment } from '../../../src/translate/index.ts';

const seg = (i: number, text: string): Segment => ({ id: `s${i}`, text });
const chars = (batch: Segment[]): number => batch.reduce((n, s) => n + s.text.length, 0);
const bodyBytes = (batch: Segment[]): number =>
  Buffer.byteLength(JSON.stringify({ segments: batch, target_lang: 'zh-Hant', source_lang: 'auto', engine: 'xr-397b' }));

describe('planBatches', () => {
  it('measures a string as JSON.stringify writes it in UTF-8: escapes, control characters, astral characters and lone surrogates', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        '"',
        '\\',
        '\b',
        '\t',
        '\n',
        '\f',
        '\r',
        '\u0000',
        '\u001f',
        '\u007f',
        '/',
        'a',
        'é',
        'ß',
        '€',
        '日',
        '\u2028',
        '😀',
        '\ud800',
        '\udfff',
        '\ufffd',
      ),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (s) => {
        assert.equal(jsonStringBytes(s), Buffer.byteLength(JSON.stringify(s), 'utf8'), JSON.stringify(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('returns no batches for no segments', () => {
    assert.deepEqual(planBatches([]), []);
    assert.equal(minimumRequests([]), 0);
  });

  it('uses the minimum number of requests when the segment count binds', () => {
    for (const n of [1, 63, 64, 65, 128, 129, 1000]) {
      const segments = Array.from({ length: n }, (_, i) => seg(i, 'x'.repeat(1 + ((i * 37) % 500))));
      const batches = planBatches(segments);
      assert.equal(batches.length, Math.ceil(n / 64));
      assert.equal(batches.length, minimumRequests(segments));
      assert.deepEqual(batches.flat(), segments, 'order kept, nothing lost or duplicated');
      for (const b of batches) assert.ok(b.length <= 64);
    }
  });

  it('respects the body byte limit, counting multi-byte characters and JSON escapes', () => {
    const limits = { maxBodyBytes: 20_000, reservedBodyBytes: 200 };
    const segments = Array.from({ length: 40 }, (_, i) => seg(i, (i % 2 ? '\u00e9\u4e2d"\n' : 'abcd').repeat(300)));
    const batches = planBatches(segments, limits);
    for (const b of batches) assert.ok(bodyBytes(b) <= 20_000, `body ${bodyBytes(b)}`);
    assert.deepEqual(batches.flat(), segments);
    assert.ok(batches.length >= minimumRequests(segments, limits));
  });

  it('reaches the byte lower bound when equal segments make bytes bind', () => {
    const limits = { maxBodyBytes: 10_000, reservedBodyBytes: 0 };
    const segments = Array.from({ length: 30 }, (_, i) => seg(i, 'y'.repeat(980 - `${i}`.length)));
    assert.equal(planBatches(segments, limits).length, minimumRequests(segments, limits));
  });

  it('balances characters across the minimal number of batches', () => {
    // 65 segments: greedy would send 64 + 1; balanced sends two halves of similar size.
    const segments = Array.from({ length: 65 }, (_, i) => seg(i, 'z'.repeat(100)));
    const batches = planBatches(segments);
    assert.equal(batches.length, 2);
    assert.deepEqual(batches.map(chars), [3300, 3200]);
    // Uneven sizes: the largest batch is as small as a contiguous split into 3 allows.
    const uneven = [4000, 10, 10, 10, 3000, 3000, 10, 10].map((n, i) => seg(i, 'u'.repeat(n)));
    const three = planBatches(uneven, { maxSegments: 3 });
    assert.equal(three.length, 3);
    assert.equal(Math.max(...three.map(chars)), 4010);
  });

  it('its largest batch is the smallest any contiguous split into the minimal count allows', () => {
    // Brute force: the best possible largest batch over every split into `count` runs of <= maxSegments.
    const best = (sizes: number[], count: number, max: number): number => {
      if (count === 0) return sizes.length === 0 ? 0 : Infinity;
      let result = Infinity;
      for (let k = 1; k <= Math.min(max, sizes.length); k++) {
        const head = sizes.slice(0, k).reduce((a, b) => a + b, 0);
        result = Math.min(result, Math.max(head, best(sizes.slice(k), count - 1, max)));
      }
      return result;
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (sizes, max) => {
        const segments = sizes.map((n, i) => seg(i, 'q'.repeat(n)));
        const batches = planBatches(segments, { maxSegments: max });
        assert.equal(batches.length, Math.ceil(sizes.length / max));
        assert.equal(Math.max(...batches.map(chars)), best(sizes, batches.length, max));
      }),
      { numRuns: 200 },
    );
  });

  it('throws on a segment over 4000 characters, duplicate ids, or a segment too big for any body', () => {
    assert.throws(() => planBatches([seg(0, 'x'.repeat(4001))]), RangeError);
    assert.throws(() => planBatches([seg(0, 'a'), seg(0, 'b')]), /duplicate/);
    assert.throws(() => planBatches([seg(0, 'x'.repeat(100))], { maxBodyBytes: 50, reservedBodyBytes: 0 }), /body/);
  });

  it('defaults match spec part 8', () => {
    assert.equal(DEFAULT_BATCH_LIMITS.maxSegments, 64);
    assert.equal(DEFAULT_BATCH_LIMITS.maxSegmentChars, 4000);
    assert.equal(DEFAULT_BATCH_LIMITS.maxBodyBytes, 2_000_000);
  });
});
