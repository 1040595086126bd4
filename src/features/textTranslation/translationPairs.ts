import * as vscode from 'vscode';
import { ContextKey } from '../../shared/ids.ts';
import type { ContextKeys } from '../../platform/contextKeys.ts';

export interface TranslationPair {
  source: vscode.Uri;
  translation: vscode.Uri;
}

/**
 * Remembers which tab holds the translation of which source, so Show Translation Diff can pair
 * them. A pair is forgotten when its translation document closes.
 */
export class TranslationPairs implements vscode.Disposable {
  private readonly pairs = new Map<string, TranslationPair>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly contextKeys: ContextKeys) {
    this.subscription = vscode.workspace.onDidCloseTextDocument((doc) => {
      const key = doc.uri.toString();
      for (const [source, pair] of this.pairs) {
        if (pair.translation.toString() === key) this.pairs.delete(source);
      }
      this.updateContext();
    });
    this.updateContext();
  }

  remember(source: vscode.Uri, translation: vscode.Uri): void {
    this.pairs.set(source.toString(), { source, translation });
    this.updateContext();
  }

  /** The pair that `uri` belongs to, as source or as translation. */
  find(uri: vscode.Uri): TranslationPair | undefined {
    const key = uri.toString();
    const bySource = this.pairs.get(key);
    if (bySource !== undefined) return bySource;
    for (const pair of this.pairs.values()) {
      if (pair.translation.toString() === key) return pair;
    }
    return undefined;
  }

  latest(): TranslationPair | undefined {
    let last: TranslationPair | undefined;
    for (const pair of this.pairs.values()) last = pair;
    return last;
  }

  dispose(): void {
    this.subscription.dispose();
    this.pairs.clear();
  }

  private updateContext(): void {
    this.contextKeys.set(ContextKey.hasTranslations, this.pairs.size > 0);
  }
}
