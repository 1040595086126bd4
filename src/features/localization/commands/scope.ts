// What Update Translations and Check Translations act on: everything, a set-up, a folder or file
// from the Explorer, a source or one translation from the Localization view. Test options ride along.
import * as vscode from 'vscode';
import { relativeInside, scopeOf, type SetupStatus } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import type { TargetStatus } from '../../../localize/index.ts';
import { invokedOnUris } from '../../../platform/invokedOn.ts';

export interface Scope {
  setup: SetupStatus;
  paths?: string[];
  languages?: string[];
}

/** Options only the extension's tests may pass (ignored for any other caller). */
export const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !(v instanceof vscode.Uri) && !Array.isArray(v) && !(v instanceof vscode.TreeItem) && !('kind' in v);

// Rows of the Localization view, recognised by their `kind` (these commands load in their own bundle, so
// the view's classes are not the same objects here): a translation, a source, a set-up.
const kindOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined);
export function targetRow(v: unknown): { folder: string; target: TargetStatus } | undefined {
  return kindOf(v) === 'target' ? (v as { folder: string; target: TargetStatus }) : undefined;
}
function sourceRow(v: unknown): { folder: string; source: string } | undefined {
  return kindOf(v) === 'source' ? (v as { folder: string; source: string }) : undefined;
}
function folderRow(v: unknown): { folder: string; sources: string[] } | undefined {
  return kindOf(v) === 'folder' ? (v as { folder: string; sources: string[] }) : undefined;
}
export function setupRow(v: unknown): { setup: SetupStatus } | undefined {
  return kindOf(v) === 'setup' ? (v as { setup: SetupStatus }) : undefined;
}

/** The scopes an invocation names, one per set-up; [] when the argument lies outside every set-up. */
export function scopesOf(state: LocalizationState, args: readonly unknown[]): Scope[] {
  const [arg] = args;
  const target = targetRow(arg);
  if (target !== undefined) {
    const setup = state.setupOf(target.folder);
    return setup === undefined ? [] : [{ setup, paths: [target.target.source], languages: [target.target.lang] }];
  }
  const source = sourceRow(arg);
  if (source !== undefined) {
    const setup = state.setupOf(source.folder);
    return setup === undefined ? [] : [{ setup, paths: [source.source] }];
  }
  const dir = folderRow(arg);
  if (dir !== undefined) {
    const setup = state.setupOf(dir.folder);
    return setup === undefined ? [] : [{ setup, paths: [...dir.sources] }];
  }
  const whole = setupRow(arg);
  if (whole !== undefined) return [{ setup: whole.setup }];
  const uris = invokedOnUris(args);
  if (uris === undefined) {
    // `{ languages }` (Add Language…'s "Update Translations into …"): every set-up, only those languages.
    const given = args.find(isPlain)?.['languages'];
    const languages = Array.isArray(given) && given.every((l) => typeof l === 'string') ? (given as string[]) : undefined;
    return state
      .all()
      .filter((s) => s.report !== undefined)
      .map((setup) => ({ setup, languages }));
  }
  const scopes = new Map<string, Scope>();
  for (const uri of uris) {
    const setup = state.setupOf(uri.fsPath);
    if (setup === undefined) continue;
    const rel = relativeInside(setup.folder, uri.fsPath) ?? '';
    const scope = scopes.get(setup.folder) ?? { setup };
    const one = scopeOf(setup.report, rel);
    if (one.paths === undefined) delete scope.paths;
    else if (scope.paths !== undefined || !scopes.has(setup.folder)) scope.paths = [...(scope.paths ?? []), ...one.paths];
    if (one.languages !== undefined && uris.length === 1) scope.languages = one.languages;
    scopes.set(setup.folder, scope);
  }
  return [...scopes.values()];
}

/** The translations of a scope's set-up that the scope covers (its sources or folders, its languages). */
export function targetsIn(s: Scope): TargetStatus[] {
  const inPaths = (source: string): boolean =>
    s.paths === undefined || s.paths.some((p) => p === '' || p === '.' || source === p || source.startsWith(`${p.replace(/\/+$/, '')}/`));
  return (s.setup.report?.targets ?? []).filter((t) => inPaths(t.source) && (s.languages === undefined || s.languages.includes(t.lang)));
}

/** The engine's options for a scope. */
export function scopeOptions(s: Scope): { paths?: string[]; languages?: string[] } {
  return { paths: s.paths, languages: s.languages };
}
