// Inputs for the document-tool tests: real PDFs (pdf-lib, one heading and a paragraph per page),
// PNG and JPEG images (pngjs, jpeg-js), and helpers to run document operations to their end.
import * as jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { EmulatorFixture } from './helpers.ts';
import { obj } from './helpers.ts';
import { uploadDocument } from './jobs-fixture.ts';
import { until } from '../support/until.mjs';

export type Json = Record<string, unknown>;

/** Uploads a PDF of `pages` pages (makePdf) as a document; its id. */
export async function uploadPdf(fx: EmulatorFixture, pages: number, name = 'report.pdf', key?: string): Promise<string> {
  return uploadDocument(fx, name, await makePdf(pages), key);
}

/** GET /documents/{id}/download with the account's key (or `key`). */
export async function downloadDocument(fx: EmulatorFixture, id: string, key?: string): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${fx.emu.baseUrl}/documents/${id}/download`, { headers: { 'X-API-Key': key ?? fx.emu.apiKey } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The account's charges and settlements in the ledger. */
export async function chargesOf(fx: EmulatorFixture): Promise<Json[]> {
  return (await fx.ledger()).filter((e) => e.type === 'charge' || e.type === 'settlement') as Json[];
}

/** A PDF of `pages` pages: "<title> page N" as a 20 pt heading, then two 11 pt body lines. */
export async function makePdf(pages: number, title = 'Report'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} page ${i}`, { x: 56, y: 770, size: 20, font });
    page.drawText(`The first line of text on page ${i}.`, { x: 56, y: 730, size: 11, font });
    page.drawText('A second line, with (parentheses) & symbols.', { x: 56, y: 716, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** A gradient RGBA image; `alpha` < 255 makes it partly transparent. */
export function makePng(width = 64, height = 48, alpha = 255): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 4) & 0xff;
      png.data[i + 1] = (y * 5) & 0xff;
      png.data[i + 2] = 128;
      png.data[i + 3] = alpha;
    }
  }
  return PNG.sync.write(png);
}

export function makeJpeg(width = 64, height = 48, quality = 95): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4) % 256;
    data[i + 1] = 90;
    data[i + 2] = 200;
    data[i + 3] = 255;
  }
  return jpeg.encode({ width, height, data }, quality).data;
}

export async function createOperation(
  fx: EmulatorFixture,
  body: Json,
  opts: { key?: string; idempotencyKey?: string | null } = {},
): ReturnType<EmulatorFixture['api']> {
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey !== null) headers['Idempotency-Key'] = opts.idempotencyKey ?? `op-${Math.random().toString(36).slice(2)}`;
  return fx.api('/document-operations', { method: 'POST', body, headers, ...(opts.key !== undefined ? { key: opts.key } : {}) });
}

/** Polls an operation until it has ended (completed, failed or cancelled). */
export async function waitOperation(fx: EmulatorFixture, id: string, key?: string, limitMs?: number): Promise<Json> {
  let op: Json = {};
  return until(
    async () => {
      const r = await fx.api(`/document-operations/${id}`, key !== undefined ? { key } : {});
      if (r.status !== 200) throw new Error(`GET operation: ${r.status} ${JSON.stringify(r.body)}`);
      op = obj(r);
      return ['completed', 'failed', 'cancelled'].includes(op.status as string) ? op : undefined;
    },
    { what: () => `operation ${id} to end: ${JSON.stringify(op)}`, ...(limitMs !== undefined ? { timeoutMs: limitMs } : {}) },
  );
}

/** Raw bytes of a POST answered with a file (file tools). */
export async function postBinary(
  fx: EmulatorFixture,
  path: string,
  body: unknown,
  key?: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer; json?: Json }> {
  const res = await fetch(`${fx.emu.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': key ?? fx.emu.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(bytes.toString('utf8')) as Json) : undefined;
  return { status: res.status, headers: res.headers, bytes, ...(json !== undefined ? { json } : {}) };
}
