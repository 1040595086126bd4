import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { assertCanStart, charge } from '../billing.ts';
import { findOwnedDocument } from '../documents/records.ts';
import { HttpError, validationError, type FieldError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import type { DocumentRecord } from '../state.ts';
import { sendFileDownload } from '../storage.ts';
import { Fields } from '../validation.ts';
import { writeZip } from '../zip.ts';
import {
  COMPRESS_DEFAULT_QUALITY,
  CONVERT_DEFAULT_QUALITY,
  FILE_TOOL_IMAGE_MILLICREDITS,
  FILE_TOOL_PDF_PAGE_MILLICREDITS,
  MERGE_MAX_DOCUMENTS,
  PDF_COMPRESS_LEVELS,
  QUALITY_MAX,
  QUALITY_MIN,
  SPLIT_MAX_RANGES,
  assertOpen,
  inputFormats,
  type FileToolKind,
} from '../doctools/capabilities.ts';
import { ImageError, compressImage, convertImage, type ImageFormat } from '../doctools/image-tools.ts';
import { UnreadablePdfError, compressPdf, mergePdfs, pageCount, parseRange, splitPdf, type CompressLevel, type PageRange } from '../doctools/pdf-tools.ts';

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', zip: 'application/zip' };

function stem(basename: string): string {
  const dot = basename.lastIndexOf('.');
  return dot > 0 ? basename.slice(0, dot) : basename;
}

/** Unknown fields are field errors, as at POST /jobs. */
function onlyFields(f: Fields, body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const name of Object.keys(body)) if (!allowed.includes(name)) f.add(name, 'is not a field of this request');
}

/**
 * Input documents: the account's (404 unknown or deleted, 403 `document_not_owned`), of a type the
 * tool takes (415 `unsupported_format` with a field error naming the document).
 */
function inputs(app: EmulatorApp, ctx: RequestContext, tool: FileToolKind, refs: { field: string; id: string }[]): DocumentRecord[] {
  const { account } = ctx.requireAuth();
  const docs = refs.map((r) => findOwnedDocument(app.state, account.id, r.id));
  const formats = inputFormats(tool);
  const wrong: FieldError[] = [];
  docs.forEach((d, i) => {
    if (!formats.includes(d.format))
      wrong.push({ field: refs[i]!.field, message: `must be a ${formats.map((x) => x.toUpperCase()).join(' or ')} document (${d.basename} is ${d.format})` });
  });
  if (wrong.length > 0)
    throw new HttpError(
      415,
      'unsupported_format',
      `${tool} takes ${formats.join(', ')} documents: ${wrong.map((w) => `${w.field} ${w.message}`).join('; ')}`,
      wrong,
    );
  return docs;
}

function unreadable(err: unknown): never {
  if (err instanceof UnreadablePdfError) throw new HttpError(422, 'unreadable_document', err.message);
  if (err instanceof ImageError) throw new HttpError(422, err.code, err.message);
  throw err;
}

const TOOL_PATHS: Record<FileToolKind, string> = {
  pdf_merge: '/file-tools/pdf/merge',
  pdf_split: '/file-tools/pdf/split',
  pdf_compress: '/file-tools/pdf/compress',
  image_convert: '/file-tools/image/convert',
  image_compress: '/file-tools/image/compress',
};

interface ToolCharge {
  tool: FileToolKind;
  amount: number;
  basis: { unit: 'pages' | 'images'; quantity: number };
}

/**
 * Part 8 rules 1 and 5: the tool's cost (its input pages or images at the emulator's rate) is its
 * start threshold: 429 for a used-up key, 402 unless the balance after debt and the key's remaining
 * budget are above it. Nothing is charged here.
 */
function startTool(app: EmulatorApp, ctx: RequestContext, tool: FileToolKind, quantity: number): ToolCharge {
  const { account, key } = ctx.requireAuth();
  const pdf = tool.startsWith('pdf_');
  const amount = quantity * (pdf ? FILE_TOOL_PDF_PAGE_MILLICREDITS : FILE_TOOL_IMAGE_MILLICREDITS);
  assertCanStart(account, key, amount, app.clock.now(), `this file tool`);
  return { tool, amount, basis: { unit: pdf ? 'pages' : 'images', quantity } };
}

/** Charges a tool that produced its result: one ledger `charge`, a credit operation of kind `file_tool`, named in the answer's headers. */
function settleTool(app: EmulatorApp, ctx: RequestContext, c: ToolCharge): Record<string, string> {
  const { account, key } = ctx.requireAuth();
  const operationId = app.state.newId('cop');
  charge(app.state, app.clock.now(), {
    type: 'charge',
    account,
    key,
    amount: c.amount,
    characters: 0,
    endpoint: TOOL_PATHS[c.tool],
    idempotencyKey: null,
    requestId: ctx.requestId,
    operationId,
    ...(c.basis.unit === 'pages' ? { pages: c.basis.quantity } : {}),
    basis: c.basis,
  });
  return { 'X-Credit-Operation-Id': operationId, 'X-Charged-Millicredits': String(c.amount) };
}

/** Writes the result to the data directory, streams it as an attachment (name and type in the headers), then removes it. */
async function sendResult(
  app: EmulatorApp,
  ctx: RequestContext,
  bytes: Uint8Array,
  filename: string,
  format: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const dir = join(app.state.dataDir, 'file-tools');
  await mkdir(dir, { recursive: true });
  const id = app.state.newId('ftr');
  const path = join(dir, id);
  await writeFile(path, bytes);
  try {
    for (const [name, value] of Object.entries(extra)) ctx.res.setHeader(name, value);
    await sendFileDownload(ctx, { path, filename, contentType: MIME[format]!, etag: `"${id}"`, attachment: true });
  } finally {
    await rm(path, { force: true });
  }
}

async function merge(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const body = await ctx.object();
  const f = new Fields(body);
  onlyFields(f, body, ['document_ids']);
  const ids = body.document_ids;
  if (!Array.isArray(ids)) f.add('document_ids', 'must be an array of document ids');
  else {
    if (ids.length < 2 || ids.length > MERGE_MAX_DOCUMENTS) f.add('document_ids', `must hold 2 to ${MERGE_MAX_DOCUMENTS} document ids`);
    ids.forEach((id, i) => {
      if (typeof id !== 'string' || id === '') f.add(`document_ids[${i}]`, 'must be a non-empty string');
    });
  }
  if (f.errors.length > 0) throw validationError(f.errors);
  assertOpen(app, 'pdf_merge');
  const docs = inputs(
    app,
    ctx,
    'pdf_merge',
    (ids as string[]).map((id, i) => ({ field: `document_ids[${i}]`, id })),
  );
  const cost = startTool(
    app,
    ctx,
    'pdf_merge',
    docs.reduce((n, d) => n + Math.max(1, d.pageCount ?? 1), 0),
  );
  const result = await mergePdfs(await Promise.all(docs.map(async (d) => ({ bytes: await readFile(d.storagePath), name: d.basename })))).catch(unreadable);
  await sendResult(app, ctx, result.bytes, `${stem(docs[0]!.basename)}-merged.pdf`, 'pdf', {
    'X-Page-Count': String(result.pages),
    ...settleTool(app, ctx, cost),
  });
}

async function split(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const body = await ctx.object();
  const f = new Fields(body);
  onlyFields(f, body, ['document_id', 'ranges']);
  const id = f.string('document_id', { minChars: 1 });
  const raw = body.ranges;
  const ranges: PageRange[] = [];
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > SPLIT_MAX_RANGES)
    f.add('ranges', `must be an array of 1 to ${SPLIT_MAX_RANGES} page ranges such as "1" or "2-3"`);
  else {
    raw.forEach((r, i) => {
      const range = typeof r === 'string' ? parseRange(r) : undefined;
      if (range === undefined) f.add(`ranges[${i}]`, 'must be a page ("4") or a range from-to ("2-3") with from <= to, counting from 1');
      else ranges.push(range);
    });
  }
  if (f.errors.length > 0) throw validationError(f.errors);
  assertOpen(app, 'pdf_split');
  const [doc] = inputs(app, ctx, 'pdf_split', [{ field: 'document_id', id: id! }]);
  const bytes = await readFile(doc!.storagePath);
  const pages = await pageCount(bytes, doc!.basename).catch(unreadable);
  const beyond = ranges.map((r, i) => ({ r, i })).filter(({ r }) => r.to > pages);
  if (beyond.length > 0) {
    throw validationError(
      beyond.map(({ r, i }) => ({ field: `ranges[${i}]`, message: `"${r.text}" goes beyond the last page (${pages})` })),
      'page_out_of_range',
    );
  }
  const cost = startTool(app, ctx, 'pdf_split', pages);
  const parts = await splitPdf(bytes, doc!.basename, ranges).catch(unreadable);
  const base = stem(doc!.basename);
  if (parts.length === 1) {
    await sendResult(app, ctx, parts[0]!, `${base}-p${ranges[0]!.text}.pdf`, 'pdf', {
      'X-Page-Count': String(ranges[0]!.to - ranges[0]!.from + 1),
      ...settleTool(app, ctx, cost),
    });
    return;
  }
  // Several ranges: one ZIP with a PDF per range, in the order given.
  const zip = writeZip(parts.map((data, i) => ({ name: `${base}-p${ranges[i]!.text}.pdf`, data: Buffer.from(data) })));
  await sendResult(app, ctx, zip, `${base}-split.zip`, 'zip', { 'X-Part-Count': String(parts.length), ...settleTool(app, ctx, cost) });
}

async function compressPdfRoute(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const body = await ctx.object();
  const f = new Fields(body);
  onlyFields(f, body, ['document_id', 'level']);
  const id = f.string('document_id', { minChars: 1 });
  const level = f.string('level', { optional: true }) ?? 'medium';
  if (!(PDF_COMPRESS_LEVELS as readonly string[]).includes(level)) f.add('level', `must be one of ${PDF_COMPRESS_LEVELS.join(', ')}`);
  if (f.errors.length > 0) throw validationError(f.errors);
  assertOpen(app, 'pdf_compress');
  const [doc] = inputs(app, ctx, 'pdf_compress', [{ field: 'document_id', id: id! }]);
  const bytes = await readFile(doc!.storagePath);
  const cost = startTool(app, ctx, 'pdf_compress', Math.max(1, doc!.pageCount ?? 1));
  const out = await compressPdf(bytes, doc!.basename, level as CompressLevel).catch(unreadable);
  await sendResult(app, ctx, out, `${stem(doc!.basename)}-compressed.pdf`, 'pdf', { 'X-Original-Size': String(bytes.length), ...settleTool(app, ctx, cost) });
}

function quality(f: Fields, fallback: number): number {
  return f.integer('quality', { optional: true, min: QUALITY_MIN, max: QUALITY_MAX }) ?? fallback;
}

async function convert(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const body = await ctx.object();
  const f = new Fields(body);
  onlyFields(f, body, ['document_id', 'target_format', 'quality']);
  const id = f.string('document_id', { minChars: 1 });
  const target = f.string('target_format', { minChars: 1 })?.toLowerCase();
  const to = target === 'jpeg' ? 'jpg' : target;
  if (to !== undefined && to !== 'png' && to !== 'jpg') f.add('target_format', 'must be png or jpg');
  const q = quality(f, CONVERT_DEFAULT_QUALITY);
  if (f.errors.length > 0) throw validationError(f.errors);
  assertOpen(app, 'image_convert');
  const [doc] = inputs(app, ctx, 'image_convert', [{ field: 'document_id', id: id! }]);
  const bytes = await readFile(doc!.storagePath);
  const cost = startTool(app, ctx, 'image_convert', 1);
  let out: Buffer;
  try {
    out = convertImage(bytes, doc!.format as ImageFormat, to as ImageFormat, q, doc!.basename);
  } catch (err) {
    unreadable(err);
  }
  await sendResult(app, ctx, out, `${stem(doc!.basename)}.${to!}`, to!, { 'X-Original-Size': String(bytes.length), ...settleTool(app, ctx, cost) });
}

async function compressImageRoute(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const body = await ctx.object();
  const f = new Fields(body);
  onlyFields(f, body, ['document_id', 'quality']);
  const id = f.string('document_id', { minChars: 1 });
  const q = quality(f, COMPRESS_DEFAULT_QUALITY);
  if (f.errors.length > 0) throw validationError(f.errors);
  assertOpen(app, 'image_compress');
  const [doc] = inputs(app, ctx, 'image_compress', [{ field: 'document_id', id: id! }]);
  const bytes = await readFile(doc!.storagePath);
  const cost = startTool(app, ctx, 'image_compress', 1);
  let out: Buffer;
  try {
    out = compressImage(bytes, doc!.format as ImageFormat, q, doc!.basename);
  } catch (err) {
    unreadable(err);
  }
  await sendResult(app, ctx, out, `${stem(doc!.basename)}-compressed.${doc!.format}`, doc!.format, {
    'X-Original-Size': String(bytes.length),
    ...settleTool(app, ctx, cost),
  });
}

/** File tools (spec 4.6): synchronous, charged by usage (part 8 rule 5), binary answers streamed as attachments. */
export function register(app: EmulatorApp): void {
  const api = app.api;
  api.post('/file-tools/pdf/merge', (ctx) => merge(app, ctx));
  api.post('/file-tools/pdf/split', (ctx) => split(app, ctx));
  api.post('/file-tools/pdf/compress', (ctx) => compressPdfRoute(app, ctx));
  api.post('/file-tools/image/convert', (ctx) => convert(app, ctx));
  api.post('/file-tools/image/compress', (ctx) => compressImageRoute(app, ctx));
}
