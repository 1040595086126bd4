// The page count of a local PDF, read without a PDF library (the client and the editor never
// decode documents): the /Count of the page tree's root, from plain objects and from compressed
// object streams (inflated with zlib). Used to show the cost of a visual extraction and to refuse
// one over the page limit before anything is sent. The service counts again on its side.
// Pure (no vscode import).
import { inflateSync } from 'node:zlib';

/** Above this size the file is not read for counting (the count is then unknown). */
export const MAX_COUNT_BYTES = 128 * 1024 * 1024;

interface Definition {
  /** Position in the file (an object inside an object stream takes the stream's position). */
  at: number;
  body: string;
}

const OBJECT = /(\d+)\s+(\d+)\s+obj\b([\s\S]*?)\bendobj\b/g;
const PAGES = /\/Type\s*\/Pages(?![A-Za-z0-9])/;
const PAGE = /\/Type\s*\/Page(?![A-Za-z0-9])/;
const COUNT = /\/Count\s+(\d+)/;

/** Objects held in a compressed object stream (`/Type /ObjStm`, FlateDecode or unfiltered). */
function objectStreamMembers(body: string, raw: Buffer, bodyStart: number): [number, string][] {
  const streamAt = body.search(/\bstream(\r\n|\n|\r)/);
  if (streamAt < 0) return [];
  const dict = body.slice(0, streamAt);
  const n = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? NaN);
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? NaN);
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(first)) return [];
  const eol = /\bstream(\r\n|\n|\r)/.exec(body.slice(streamAt))!;
  const dataStart = bodyStart + streamAt + eol[0].length;
  const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  const end = body.lastIndexOf('endstream');
  const length = direct !== null ? Number(direct[1]) : Math.max(0, bodyStart + end - dataStart);
  let data = raw.subarray(dataStart, dataStart + length);
  const filter = /\/Filter\s*(\[\s*)?\/(\w+)/.exec(dict)?.[2];
  if (filter !== undefined) {
    if (filter !== 'FlateDecode' || /\/DecodeParms/.test(dict)) return [];
    try {
      data = inflateSync(data);
    } catch {
      return [];
    }
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
 * Pages of the PDF in `raw`, or undefined when no page tree is found. The latest definition of
 * each object wins (incremental updates); the count is the largest /Count among page tree nodes
 * (the root), else the number of page objects.
 */
export function countPdfPages(raw: Buffer): number | undefined {
  const text = raw.toString('latin1');
  if (!text.startsWith('%PDF-')) return undefined;
  const latest = new Map<number, Definition>();
  const define = (num: number, def: Definition): void => {
    const known = latest.get(num);
    if (known === undefined || known.at <= def.at) latest.set(num, def);
  };
  for (const m of text.matchAll(OBJECT)) {
    const at = m.index;
    const body = m[3]!;
    define(Number(m[1]), { at, body });
    if (/\/Type\s*\/ObjStm/.test(body.split(/\bstream\b/, 1)[0]!)) {
      const bodyStart = at + m[0].indexOf(body);
      for (const [num, member] of objectStreamMembers(body, raw, bodyStart)) define(num, { at: at + 1, body: member });
    }
  }
  let root: number | undefined;
  let pages = 0;
  for (const { body } of latest.values()) {
    if (PAGES.test(body)) {
      const count = Number(COUNT.exec(body)?.[1] ?? NaN);
      if (Number.isSafeInteger(count)) root = Math.max(root ?? 0, count);
    } else if (PAGE.test(body)) pages++;
  }
  if (root !== undefined) return root;
  return pages > 0 ? pages : undefined;
}
