// Output documents of document operations: the result is written to the data directory and
// registered as a new document of the account, so it can be downloaded, listed under /documents
// and translated like any upload.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { analyzeFile } from '../documents/analyze.ts';
import { sanitizeBasename } from '../documents/basename.ts';
import { formatById } from '../formats.ts';
import type { DocumentRecord } from '../state.ts';
import { readZip } from '../zip.ts';
import type { OperationKind } from './capabilities.ts';
import { readPdfText, type PageText } from './pdf-text.ts';

/** A result the input cannot give (unreadable PDF or DOCX): the operation fails, nothing is charged. */
export class OutputError extends Error {}

export interface Output {
  bytes: Buffer;
  format: 'json' | 'html';
  basename: string;
}

function stem(basename: string): string {
  const dot = basename.lastIndexOf('.');
  return dot > 0 ? basename.slice(0, dot) : basename;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

async function pdfPages(doc: DocumentRecord): Promise<PageText[]> {
  try {
    return await readPdfText(await readFile(doc.storagePath));
  } catch (err) {
    throw new OutputError(`The PDF could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const PARAGRAPH = /<w:p[\s>][\s\S]*?<\/w:p>/g;
const RUN_TEXT = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;
const XML_ENTITY = /&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi;

function unescapeXml(text: string): string {
  return text.replace(XML_ENTITY, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[e.toLowerCase()] !== undefined) return named[e.toLowerCase()]!;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/** DOCX has no pages: one "page" holding its paragraphs. */
async function docxPages(doc: DocumentRecord): Promise<PageText[]> {
  let xml: string;
  try {
    const entry = readZip(await readFile(doc.storagePath)).find((f) => f.name === 'word/document.xml');
    if (entry === undefined) throw new Error('no word/document.xml');
    xml = entry.data.toString('utf8');
  } catch (err) {
    throw new OutputError(`The DOCX could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const paragraphs = [...xml.matchAll(PARAGRAPH)]
    .map((p) => [...p[0].matchAll(RUN_TEXT)].map((r) => unescapeXml(r[1]!)).join(''))
    .filter((t) => t.trim() !== '');
  const lines = paragraphs.map((text, i) => ({ text, x: 0, y: -i, size: 0, x1: 0 }));
  return [
    {
      page: 1,
      width: 0,
      height: 0,
      lines,
      blocks: paragraphs.map((text) => ({ type: 'paragraph', text, bbox: [0, 0, 0, 0], font_size: 0 })),
      text: paragraphs.join('\n'),
    },
  ];
}

/** Structured extraction: the text of each page, as lines and paragraphs. */
function extractJson(doc: DocumentRecord, pages: PageText[]): unknown {
  return {
    kind: 'extract',
    source_document_id: doc.id,
    source: doc.basename,
    page_count: pages.length,
    pages: pages.map((p) => ({
      page: p.page,
      text: p.text,
      paragraphs: p.blocks.map((b) => b.text),
    })),
  };
}

/** Visual extraction: blocks with their type, box and font size, per page with its size. */
function visualJson(doc: DocumentRecord, pages: PageText[]): unknown {
  return {
    kind: 'visual_extract',
    source_document_id: doc.id,
    source: doc.basename,
    page_count: pages.length,
    pages: pages.map((p) => ({ page: p.page, width: p.width, height: p.height, blocks: p.blocks })),
  };
}

function html(doc: DocumentRecord, pages: PageText[]): string {
  const body = pages
    .map((p) => {
      const blocks = p.blocks.map((b) => (b.type === 'heading' ? `    <h2>${escapeHtml(b.text)}</h2>` : `    <p>${escapeHtml(b.text)}</p>`));
      return [`  <section class="page" id="page-${p.page}" data-page="${p.page}">`, ...blocks, '  </section>'].join('\n');
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '  <meta charset="utf-8">',
    `  <title>${escapeHtml(stem(doc.basename))}</title>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The result of `kind` on `doc` (an input format the kind takes). */
export async function produce(kind: OperationKind, doc: DocumentRecord): Promise<Output> {
  const pages = doc.format === 'docx' ? await docxPages(doc) : await pdfPages(doc);
  const base = stem(doc.basename);
  switch (kind) {
    case 'extract':
      return { bytes: Buffer.from(`${JSON.stringify(extractJson(doc, pages), null, 2)}\n`), format: 'json', basename: `${base}.extract.json` };
    case 'visual_extract':
      return { bytes: Buffer.from(`${JSON.stringify(visualJson(doc, pages), null, 2)}\n`), format: 'json', basename: `${base}.visual.json` };
    case 'pdf_to_html':
      return { bytes: Buffer.from(html(doc, pages)), format: 'html', basename: `${base}.html` };
  }
}

/** Registers `output` as a new document of the operation's account and key, measured like an upload. */
export async function registerOutput(app: EmulatorApp, owner: { accountId: string; keyId: string }, output: Output): Promise<DocumentRecord> {
  const state = app.state;
  const id = state.newId('doc');
  const dir = join(state.dataDir, 'operation-outputs');
  await mkdir(dir, { recursive: true });
  const path = join(dir, id);
  await writeFile(path, output.bytes);
  const info = formatById(output.format)!;
  const size = (await stat(path)).size;
  const analysis = await analyzeFile(path, info, size);
  const at = app.clock.nowIso();
  const doc: DocumentRecord = {
    id,
    accountId: owner.accountId,
    keyId: owner.keyId,
    basename: sanitizeBasename(output.basename, info.format),
    format: info.format,
    file_size: size,
    mime_type: info.mimeType,
    created_at: at,
    updated_at: at,
    storagePath: path,
    charCount: analysis.charCount,
    pageCount: analysis.pageCount,
    deleted: false,
  };
  // The state may have been reset while the output was written: then it is not registered.
  if (app.state === state) state.documents.set(id, doc);
  return doc;
}
