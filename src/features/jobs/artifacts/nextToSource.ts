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

/** A language code as the spec shows them (`de`, `pt-BR`, `zh-Hans`): never a path. */
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;
/** A file extension: a few letters and digits, never a separator or a dot. */
const FORMAT = /^\.?[A-Za-z0-9]{1,10}$/;

/**
 * Values from the service that end up in the path, checked as what they claim to be. Returns the
 * name of the first value that is not (with the value), or undefined when both are fine.
 */
export function invalidServerValue(lang: string, format: string | undefined): { field: 'target_lang' | 'format'; value: string } | undefined {
  if (!LANGUAGE.test(lang)) return { field: 'target_lang', value: lang };
  if (format !== undefined && format !== '' && !FORMAT.test(format)) return { field: 'format', value: format };
  return undefined;
}

/**
 * `${dir}/${lang}/${name}` → /ws/docs/de/guide.md. A relative result is taken from the source's
 * folder. Undefined when the pattern yields no usable file path, when the service's language or
 * format is not a language code or a short extension, or when the path leaves the folder the
 * pattern names before its first value (`${dir}/${lang}/…` stays under `${dir}`).
 */
export function nextToSourcePath({ pattern, sourcePath, lang, format }: NextToSourceInput): string | undefined {
  if (invalidServerValue(lang, format) !== undefined) return undefined;
  const dir = path.posix.dirname(sourcePath);
  const sourceName = path.posix.basename(sourcePath);
  const sourceExt = path.posix.extname(sourceName);
  const stem = sourceName.slice(0, sourceName.length - sourceExt.length);
  const wanted = format !== undefined && format !== '' ? `.${format.replace(/^\./, '').toLowerCase()}` : sourceExt;
  const ext = wanted.toLowerCase() === sourceExt.toLowerCase() ? sourceExt : wanted;
  const name = stem + ext;
  const vars: Record<string, string> = { dir, lang, name, stem, ext };
  const fill = (text: string): string => text.replace(/\$\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  const filled = fill(pattern);
  if (filled.trim() === '' || filled.includes('${') || /[\\/]$/.test(filled)) return undefined;
  const resolved = path.posix.resolve(dir, filled);
  if (resolved === sourcePath) return undefined;
  // The folder the pattern names before any value that varies with the job: the result stays in it.
  const firstValue = pattern.search(/\$\{(?:lang|name|stem|ext)\}/);
  if (firstValue > 0) {
    const prefix = fill(pattern.slice(0, firstValue));
    const anchor = prefix.endsWith('/') ? path.posix.resolve(dir, prefix) : path.posix.dirname(path.posix.resolve(dir, `${prefix}x`));
    if (!isInside(anchor, resolved)) return undefined;
  }
  return resolved;
}

/** True when `target` lies inside `root` (both POSIX paths). */
export function isInside(root: string, target: string): boolean {
  const rel = path.posix.relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !path.posix.isAbsolute(rel);
}
