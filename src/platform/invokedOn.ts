import * as vscode from 'vscode';

/**
 * What a command was invoked on, from the arguments VS Code passes from the Explorer or from a
 * tree view that allows several selected rows: `(clicked, selected)`. The selection when it holds
 * anything and all of it is of the wanted kind, else the clicked item; a list given as the first
 * argument (another extension, a keybinding's `args`) counts as a selection. Undefined when the
 * command was invoked on nothing of that kind (the Command Palette, a keybinding without `args`).
 */
export function invokedOn<T>(args: readonly unknown[], is: (v: unknown) => v is T): T[] | undefined {
  const [clicked, selected] = args;
  const list = (v: unknown): v is T[] => Array.isArray(v) && v.length > 0 && v.every(is);
  if (list(selected)) return selected;
  if (is(clicked)) return [clicked];
  if (list(clicked)) return clicked;
  return undefined;
}

export const isUri = (v: unknown): v is vscode.Uri => v instanceof vscode.Uri;

/** The files and folders an Explorer command was invoked on (see `invokedOn`). */
export const invokedOnUris = (args: readonly unknown[]): vscode.Uri[] | undefined => invokedOn(args, isUri);
