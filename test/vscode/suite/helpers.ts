// Shared helpers of the extension-host suites: environment, emulator control API, documents.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import { until as untilCheck } from '../../unit/support/until.mjs';

export const EXTENSION_ID = 'doc-translate.doc-translate';

export interface TestEnv {
  baseUrl: string;
  apiKey: string;
  controlUrl: string;
  workspace: string;
}

export function testEnv(): TestEnv {
  const get = (name: string): string => {
    const value = process.env[name];
    assert.ok(value, `${name} must be set by the harness`);
    return value;
  };
  return {
    baseUrl: get('DOC_TRANSLATE_TEST_BASE_URL'),
    apiKey: get('DOC_TRANSLATE_TEST_API_KEY'),
    controlUrl: get('DOC_TRANSLATE_TEST_CONTROL_URL'),
    workspace: process.env.DOC_TRANSLATE_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '',
  };
}

/** Calls the emulator's control API and returns the parsed JSON body. */
export async function control<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${testEnv().controlUrl}${route}`, {
    method,
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  assert.ok(res.ok, `control ${method} ${route} answered ${res.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  auth: string;
}

export async function requestsSeen(pathPrefix = '/api/v1/'): Promise<LoggedRequest[]> {
  const body = await control<{ requests: LoggedRequest[] }>('GET', `/requests?path_prefix=${encodeURIComponent(pathPrefix)}`);
  return body.requests;
}

export async function clearRequests(): Promise<void> {
  await control('DELETE', '/requests');
}

export async function clearFaults(): Promise<void> {
  await control('DELETE', '/faults');
}

/** The service URL (user setting) and the key (via the command) set to the harness's emulator. */
export async function configureExtension(): Promise<void> {
  const env = testEnv();
  const config = vscode.workspace.getConfiguration('docTranslate');
  if (config.inspect<string>('baseUrl')?.globalValue !== env.baseUrl) {
    const saved = await answered<{ saved: boolean }>({ serviceUrl: env.baseUrl }, 'docTranslate.setServiceUrl');
    assert.equal(saved.saved, true);
  }
  assert.equal(vscode.workspace.getConfiguration('docTranslate').inspect<string>('baseUrl')?.globalValue, env.baseUrl);
  const stored = await answered<{ stored: boolean }>({ apiKey: env.apiKey }, 'docTranslate.setApiKey');
  assert.deepEqual(stored, { stored: true });
}

export async function setGlobal(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('docTranslate').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Writes a file into the test workspace (a fresh copy per run) and opens it in an editor. */
export async function openWorkspaceFile(relative: string, content: string): Promise<vscode.TextEditor> {
  const file = path.join(testEnv().workspace, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  return vscode.window.showTextDocument(doc, { preview: false });
}

export function select(editor: vscode.TextEditor, ...ranges: [number, number, number, number][]): void {
  editor.selections = ranges.map(([l1, c1, l2, c2]) => new vscode.Selection(l1, c1, l2, c2));
}

/** Selects the whole of line `line` (without its line break). */
export function lineRange(editor: vscode.TextEditor, line: number): [number, number, number, number] {
  return [line, 0, line, editor.document.lineAt(line).text.length];
}

function openTabCount(): number {
  return vscode.window.tabGroups.all.reduce((n, g) => n + g.tabs.length, 0);
}

/** Reverts and closes every editor, so untitled translations never raise a save prompt. */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 50 && openTabCount() > 0; i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    if (vscode.window.activeTextEditor === undefined && openTabCount() > 0) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  }
}

export function documentFor(uri: vscode.Uri): vscode.TextDocument {
  const doc = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === uri.toString());
  assert.ok(doc, `document ${uri.toString()} is open`);
  return doc;
}

/** Pseudo-translation of the emulator: a `[lang] ` marker and accented Latin letters. */
export function looksTranslated(text: string, lang = 'de'): boolean {
  return text.includes(`${lang.toUpperCase()}· `) && /[áéíóúüöç]/i.test(text);
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  await untilCheck(check, { what, timeoutMs, intervalMs: 50 });
}

/** A request to the service API with the test key: asserts success, returns the JSON body (undefined when empty). */
export async function serviceApi<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
  const env = testEnv();
  const res = await fetch(`${env.baseUrl}${route}`, {
    method,
    headers: { 'x-api-key': env.apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${route}: ${res.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A GET of the service API with the test key. */
export function serviceGet<T>(route: string): Promise<T> {
  return serviceApi<T>('GET', route);
}

/** Presign, PUT, finalize straight against the emulator (the test's own upload, not the editor's); the document id. */
export async function uploadDirect(name: string, content: Buffer | string): Promise<string> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const p = await serviceApi<{ document_id: string; upload_url: string; upload_headers: Record<string, string>; finalize_token: string }>(
    'POST',
    '/upload/presign',
    { filename: name, file_size: bytes.length },
  );
  const put = await fetch(p.upload_url, { method: 'PUT', headers: p.upload_headers, body: new Uint8Array(bytes) });
  assert.equal(put.status, 200);
  await serviceApi('POST', '/upload/finalize', { finalize_token: p.finalize_token });
  return p.document_id;
}

/** Writes a file into the test workspace (a fresh copy per run). */
export function writeWorkspaceFile(relative: string, content: Buffer | string): vscode.Uri {
  const file = path.join(testEnv().workspace, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return vscode.Uri.file(file);
}

/** Reads until `ok` holds (every 250 ms), failing with the last value after `timeoutMs`: the tests' one `until` underneath. */
export async function until<T>(what: string, read: () => PromiseLike<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  let last: T | undefined;
  await untilCheck(
    async () => {
      last = await read();
      return ok(last);
    },
    { what: () => `${what}: ${String(JSON.stringify(last)).slice(0, 1000)}`, timeoutMs, intervalMs: 250 },
  );
  return last as T;
}

/** Waits until a request under `pathPrefix` has reached the emulator and is not answered yet: a barrier instead of a sleep. */
export async function inFlight(pathPrefix: string): Promise<void> {
  await until(
    `a request to ${pathPrefix} in flight`,
    () => requestsSeen(pathPrefix),
    (seen) => seen.some((r) => r.status === 0),
  );
}

/** The extension's test hooks (the scripted prompter), activating it if needed. */
export async function testingHooks(): Promise<NonNullable<DocTranslateExports['testing']>> {
  const testing = (await vscode.extensions.getExtension<DocTranslateExports>(EXTENSION_ID)!.activate()).testing;
  assert.ok(testing, 'the extension runs in test mode');
  return testing;
}

/**
 * Runs a command with the person's answers scripted by question key (`{ name: 'x' }`), as a
 * person would type or pick them, and `confirm` the buttons pressed on its confirmations in order
 * (`{ confirm: 'Start' }`, queued as `answerNext` does: a notification after the command may take
 * the next one); keyed answers no question took are dropped afterwards.
 */
export async function answered<T = unknown>(answers: Record<string, unknown>, id: string, ...args: unknown[]): Promise<T> {
  const { prompter } = await testingHooks();
  const { confirm, ...keyed } = answers;
  if (confirm !== undefined) prompter.answerNext(...(Array.isArray(confirm) ? (confirm as (string | undefined)[]) : [confirm as string]));
  prompter.script(keyed);
  try {
    return await vscode.commands.executeCommand<T>(id, ...args);
  } finally {
    prompter.unasked();
  }
}
