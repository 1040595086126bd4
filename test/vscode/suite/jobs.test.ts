// Translate Files and the Jobs view end to end against the emulator: four jobs from two files in
// two languages, shown in the view and completing; a result opened as a read-only tab, saved next
// to its source; a queued job cancelled; the status bar while jobs run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { JobsSnapshot } from '../../../src/features/jobs/commands/snapshot.ts';
import { clearRequests, closeAllEditors, configureExtension, control, looksTranslated, requestsSeen, serviceGet, testEnv, until, answered } from './helpers.ts';

interface StartedJob {
  jobId: string;
  file: string;
  lang: string;
}
interface TranslateFilesResult {
  started: boolean;
  jobs?: StartedJob[];
  reason?: string;
  leftOut?: { file: string; lang?: string; reason: string }[];
}
interface ApiJob {
  id: string;
  status: string;
  stage: string;
  queue_position: number | null;
  error_msg: string | null;
}

const snapshot = async (): Promise<JobsSnapshot> => vscode.commands.executeCommand<JobsSnapshot>('_docTranslate.jobs.snapshot');

function fileUri(relative: string): vscode.Uri {
  const file = path.join(testEnv().workspace, relative);
  assert.ok(fs.existsSync(file), `fixture ${relative} exists`);
  return vscode.Uri.file(file);
}

describe('Translate Files and the Jobs view', function () {
  this.timeout(120_000);
  let started: StartedJob[] = [];

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 4, sse_enabled: true });
  });
  after(async () => {
    await control('POST', '/settings', { job_speed: 1 });
    await closeAllEditors();
    // A visible Jobs view lists jobs again when the key changes; later suites count requests.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('creates four jobs from two files in two languages, lists them in the Jobs view, and they complete', async () => {
    const md = fileUri('docs/release-notes.md');
    const txt = fileUri('notes.txt');
    const result = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', md, [md, txt], {
      targetLanguages: ['de', 'fr'],
      outputMode: 'single',
    });
    assert.equal(result.started, true, `started: ${JSON.stringify(result)}`);
    started = result.jobs ?? [];
    assert.equal(started.length, 4);
    assert.deepEqual(started.map((j) => `${path.basename(vscode.Uri.parse(j.file).fsPath)}:${j.lang}`).sort(), [
      'notes.txt:de',
      'notes.txt:fr',
      'release-notes.md:de',
      'release-notes.md:fr',
    ]);

    const listed = await serviceGet<{ items: ApiJob[] }>('/jobs?limit=100');
    for (const job of started)
      assert.ok(
        listed.items.some((j) => j.id === job.jobId),
        `the service lists job ${job.jobId}`,
      );

    await vscode.commands.executeCommand('docTranslate.jobs.focus');
    const ids = started.map((j) => j.jobId);
    const shown = await snapshot();
    for (const id of ids) {
      const row = shown.rows.find((r) => r.jobId === id);
      assert.ok(row, `the Jobs view shows job ${id}`);
      assert.ok(['docs/release-notes.md', 'notes.txt'].includes(row.label), `labelled with the path in the workspace folder: ${row.label}`);
      assert.match(row.description, /^(de|fr) · /);
      assert.match(row.contextValue, /^job\.(active|completed)$/);
    }

    const done = await until('all four jobs completed in the view', snapshot, (s) =>
      ids.every((id) => s.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed'),
    );
    for (const id of ids) {
      const row = done.rows.find((r) => r.jobId === id)!;
      assert.equal(row.icon, 'check');
      assert.match(row.description, /completed/);
      assert.ok(row.children !== undefined && row.children.length > 0, 'a completed job has its results as children');
      assert.match(row.children[0]!.contextValue, /^artifact\.(text|binary)$/);
    }
    for (const id of ids) assert.equal((await serviceGet<ApiJob>(`/jobs/${id}`)).status, 'completed');
    await until('ended jobs are no longer kept for watching after a reload', snapshot, (s) => ids.every((id) => !s.persisted.includes(id)));
  });

  it("opens a text result as a read-only tab of the extension's scheme with the translated text", async () => {
    const job = started.find((j) => j.lang === 'de' && j.file.endsWith('release-notes.md'));
    assert.ok(job, 'the German job of release-notes.md');
    const opened = await vscode.commands.executeCommand<{ opened: boolean; uri: vscode.Uri; kind: string }>('docTranslate.jobs.openArtifact', {
      jobId: job.jobId,
    });
    assert.equal(opened.opened, true);
    assert.equal(opened.kind, 'text');
    assert.equal(opened.uri.scheme, 'doc-translate-artifact');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor is active');
    assert.equal(editor.document.uri.toString(), opened.uri.toString());
    assert.ok(looksTranslated(editor.document.getText(), 'de'), `translated text: ${editor.document.getText().slice(0, 200)}`);
    const workspace = testEnv().workspace;
    assert.ok(!fs.existsSync(path.join(workspace, 'docs', 'de')), 'opening writes nothing into the workspace');
  });

  it('saves a result next to its source at the pattern path (docs/x.md → docs/de/x.md)', async () => {
    const job = started.find((j) => j.lang === 'de' && j.file.endsWith('release-notes.md'))!;
    const saved = await vscode.commands.executeCommand<{ saved: boolean; uri?: vscode.Uri }>('docTranslate.jobs.saveNextToSource', { jobId: job.jobId });
    assert.equal(saved.saved, true, JSON.stringify(saved));
    const expected = path.join(testEnv().workspace, 'docs', 'de', 'release-notes.md');
    assert.equal(saved.uri?.fsPath, expected);
    const text = fs.readFileSync(expected, 'utf8');
    assert.ok(looksTranslated(text, 'de'), 'the saved file holds the translation');
    const source = fs.readFileSync(path.join(testEnv().workspace, 'docs', 'release-notes.md'), 'utf8');
    assert.notEqual(text, source, 'the source is not what was written');
    assert.ok(!fs.existsSync(path.join(testEnv().workspace, 'docs', 'de', 'notes.txt')), 'nothing else was written');
  });

  it('shows the receipt, copies the job id and opens the diff against the source', async () => {
    const job = started.find((j) => j.lang === 'fr' && j.file.endsWith('release-notes.md'))!;
    const receipt = await vscode.commands.executeCommand<Record<string, unknown>>('docTranslate.jobs.showReceipt', job.jobId);
    assert.ok(receipt, 'a receipt');
    assert.equal(receipt['status'], 'settled', `a completed job is settled: ${JSON.stringify(receipt)}`);
    const copied = await vscode.commands.executeCommand<string>('docTranslate.jobs.copyJobId', { jobId: job.jobId });
    assert.equal(copied, job.jobId);
    assert.equal(await vscode.env.clipboard.readText(), job.jobId);
    const diff = await vscode.commands.executeCommand<{ opened: boolean; kind: string }>('docTranslate.jobs.showDiff', { jobId: job.jobId });
    assert.deepEqual({ opened: diff.opened, kind: diff.kind }, { opened: true, kind: 'diff' });
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'the active tab is a diff');
    assert.equal(input.original.fsPath, vscode.Uri.parse(job.file).fsPath);
    assert.equal(input.modified.scheme, 'doc-translate-artifact');
  });

  it("downloads a binary result (PNG) into the extension's storage, not the workspace, and opens it", async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const file = path.join(testEnv().workspace, 'images', 'pixel.png');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, png);
    const uri = vscode.Uri.file(file);
    const result = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', uri, [uri], { targetLanguages: ['de'] });
    assert.equal(result.started, true, JSON.stringify(result));
    const id = result.jobs![0]!.jobId;
    const done = await until('the image job completed', snapshot, (s) => s.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed');
    const artifact = done.rows.find((r) => r.jobId === id)!.children![0]!;
    assert.equal(artifact.contextValue, 'artifact.binary');
    const opened = await vscode.commands.executeCommand<{ opened: boolean; uri: vscode.Uri; kind: string }>('docTranslate.jobs.openArtifact', {
      jobId: id,
      artifactId: artifact.artifactId,
    });
    assert.equal(opened.kind, 'binary');
    assert.equal(opened.uri.scheme, 'file');
    assert.ok(!opened.uri.fsPath.startsWith(testEnv().workspace), `kept outside the workspace: ${opened.uri.fsPath}`);
    assert.ok(opened.uri.fsPath.includes(`${path.sep}downloads${path.sep}`), `in the extension's download cache: ${opened.uri.fsPath}`);
    assert.deepEqual(fs.readFileSync(opened.uri.fsPath).subarray(0, 8), png.subarray(0, 8), 'a PNG file');
  });

  it('starts the job when the upload expired before it was confirmed: the file is sent again, not reported as failed', async () => {
    const file = path.join(testEnv().workspace, 'docs', 'expiring-upload.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '# Release\n\nThe upload of this page outlasts its finalize token.\n');
    const uri = vscode.Uri.file(file);
    await control('POST', '/uploads/expire-finalize-tokens', { count: 1 });
    await clearRequests();
    const result = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', uri, [uri], { targetLanguages: ['de'] });
    assert.equal(result.started, true, JSON.stringify(result));
    assert.equal(result.jobs?.length, 1);
    const upload = (await requestsSeen())
      .filter((r) => r.method === 'POST' && /\/upload\/(presign|finalize)$/.test(r.path))
      .map((r) => `${r.path.replace(/^.*\/upload\//, '')} ${r.status}`);
    assert.deepEqual(upload, ['presign 200', 'finalize 401', 'presign 200', 'finalize 200'], 'a second presign and finalize after the refused token');
    await until('the job completed', snapshot, (s) => s.rows.find((r) => r.jobId === result.jobs![0]!.jobId)?.contextValue === 'job.completed');
    fs.rmSync(file, { force: true });
  });

  it('sends every file of a folder, recursively, and names the refused and the skipped ones; node_modules, .git and excluded files stay home', async () => {
    const root = path.join(testEnv().workspace, 'pack');
    const write = (rel: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('a.md', '# Title\n\nSome prose.\n');
    write('sub/b.txt', 'Plain text here.\n');
    write('node_modules/dep/c.md', '# Not mine\n');
    write('.git/d.md', '# Not mine either\n');
    write('build/e.md', '# Generated\n');
    write('tool.zip', 'not a document');
    await vscode.workspace.getConfiguration('files').update('exclude', { '**/build': true }, vscode.ConfigurationTarget.Workspace);
    try {
      const folder = vscode.Uri.file(root);
      const result = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', folder, [folder], {
        targetLanguages: ['de'],
      });
      assert.equal(result.started, true, JSON.stringify(result));
      const files = (result.jobs ?? []).map((j) => path.relative(root, vscode.Uri.parse(j.file).fsPath).split(path.sep).join('/')).sort();
      assert.deepEqual(files, ['a.md', 'sub/b.txt']);
      // The service decides the formats: the archive was sent and refused (415), named with its reason.
      const rel = (u: string): string => path.relative(root, vscode.Uri.parse(u).fsPath).split(path.sep).join('/');
      const left = (result.leftOut ?? []).map((l) => `${rel(l.file)}: ${l.reason}`).sort();
      assert.equal(left.length, 4, left.join('\n'));
      assert.match(
        left.find((l) => l.startsWith('tool.zip: '))!,
        /HTTP 415/,
      );
      for (const f of ['.git/d.md', 'build/e.md', 'node_modules/dep/c.md'])
        assert.match(left.find((l) => l.startsWith(`${f}: `)) ?? f, /node_modules or \.git, or hidden by files\.exclude/);
      const presigned = (await requestsSeen()).filter((r) => r.method === 'POST' && r.path.endsWith('/upload/presign') && r.status === 415);
      assert.ok(presigned.length >= 1, 'the archive went to the service, which refused it');
      const ids = (result.jobs ?? []).map((j) => j.jobId);
      await until('the folder jobs completed', snapshot, (s) => ids.every((id) => s.rows.find((r) => r.jobId === id)?.contextValue === 'job.completed'));
    } finally {
      await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('cancels a queued job, which then ends as failed; the status bar shows the running jobs meanwhile', async () => {
    await control('POST', '/settings', { job_speed: 0.05 });
    const file = fileUri('docs/api-guide.md');
    const langs = ['de', 'fr', 'es', 'it', 'nl', 'pl', 'sv'];
    const result = await answered<TranslateFilesResult>({ confirm: 'Start' }, 'docTranslate.translateFiles', file, [file], {
      targetLanguages: langs,
    });
    assert.equal(result.started, true);
    const jobs = result.jobs ?? [];
    assert.equal(jobs.length, langs.length);
    try {
      const last = jobs[jobs.length - 1]!;
      const queued = await until(
        'the last job waits in the queue behind 5 running ones',
        () => serviceGet<ApiJob>(`/jobs/${last.jobId}`),
        (j) => j.status === 'pending' && (j.queue_position ?? 0) > 0,
      );
      assert.equal(queued.stage, 'queued');

      const status = await until('the status bar item shows the active jobs', snapshot, (s) => s.status.visible && /jobs · \d+%/.test(s.status.text));
      assert.match(status.status.text, /^\$\(sync~spin\) \d+ jobs · \d+%$/);
      for (const j of jobs) assert.ok(status.persisted.includes(j.jobId), `running job ${j.jobId} is kept to be watched again after a reload`);
      const row = status.rows.find((r) => r.jobId === last.jobId);
      assert.ok(row, 'the queued job is in the view');
      assert.equal(row.contextValue, 'job.active');

      const cancelled = await vscode.commands.executeCommand<{ cancelled: boolean; status?: string }>('docTranslate.jobs.cancel', last.jobId);
      assert.deepEqual(cancelled, { cancelled: true, status: 'failed' });
      assert.equal((await serviceGet<ApiJob>(`/jobs/${last.jobId}`)).status, 'failed');
      const after = await until(
        'the view shows the cancelled job as failed',
        snapshot,
        (s) => s.rows.find((r) => r.jobId === last.jobId)?.contextValue === 'job.failed',
      );
      assert.match(after.rows.find((r) => r.jobId === last.jobId)!.description, /cancelled|failed/);
    } finally {
      for (const job of jobs) await vscode.commands.executeCommand('docTranslate.jobs.cancel', job.jobId);
      await control('POST', '/settings', { job_speed: 4 });
    }
    await until('no active jobs left in the status bar', snapshot, (s) => !s.status.visible);
  });
});
