// The Account feature's view, receipts and webhook commands: their own bundle (dist/account-ui.js),
// loaded when the view is first shown or one of its commands first runs, so activation never
// parses them (see esbuild.mjs).
export { AccountView } from '../view.ts';
export { openReceipt, receiptContent } from '../receipts.ts';
export { webhookCommands } from '../webhooks.ts';
