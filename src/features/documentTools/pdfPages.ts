// The page count of a local PDF, read without a PDF library (the client and the editor never
// decode documents): the /Count of the page tree's root, from plain objects and from compressed
// object streams (inflated with zlib). Used to show the cost of a visual extraction and to refuse
// one over the page limit before anything is sent. The service counts again on its side.
//
// The file comes from anywhere, so the work is bounded: one forward scan over the bytes for the
// `obj` and `endobj` keywords (no pattern that backtracks over the rest of the file), each object
// stream inflated with a cap on its output, a budget across all of them and a cap on how many are
// looked at. Past a budget the count is unknown, with the reason. Pure (no vscode import).
import { inflateSync } from 'node:zlib';
import { t } from '../../platform/l10n.ts';

/** Above this size the file is not read for counting (the count is then unknown). */
export const MAX_COUNT_BYTES = 128 * 1024 * 1024;

export interface PageCountLimits {
  /** Most bytes one object stream may inflate to. */
  streamBytes: number;
  /** Most bytes all object streams together may inflate to. */
  totalBytes: number;
  /** Most object streams looked at. */
  streams: number;
}

export const PAGE_COUNT_LIMITS: Readonly<PageCountLimits> = { streamBytes: 8 * 1024 * 1024, totalBytes: 64 * 1024 * 1024, streams: 4096 };

export type PageCountProblem = 'notPdf' | 'noPageTree' | 'tooLarge' | 'streamTooLarge' | 'streamsTooLarge' | 'tooManyStreams' | 'unreadable';

export type PageCount =
  | { pages: number; work: PageCountWork }
  | {
      pages: undefined;
      problem: PageCountProblem;
      /** Why, in words for the user (localized), e.g. "an object stream inflates past 8 MB". */
      reason: string;
      work: PageCountWork;
    };

/** What the count cost, for tests and benches: bytes visited by the scan and bytes inflated. */
export interface PageCountWork {
  scanned: number;
  inflated: number;
  streams: number;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The reason shown for an unknown page count. */
export function pageCountReason(problem: PageCountProblem, limits: PageCountLimits = PAGE_COUNT_LIMITS): string {
  switch (problem) {
    case 'notPdf':
      return t('the file does not start like a PDF');
    case 'noPageTree':
      return t('no page tree was found in the file');
    case 'tooLarge':
      return t('the file is larger than {0}, the most that is read to count pages', megabytes(MAX_COUNT_BYTES));
    case 'streamTooLarge':
      return t('a compressed object stream expands past {0}, the limit per stream', megabytes(limits.streamBytes));
    case 'streamsTooLarge':
      return t('the compressed object streams expand past {0} in all, the limit per file', megabytes(limits.totalBytes));
    case 'tooManyStreams':
      return t('the file has more than {0} compressed object streams, the most that are read', limits.streams);
    case 'unreadable':
      return t('the file could not be read');
  }
}

/** Thrown inside the count when a budget is exceeded. */
class OverBudget extends Error {
  constructor(readonly problem: PageCountProblem) {
    super(problem);
  }
}

/** What an object says about pages: a page tree node with its /Count, a page, or neither. */
interface Definition {
  /** Position in the file (an object inside an object stream takes the stream's position + 1). */
  at: number;
  kind: 'pages' | 'page' | 'other';
  count?: number;
}

const PAGES = /\/Type\s*\/Pages(?![A-Za-z0-9])/;
const PAGE = /\/Type\s*\/Page(?![A-Za-z0-9])/;
const COUNT = /\/Count\s+(\d+)/;
const OBJSTM = /\/Type\s*\/ObjStm(?![A-Za-z0-9])/;

function classify(at: number, dict: string): Definition {
  if (PAGES.test(dict)) {
    const count = Number(COUNT.exec(dict)?.[1] ?? NaN);
    return Number.isSafeInteger(count) ? { at, kind: 'pages', count } : { at, kind: 'pages' };
  }
  return { at, kind: PAGE.test(dict) ? 'page' : 'other' };
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** PDF white space (NUL, tab, LF, FF, CR, space). */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
/** A byte that `\w` matches: a keyword ends or starts where the neighbour is not one of these. */
const isWord = (c: number | undefined): boolean =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f);

const OBJ = Buffer.from('obj', 'latin1');
const ENDOBJ = Buffer.from('endobj', 'latin1');
const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

/** Most bytes read backwards from `obj` for `<num> <gen>` (numbers and the white space between). */
const HEADER_LOOKBACK = 64;

/** The first position at or below `i` (and at or above `stop`) whose byte is not of the class, scanning down. */
function skipDown(raw: Buffer, i: number, stop: number, digits: boolean): number {
  while (i >= stop && (digits ? isDigit(raw[i]!) : isSpace(raw[i]!))) i--;
  return i;
}

/** The object number before `obj` at `at` (`12 0 obj`), or undefined when it is not a header. */
function headerNumber(raw: Buffer, at: number, work: PageCountWork): number | undefined {
  const stop = Math.max(0, at - HEADER_LOOKBACK);
  const genEnd = skipDown(raw, at - 1, stop, false);
  const genStart = genEnd < at - 1 ? skipDown(raw, genEnd, stop, true) : genEnd;
  const numEnd = genStart < genEnd ? skipDown(raw, genStart, stop, false) : genStart;
  const numStart = numEnd < genStart ? skipDown(raw, numEnd, stop, true) : numEnd;
  work.scanned += at - 1 - numStart;
  if (numStart === numEnd) return undefined;
  let num = 0;
  for (let k = numStart + 1; k <= numEnd; k++) num = num * 10 + raw[k]! - 0x30;
  return Number.isSafeInteger(num) ? num : undefined;
}

/** The next `endobj` keyword at or after `from` (word-bounded), or -1. */
function findEndobj(raw: Buffer, from: number, work: PageCountWork): number {
  let at = from;
  for (;;) {
    const hit = raw.indexOf(ENDOBJ, at);
    work.scanned += (hit < 0 ? raw.length : hit + 6) - at;
    if (hit < 0) return -1;
    if (!isWord(raw[hit - 1]) && !isWord(raw[hit + 6])) return hit;
    at = hit + 1;
  }
}

/** Where the `stream` keyword (word-bounded, then an end of line) starts in [from, to), or -1. */
function findStream(raw: Buffer, from: number, to: number, work: PageCountWork): number {
  let at = from;
  while (at < to) {
    const hit = raw.indexOf(STREAM, at);
    if (hit < 0 || hit >= to) {
      work.scanned += to - at;
      return -1;
    }
    work.scanned += hit + 6 - at;
    const next = raw[hit + 6];
    if (!isWord(raw[hit - 1]) && (next === 0x0a || next === 0x0d)) return hit;
    at = hit + 1;
  }
  return -1;
}

interface Budget {
  limits: PageCountLimits;
  work: PageCountWork;
}

/** Objects held in a compressed object stream (`/Type /ObjStm`, FlateDecode or unfiltered). */
function objectStreamMembers(raw: Buffer, dict: string, dataStart: number, bodyEnd: number, budget: Budget): [number, string][] {
  const { limits, work } = budget;
  if (++work.streams > limits.streams) throw new OverBudget('tooManyStreams');
  const n = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? NaN);
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? NaN);
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(first)) return [];
  // A direct length (`/Length 123`, not `/Length 12 0 R`), else up to `endstream`.
  const direct = /\/Length\s+(\d+)(?!\d)(\s+\d+\s+R)?/.exec(dict);
  let length = direct !== null && direct[2] === undefined ? Number(direct[1]) : -1;
  if (!Number.isSafeInteger(length) || length < 0 || dataStart + length > bodyEnd) {
    const end = raw.subarray(dataStart, bodyEnd).lastIndexOf(ENDSTREAM);
    length = end >= 0 ? end : Math.max(0, bodyEnd - dataStart);
  }
  let data = raw.subarray(dataStart, dataStart + length);
  const filter = /\/Filter\s*(\[\s*)?\/(\w+)/.exec(dict)?.[2];
  if (filter !== undefined) {
    if (filter !== 'FlateDecode' || /\/DecodeParms/.test(dict)) return [];
    const left = limits.totalBytes - work.inflated;
    const cap = Math.min(limits.streamBytes, left);
    try {
      // The cap stops zlib as soon as the output passes it: a small stream that expands to
      // gigabytes costs at most `cap` bytes of memory.
      data = inflateSync(data, { maxOutputLength: Math.max(1, cap) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new OverBudget(cap < limits.streamBytes ? 'streamsTooLarge' : 'streamTooLarge');
      return []; // damaged: this stream is skipped, the rest still counts
    }
    work.inflated += data.length;
  }
  const text = data.toString('latin1');
  const header = text.slice(0, first).trim().split(/\s+/).map(Number);
  const out: [number, string][] = [];
  for (let i = 0; i < n && 2 * i + 1 < header.length; i++) {
    const num = header[2 * i]!;
    const offset = header[2 * i + 1]!;
    const next = 2 * i + 3 < header.length ? header[2 * i + 3]! : text.length - first;
    out.push([num, text.slice(first + offset, first + next)]);
  }
  return out;
}

/**
 * Pages of the PDF in `raw`, or why they are unknown. The latest definition of each object wins
 * (incremental updates); the count is the largest /Count among page tree nodes (the root), else
 * the number of page objects. Time is linear in the file's size plus what is inflated, and the
 * inflated bytes are capped by `limits`.
 */
export function readPdfPageCount(raw: Buffer, limits: PageCountLimits = PAGE_COUNT_LIMITS): PageCount {
  const work: PageCountWork = { scanned: 0, inflated: 0, streams: 0 };
  const unknown = (problem: PageCountProblem): PageCount => ({ pages: undefined, problem, reason: pageCountReason(problem, limits), work });
  if (raw.length > MAX_COUNT_BYTES) return unknown('tooLarge');
  if (raw.toString('latin1', 0, 5) !== '%PDF-') return unknown('notPdf');
  const latest = new Map<number, Definition>();
  const define = (num: number, def: Definition): void => {
    const known = latest.get(num);
    if (known === undefined || known.at <= def.at) latest.set(num, def);
  };
  const budget: Budget = { limits, work };
  // `endobj` positions are searched forwards only: the next one is remembered, so objects that
  // never end (a crafted file repeats `1 0 obj` without `endobj`) cost no search each.
  let nextEnd = -2;
  let nextEndFrom = 0;
  const endAfter = (from: number): number => {
    if (nextEnd === -1 || (nextEnd >= from && nextEndFrom <= from)) return nextEnd;
    nextEndFrom = from;
    nextEnd = findEndobj(raw, from, work);
    return nextEnd;
  };
  try {
    let at = 0;
    for (;;) {
      const hit = raw.indexOf(OBJ, at);
      work.scanned += (hit < 0 ? raw.length : hit + 3) - at;
      if (hit < 0) break;
      at = hit + 1;
      if (isWord(raw[hit + 3])) continue;
      const num = headerNumber(raw, hit, work);
      if (num === undefined) continue;
      const bodyStart = hit + 3;
      const end = endAfter(bodyStart);
      if (end < 0) continue; // no `endobj` follows: not a whole object
      // The dictionary: up to `stream` when the object is a stream (its data is not read as text).
      const streamAt = findStream(raw, bodyStart, end, work);
      const dict = raw.toString('latin1', bodyStart, streamAt < 0 ? end : streamAt);
      const def = classify(hit, dict);
      define(num, def);
      if (streamAt >= 0 && OBJSTM.test(dict)) {
        const eol = raw[streamAt + 6] === 0x0d && raw[streamAt + 7] === 0x0a ? 2 : 1;
        for (const [member, text] of objectStreamMembers(raw, dict, streamAt + 6 + eol, end, budget)) define(member, classify(hit + 1, text));
      }
      at = end + 6;
    }
  } catch (err) {
    if (err instanceof OverBudget) return unknown(err.problem);
    throw err;
  }
  let root: number | undefined;
  let pages = 0;
  for (const def of latest.values()) {
    if (def.kind === 'pages') {
      if (def.count !== undefined) root = Math.max(root ?? 0, def.count);
    } else if (def.kind === 'page') pages++;
  }
  if (root !== undefined) return { pages: root, work };
  return pages > 0 ? { pages, work } : unknown('noPageTree');
}

/** Pages of the PDF in `raw`, or undefined when they cannot be read (see readPdfPageCount for why). */
export function countPdfPages(raw: Buffer): number | undefined {
  return readPdfPageCount(raw).pages;
}

/** An unknown count for a file that was not read (too large, or the read failed). */
export function unknownPageCount(problem: PageCountProblem, limits: PageCountLimits = PAGE_COUNT_LIMITS): PageCount {
  return { pages: undefined, problem, reason: pageCountReason(problem, limits), work: { scanned: 0, inflated: 0, streams: 0 } };
}

/**
 * Visual extraction against its page limit: within it (the cost question follows), over it
 * (refused before anything is sent), or unknown: then the user is asked with the reason, and only
 * an explicit "Send anyway" goes on. An unknown count never passes as within the limit.
 */
export type PageLimitCheck =
  { action: 'confirm'; pages: number } | { action: 'refuse'; pages: number; limit: number } | { action: 'askUnknown'; reason: string };

export function checkPageLimit(count: PageCount, limit: number): PageLimitCheck {
  if (count.pages === undefined) return { action: 'askUnknown', reason: count.reason };
  return count.pages > limit ? { action: 'refuse', pages: count.pages, limit } : { action: 'confirm', pages: count.pages };
}
