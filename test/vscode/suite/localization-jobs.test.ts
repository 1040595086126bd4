// Issue 11 in the Jobs view: file jobs of one Translate Files… run are one node, labelled by their
// path in the workspace folder; Save All Next to Source writes every result beside its source;
// Clear Finished removes ended jobs from the view.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { JobsSnapshot } from '../../../src/features/jobs/commands/snapshot.ts';
import { closeAllEditors, configureExtension, control, looksTranslated, testEnv, answered, until } from './helpers.ts';

const snapshot = (): Thenable<JobsSnapshot> => vscode.commands.executeCommand<JobsSnapshot>('_docTranslate.jobs.snapshot');
const abs = (rel: string): string => path.join(testEnv().workspace, rel);

describe('Jobs view runs (localization)', function () {
  this.timeout(120_000);
  const files = ['pkgs/alpha/README.md', 'pkgs/beta/README.md'];
  let ids: string[] = [];

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    for (const f of files) {
      fs.mkdirSync(path.dirname(abs(f)), { recursive: true });
      fs.writeFileSync(abs(f), `# ${f}\n\nThis package does one thing well and explains it here.\n`);
    }
  });

  after(async () => {
    await control('POST', '/settings', { job_speed: 1 });
    await closeAllEditors();
    fs.rmSync(abs('pkgs'), { recursive: true, force: true });
  });

  it('one run of two READMEs in two languages is one node whose four jobs show their paths', async () => {
    const uris = files.map((f) => vscode.Uri.file(abs(f)));
    const result = await answered<{ started: boolean; jobs?: { jobId: string }[] }>({ confirm: 'Start' }, 'docTranslate.translateFiles', uris[0], uris, {
      targetLanguages: ['de', 'fr'],
      outputMode: 'single',
    });
    assert.equal(result.started, true, JSON.stringify(result));
    ids = result.jobs!.map((j) => j.jobId);
    assert.equal(ids.length, 4);
    const s = await until(
      'the four jobs completed',
      snapshot,
      (v) => ids.every((id) => v.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed'),
      60_000,
    );
    const run = s.tree.find((r) => r.contextValue.startsWith('jobRun'));
    assert.ok(run, `a run node: ${JSON.stringify(s.tree.map((r) => r.label))}`);
    assert.equal(run.label, 'pkgs/ · 2 files → de, fr');
    assert.equal(run.description, '4 jobs: 4 completed');
    assert.equal(run.contextValue, 'jobRun.completed');
    assert.deepEqual(run.children!.map((c) => c.label).sort(), [...files, ...files].sort(), 'each job shows its path, not just README.md');
    for (const id of ids) assert.ok(!s.tree.some((r) => r.jobId === id), "the run's jobs are not also top-level rows");
  });

  it('Save All Next to Source on the run writes every result beside its source', async () => {
    const saved = await vscode.commands.executeCommand<{ saved: number }>('docTranslate.jobs.saveAllNextToSource', { jobIds: ids });
    assert.equal(saved.saved, 4);
    for (const f of files) {
      for (const lang of ['de', 'fr']) {
        const target = abs(path.join(path.dirname(f), lang, 'README.md'));
        assert.ok(fs.existsSync(target), target);
        assert.ok(looksTranslated(fs.readFileSync(target, 'utf8'), lang), `${target} holds the ${lang} translation`);
      }
    }
  });

  it('Clear Finished removes the ended jobs from the view (they stay on the service)', async () => {
    const cleared = await vscode.commands.executeCommand<number>('docTranslate.jobs.clearFinished', { jobIds: ids });
    assert.equal(cleared, 4);
    const s = await snapshot();
    for (const id of ids) assert.ok(!s.rows.some((r) => r.jobId === id), `job ${id} left the view`);
    assert.ok(!s.tree.some((r) => r.contextValue.startsWith('jobRun') && r.label.startsWith('pkgs/')));
    await vscode.commands.executeCommand('docTranslate.jobs.refresh');
    const again = await snapshot();
    for (const id of ids) assert.ok(!again.rows.some((r) => r.jobId === id), 'listing the service again does not bring them back');
  });
});
