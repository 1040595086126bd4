// Read-only pages of the conflicts shown by Show Conflict (scheme doc-translate-conflict).
import * as vscode from 'vscode';

export const CONFLICT_SCHEME = 'doc-translate-conflict';

/** The pages by path; a page shown again is replaced (its editor updates). */
export class ConflictPages implements vscode.TextDocumentContentProvider {
  private readonly pages = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(key: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: CONFLICT_SCHEME, path: `/${key}.md` });
    this.pages.set(uri.path, text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.pages.get(uri.path) ?? '';
  }
}
