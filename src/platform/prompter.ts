import * as vscode from 'vscode';

export interface ChooseOptions {
  modal?: boolean;
  detail?: string;
  severity?: 'info' | 'warning';
}

/** A scripted answer: a value, or nothing (the person dismissed the question). */
type Scripted = { value: unknown };

/**
 * Every question the extension asks a person goes through here: confirmations (`choose`), typed
 * values (`input`), picks (`pick`, `pickMany`) and file dialogs (`openDialog`, `saveDialog`). In
 * production each is the plain VS Code control. Under the extension's own tests
 * (ExtensionMode.Test) the tests may script the answers, and see what was asked and offered: the
 * confirmations in order (`answerNext`), every other question by its key (`script`). Nothing
 * outside the tests can reach the script, and no command argument stands in for an answer, so no
 * caller can skip a question.
 */
export class Prompter {
  private readonly scripted: (string | undefined)[] = [];
  private readonly keyed = new Map<string, Scripted[]>();
  /** Questions asked in test mode (message text), newest last. */
  readonly asked: string[] = [];
  /** Their details, in the same order (what the user reads below the question). */
  readonly details: (string | undefined)[] = [];
  /** Keys of the questions asked in test mode (input, pick, dialogs), newest last. */
  readonly askedKeys: string[] = [];
  /** What input boxes said to scripted answers they refused (test mode), newest last. */
  readonly refusals: string[] = [];
  /** What the last pick of each key offered (test mode). */
  private readonly offers = new Map<string, readonly vscode.QuickPickItem[]>();

  constructor(private readonly testMode: boolean) {}

  /** Test mode only: the answers the next confirmations get, in order (undefined = dismissed). */
  answerNext(...answers: (string | undefined)[]): void {
    this.testOnly();
    this.scripted.push(...answers);
  }

  /**
   * Test mode only: answers by question key (`{ name: 'x', targetLang: 'de' }`); a key asked
   * more than once gets answers in turn when given as `{ key: { each: [...] } }`. A pick's answer
   * is an item's label, the value of one of its fields (one level deep; compared as JSON), or its
   * index; `undefined` dismisses the question.
   */
  script(answers: Readonly<Record<string, unknown>>): void {
    this.testOnly();
    for (const [key, value] of Object.entries(answers)) {
      const each =
        typeof value === 'object' && value !== null && 'each' in value && Array.isArray((value as { each: unknown }).each)
          ? (value as { each: unknown[] }).each
          : [value];
      this.keyed.set(key, [...(this.keyed.get(key) ?? []), ...each.map((v) => ({ value: v }))]);
    }
  }

  /** Test mode only: the scripted keys no question took, and forgets them (confirmations queued with `answerNext` stay). */
  unasked(): string[] {
    this.testOnly();
    const left = [...this.keyed.keys()];
    this.keyed.clear();
    return left;
  }

  /** Test mode only: the items the last pick of this key offered. */
  offered(key: string): readonly vscode.QuickPickItem[] | undefined {
    this.testOnly();
    return this.offers.get(key);
  }

  async choose(message: string, opts: ChooseOptions, ...choices: string[]): Promise<string | undefined> {
    if (this.testMode) {
      this.asked.push(message);
      this.details.push(opts.detail);
      if (this.scripted.length > 0) return this.scripted.shift();
    }
    const show = opts.severity === 'info' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    const options: vscode.MessageOptions = { modal: opts.modal ?? false, detail: opts.detail };
    return show(message, options, ...choices);
  }

  /**
   * A typed value. A scripted one goes through the box's own validation: one it refuses is
   * recorded in `refusals` and the question ends unanswered, as when a person gives up on it.
   */
  async input(key: string, options: vscode.InputBoxOptions): Promise<string | undefined> {
    const s = this.take(key);
    if (s === undefined) return vscode.window.showInputBox(options);
    if (s.value === undefined) return undefined;
    const value = String(s.value);
    const refused = await options.validateInput?.(value);
    if (refused) {
      this.refusals.push(typeof refused === 'string' ? refused : refused.message);
      return undefined;
    }
    return value;
  }

  async pick<T extends vscode.QuickPickItem>(
    key: string,
    items: readonly T[] | Thenable<readonly T[]>,
    options: vscode.QuickPickOptions = {},
  ): Promise<T | undefined> {
    const s = this.take(key);
    if (s === undefined) return vscode.window.showQuickPick(items, { ...options, canPickMany: false });
    const list = await items;
    this.offers.set(key, list);
    return s.value === undefined ? undefined : this.match(key, list, s.value);
  }

  async pickMany<T extends vscode.QuickPickItem>(
    key: string,
    items: readonly T[] | Thenable<readonly T[]>,
    options: vscode.QuickPickOptions = {},
  ): Promise<T[] | undefined> {
    const s = this.take(key);
    if (s === undefined) return vscode.window.showQuickPick(items, { ...options, canPickMany: true });
    const list = await items;
    this.offers.set(key, list);
    if (s.value === undefined) return undefined;
    return (Array.isArray(s.value) ? s.value : [s.value]).map((v) => this.match(key, list, v));
  }

  /** A scripted answer is a Uri, a path or a list of them. */
  async openDialog(key: string, options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    const s = this.take(key);
    if (s === undefined) return vscode.window.showOpenDialog(options);
    if (s.value === undefined) return undefined;
    return (Array.isArray(s.value) ? s.value : [s.value]).map(toUri);
  }

  async saveDialog(key: string, options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    const s = this.take(key);
    if (s === undefined) return vscode.window.showSaveDialog(options);
    return s.value === undefined ? undefined : toUri(s.value);
  }

  /**
   * The scripted answer to a control this class does not wrap (a live quick pick that searches
   * as the person types): the caller then skips showing it. Undefined outside the tests.
   */
  scriptedAnswer(key: string): Scripted | undefined {
    return this.take(key);
  }

  private take(key: string): Scripted | undefined {
    if (!this.testMode) return undefined;
    this.askedKeys.push(key);
    const queue = this.keyed.get(key);
    const next = queue?.shift();
    if (queue?.length === 0) this.keyed.delete(key);
    return next;
  }

  private match<T extends vscode.QuickPickItem>(key: string, items: readonly T[], answer: unknown): T {
    const wanted = JSON.stringify(answer);
    const found =
      typeof answer === 'number' ? items[answer] : items.find((item) => item.label === answer || fieldsOf(item).some((v) => JSON.stringify(v) === wanted));
    if (found === undefined) throw new Error(`Scripted answer ${wanted} to "${key}" matches none of: ${items.map((i) => i.label).join(', ')}`);
    return found;
  }

  private testOnly(): void {
    if (!this.testMode) throw new Error('Scripted answers exist only under the extension tests.');
  }
}

/** An item's field values, and those of its plain-object fields (`record.id`); arrays count whole. */
function fieldsOf(item: object): unknown[] {
  return Object.values(item).flatMap((v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof vscode.Uri) ? [v, ...Object.values(v)] : [v],
  );
}

function toUri(value: unknown): vscode.Uri {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string') return vscode.Uri.file(value);
  throw new Error(`A scripted file answer must be a Uri or a path, not ${JSON.stringify(value)}.`);
}
