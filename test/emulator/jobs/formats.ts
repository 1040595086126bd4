/**
 * Which document formats a translation job accepts and what it produces from each. The
 * artifact's `format` is authoritative (spec 2.4): `.htm` sources give `html`, `.jpeg` gives `jpg`,
 * `.markdown` gives `md`, so clients that guess from the source extension are caught.
 */
export type JobFormatKind = 'markdown' | 'text' | 'subtitles' | 'markup' | 'json' | 'pdf' | 'image' | 'docx';

interface FormatInfo {
  kind: JobFormatKind;
  /** Artifact format (also its file extension). */
  output: string;
}

const JOB_FORMATS: Readonly<Record<string, FormatInfo>> = {
  md: { kind: 'markdown', output: 'md' },
  markdown: { kind: 'markdown', output: 'md' },
  txt: { kind: 'text', output: 'txt' },
  srt: { kind: 'subtitles', output: 'srt' },
  vtt: { kind: 'subtitles', output: 'vtt' },
  html: { kind: 'markup', output: 'html' },
  htm: { kind: 'markup', output: 'html' },
  xml: { kind: 'markup', output: 'xml' },
  json: { kind: 'json', output: 'json' },
  pdf: { kind: 'pdf', output: 'pdf' },
  png: { kind: 'image', output: 'png' },
  jpg: { kind: 'image', output: 'jpg' },
  jpeg: { kind: 'image', output: 'jpg' },
  docx: { kind: 'docx', output: 'docx' },
};

const MIME_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function jobFormat(format: string): FormatInfo | undefined {
  return JOB_FORMATS[format.toLowerCase()];
}

export function supportedJobFormats(): string[] {
  return Object.keys(JOB_FORMATS);
}

export function mimeTypeOf(outputFormat: string): string {
  return MIME_TYPES[outputFormat] ?? 'application/octet-stream';
}

/** Text kinds are read as UTF-8 and translated; the others are binary. */
export function isTextKind(kind: JobFormatKind): boolean {
  return kind !== 'pdf' && kind !== 'image' && kind !== 'docx';
}

/** `guide.md` → `guide.de.md`; `Report.final.htm` → `Report.final.de.html`. */
export function artifactFilename(basename: string, target: string, output: string): string {
  const dot = basename.lastIndexOf('.');
  const stem = dot > 0 ? basename.slice(0, dot) : basename;
  return `${stem || 'document'}.${target}.${output}`;
}
