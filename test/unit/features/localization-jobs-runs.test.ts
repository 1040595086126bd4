// Jobs view: one Translate Files… run's jobs under one node (issue 11, editor part).
import assert from 'node:assert/strict';
import { groupRuns, isFinished, runDescription, runLabel } from '../../../src/features/jobs/view/runs.ts';

describe('jobs view runs', () => {
  const job = (id: string, status: 'pending' | 'processing' | 'completed' | 'failed' = 'completed') => ({
    id,
    status,
    stage: status === 'processing' ? 'translating' : status,
  });

  it('gathers a run at the place of its newest job; single-job runs and jobs of no run stay rows', () => {
    const runs: Record<string, string> = { a1: 'A', a2: 'A', a3: 'A', b1: 'B' };
    const rows = groupRuns([job('a1'), job('x'), job('a2'), job('b1'), job('a3')], (id) => runs[id]);
    assert.deepEqual(
      rows.map((r) => (r.kind === 'job' ? r.job.id : `${r.run}:${r.jobs.map((j) => j.id).join(',')}`)),
      ['A:a1,a2,a3', 'x', 'b1'],
    );
  });

  it('labels a run by the folder its files share, the file count and the languages', () => {
    assert.equal(runLabel(['docs/a/README.md', 'docs/b/README.md', 'docs/a/README.md'], ['de', 'fr', 'de']), 'docs/ · 2 files → de, fr');
    assert.equal(runLabel(['docs/guide.md', 'docs/guide.md'], ['de', 'fr']), 'docs/guide.md · 1 file → de, fr');
    assert.equal(runLabel(['README.md', 'docs/a.md'], ['de']), 'workspace · 2 files → de');
  });

  it('describes a run by its jobs; finished means completed or failed', () => {
    assert.equal(runDescription([job('1'), job('2', 'failed'), job('3', 'processing'), job('4', 'pending')]), '4 jobs: 1 completed, 1 failed, 2 running');
    assert.equal(runDescription([job('1'), job('2')]), '2 jobs: 2 completed');
    assert.deepEqual([job('1'), job('2', 'failed'), job('3', 'processing'), job('4', 'pending')].map(isFinished), [true, true, false, false]);
  });
});
