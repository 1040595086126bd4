import type * as vscode from 'vscode';

/**
 * What an object owns and must dispose with itself: disposed in reverse order of adding, each
 * one even if another throws; anything added after disposal is disposed at once.
 */
export class DisposableStore implements vscode.Disposable {
  private readonly items: vscode.Disposable[] = [];
  private disposed = false;

  constructor(...items: vscode.Disposable[]) {
    this.add(...items);
  }

  add(...items: vscode.Disposable[]): void {
    if (this.disposed) for (const d of items) d.dispose();
    else this.items.push(...items);
  }

  dispose(): void {
    this.disposed = true;
    const errors: unknown[] = [];
    for (const d of this.items.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}
