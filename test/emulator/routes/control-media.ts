import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import { setProductOpen } from '../media/catalog.ts';
import { endMediaJob, releaseHeld } from '../media/run.ts';
import { isEnded, mediaExt, mediaJobView } from '../media/store.ts';
import { voicesExt } from '../media/voices.ts';
import { Fields } from '../validation.ts';

/** Control routes for media: open/close products, hold or fail jobs, uncertain voice creation. */
export function register(app: EmulatorApp): void {
  app.control.post('/media/catalog', async (ctx) => ({ status: 200, body: setProductOpen(app, await ctx.object()) }));

  app.control.get('/media/settings', () => ({ status: 200, body: { ...mediaExt(app).settings, ...voicesExt(app).settings } }));
  app.control.post('/media/settings', async (ctx) => {
    const body = await ctx.object();
    const f = new Fields(body);
    const hold = f.boolean('hold');
    const step = f.integer('step_ms', { optional: true, min: 0, max: 600_000 });
    const next = f.string('next_voice_outcome', { optional: true });
    const remote = f.string('voice_remote_outcome', { optional: true });
    if (next !== undefined && next !== 'ok' && next !== 'uncertain') f.add('next_voice_outcome', 'must be "ok" or "uncertain"');
    if (remote !== undefined && remote !== 'pending_confirmation' && remote !== 'failed')
      f.add('voice_remote_outcome', 'must be "pending_confirmation" or "failed"');
    if (f.errors.length > 0) throw validationError(f.errors);
    const settings = mediaExt(app).settings;
    const voices = voicesExt(app).settings;
    if (step !== undefined) settings.step_ms = step;
    if (next !== undefined) voices.next_outcome = next as 'ok' | 'uncertain';
    if (remote !== undefined) voices.remote_outcome = remote as 'pending_confirmation' | 'failed';
    if (hold !== undefined) {
      settings.hold = hold;
      if (!hold) releaseHeld(app);
    }
    return { status: 200, body: { ...settings, next_voice_outcome: voices.next_outcome, voice_remote_outcome: voices.remote_outcome } };
  });

  app.control.post('/media-jobs/:operation_id/fail', async (ctx) => {
    const job = mediaExt(app).jobs.get(ctx.params.operation_id!);
    if (!job) throw new HttpError(404, 'not_found', 'Media job not found');
    if (isEnded(job)) throw new HttpError(409, 'media_job_already_ended', 'The media job has already ended');
    const body = await ctx.object().catch(() => ({}) as Record<string, unknown>);
    endMediaJob(app, job, 'failed', 'processing_failed', typeof body.error_msg === 'string' ? body.error_msg : 'Processing failed');
    return { status: 200, body: mediaJobView(job) };
  });
}
