// Which files a Translate Files invocation means: the given files, and the supported files below
// given folders (recursive, honouring files.exclude, never node_modules or .git).
import * as vscode from 'vscode';
import { countCharacters, isSupportedFile, isTextFile, textThresholdMillicredits, type ThresholdEstimate } from './fileFormats.ts';

export interface CollectedFiles {
  files: vscode.Uri[];
  /** True when a folder was expanded (the user is asked to confirm the count). */
  fromFolder: boolean;
  /** Files given, or found in given folders, that are not of a type Translate Files sends (the user is told). */
  unsupported: vscode.Uri[];
}

const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**'];
const MAX_FOLDER_FILES = 1000;
/** Larger text files are not read for the estimate. */
const MAX_MEASURED_BYTES = 20 * 1024 * 1024;

export async function collectFiles(uris: readonly vscode.Uri[]): Promise<CollectedFiles> {
  const seen = new Map<string, vscode.Uri>();
  const unsupported: vscode.Uri[] = [];
  let fromFolder = false;
  for (const uri of uris) {
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      unsupported.push(uri);
      continue;
    }
    if ((stat.type & vscode.FileType.Directory) !== 0) {
      fromFolder = true;
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(uri, '**/*'), excludeGlob(uri), MAX_FOLDER_FILES);
      for (const f of found) {
        if (isSupportedFile(f.path)) seen.set(f.toString(), f);
        else unsupported.push(f);
      }
    } else if (isSupportedFile(uri.path)) {
      seen.set(uri.toString(), uri);
    } else {
      unsupported.push(uri);
    }
  }
  const files = [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { files, fromFolder, unsupported };
}

/** files.exclude (entries set to true) plus node_modules and .git, as one glob. */
function excludeGlob(scope: vscode.Uri): string {
  const setting = vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude') ?? {};
  const patterns = [...ALWAYS_EXCLUDED, ...Object.entries(setting).filter(([, v]) => v === true).map(([k]) => k)];
  return `{${patterns.map((p) => p.replace(/[{}]/g, '')).join(',')}}`;
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
