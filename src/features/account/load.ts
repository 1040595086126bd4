// Reads everything the Account view shows, in parallel; a part that fails is named in `problems`
// and the rest still shows. All calls are free (spec part 8 rule 5). Pure: no vscode import.
import type { Balance, DocTranslateClient } from '../../api/index.ts';
import { describeError, type ErrorContext } from '../../platform/errorMessages.ts';
import { t } from '../../platform/l10n.ts';
import { balanceView, keyBudgetOf, operationRow, usageByDay, usageTotals, webhookRow, type AccountModel } from './model.ts';

/** Usage records read for the chart (the emulator's maximum per page). */
export const USAGE_LIMIT = 200;
export const OPERATIONS_LIMIT = 20;

type Loose = Record<string, unknown>;

export interface AccountSources {
  client: DocTranslateClient;
  /** The one way to read the balance (the platform's BalanceService). */
  balance: () => Promise<Balance | undefined>;
  errorContext: ErrorContext;
  now?: () => Date;
}

export async function loadAccount(s: AccountSources): Promise<AccountModel> {
  const opts = { timeoutMs: 15_000 };
  const [balance, usage, summary, operations, webhooks] = await Promise.allSettled([
    s.balance(),
    s.client.usage.list({ ...opts, limit: USAGE_LIMIT }),
    s.client.usage.summary(opts),
    s.client.receipts.operations({ ...opts, limit: OPERATIONS_LIMIT }),
    s.client.webhooks.list(opts),
  ]);
  const problems: string[] = [];
  const take = <T>(r: PromiseSettledResult<T>, what: string, reading: string): T | undefined => {
    if (r.status === 'fulfilled') return r.value;
    problems.push(t('{0}: {1}', what, describeError(r.reason, { ...s.errorContext, operation: reading }).message));
    return undefined;
  };
  const b = take(balance, t('Balance'), t('Reading balance'));
  const u = take(usage, t('Usage'), t('Reading usage'));
  const sum = take(summary, t('Usage totals'), t('Reading usage totals'));
  const ops = take(operations, t('Credit operations'), t('Reading credit operations'));
  const hooks = take(webhooks, t('Webhooks'), t('Reading webhooks'));
  return {
    balance: b === undefined ? undefined : balanceView(b),
    keyBudget: b === undefined ? undefined : keyBudgetOf(b),
    usage: usageByDay((u?.items ?? []) as Loose[]),
    totals: sum === undefined ? undefined : usageTotals(sum),
    operations: ((ops?.items ?? []) as Loose[]).flatMap((o) => operationRow(o) ?? []),
    webhooks: ((hooks ?? []) as Loose[]).flatMap((w) => webhookRow(w) ?? []),
    problems,
    updatedAt: (s.now?.() ?? new Date()).toISOString(),
  };
}
