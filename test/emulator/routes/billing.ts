import type { EmulatorApp } from '../app.ts';
import { balanceView, keyRemaining } from '../billing.ts';

/** Free billing queries (spec 4.7). Credit operations, receipts and usage are added with file jobs. */
export function register(app: EmulatorApp): void {
  app.api.get('/billing/credits/balance', (ctx) => {
    const { account, key } = ctx.requireAuth();
    const body: Record<string, unknown> = { ...balanceView(app.state, account, app.clock.now()) };
    // Spec part 5 gives keys a budget but shows no way to read it; a key with one sees it here.
    const remaining = keyRemaining(key);
    if (remaining !== null) {
      body['key_budget'] = { budget_millicredits: key.budgetMillicredits, used_millicredits: key.usedMillicredits, remaining_millicredits: remaining };
    }
    return { status: 200, body };
  });
}
