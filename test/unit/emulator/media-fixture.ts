import assert from 'node:assert/strict';
import type { EmulatorFixture } from './helpers.ts';
import { obj } from './helpers.ts';
import type { Call } from './helpers.ts';
import { uploadDocument } from './upload-fixture.ts';
import { until } from '../support/until.mjs';

export type MediaJob = Record<string, unknown> & {
  operation_id: string;
  status: string;
  files: { artifact_id: string; role: string; filename: string; mime_type: string; size: number }[];
  settlement: { credit_operation_id: string; status: string; charged_millicredits: number; cap_millicredits: number };
};

let counter = 0;
const nextKey = (): string => `media-test-${process.pid}-${++counter}`;

/** POST /media-jobs with a fresh Idempotency-Key unless one is given. */
export function createMedia(fx: EmulatorFixture, body: Record<string, unknown>, opts: { key?: string; idem?: string | null } = {}): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.idem !== null) headers['Idempotency-Key'] = opts.idem ?? nextKey();
  return fx.api('/media-jobs', { method: 'POST', body, headers, ...(opts.key ? { key: opts.key } : {}) });
}

export function createVoice(fx: EmulatorFixture, body: Record<string, unknown>, opts: { key?: string; idem?: string | null } = {}): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.idem !== null) headers['Idempotency-Key'] = opts.idem ?? nextKey();
  return fx.api('/media-voices', { method: 'POST', body, headers, ...(opts.key ? { key: opts.key } : {}) });
}

export async function mediaDoc(fx: EmulatorFixture, name: string, content: Buffer | string, key?: string): Promise<string> {
  return (await uploadDocument(fx, name, content, key)).id;
}

/** Polls GET /media-jobs/{id} until it ends (media jobs send no events). */
export async function waitMedia(fx: EmulatorFixture, id: string, key?: string): Promise<MediaJob> {
  let job: MediaJob | undefined;
  return until(
    async () => {
      const r = await fx.api(`/media-jobs/${id}`, key ? { key } : {});
      assert.equal(r.status, 200, JSON.stringify(r.body));
      job = obj(r) as MediaJob;
      return ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    },
    { what: () => `media job ${id} to end: ${JSON.stringify(job)}`, intervalMs: 10 },
  );
}

export async function fastMedia(fx: EmulatorFixture, extra: Record<string, unknown> = {}): Promise<void> {
  const r = await fx.control('/media/settings', { method: 'POST', body: { step_ms: 10, ...extra } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
