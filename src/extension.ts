import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Composition root: filled in by the editor layer.
}

export function deactivate(): void {}
