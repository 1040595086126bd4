import type { EmulatorApp } from '../app.ts';
import { balanceView } from '../billing.ts';

/** Free billing queries (spec 4.7). Credit operations, receipts and usage are added with file jobs. */
export function register(app: EmulatorApp): void {
  app.api.get('/billing/credits/balance', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: balanceView(app.state, account, app.clock.now()) };
  });
}
