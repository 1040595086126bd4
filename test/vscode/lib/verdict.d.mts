// Types of verdict.mjs for the harness's unit tests (test/unit/harness/).
export function parseListeningPort(line: string): number | undefined;
export function workbenchUrl(o: { origin: string; folder?: string; extensionDevelopmentPath?: string; extensionTestsPath?: string }): string;
export function extensionHostCrashes(logText: string): string[];
export interface SuiteResultFile {
  passes: number;
  failures: number;
  pending?: number;
  tests: { title: string; state: string; error?: string }[];
}
export function parseResult(text: string | undefined): SuiteResultFile | undefined;
export function evaluateRun(o: {
  exitCode: number | null | undefined;
  resultText: string | undefined;
  serverLog: string | undefined;
  secrets?: (string | undefined)[];
  otherLogs?: string;
  timedOut?: boolean;
}): { pass: boolean; reasons: string[] };
export function formatConsoleArgs(values: unknown[]): { fromExtensionHost: boolean; level?: string; text: string };
export const EXTENSION_ID: string;
export function activatedInLog(logText: string, extensionId?: string): boolean;
