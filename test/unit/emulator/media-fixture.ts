import assert from 'node:assert/strict';
import type { EmulatorFixture } from './helpers.ts';
import { obj } from './helpers.ts';
import type { Call } from './helpers.ts';
import { uploadDocument } from './upload-fixture.ts';

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
  for (let i = 0; i < 500; i++) {
    const r = await fx.api(`/media-jobs/${id}`, key ? { key } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const job = obj(r) as MediaJob;
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`media job ${id} did not end`);
}

export async function fastMedia(fx: EmulatorFixture, extra: Record<string, unknown> = {}): Promise<void> {
  const r = await fx.control('/media/settings', { method: 'POST', body: { step_ms: 10, ...extra } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
