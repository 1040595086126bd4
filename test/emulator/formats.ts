import { extname } from 'node:path';

/** How a format's content is checked and measured (documents/analyze.ts). */
export type FormatKind = 'plain' | 'markup' | 'json' | 'subtitle' | 'pdf' | 'image' | 'docx' | 'media';

export interface FormatInfo {
  /** Canonical format id stored on the document and used by jobs ("md", "html", "jpg", ...). */
  format: string;
  mimeType: string;
  kind: FormatKind;
  /** Whether jobs translate it as text (UTF-8) rather than as a binary document. */
  text: boolean;
}

const md: FormatInfo = { format: 'md', mimeType: 'text/markdown', kind: 'plain', text: true };
const html: FormatInfo = { format: 'html', mimeType: 'text/html', kind: 'markup', text: true };
const jpg: FormatInfo = { format: 'jpg', mimeType: 'image/jpeg', kind: 'image', text: false };
/** Audio and video inputs of media jobs (spec 4.9); checked and measured with music-metadata. */
const media = (format: string, mimeType: string): FormatInfo => ({ format, mimeType, kind: 'media', text: false });

/** Upload formats by lower-case extension (without the dot). Anything else is 415. */
export const FORMATS: Readonly<Record<string, FormatInfo>> = {
  md,
  markdown: md,
  txt: { format: 'txt', mimeType: 'text/plain', kind: 'plain', text: true },
  html,
  htm: html,
  xml: { format: 'xml', mimeType: 'application/xml', kind: 'markup', text: true },
  json: { format: 'json', mimeType: 'application/json', kind: 'json', text: true },
  srt: { format: 'srt', mimeType: 'application/x-subrip', kind: 'subtitle', text: true },
  vtt: { format: 'vtt', mimeType: 'text/vtt', kind: 'subtitle', text: true },
  pdf: { format: 'pdf', mimeType: 'application/pdf', kind: 'pdf', text: false },
  png: { format: 'png', mimeType: 'image/png', kind: 'image', text: false },
  jpg,
  jpeg: jpg,
  docx: {
    format: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'docx',
    text: false,
  },
  wav: media('wav', 'audio/wav'),
  mp3: media('mp3', 'audio/mpeg'),
  m4a: media('m4a', 'audio/mp4'),
  mp4: media('mp4', 'video/mp4'),
};

/** Lower-case extension without the dot, '' when there is none. */
export function extensionOf(filename: string): string {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  return extname(base).slice(1).toLowerCase();
}

export function formatOf(filename: string): FormatInfo | undefined {
  const ext = extensionOf(filename);
  return Object.prototype.hasOwnProperty.call(FORMATS, ext) ? FORMATS[ext] : undefined;
}

/** By canonical format id (as stored on a DocumentRecord). */
export function formatById(format: string): FormatInfo | undefined {
  return Object.values(FORMATS).find((f) => f.format === format);
}

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(FORMATS).map((e) => `.${e}`);
