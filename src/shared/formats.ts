// File formats whose content is text: shown in an editor tab, counted in characters, compared
// with a diff. Pure: used by the editor and by tests. The service decides what it accepts (it
// answers 415 otherwise); this list only says how the editor treats a format.

export const TEXT_FORMATS: readonly string[] = ['md', 'markdown', 'mdx', 'txt', 'html', 'htm', 'xml', 'json', 'srt', 'vtt'];

/** Lower-case extension of a file name or path without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** True for a format (`md`, `.md`) whose content is text. */
export function isTextFormat(format: string): boolean {
  return TEXT_FORMATS.includes(format.toLowerCase().replace(/^\./, ''));
}
