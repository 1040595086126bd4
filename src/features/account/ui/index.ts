// The Account feature's view, receipts and webhook commands: their own bundle (dist/account-ui.js),
// loaded when the view is first shown or one of its commands first runs, so activation never
// parses them (see esbuild.mjs).
import * as vscode from 'vscode';
import { setTranslator } from '../../../platform/l10n.ts';

// This bundle carries its own copy of the pure modules' translator: point it at VS Code's as well.
setTranslator(vscode.l10n.t as Parameters<typeof setTranslator>[0]);

export { AccountView } from '../view.ts';
export { openReceipt, receiptContent } from '../receipts.ts';
export { webhookCommands } from '../webhooks.ts';
