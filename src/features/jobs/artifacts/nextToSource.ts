// Where "Save Next to Source" writes: the `docTranslate.saveNextToSource.pattern` setting applied
// to the source path. Pure (no vscode import); paths are POSIX (Uri paths).
import * as path from 'node:path';

export interface NextToSourceInput {
  pattern: string;
  /** Uri path of the source file, e.g. /ws/docs/guide.md */
  sourcePath: string;
  lang: string;
  /** The artifact's format (spec 2.4): the saved file's extension when it differs from the source's. */
  format?: string;
}

/**
 * `${dir}/${lang}/${name}` → /ws/docs/de/guide.md. A relative result is taken from the source's
 * folder. Undefined when the pattern yields no usable file path.
 */
export function nextToSourcePath({ pattern, sourcePath, lang, format }: NextToSourceInput): string | undefined {
  const dir = path.posix.dirname(sourcePath);
  const sourceName = path.posix.basename(sourcePath);
  const sourceExt = path.posix.extname(sourceName);
  const stem = sourceName.slice(0, sourceName.length - sourceExt.length);
  const wanted = format !== undefined && format !== '' ? `.${format.replace(/^\./, '').toLowerCase()}` : sourceExt;
  const ext = wanted.toLowerCase() === sourceExt.toLowerCase() ? sourceExt : wanted;
  const name = stem + ext;
  const vars: Record<string, string> = { dir, lang, name, stem, ext };
  const filled = pattern.replace(/\$\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  if (filled.trim() === '' || filled.includes('${') || /[\\/]$/.test(filled)) return undefined;
  const resolved = path.posix.resolve(dir, filled);
  return resolved === sourcePath ? undefined : resolved;
}

/** True when `target` lies inside `root` (both POSIX paths). */
export function isInside(root: string, target: string): boolean {
  const rel = path.posix.relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !path.posix.isAbsolute(rel);
}
