// Pure helpers of the harness (no I/O), unit-tested in test/unit/harness/.
import { format } from 'node:util';

/** Port from code-server's "HTTP server listening on http://127.0.0.1:PORT/" line, else undefined. */
export function parseListeningPort(line) {
  const m = /HTTP server listening on https?:\/\/127\.0\.0\.1:(\d+)\//.exec(line);
  return m ? Number(m[1]) : undefined;
}

/**
 * Workbench URL of code-server. Extension development and test paths are not server options in
 * code-server; the web workbench reads them from the `payload` parameter, as vscode-remote URIs
 * whose authority must be the page's own host:port.
 */
export function workbenchUrl({ origin, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const authority = new URL(origin).host;
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const params = new URLSearchParams();
  if (folder) params.set('folder', folder);
  if (payload.length) params.set('payload', JSON.stringify(payload));
  const query = params.toString();
  return `${origin}/${query ? `?${query}` : ''}`;
}

/** Lines of a server log that report an extension host ending with a non-zero code or a signal. */
export function extensionHostCrashes(logText) {
  const crashes = [];
  for (const line of logText.split('\n')) {
    const m = /Extension Host Process exited with code:?\s*(-?\d+|null)(?:,\s*signal:?\s*(\w+))?/i.exec(line);
    if (!m) continue;
    const code = m[1] === 'null' ? null : Number(m[1]);
    const signal = m[2] && m[2] !== 'null' ? m[2] : null;
    if ((code !== null && code !== 0) || signal) crashes.push(line.trim());
  }
  return crashes;
}

/**
 * Parses the result file written by test/vscode/suite/index.ts. Returns undefined when it is
 * missing or malformed (which is itself a failure: the suite did not finish).
 */
export function parseResult(text) {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    const r = JSON.parse(text);
    if (!r || !Number.isInteger(r.passes) || !Number.isInteger(r.failures) || !Array.isArray(r.tests)) return undefined;
    return r;
  } catch {
    return undefined;
  }
}

/**
 * The run passes only when all three witnesses agree: the workbench's exit code, the suite's own
 * result file, and a server log without a crashed extension host.
 * @returns {{ pass: boolean, reasons: string[] }}
 */
export function evaluateRun({ exitCode, resultText, serverLog, timedOut = false, secrets = [], otherLogs = '' }) {
  const reasons = [];
  // Canary: the API key handed to the extension host must never reach a log, the browser
  // console or the suite's own report.
  const haystack = `${serverLog ?? ''}\n${otherLogs}\n${resultText ?? ''}`;
  for (const secret of secrets) {
    if (secret && haystack.includes(secret)) reasons.push('the API key appears in the logs or the result file');
  }
  if (timedOut) reasons.push('timed out before the suite finished');
  if (exitCode === undefined || exitCode === null) reasons.push('the workbench never reported an exit code');
  else if (exitCode !== 0) reasons.push(`exit code ${exitCode}`);
  const result = parseResult(resultText);
  if (!result) reasons.push('the suite wrote no result file (did the extension host die mid-run?)');
  else {
    if (result.failures > 0) reasons.push(`${result.failures} test(s) failed`);
    if (result.passes === 0) reasons.push('no test passed (empty suite or everything skipped)');
  }
  for (const line of extensionHostCrashes(serverLog ?? '')) reasons.push(`extension host crashed: ${line}`);
  return { pass: reasons.length === 0, reasons };
}

/**
 * Text of a page console message. Extension-host output reaches the page as
 * ('%c LEVEL', 'css', fmt, ...args); this strips the styling and applies the format.
 * @returns {{ fromExtensionHost: boolean, level?: string, text: string }}
 */
export function formatConsoleArgs(values) {
  if (values.length >= 2 && typeof values[0] === 'string' && values[0].startsWith('%c') && typeof values[1] === 'string') {
    const level = values[0].slice(2).trim();
    const rest = values.slice(2);
    return { fromExtensionHost: true, level, text: rest.length ? format(...rest) : '' };
  }
  return { fromExtensionHost: false, text: format(...values) };
}

export const EXTENSION_ID = 'doc-translate.doc-translate';

/** True when an extension-host log shows the extension activated, and no activation failure. */
export function activatedInLog(logText, extensionId = EXTENSION_ID) {
  const id = extensionId.replace(/\./g, '\\.');
  return new RegExp(`_doActivateExtension ${id}[,\\s]`).test(logText) && !new RegExp(`Activating extension '?${id}'? failed`, 'i').test(logText);
}
