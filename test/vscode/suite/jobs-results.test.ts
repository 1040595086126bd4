// Jobs: older jobs paged back with `before` (Load older jobs), a job with several results (all of
// them offered by its notification), and one summary notification per Translate Files… run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { JobsSnapshot } from '../../../src/features/jobs/commands/snapshot.ts';
import type { DocTranslateExports } from '../../../src/extension.ts';
import { closeAllEditors, configureExtension, control, serviceGet, testEnv, testingHooks, until, answered } from './helpers.ts';

interface TranslateFilesResult {
  started: boolean;
  jobs?: { jobId: string; file: string; lang: string }[];
}
interface ApiJob {
  id: string;
  status: string;
  created_at: string;
}

const snapshot = async (): Promise<JobsSnapshot> => vscode.commands.executeCommand<JobsSnapshot>('_docTranslate.jobs.snapshot');

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const env = testEnv();
  const res = await fetch(`${env.baseUrl}${route}`, {
    method,
    headers: { 'X-API-Key': env.apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  assert.ok(res.ok, `${method} ${route}: ${res.status}`);
  return (await res.json()) as T;
}

function artifactTabs(): string[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .flatMap((t) => (t.input instanceof vscode.TabInputText && t.input.uri.scheme !== 'file' ? [path.posix.basename(t.input.uri.path)] : []));
}

describe('Jobs: older jobs, several results, one summary per run', function () {
  this.timeout(180_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  const dir = (): string => path.join(testEnv().workspace, 'jobs-results');

  before(async () => {
    await configureExtension();
    testing = await testingHooks();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
    fs.mkdirSync(dir(), { recursive: true });
    for (const name of ['a', 'b', 'c', 'd'])
      fs.writeFileSync(path.join(dir(), `${name}.md`), `# ${name.toUpperCase()}\n\nSome text to translate in ${name}.\n`);
    fs.writeFileSync(path.join(dir(), 'multi.md'), '# Multi\n\nOne source, several result files.\n');
    await vscode.commands.executeCommand('docTranslate.jobs.focus');
  });
  after(async () => {
    await control('POST', '/jobs-settings', { artifacts_per_job: 1 });
    await control('POST', '/settings', { job_speed: 1 });
    await closeAllEditors();
    fs.rmSync(dir(), { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('pages back with "Load older jobs" until every job the service lists is in the view; an older result opens', async () => {
    // More than one page (50) of jobs: 55 on one document, through the API.
    const doc = await (async () => {
      const run = await answered<TranslateFilesResult>(
        { confirm: 'Start' },
        'docTranslate.translateFiles',
        vscode.Uri.file(path.join(dir(), 'a.md')),
        [vscode.Uri.file(path.join(dir(), 'a.md'))],
        { targetLanguages: ['de'], outputMode: 'single' },
      );
      assert.equal(run.started, true);
      return (await serviceGet<{ document_id: string }>(`/jobs/${run.jobs![0]!.jobId}`)).document_id;
    })();
    const created: string[] = [];
    for (let i = 0; i < 55; i++) created.push((await api<ApiJob>('POST', '/jobs', { document_id: doc, target_lang: i % 2 === 0 ? 'fr' : 'es' })).id);
    await vscode.commands.executeCommand('docTranslate.jobs.refresh');
    const first = await snapshot();
    assert.ok(first.older !== undefined, 'a Load older jobs row after the newest 50');
    assert.equal(first.older.contextValue, 'jobs.loadOlder');
    assert.ok(!first.rows.some((r) => r.jobId === created[0]) || first.rows.length > 50, 'the oldest new job is not among the newest 50');
    let hasMore = true;
    for (let pages = 0; hasMore && pages < 100; pages++) {
      const result = await vscode.commands.executeCommand<{ loaded: number; jobs: number; hasMore: boolean }>('docTranslate.jobs.loadOlder');
      hasMore = result.hasMore;
    }
    const all: string[] = [];
    for (let before: string | undefined; ;) {
      const page = await serviceGet<{ items: ApiJob[]; has_more: boolean; next_before: string | null }>(
        `/jobs?limit=100${before !== undefined ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      all.push(...page.items.map((j) => j.id));
      if (!page.has_more || page.next_before === null) break;
      before = page.next_before;
    }
    const shown = await until('every listed job in the view', snapshot, (s) => s.older === undefined && all.every((id) => s.rows.some((r) => r.jobId === id)));
    assert.ok(shown.rows.length >= all.length);
    const requests = await control<{ requests: { path: string }[] }>('GET', '/requests?path_prefix=/api/v1/jobs');
    assert.ok(requests.requests.length > 0);
    // The oldest of the 55 is completed by now and opens like any other result.
    await until(
      'the oldest new job completed',
      () => serviceGet<ApiJob>(`/jobs/${created[0]!}`),
      (j) => j.status === 'completed',
    );
    await vscode.commands.executeCommand('docTranslate.jobs.refresh', undefined);
    const opened = await vscode.commands.executeCommand('docTranslate.jobs.openArtifact', { jobId: created[0] });
    assert.ok(opened !== undefined, "the older job's result opened");
  });

  it('a job with three results: its notification names all three and Open All opens them', async () => {
    await closeAllEditors();
    await control('POST', '/jobs-settings', { artifacts_per_job: 3 });
    const asked = testing.prompter.asked.length;
    const file = vscode.Uri.file(path.join(dir(), 'multi.md'));
    // Start on the cost question, then Open All on the notification when the job completes.
    const run = await answered<TranslateFilesResult>({ confirm: ['Start', 'Open All'] }, 'docTranslate.translateFiles', file, [file], {
      targetLanguages: ['de'],
      outputMode: 'single',
    });
    assert.equal(run.started, true);
    const jobId = run.jobs![0]!.jobId;
    await until(
      'the notification',
      async () => testing.prompter.asked.slice(asked),
      (q) => q.some((m) => m.includes('3 results')),
    );
    const message = testing.prompter.asked.slice(asked).find((m) => m.includes('3 results'))!;
    assert.match(message, /multi\.de\.md, multi\.de\.2\.md, multi\.de\.3\.md/);
    await until(
      'three result tabs',
      async () => artifactTabs(),
      (tabs) => ['multi.de.md', 'multi.de.2.md', 'multi.de.3.md'].every((n) => tabs.includes(n)),
    );
    const row = (await snapshot()).rows.find((r) => r.jobId === jobId)!;
    assert.deepEqual(
      row.children?.map((c) => c.label),
      ['multi.de.md', 'multi.de.2.md', 'multi.de.3.md'],
    );
    await control('POST', '/jobs-settings', { artifacts_per_job: 1 });
  });

  it('one Translate Files run of 24 jobs ends in one summary notification, not 24', async () => {
    const files = ['a', 'b', 'c', 'd'].map((n) => vscode.Uri.file(path.join(dir(), `${n}.md`)));
    const asked = testing.prompter.asked.length;
    const run = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', files[0], files, {
      targetLanguages: ['de', 'fr', 'es', 'it', 'ja', 'nl'],
      outputMode: 'single',
    });
    assert.equal(run.started, true);
    const ids = run.jobs!.map((j) => j.jobId);
    assert.equal(ids.length, 24);
    await until(
      'all 24 jobs completed in the view',
      snapshot,
      (s) => ids.every((id) => s.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed'),
      120_000,
    );
    // The summary comes when the last job ends, after any per-job notification would have.
    await until(
      'the summary',
      async () => testing.prompter.asked.slice(asked),
      (q) => q.some((m) => m.includes('all 24 translations are done')),
    );
    const told = testing.prompter.asked.slice(asked);
    assert.equal(told.filter((m) => m.includes('jobs-results/')).length, 1, `one notification for the run: ${JSON.stringify(told)}`);
    assert.ok(!told.some((m) => / translated to /.test(m)), 'no notification per job');
  });
});
