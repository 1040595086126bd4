import type { EmulatorApp } from '../app.ts';
import { validationError } from '../errors.ts';
import { Fields } from '../validation.ts';
import { deliveriesIdle, deliveryState } from './delivery.ts';

/** Bounds `?wait=1` so a stuck receiver cannot hang a test forever. */
const MAX_WAIT_MS = 60_000;

async function waitIdle(app: EmulatorApp): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, MAX_WAIT_MS);
  });
  try {
    await Promise.race([deliveriesIdle(app), cap]);
  } finally {
    clearTimeout(timer);
  }
}

/** Loopback control routes for webhook deliveries (README: "Webhooks, billing and usage"). */
export function registerWebhookControl(app: EmulatorApp): void {
  const c = app.control;

  c.get('/webhooks/deliveries', async (ctx) => {
    const wait = ctx.query.get('wait');
    if (wait === '1' || wait === 'true') await waitIdle(app);
    const ds = deliveryState(app.state);
    const webhookId = ctx.query.get('webhook_id');
    const jobId = ctx.query.get('job_id');
    const deliveries = ds.log.filter((d) => (webhookId === null || d.webhook_id === webhookId) && (jobId === null || d.job_id === jobId));
    return { status: 200, body: { deliveries, pending: ds.pending } };
  });

  c.delete('/webhooks/deliveries', () => {
    deliveryState(app.state).log.length = 0;
    return { status: 204 };
  });

  c.get('/webhooks/settings', () => ({ status: 200, body: deliveryState(app.state).settings }));

  c.post('/webhooks/settings', async (ctx) => {
    const fields = new Fields(await ctx.object());
    const timeout = fields.integer('timeout_ms', { optional: true, min: 1, max: 600_000 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const settings = deliveryState(app.state).settings;
    if (timeout !== undefined) settings.timeout_ms = timeout;
    return { status: 200, body: settings };
  });
}
