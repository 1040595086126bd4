// Shared state of one UI-test run: the harness opens one workbench and every *.test.mjs in this
// folder drives it through workbench().
let current;
let info = { mode: 'development', emulator: undefined, workspace: undefined };

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
 * installed), the emulator ({ baseUrl, apiKey, controlUrl }) and the workspace folder.
 */
export function runInfo() {
  return info;
}
