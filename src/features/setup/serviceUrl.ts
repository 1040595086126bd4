import * as vscode from 'vscode';
import { checkServiceUrl } from '../../shared/serviceUrl.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { SetServiceUrlResult } from './results.ts';

type UrlDeps = Pick<Platform, 'settings' | 'prompter' | 'keys'>;

/** Set Service URL; a URL passed as an argument is only proposed in the input box. */
export function serviceUrlCommands(s: UrlDeps): Command[] {
  return [{ id: CommandId.setServiceUrl, run: (url?: unknown) => setServiceUrl(s, typeof url === 'string' ? url : undefined) }];
}

async function setServiceUrl(s: UrlDeps, given: string | undefined): Promise<SetServiceUrlResult> {
  const entered = await s.prompter.input('serviceUrl', {
    title: vscode.l10n.t('Doc Translate: Set Service URL'),
    prompt: vscode.l10n.t('Address of the translation service, ending in /api/v1 (plain http only for 127.0.0.1 or localhost).'),
    placeHolder: 'https://translate.example.com/api/v1',
    value: given ?? s.settings.rawBaseUrl,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const check = checkServiceUrl(value);
      return check.ok ? undefined : check.reason;
    },
  });
  if (entered === undefined) return { saved: false, reason: 'cancelled' };
  const check = checkServiceUrl(entered);
  if (!check.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', check.reason));
    return { saved: false, reason: 'invalid' };
  }
  await s.settings.setBaseUrl(check.url);
  // Keys are stored per service origin: a new host has none until the user gives one.
  if ((await s.keys.get()) === undefined) {
    const setKey = vscode.l10n.t('Set API Key');
    void Promise.resolve(
      vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the service is now {0}. Set the API key for it.', check.url), setKey),
    ).then((picked) => {
      if (picked === setKey) void vscode.commands.executeCommand(CommandId.setApiKey);
    });
  }
  return { saved: true, url: check.url };
}
