import * as vscode from 'vscode';
import type { Prompter } from '../../platform/prompter.ts';
import { webhookUrlProblem } from './model.ts';

type Ask = Pick<Prompter, 'input' | 'pick'>;

export async function askUrl(prompter: Ask, value = ''): Promise<string | undefined> {
  const url = await prompter.input('url', {
    title: vscode.l10n.t('Doc Translate: webhook URL'),
    prompt: vscode.l10n.t('Where the service POSTs an event when a translation job ends. It must be reachable from the service; HTTPS is recommended.'),
    placeHolder: 'https://hooks.example.com/doc-translate',
    value,
    ignoreFocusOut: true,
    validateInput: webhookUrlProblem,
  });
  return url?.trim();
}

export async function askEvents(prompter: Ask, current: readonly string[] = ['job.completed']): Promise<string[] | undefined> {
  const all = current.includes('*');
  const picked = await prompter.pick(
    'events',
    [
      {
        label: 'job.completed',
        description: all ? '' : vscode.l10n.t('current'),
        detail: vscode.l10n.t('When a translation job ends, completed or failed.'),
        events: ['job.completed'],
      },
      {
        label: vscode.l10n.t('All events (*)'),
        description: all ? vscode.l10n.t('current') : '',
        detail: vscode.l10n.t('Every event kind, including kinds the service adds later.'),
        events: ['*'],
      },
    ],
    { title: vscode.l10n.t('Doc Translate: which events?') },
  );
  return picked?.events;
}
