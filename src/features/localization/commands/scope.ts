// What Update Translations and Check Translations act on: everything, a set-up, a folder or file
// from the Explorer, a source or one translation from the Localization view. Test options ride along.
import * as vscode from 'vscode';
import type { ArgumentShortcuts } from '../../../platform/prompter.ts';
import { relativeInside, scopeOf, type SetupStatus } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import { SetupNode, SourceNode, TargetNode } from '../tree.ts';

export interface Scope {
  setup: SetupStatus;
  paths?: string[];
  languages?: string[];
}

/** Options only the extension's tests may pass (ignored for any other caller). */
export interface TestOptions {
  /** false: no confirmation (tests answer through the prompter otherwise). */
  confirm?: boolean;
  /** Aborts the update as the user's Cancel would, once progress reaches this point. */
  cancelAt?: { phase: 'translate' | 'write'; done: number };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !(v instanceof vscode.Uri) && !Array.isArray(v) && !(v instanceof vscode.TreeItem);

export function testOptions(shortcuts: ArgumentShortcuts, args: readonly unknown[]): TestOptions {
  if (!shortcuts.enabled) return {};
  const found = args.find(isPlain);
  return found !== undefined ? (found as TestOptions) : {};
}

/** The scopes an invocation names, one per set-up; [] when the argument lies outside every set-up. */
export function scopesOf(state: LocalizationState, args: readonly unknown[]): Scope[] {
  const [arg, many] = args;
  if (arg instanceof TargetNode) {
    const setup = state.setupOf(arg.folder);
    return setup === undefined ? [] : [{ setup, paths: [arg.target.source], languages: [arg.target.lang] }];
  }
  if (arg instanceof SourceNode) {
    const setup = state.setupOf(arg.folder);
    return setup === undefined ? [] : [{ setup, paths: [arg.source] }];
  }
  if (arg instanceof SetupNode) return [{ setup: arg.setup }];
  const uris = Array.isArray(many) && many.every((u) => u instanceof vscode.Uri) && many.length > 0 ? (many as vscode.Uri[]) : arg instanceof vscode.Uri ? [arg] : undefined;
  if (uris === undefined) return state.all().filter((s) => s.report !== undefined).map((setup) => ({ setup }));
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

/** The engine's options for a scope. */
export function scopeOptions(s: Scope): { paths?: string[]; languages?: string[] } {
  return { ...(s.paths !== undefined ? { paths: s.paths } : {}), ...(s.languages !== undefined ? { languages: s.languages } : {}) };
}
