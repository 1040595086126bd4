// Where "Save Next to Source" writes: the `docTranslate.saveNextToSource.pattern` setting applied
// to the source path. Pure (no vscode import); paths are POSIX (Uri paths).
import * as path from 'node:path';

export interface NextToSourceInput {
  pattern: string;
  /** Uri path of the source file, e.g. /ws/docs/guide.md */
  sourcePath: string;
  lang: string;
}

/**
 * `${dir}/${lang}/${name}` → /ws/docs/de/guide.md. A relative result is taken from the source's
 * folder. Undefined when the pattern yields no usable file path.
 */
export function nextToSourcePath({ pattern, sourcePath, lang }: NextToSourceInput): string | undefined {
  const dir = path.posix.dirname(sourcePath);
  const name = path.posix.basename(sourcePath);
  const ext = path.posix.extname(name);
  const vars: Record<string, string> = { dir, lang, name, stem: name.slice(0, name.length - ext.length), ext };
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
