import type { EmulatorApp } from '../app.ts';
import { idempotencyKeyOf, withIdempotency } from '../idempotency.ts';
import type { Reply, RequestContext } from '../router.ts';
import { mediaPage, requireIdempotencyKey } from '../media/paging.ts';
import { confirmVoice, createVoice, ownedVoice, reconcileVoice, revokeVoice, voicesExt, voiceView, type VoiceRecord } from '../media/voices.ts';

async function create(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  requireIdempotencyKey(ctx);
  const body = await ctx.object();
  return withIdempotency(app, ctx, { endpoint: '/media-voices', body }, async () => {
    const voice = await createVoice(app, auth, body, idempotencyKeyOf(ctx) ?? null);
    return { status: 201, body: voiceView(voice), headers: { Location: `/api/v1/media-voices/${voice.asset_id}` }, resourceId: voice.asset_id };
  });
}

function action(app: EmulatorApp, run: (app: EmulatorApp, voice: VoiceRecord) => void) {
  return (ctx: RequestContext): Reply => {
    const voice = ownedVoice(app, ctx.requireAuth(), ctx.params.asset_id!);
    run(app, voice);
    return { status: 200, body: voiceView(voice) };
  };
}

/** Voices (spec 4.9): consent required at creation; key-scoped lists; confirm, reconcile, revoke. Charged by usage (part 8 rule 5). */
export function register(app: EmulatorApp): void {
  app.api.post('/media-voices', (ctx) => create(app, ctx));
  app.api.get('/media-voices', (ctx) => {
    const { account, key } = ctx.requireAuth();
    const mine = [...voicesExt(app).voices.values()].filter((v) => v.accountId === account.id && v.keyId === key.id).reverse();
    const page = mediaPage(ctx, mine);
    return { status: 200, body: { ...page, items: page.items.map(voiceView) } };
  });
  app.api.get('/media-voices/:asset_id', (ctx) => ({ status: 200, body: voiceView(ownedVoice(app, ctx.requireAuth(), ctx.params.asset_id!)) }));
  app.api.post('/media-voices/:asset_id/confirm', action(app, confirmVoice));
  app.api.post('/media-voices/:asset_id/reconcile', action(app, reconcileVoice));
  app.api.post('/media-voices/:asset_id/revoke', action(app, revokeVoice));
}
