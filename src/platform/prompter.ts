import * as vscode from 'vscode';

export interface ChooseOptions {
  modal?: boolean;
  detail?: string;
  severity?: 'info' | 'warning';
}

/**
 * Every question that protects money, files or secrets goes through here. In production it is a
 * plain VS Code message; under the extension's own tests (ExtensionMode.Test) the tests may queue
 * the answers instead of clicking a modal, and see what was asked. Nothing outside the tests can
 * reach the queue, so no caller can skip a question.
 */
export class Prompter {
  private readonly scripted: (string | undefined)[] = [];
  /** Questions asked in test mode (message text), newest last. */
  readonly asked: string[] = [];
  /** Their details, in the same order (what the user reads below the question). */
  readonly details: (string | undefined)[] = [];

  constructor(private readonly testMode: boolean) {}

  /** Test mode only: the answers the next questions get, in order (undefined = dismissed). */
  answerNext(...answers: (string | undefined)[]): void {
    if (!this.testMode) throw new Error('Scripted answers exist only under the extension tests.');
    this.scripted.push(...answers);
  }

  async choose(message: string, opts: ChooseOptions, ...choices: string[]): Promise<string | undefined> {
    if (this.testMode) {
      this.asked.push(message);
      this.details.push(opts.detail);
      if (this.scripted.length > 0) return this.scripted.shift();
    }
    const show = opts.severity === 'info' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    const options: vscode.MessageOptions = { modal: opts.modal ?? false, ...(opts.detail !== undefined ? { detail: opts.detail } : {}) };
    return show(message, options, ...choices);
  }
}

/**
 * Whether command arguments may stand in for the user's answer (a key, a URL, "no confirmation",
 * a save target). Only the extension's own tests may do that; for any other caller (another
 * extension, a keybinding with args) the user is asked as usual.
 */
export class ArgumentShortcuts {
  private allowed: boolean;

  constructor(private readonly testMode: boolean) {
    this.allowed = testMode;
  }

  get enabled(): boolean {
    return this.allowed;
  }

  /** Tests switch shortcuts off to see what any other caller gets. */
  set(allowed: boolean): void {
    if (!this.testMode && allowed) throw new Error('Argument shortcuts exist only under the extension tests.');
    this.allowed = allowed;
  }
}
