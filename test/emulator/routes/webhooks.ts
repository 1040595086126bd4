import type { EmulatorApp } from '../app.ts';
import { withIdempotency } from '../idempotency.ts';
import { startWebhookDelivery } from '../webhooks/delivery.ts';
import { registerWebhookControl } from '../webhooks/control.ts';
import { accountWebhooks, createWebhook, deleteWebhook, findWebhook, parseCreate, patchWebhook, webhookView } from '../webhooks/store.ts';

/** Spec 4.11 / 6.2: webhooks belong to the account (every key of it sees the same three). Free. */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.post('/webhooks', async (ctx) => {
    const { account } = ctx.requireAuth();
    const body = await ctx.object();
    const input = parseCreate(body);
    return withIdempotency(app, ctx, { endpoint: '/webhooks', body }, () => {
      const hook = createWebhook(app, account.id, input);
      return Promise.resolve({ status: 201, body: webhookView(app.state, hook), resourceId: hook.id });
    });
  });

  api.get('/webhooks', (ctx) => {
    const { account } = ctx.requireAuth();
    const items = accountWebhooks(app.state, account.id).map((h) => webhookView(app.state, h));
    return { status: 200, body: { items } };
  });

  api.patch('/webhooks/:id', async (ctx) => {
    const { account } = ctx.requireAuth();
    const hook = findWebhook(app.state, account.id, ctx.params.id!);
    patchWebhook(app, hook, await ctx.object());
    return { status: 200, body: webhookView(app.state, hook) };
  });

  api.delete('/webhooks/:id', (ctx) => {
    const { account } = ctx.requireAuth();
    deleteWebhook(app.state, findWebhook(app.state, account.id, ctx.params.id!));
    return { status: 204 };
  });

  startWebhookDelivery(app);
  registerWebhookControl(app);
}
