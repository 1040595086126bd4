// Shared state of one UI-test run: the harness opens one workbench and every *.test.mjs in this
// folder drives it through workbench().
let current;
let info = { mode: 'development', emulator: undefined, workspace: undefined, locale: 'en' };

export function setWorkbench(wb, runInfo) {
  current = wb;
  info = { ...info, ...runInfo };
}

/** @returns {import('./workbench.mjs').Workbench} */
export function workbench() {
  if (!current) throw new Error('UI tests run through the harness: node test/vscode/run.mjs --ui');
  return current;
}

/**
 * What the harness started: mode 'development' (extensionDevelopmentPath) or 'packaged' (.vsix
 * installed), the emulator ({ baseUrl, apiKey, controlUrl }), the workspace folder and the display
 * language (`locale`: 'en', or e.g. 'de' with run.mjs --ui --locale de).
 */
export function runInfo() {
  return info;
}
