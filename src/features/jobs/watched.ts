import type * as vscode from 'vscode';
import { WorkspaceStateKey } from '../../platform/state.ts';

/** Ids of the jobs this workspace follows live (kept across windows, so the next one watches them again). */
export function watchedJobIds(state: vscode.Memento): string[] {
  const value = state.get<unknown>(WorkspaceStateKey.watchedJobs);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
