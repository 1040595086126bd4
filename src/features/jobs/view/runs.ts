// One Translate Files… run's jobs under one node of the Jobs view. Pure (no vscode import).
import { isActive, type TrackedJob } from '../model.ts';

export type JobsRow<J> = { kind: 'job'; job: J } | { kind: 'run'; run: string; jobs: J[] };

/**
 * Jobs in their order, each run's jobs gathered at the place of its newest job. A run of one job
 * stays a plain job row; jobs of no run (started elsewhere, or before runs were recorded) stay rows.
 */
export function groupRuns<J extends { id: string }>(jobs: readonly J[], runOf: (jobId: string) => string | undefined): JobsRow<J>[] {
  const byRun = new Map<string, J[]>();
  for (const job of jobs) {
    const run = runOf(job.id);
    if (run === undefined) continue;
    const list = byRun.get(run);
    if (list === undefined) byRun.set(run, [job]);
    else list.push(job);
  }
  const rows: JobsRow<J>[] = [];
  const placed = new Set<string>();
  for (const job of jobs) {
    const run = runOf(job.id);
    const members = run !== undefined ? byRun.get(run) : undefined;
    if (run === undefined || members === undefined || members.length < 2) rows.push({ kind: 'job', job });
    else if (!placed.has(run)) {
      placed.add(run);
      rows.push({ kind: 'run', run, jobs: members });
    }
  }
  return rows;
}

/** "docs/ · 10 files → de, fr": the folder the run's files share, how many, and the languages. */
export function runLabel(paths: readonly string[], languages: readonly string[]): string {
  const files = [...new Set(paths)];
  const dirs = files.map((p) => p.split('/').slice(0, -1));
  let common = dirs[0] ?? [];
  for (const d of dirs.slice(1)) {
    let i = 0;
    while (i < common.length && i < d.length && common[i] === d[i]) i++;
    common = common.slice(0, i);
  }
  const where = files.length === 1 ? files[0]! : common.length > 0 ? `${common.join('/')}/` : 'workspace';
  const langs = [...new Set(languages)].sort();
  return `${where} · ${files.length} file${files.length === 1 ? '' : 's'} → ${langs.join(', ')}`;
}

/** "20 jobs: 15 completed, 1 failed, 4 running". */
export function runDescription(jobs: readonly Pick<TrackedJob, 'status' | 'stage'>[]): string {
  const completed = jobs.filter((j) => j.status === 'completed').length;
  const failed = jobs.filter((j) => j.status === 'failed').length;
  const running = jobs.filter(isActive).length;
  const parts = [`${completed} completed`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (running > 0) parts.push(`${running} running`);
  return `${jobs.length} jobs: ${parts.join(', ')}`;
}

/** Ended jobs (completed or failed): what Clear Finished removes from the view. */
export function isFinished(job: Pick<TrackedJob, 'status'>): boolean {
  return !isActive(job);
}
