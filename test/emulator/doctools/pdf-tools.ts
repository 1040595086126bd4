// The synchronous PDF tools (spec 4.6) on pdf-lib: merge (pages in the order given), split by
// page ranges, and compress (unfiltered streams deflated, object streams, metadata dropped at
// "high"; never larger than the input).
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

/** A PDF pdf-lib cannot read: 422 unreadable_document. */
export class UnreadablePdfError extends Error {}

async function load(bytes: Uint8Array, what: string): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    // pdf-lib accepts some damaged files and fails only when the page tree is read.
    doc.getPageCount();
    return doc;
  } catch (err) {
    throw new UnreadablePdfError(`${what} could not be read as a PDF: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export async function mergePdfs(inputs: { bytes: Uint8Array; name: string }[]): Promise<{ bytes: Uint8Array; pages: number }> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const input of inputs) {
    const src = await load(input.bytes, input.name);
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return { bytes: await out.save({ useObjectStreams: false }), pages: out.getPageCount() };
}

export interface PageRange {
  from: number;
  to: number;
  /** As sent ("2-3", "4"). */
  text: string;
}

/** "4" or "2-3": 1-based, from <= to. Undefined when malformed. */
export function parseRange(text: string): PageRange | undefined {
  const m = /^\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?$/.exec(text);
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] !== undefined ? Number(m[2]) : from;
  if (from < 1 || to < from) return undefined;
  return { from, to, text: m[2] !== undefined ? `${from}-${to}` : String(from) };
}

export async function pageCount(bytes: Uint8Array, name: string): Promise<number> {
  return (await load(bytes, name)).getPageCount();
}

/** One new PDF per range, in the order given. */
export async function splitPdf(bytes: Uint8Array, name: string, ranges: PageRange[]): Promise<Uint8Array[]> {
  const src = await load(bytes, name);
  const parts: Uint8Array[] = [];
  for (const range of ranges) {
    const out = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from - 1 + i);
    for (const page of await out.copyPages(src, indices)) out.addPage(page);
    parts.push(await out.save({ useObjectStreams: false }));
  }
  return parts;
}

const LEVELS = { low: 1, medium: 6, high: 9 } as const;
export type CompressLevel = keyof typeof LEVELS;

/** Deflates every unfiltered stream; object streams from "medium" on; "high" also drops the document metadata. */
export async function compressPdf(bytes: Uint8Array, name: string, level: CompressLevel): Promise<Uint8Array> {
  const doc = await load(bytes, name);
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.has(PDFName.of('Filter'))) continue;
    const packed = deflateSync(object.contents, { level: LEVELS[level] });
    if (packed.length >= object.contents.length) continue;
    const dict = object.dict.clone(doc.context);
    dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    dict.set(PDFName.of('Length'), PDFNumber.of(packed.length));
    doc.context.assign(ref, PDFRawStream.of(dict, packed));
  }
  if (level === 'high') {
    doc.catalog.delete(PDFName.of('Metadata'));
    doc.setTitle('');
    doc.setAuthor('');
    doc.setSubject('');
    doc.setKeywords([]);
    doc.setProducer('');
    doc.setCreator('');
  }
  const out = await doc.save({ useObjectStreams: level !== 'low' });
  return out.length < bytes.length ? out : bytes;
}
