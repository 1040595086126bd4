// Saving results into the workspace: every case of Save Next to Source ends as the user expects
// and nothing is lost (the platform's safe writer); command arguments never stand in for the
// user's answer when another caller uses them; the API key belongs to the service origin.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { JobsSnapshot } from '../../../src/features/jobs/commands/snapshot.ts';
import { closeAllEditors, configureExtension, control, looksTranslated, setGlobal, testEnv, testingHooks, answered, until } from './helpers.ts';

interface SaveResult {
  saved: boolean;
  how?: string;
  reason?: string;
  uri?: vscode.Uri;
}

const snapshot = async (): Promise<JobsSnapshot> => vscode.commands.executeCommand<JobsSnapshot>('_docTranslate.jobs.snapshot');

async function translateAndWait(file: vscode.Uri): Promise<string> {
  const result = await answered<{ started: boolean; jobs?: { jobId: string }[] }>({ confirm: 'Start' }, 'docTranslate.translateFiles', file, [file], {
    targetLanguages: ['de'],
    outputMode: 'single',
  });
  assert.equal(result.started, true, JSON.stringify(result));
  const id = result.jobs![0]!.jobId;
  await until(
    'the job completed',
    async () => !((await snapshot()).rows.find((r) => r.jobId === id)?.contextValue !== 'job.completed'),
    (done) => done,
    30_000,
  );
  return id;
}

const save = (jobId: string): Thenable<SaveResult> => vscode.commands.executeCommand<SaveResult>('docTranslate.jobs.saveNextToSource', { jobId });

describe('Safe writes into the workspace', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  let jobId: string;
  let target: string;
  const ws = (): string => testEnv().workspace;

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    testing = await testingHooks();
    assert.ok(testing, 'the extension exposes its test switches under ExtensionMode.Test');
    const source = path.join(ws(), 'safe', 'guide.md');
    fs.mkdirSync(path.dirname(source), { recursive: true });
    fs.writeFileSync(source, '# Guide\n\nRun the tool and read the output carefully.\n');
    jobId = await translateAndWait(vscode.Uri.file(source));
    target = path.join(ws(), 'safe', 'de', 'guide.md');
  });

  afterEach(async () => {
    await setGlobal('saveNextToSource.pattern', undefined);
    testing.settings.trustOverride = undefined;
    await closeAllEditors();
  });

  /** The question a write asks before replacing a file that differs (test c shows it). */
  const isOverwriteQuestion = (m: string): boolean => /already exists and differs/.test(m);

  it('(a) writes a new path and asks nothing', async () => {
    const asked = testing.prompter.asked.length;
    const saved = await save(jobId);
    assert.deepEqual([saved.saved, saved.how], [true, 'created']);
    assert.ok(looksTranslated(fs.readFileSync(target, 'utf8')), 'the translation was written');
    // No overwrite question (the job's own "translated" notification may arrive meanwhile).
    assert.deepEqual(testing.prompter.asked.slice(asked).filter(isOverwriteQuestion), [], 'no question for a new file');
    assert.deepEqual(
      fs.readdirSync(path.dirname(target)).filter((n) => n.includes('doc-translate-tmp')),
      [],
      'no temporary file stays',
    );
  });

  it('(b) leaves an identical file alone without asking', async () => {
    const asked = testing.prompter.asked.length;
    const saved = await save(jobId);
    assert.deepEqual([saved.saved, saved.how], [true, 'unchanged']);
    assert.deepEqual(testing.prompter.asked.slice(asked).filter(isOverwriteQuestion), []);
  });

  it('(c) never replaces an edited file without asking: Keep mine keeps it, Replace replaces it', async () => {
    fs.writeFileSync(target, 'My corrected translation.\n');
    testing.prompter.answerNext('Keep mine');
    const kept = await save(jobId);
    assert.deepEqual([kept.saved, kept.reason], [false, 'kept']);
    assert.match(testing.prompter.asked.at(-1)!, /already exists and differs/);
    assert.equal(fs.readFileSync(target, 'utf8'), 'My corrected translation.\n');
    testing.prompter.answerNext('Replace');
    const replaced = await save(jobId);
    assert.deepEqual([replaced.saved, replaced.how], [true, 'replaced']);
    assert.ok(looksTranslated(fs.readFileSync(target, 'utf8')));
  });

  it('(d) replaces a file open with unsaved edits as one undo step that brings the edits back', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(target));
    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'UNSAVED LINE\n'));
    const typed = doc.getText();
    assert.ok(doc.isDirty);
    testing.prompter.answerNext('Replace');
    const saved = await save(jobId);
    assert.deepEqual([saved.saved, saved.how], [true, 'replaced']);
    assert.match(testing.prompter.asked.at(-1)!, /unsaved changes/);
    assert.ok(!doc.getText().includes('UNSAVED LINE') && looksTranslated(doc.getText()));
    assert.equal(fs.readFileSync(target, 'utf8'), doc.getText(), 'saved to disk');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), typed, 'one undo restores the unsaved text');
  });

  it('(e) never writes over a folder', async () => {
    await setGlobal('saveNextToSource.pattern', '${dir}/${lang}');
    const before = fs.readdirSync(path.dirname(target));
    const saved = await save(jobId);
    assert.deepEqual([saved.saved, saved.reason], [false, 'folder']);
    assert.ok(fs.statSync(path.dirname(target)).isDirectory());
    assert.deepEqual(fs.readdirSync(path.dirname(target)), before, 'the folder and its files are intact');
  });

  it('(f) refuses a symbolic link that leads out of the workspace', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-translate-outside-'));
    fs.symlinkSync(outside, path.join(ws(), 'safe', 'fr'));
    await setGlobal('saveNextToSource.pattern', '${dir}/fr/${name}');
    const saved = await save(jobId);
    assert.deepEqual([saved.saved, saved.reason], [false, 'outsideWorkspace']);
    assert.deepEqual(fs.readdirSync(outside), [], 'nothing was written outside');
  });

  it('(g) refuses a source outside any workspace folder', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-translate-source-'));
    const source = path.join(outside, 'notes.md');
    fs.writeFileSync(source, 'Notes to translate.\n');
    const id = await translateAndWait(vscode.Uri.file(source));
    const saved = await save(id);
    assert.deepEqual([saved.saved, saved.reason], [false, 'noWorkspace']);
    assert.ok(!fs.existsSync(path.join(outside, 'de')), 'nothing was written next to it');
  });

  it('(h) ignores a workspace pattern in an untrusted workspace and contains a trusted one', async () => {
    const config = vscode.workspace.getConfiguration('docTranslate');
    await config.update('saveNextToSource.pattern', '../../escaped/${name}', vscode.ConfigurationTarget.Workspace);
    try {
      testing.settings.trustOverride = false;
      const untrusted = await save(jobId);
      assert.equal(untrusted.uri?.fsPath, target, 'the default pattern, not the workspace one');
      testing.settings.trustOverride = true;
      const trusted = await save(jobId);
      assert.deepEqual([trusted.saved, trusted.reason], [false, 'outsideWorkspace']);
      assert.ok(!fs.existsSync(path.join(ws(), '..', 'escaped')));
    } finally {
      await config.update('saveNextToSource.pattern', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('(i) an untrusted workspace chooses neither the engine, the source language nor the front-matter keys, and starts no localization update', async () => {
    const config = vscode.workspace.getConfiguration('docTranslate');
    await config.update('engine', 'workspace-chosen-engine', vscode.ConfigurationTarget.Workspace);
    await config.update('sourceLanguage', 'fr', vscode.ConfigurationTarget.Workspace);
    await config.update('frontMatterKeys', ['secret_notes'], vscode.ConfigurationTarget.Workspace);
    try {
      testing.settings.trustOverride = false;
      assert.equal(testing.settings.engine, 'xr-397b', 'the default, not the workspace value');
      assert.equal(testing.settings.sourceLanguage, 'auto');
      assert.deepEqual(testing.settings.frontMatterKeys, []);
      const update = await vscode.commands.executeCommand<{ started: boolean; reason?: string }>('docTranslate.localization.update');
      assert.deepEqual(update, { started: false, reason: 'untrusted' });
      testing.settings.trustOverride = true;
      assert.equal(testing.settings.engine, 'workspace-chosen-engine', 'a trusted workspace decides');
      assert.equal(testing.settings.sourceLanguage, 'fr');
    } finally {
      testing.settings.trustOverride = undefined;
      await config.update('engine', undefined, vscode.ConfigurationTarget.Workspace);
      await config.update('sourceLanguage', undefined, vscode.ConfigurationTarget.Workspace);
      await config.update('frontMatterKeys', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('a key passed by another caller is never stored without the user', async () => {
    const { prompter } = await testingHooks();
    const asked = prompter.askedKeys.length;
    // The key box is asked instead (the argument is ignored); the person closes it.
    prompter.script({ apiKey: undefined });
    const result = await vscode.commands.executeCommand<{ stored: boolean; reason?: string }>('docTranslate.setApiKey', 'sk_from_another_extension_0000');
    assert.deepEqual(result, { stored: false, reason: 'cancelled' });
    assert.deepEqual(prompter.askedKeys.slice(asked), ['apiKey']);
  });

  it('`confirm: false` from another caller does not skip the cost confirmation', async () => {
    testing.prompter.answerNext(undefined);
    const file = vscode.Uri.file(path.join(ws(), 'safe', 'guide.md'));
    const result = await vscode.commands.executeCommand<{ started: boolean; reason?: string }>('docTranslate.translateFiles', file, [file], {
      targetLanguages: ['de'],
      confirm: false,
    });
    assert.deepEqual(result, { started: false, reason: 'cancelled' });
    assert.match(testing.prompter.asked.at(-1)!, /^Translate guide\.md\?/);
  });

  it('the stored key is not sent to another service origin', async () => {
    const env = testEnv();
    await setGlobal('baseUrl', 'http://127.0.0.2:9/api/v1');
    try {
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'Hello there.' }));
      editor.selection = new vscode.Selection(0, 0, 0, 12);
      const result = await vscode.commands.executeCommand<{ applied: boolean; reason?: string }>('docTranslate.translateSelection', { mode: 'beside' });
      assert.deepEqual(result, { applied: false, reason: 'notConfigured' }, 'no key for the new origin');
    } finally {
      await setGlobal('baseUrl', env.baseUrl);
    }
    const balance = await vscode.commands.executeCommand<{ available: number } | undefined>('docTranslate.showBalance');
    assert.ok(balance !== undefined, 'the key of the original origin works again without re-entering it');
  });
});
