// Which files a Translate Files invocation means: every file given, and every file below given
// folders (recursive). The service decides the formats (415 for one it does not take, reported per
// file); only what is certainly not a document is skipped here, and named with the reason: folder
// entries in node_modules or .git or hidden by files.exclude, paths that cannot be read, empty files.
import * as vscode from 'vscode';
import { countCharacters, isTextFile, textThresholdMillicredits, type SkippedFile, type ThresholdEstimate } from './fileFormats.ts';

export interface CollectedFiles {
  files: vscode.Uri[];
  /** True when a folder was expanded (the user is asked to confirm the count). */
  fromFolder: boolean;
  /** Files given, or found in given folders, that are not sent, each with its reason (the user is told). */
  skipped: SkippedFile[];
}

const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**'];
const MAX_FOLDER_FILES = 1000;
/** Larger text files are not read for the estimate. */
const MAX_MEASURED_BYTES = 20 * 1024 * 1024;

export async function collectFiles(uris: readonly vscode.Uri[]): Promise<CollectedFiles> {
  const seen = new Map<string, vscode.Uri>();
  const skipped: SkippedFile[] = [];
  let fromFolder = false;
  for (const uri of uris) {
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      skipped.push({ path: uri.path, uri: uri.toString(), why: 'unreadable' });
      continue;
    }
    if ((stat.type & vscode.FileType.Directory) !== 0) {
      fromFolder = true;
      const patterns = excludePatterns(uri);
      const [found, ignored] = await Promise.all([
        vscode.workspace.findFiles(new vscode.RelativePattern(uri, '**/*'), `{${patterns.join(',')}}`, MAX_FOLDER_FILES),
        // The entries left out, to name them: the same patterns, and what is inside a folder they match.
        vscode.workspace.findFiles(
          new vscode.RelativePattern(uri, `{${patterns.flatMap((p) => (p.endsWith('/**') ? [p] : [p, `${p}/**`])).join(',')}}`),
          null,
          MAX_FOLDER_FILES,
        ),
      ]);
      for (const f of found) seen.set(f.toString(), f);
      const kept = new Set(found.map((f) => f.toString()));
      for (const f of ignored) if (!kept.has(f.toString())) skipped.push({ path: f.path, uri: f.toString(), why: 'ignored' });
    } else {
      seen.set(uri.toString(), uri);
    }
  }
  const files: vscode.Uri[] = [];
  const sizes = await Promise.all(
    [...seen.values()].map(
      async (f) =>
        [
          f,
          await vscode.workspace.fs.stat(f).then(
            (s) => s.size,
            () => undefined,
          ),
        ] as const,
    ),
  );
  for (const [f, size] of sizes) {
    if (size === undefined) skipped.push({ path: f.path, uri: f.toString(), why: 'unreadable' });
    else if (size === 0) skipped.push({ path: f.path, uri: f.toString(), why: 'empty' });
    else files.push(f);
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, fromFolder, skipped };
}

/** files.exclude (entries set to true) plus node_modules and .git. */
function excludePatterns(scope: vscode.Uri): string[] {
  const setting = vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude') ?? {};
  return [
    ...ALWAYS_EXCLUDED,
    ...Object.entries(setting)
      .filter(([, v]) => v === true)
      .map(([k]) => k),
  ].map((p) => p.replace(/[{}]/g, ''));
}

/** The start threshold of a file's job (spec part 8) where it can be computed here. */
export async function estimateThreshold(file: vscode.Uri): Promise<ThresholdEstimate> {
  if (!isTextFile(file.path)) return file.path.toLowerCase().endsWith('.pdf') ? { kind: 'pdf' } : { kind: 'binary' };
  try {
    const stat = await vscode.workspace.fs.stat(file);
    if (stat.size > MAX_MEASURED_BYTES) return { kind: 'binary' };
    const characters = countCharacters(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
    return { kind: 'text', characters, millicredits: textThresholdMillicredits(characters) };
  } catch {
    return { kind: 'binary' };
  }
}
