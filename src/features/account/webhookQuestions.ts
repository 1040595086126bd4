import * as vscode from 'vscode';
import { webhookUrlProblem } from './model.ts';

/** Answers the extension's tests may pass instead of the questions (ArgumentShortcuts). */
export interface WebhookAnswers {
  url?: string;
  events?: string[];
  description?: string;
  /** Add only: generate a signing secret. */
  secret?: boolean;
}

export async function askUrl(value = ''): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Translate: webhook URL'),
    prompt: vscode.l10n.t('Where the service POSTs an event when a translation job ends. It must be reachable from the service; HTTPS is recommended.'),
    placeHolder: 'https://hooks.example.com/doc-translate',
    value,
    ignoreFocusOut: true,
    validateInput: webhookUrlProblem,
  });
  return url?.trim();
}

export async function askEvents(current: readonly string[] = ['job.completed']): Promise<string[] | undefined> {
  const all = current.includes('*');
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'job.completed', description: all ? '' : vscode.l10n.t('current'), detail: vscode.l10n.t('When a translation job ends, completed or failed.'), events: ['job.completed'] },
      { label: vscode.l10n.t('All events (*)'), description: all ? vscode.l10n.t('current') : '', detail: vscode.l10n.t('Every event kind, including kinds the service adds later.'), events: ['*'] },
    ],
    { title: vscode.l10n.t('Doc Translate: which events?') },
  );
  return picked?.events;
}
