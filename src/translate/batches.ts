import { MAX_SEGMENT_CHARS, type Segment } from './types.ts';

/** Spec part 8 limits of one translate-batch request. */
export interface BatchLimits {
  maxSegments: number;
  maxSegmentChars: number;
  maxBodyBytes: number;
  /** Bytes set aside for the body's other fields (`target_lang`, `source_lang`, `engine`, brackets). */
  reservedBodyBytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = {
  maxSegments: 64,
  maxSegmentChars: MAX_SEGMENT_CHARS,
  maxBodyBytes: 2_000_000,
  reservedBodyBytes: 1024,
};

interface Sized {
  segment: Segment;
  chars: number;
  bytes: number; // serialized `{"id":..,"text":..}` plus its separating comma
}

/**
 * The UTF-8 length of `JSON.stringify(s)`, quotes included, without building it (measured for every
 * segment sent): `"` and `\\` and the control characters with a short escape take 2 bytes, other
 * control characters and lone surrogates 6 (`\\u001f`, `\\ud800`), a surrogate pair 4.
 */
export function jsonStringBytes(s: string): number {
  let bytes = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += c === 0x22 || c === 0x5c ? 2 : c >= 0x20 ? 1 : c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

function measure(segments: readonly Segment[], limits: BatchLimits): Sized[] {
  const ids = new Set<string>();
  const budget = limits.maxBodyBytes - limits.reservedBodyBytes;
  return segments.map((segment) => {
    if (ids.has(segment.id)) throw new RangeError(`duplicate segment id ${JSON.stringify(segment.id)}`);
    ids.add(segment.id);
    if (segment.text.length > limits.maxSegmentChars) {
      throw new RangeError(`segment ${JSON.stringify(segment.id)} has ${segment.text.length} characters (limit ${limits.maxSegmentChars})`);
    }
    // `{"id":` + id + `,"text":` + text + `}` and the comma after it.
    const bytes = 15 + jsonStringBytes(segment.id) + jsonStringBytes(segment.text) + 1;
    if (bytes > budget) throw new RangeError(`segment ${JSON.stringify(segment.id)} alone exceeds the request body limit`);
    return { segment, chars: segment.text.length, bytes };
  });
}

/**
 * In-order greedy packing under every limit plus an optional character cap per batch. Without
 * the cap it yields the fewest batches any order-preserving split can: each batch reaches as far
 * as the limits allow, and every limit is monotone (a sub-run of a valid batch is valid).
 */
function greedy(items: Sized[], limits: BatchLimits, charCap: number): Sized[][] {
  const budget = limits.maxBodyBytes - limits.reservedBodyBytes;
  const batches: Sized[][] = [];
  let current: Sized[] = [];
  let bytes = 0;
  let chars = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= limits.maxSegments || bytes + item.bytes > budget || chars + item.chars > charCap)) {
      batches.push(current);
      current = [];
      bytes = chars = 0;
    }
    current.push(item);
    bytes += item.bytes;
    chars += item.chars;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function totalChars(batch: Sized[]): number {
  return batch.reduce((sum, item) => sum + item.chars, 0);
}

/**
 * Packs segments, in document order, into the fewest batch requests the limits allow, then
 * balances them: among all splits into that same number of batches it picks one whose largest
 * batch (in characters) is as small as possible, found by binary search on a character cap.
 * Balanced batches finish at similar times, so a concurrency pool keeps every slot busy until
 * the end instead of waiting on one oversized straggler. Throws RangeError on a segment that no
 * request could carry or on duplicate ids.
 */
export function planBatches(segments: readonly Segment[], limits: Partial<BatchLimits> = {}): Segment[][] {
  const full = { ...DEFAULT_BATCH_LIMITS, ...limits };
  const items = measure(segments, full);
  let best = greedy(items, full, Infinity);
  const count = best.length;
  if (count > 1) {
    const largest = items.reduce((max, item) => Math.max(max, item.chars), 0);
    let low = Math.max(largest, Math.ceil(totalChars(items) / count));
    let high = best.reduce((max, batch) => Math.max(max, totalChars(batch)), 0);
    while (low < high) {
      const cap = Math.floor((low + high) / 2);
      const attempt = greedy(items, full, cap);
      if (attempt.length <= count) {
        best = attempt;
        high = cap;
      } else {
        low = cap + 1;
      }
    }
  }
  return best.map((batch) => batch.map((item) => item.segment));
}

/**
 * Lower bound on the number of requests any packing needs: by segment count and by serialized
 * bytes. planBatches reaches it whenever the segment count is the binding limit.
 */
export function minimumRequests(segments: readonly Segment[], limits: Partial<BatchLimits> = {}): number {
  const full = { ...DEFAULT_BATCH_LIMITS, ...limits };
  if (segments.length === 0) return 0;
  const bytes = measure(segments, full).reduce((sum, item) => sum + item.bytes, 0);
  return Math.max(Math.ceil(segments.length / full.maxSegments), Math.ceil(bytes / (full.maxBodyBytes - full.reservedBodyBytes)));
}

/**
 * The segment count of each batch of the in-order packing with the fewest requests (the greedy
 * packing planBatches starts from). Sending its leading batches apart from the rest costs no extra
 * request: the rest packs from the same boundary (a streamed update sends the full ones as they fill).
 */
export function packedSizes(segments: readonly Segment[], limits: Partial<BatchLimits> = {}): number[] {
  const full = { ...DEFAULT_BATCH_LIMITS, ...limits };
  return greedy(measure(segments, full), full, Infinity).map((batch) => batch.length);
}
