/**
 * Issue 9 item 12 (client part): the watcher reports the queue position from the `queue_position`
 * field only (spec 2.3), every change of it, and passes `stage_message` through as the service
 * wrote it, never reading a number out of its wording.
 */
import assert from 'node:assert/strict';
import { DocTranslateClient, type JobProgress } from '../../../src/api/index.ts';
import { JOB_ID, sseEvent, startFakeJobService, startSse, type FakeJobService } from './support/fake-job-service.ts';

const queued = (extra: Record<string, unknown>): Record<string, unknown> => ({
  status: 'pending',
  stage: 'queued',
  stage_progress: 0,
  stage_message: 'Waiting in the queue',
  ...extra,
});

describe('api/watch: the queue position is queue_position only', function () {
  this.timeout(20_000);
  let svc: FakeJobService;
  let client: DocTranslateClient;

  before(async () => {
    svc = await startFakeJobService((res) => startSse(res), { status: 'completed', stage: 'completed', stage_progress: 100 });
    client = new DocTranslateClient({ baseUrl: svc.baseUrl, apiKey: 'sk_test_queue_position_01234567', retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  after(async () => {
    await client.close();
    await svc.close();
  });

  async function watchEvents(events: Record<string, unknown>[]): Promise<JobProgress[]> {
    svc.sse = (res) => {
      startSse(res);
      for (const data of events) res.write(sseEvent('job_update', data));
      res.end(sseEvent('job_done', { status: 'completed', stage: 'completed', stage_progress: 100, stage_message: 'Done' }));
    };
    const updates: JobProgress[] = [];
    await client.jobs.watch(JOB_ID, { onUpdate: (p) => updates.push(p) });
    return updates;
  }

  it('every change of queue_position is reported, even when the stage message stays the same', async () => {
    const updates = await watchEvents([
      queued({ queue_position: 3 }),
      queued({ queue_position: 2 }),
      queued({ queue_position: 1 }),
      queued({ queue_position: 1 }),
    ]);
    const sse = updates.filter((u) => u.source === 'sse');
    assert.deepEqual(
      sse.map((u) => u.queue_position),
      [3, 2, 1],
      'one update per position, none repeated',
    );
    assert.ok(sse.every((u) => u.stage_message === 'Waiting in the queue'));
  });

  it('a number in the stage message is never taken as the queue position', async () => {
    const updates = await watchEvents([
      queued({ stage_message: '4 jobs ahead of this one' }),
      queued({ stage_message: 'Position 7 in line', queue_position: null }),
    ]);
    // A guard: src/api never parsed the wording (the editor did; issue 9 item 12 moves it to queue_position too).
    const sse = updates.filter((u) => u.status === 'pending');
    assert.deepEqual(
      sse.map((u) => u.stage_message),
      ['4 jobs ahead of this one', 'Position 7 in line'],
      'messages as the service wrote them',
    );
    assert.deepEqual(
      sse.map((u) => u.queue_position ?? null),
      [null, null],
    );
  });

  it('a queue_position that is not a whole number of jobs is ignored', async () => {
    const updates = await watchEvents([
      queued({ stage_message: 'a', queue_position: '2' }),
      queued({ stage_message: 'b', queue_position: -1 }),
      queued({ stage_message: 'c', queue_position: 1.5 }),
      queued({ stage_message: 'd', queue_position: 0 }),
    ]);
    assert.deepEqual(
      updates.filter((u) => u.source === 'sse').map((u) => u.queue_position),
      [undefined, undefined, undefined, 0],
    );
  });
});
