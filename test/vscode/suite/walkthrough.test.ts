// The walkthrough's steps complete on the real events: each step's completion event is a context
// key the extension sets only when the thing happened (a URL in settings, a key stored, a selection
// and a document translated, files sent as jobs), never when the command was merely run. The keys
// are remembered in globalState, so a step done before the page is opened shows as done.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import { closeAllEditors, configureExtension, EXTENSION_ID, lineRange, openWorkspaceFile, select, testEnv, answered, until } from './helpers.ts';

interface Step {
  id: string;
  completionEvents?: string[];
}

function steps(): Step[] {
  const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { walkthroughs?: { id: string; steps: Step[] }[] } };
  const w = pkg.contributes?.walkthroughs?.find((x) => x.id === 'docTranslate.welcome');
  assert.ok(w, 'the walkthrough is contributed');
  return w.steps;
}

function contextKeyOf(stepId: string): string {
  const events = steps().find((s) => s.id === stepId)?.completionEvents ?? [];
  assert.equal(events.length, 1, `${stepId} completes on one event`);
  const m = /^onContext:(.+)$/.exec(events[0]!);
  assert.ok(m, `${stepId} completes on a context key: ${events[0]}`);
  return m[1]!;
}

function value(key: string): unknown {
  const t = vscode.extensions.getExtension<DocTranslateExports>(EXTENSION_ID)?.exports.testing;
  assert.ok(t);
  return t.contextKeys.value(key as never);
}

/** Context keys follow their events (a stored key is announced asynchronously). */
async function becomes(key: string, expected: unknown, what: string): Promise<void> {
  await until(
    `${what}: ${key} is ${String(value(key))}`,
    async () => !(value(key) !== expected),
    (done) => done,
    10_000,
  );
}

describe('Walkthrough', function () {
  this.timeout(90_000);
  afterEach(closeAllEditors);

  it('has the five steps in order, each completing on a context key', () => {
    assert.deepEqual(
      steps().map((s) => s.id),
      ['serviceUrl', 'apiKey', 'translateSelection', 'translateDocument', 'localizeFolder'],
    );
    for (const s of steps()) contextKeyOf(s.id);
  });

  it('completes each step only when the real thing succeeded', async () => {
    const urlKey = contextKeyOf('serviceUrl');
    // Earlier suites of the same run reached these milestones: start this window's record afresh.
    const t = vscode.extensions.getExtension<DocTranslateExports>(EXTENSION_ID)!.exports.testing!;
    for (const s of steps()) t.contextKeys.set(contextKeyOf(s.id) as never, false);
    // The extension's configuration listener was registered first, so it has run when this one is
    // called; an unchanged value fires no event and changes nothing.
    const config = vscode.workspace.getConfiguration('docTranslate');
    if (config.inspect<string>('baseUrl')?.globalValue !== testEnv().baseUrl) {
      const seen = new Promise<void>((resolve) => {
        const listener = vscode.workspace.onDidChangeConfiguration((e) => {
          if (!e.affectsConfiguration('docTranslate.baseUrl')) return;
          listener.dispose();
          resolve();
        });
      });
      await config.update('baseUrl', testEnv().baseUrl, vscode.ConfigurationTarget.Global);
      await seen;
    }
    // VS Code's walkthrough never completes a step whose context key was already true when it
    // registered the walkthrough, so a URL only present in settings does not set the key: saving it does.
    assert.notEqual(value(urlKey), true, 'a URL only present in settings does not complete the step');
    const saved = await answered<{ saved: boolean }>({ serviceUrl: testEnv().baseUrl }, 'docTranslate.setServiceUrl');
    assert.equal(saved.saved, true);
    await configureExtension();
    await becomes(urlKey, true, 'service URL saved');
    await becomes(contextKeyOf('apiKey'), true, 'API key stored');

    // A selection that is not there does not complete the step.
    const selectionKey = contextKeyOf('translateSelection');
    const before = value(selectionKey);
    const editor = await openWorkspaceFile('walkthrough.md', '# Walkthrough\n\nA paragraph to translate.\n');
    select(editor, [0, 0, 0, 0]);
    const nothing = await vscode.commands.executeCommand<{ applied: boolean }>('docTranslate.translateSelection', { mode: 'replace' });
    assert.equal(nothing.applied, false);
    assert.equal(value(selectionKey), before, 'no selection: the step is not completed by this run');
    select(editor, lineRange(editor, 2));
    const done = await vscode.commands.executeCommand<{ applied: boolean }>('docTranslate.translateSelection', { mode: 'replace' });
    assert.equal(done.applied, true);
    assert.equal(value(selectionKey), true);

    const doc = await vscode.commands.executeCommand<{ applied: boolean }>('docTranslate.translateDocument', editor.document.uri);
    assert.equal(doc.applied, true);
    assert.equal(value(contextKeyOf('translateDocument')), true);

    const folderKey = contextKeyOf('localizeFolder');
    const file = vscode.Uri.file(path.join(testEnv().workspace, 'walkthrough-folder', 'page.md'));
    fs.mkdirSync(path.dirname(file.fsPath), { recursive: true });
    fs.writeFileSync(file.fsPath, '# Page\n\nText.\n');
    const started = await answered<{ started: boolean }>({ confirm: 'Start' }, 'docTranslate.translateFiles', file, [file], {
      targetLanguages: ['de'],
      outputMode: 'single',
    });
    assert.equal(started.started, true, JSON.stringify(started));
    assert.equal(value(folderKey), true);
  });
});
