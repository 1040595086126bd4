import type * as vscode from 'vscode';
import type { Logger } from '../api/index.ts';

/**
 * Adapts the "Doc Translate" LogOutputChannel to the client's Logger. The client redacts what it
 * logs; the editor layer adds nothing that could carry the key.
 */
export function outputLogger(channel: vscode.LogOutputChannel): Logger {
  return {
    trace: (msg) => channel.trace(msg),
    debug: (msg) => channel.debug(msg),
    info: (msg) => channel.info(msg),
    warn: (msg) => channel.warn(msg),
    error: (msg) => channel.error(msg),
  };
}
