import type * as vscode from 'vscode';
import type { Logger } from '../api/index.ts';
import { maskKnownSecrets } from '../shared/secretValues.ts';

/**
 * Adapts the "Doc Translate" LogOutputChannel to the client's Logger. The client redacts what it
 * logs; every line, the editor's own included, also has the secret values held in memory (the
 * key, webhook secrets, share and link tokens) masked here.
 */
export function outputLogger(channel: vscode.LogOutputChannel): Logger {
  return {
    trace: (msg) => channel.trace(maskKnownSecrets(msg)),
    debug: (msg) => channel.debug(maskKnownSecrets(msg)),
    info: (msg) => channel.info(maskKnownSecrets(msg)),
    warn: (msg) => channel.warn(maskKnownSecrets(msg)),
    error: (msg) => channel.error(maskKnownSecrets(msg)),
  };
}
