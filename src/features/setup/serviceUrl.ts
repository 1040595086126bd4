import * as vscode from 'vscode';
import { checkServiceUrl } from '../../shared/serviceUrl.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { SetServiceUrlResult } from './results.ts';

/** Set Service URL: writes the user (global) setting; optional argument: the URL. */
export function serviceUrlCommands(s: Pick<Platform, 'settings'>): Command[] {
  return [{ id: CommandId.setServiceUrl, run: (url?: unknown) => setServiceUrl(s, typeof url === 'string' ? url : undefined) }];
}

async function setServiceUrl(s: Pick<Platform, 'settings'>, given: string | undefined): Promise<SetServiceUrlResult> {
  const entered =
    given ??
    (await vscode.window.showInputBox({
      title: 'Doc Translate: Set Service URL',
      prompt: 'Address of the translation service, ending in /api/v1 (plain http only for 127.0.0.1 or localhost).',
      placeHolder: 'https://translate.example.com/api/v1',
      value: s.settings.rawBaseUrl,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const check = checkServiceUrl(value);
        return check.ok ? undefined : check.reason;
      },
    }));
  if (entered === undefined) return { saved: false, reason: 'cancelled' };
  const check = checkServiceUrl(entered);
  if (!check.ok) {
    void vscode.window.showErrorMessage(`Doc Translate: ${check.reason}`);
    return { saved: false, reason: 'invalid' };
  }
  await s.settings.setBaseUrl(check.url);
  return { saved: true, url: check.url };
}
