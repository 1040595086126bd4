import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EmulatorApp } from '../app.ts';
import { pseudoTranslate } from '../pseudo.ts';
import type { ArtifactRecord, DocumentRecord, JobRecord } from '../state.ts';
import { fileEtag } from '../storage.ts';
import { translateDocx } from './docx.ts';
import { artifactFilename, jobFormat, mimeTypeOf } from './formats.ts';
import type { JobFormatKind } from './formats.ts';
import { jsonHasText, translateJson, translateMarkup } from './translate-markup.ts';
import { translateMarkdown, translatePlainText, translateSubtitles } from './translate-text.ts';
import type { OutputMode } from './translate-text.ts';

/** Pages drawn into a translated PDF; longer sources get a note instead of more pages. */
const MAX_PDF_PAGES = 50;
/** Plain text and Markdown above this are translated line by line while streaming (memory stays flat). */
export const WHOLE_TRANSLATE_LIMIT = 32 * 1024 * 1024;

/** Line-by-line pseudo-translation of a huge text file; line endings kept, Markdown code not recognised. */
export async function streamTranslate(from: string, to: string, target: string): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  const lines = (text: string): string =>
    text
      .split(/(\r?\n)/)
      .map((piece, i) => (i % 2 === 1 ? piece : pseudoTranslate(piece, target)))
      .join('');
  const translate = new Transform({
    transform(chunk: Buffer, _encoding, done): void {
      const text = carry + decoder.decode(chunk, { stream: true });
      const cut = text.lastIndexOf('\n') + 1;
      carry = text.slice(cut);
      done(null, lines(text.slice(0, cut)));
    },
    flush(done): void {
      done(null, lines(carry + decoder.decode()));
    },
  });
  await pipeline(createReadStream(from, { highWaterMark: 1024 * 1024 }), translate, createWriteStream(to));
}

/** Translates a text document of the given kind, keeping its structure. Throws on unparsable JSON. */
export function translateText(kind: JobFormatKind, format: string, text: string, target: string, mode: OutputMode): string {
  switch (kind) {
    case 'markdown':
      return translateMarkdown(text, target, mode);
    case 'text':
      return translatePlainText(text, target, mode);
    case 'subtitles':
      return translateSubtitles(text, target, mode);
    case 'markup':
      return translateMarkup(text, target, mode, format === 'xml' ? 'xml' : 'html');
    case 'json':
      return translateJson(text, target, mode);
    default:
      throw new Error(`${kind} is not a text format`);
  }
}

/** True when a single-mode translation would change something, i.e. the text holds translatable text. */
export function hasTranslatableText(kind: JobFormatKind, format: string, text: string): boolean {
  try {
    if (kind === 'json') return jsonHasText(text);
    return translateText(kind, format, text, 'xx', 'single') !== text;
  } catch {
    return false;
  }
}

async function translatedPdf(doc: DocumentRecord, job: JobRecord): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = Math.max(1, doc.pageCount ?? 1);
  const target = job.target_lang;
  for (let n = 1; n <= Math.min(pages, MAX_PDF_PAGES); n++) {
    const page = pdf.addPage([595, 842]);
    const lines = [pseudoTranslate(`Translated page ${n} of ${pages}`, target)];
    if (job.output_mode === 'bilingual') lines.unshift(`Source page ${n} of ${pages}`);
    if (n === MAX_PDF_PAGES && pages > MAX_PDF_PAGES) lines.push(`(${pages - MAX_PDF_PAGES} more pages not drawn)`);
    lines.forEach((line, i) => {
      // Helvetica covers WinAnsi only; the pseudo alphabet (Latin-1 accents) fits, anything else is replaced.
      const safe = line.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
      page.drawText(safe, { x: 50, y: 780 - i * 24, size: 14, font });
    });
  }
  pdf.setTitle(pseudoTranslate(doc.basename, target));
  return pdf.save();
}

/**
 * Writes the job's result file under the data directory (named by artifact id, never by the
 * user-supplied name) and returns its record; the caller registers it when the job completes.
 */
export async function produceArtifact(app: EmulatorApp, job: JobRecord, doc: DocumentRecord): Promise<ArtifactRecord> {
  const state = app.state;
  const info = jobFormat(doc.format);
  if (!info) throw new Error(`unsupported format ${doc.format}`);
  const id = state.newId('art');
  // Ids repeat after a reset (seeded); the random part keeps a stale writer away from new files.
  const dir = join(state.dataDir, 'artifacts', `${id}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  if (app.state !== state) throw new Error('the emulator was reset');
  const path = join(dir, `content.${info.output}`);
  if (info.kind === 'pdf') {
    await writeFile(path, await translatedPdf(doc, job));
  } else if (info.kind === 'docx') {
    await writeFile(path, translateDocx(await readFile(doc.storagePath), job.target_lang, job.output_mode));
  } else if (info.kind === 'image') {
    await copyFile(doc.storagePath, path);
  } else if ((info.kind === 'text' || info.kind === 'markdown') && doc.file_size > WHOLE_TRANSLATE_LIMIT) {
    await streamTranslate(doc.storagePath, path, job.target_lang);
  } else {
    const text = await readFile(doc.storagePath, 'utf8');
    await writeFile(path, translateText(info.kind, info.output, text, job.target_lang, job.output_mode), 'utf8');
  }
  const size = (await stat(path)).size;
  return {
    id,
    accountId: job.accountId,
    job_id: job.id,
    format: info.output,
    filename: artifactFilename(doc.basename, job.target_lang, info.output),
    mime_type: mimeTypeOf(info.output),
    size,
    etag: await fileEtag(path),
    created_at: app.clock.nowIso(),
    storagePath: path,
  };
}

/**
 * Jobs with several result files (spec 2.4: "a job may have several artifacts"; control
 * `artifacts_per_job`): result number `n` (2, 3, …) is a further file of the same format named
 * `<stem>.<target>.<n>.<format>` holding the same translation.
 */
export async function extraArtifact(app: EmulatorApp, first: ArtifactRecord, n: number): Promise<ArtifactRecord> {
  const state = app.state;
  const id = state.newId('art');
  const dir = join(state.dataDir, 'artifacts', `${id}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  if (app.state !== state) throw new Error('the emulator was reset');
  const path = join(dir, `content.${first.format}`);
  await copyFile(first.storagePath, path);
  const suffix = `.${first.format}`;
  const base = first.filename.endsWith(suffix) ? first.filename.slice(0, -suffix.length) : first.filename;
  return { ...first, id, filename: `${base}.${n}${suffix}`, storagePath: path, etag: await fileEtag(path) };
}
