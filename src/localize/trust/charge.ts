/**
 * The estimate of an update next to what the service charged for it, for the command line and the
 * editor. The charge is the account's settled millicredits (`spent` of GET /billing/credits/balance,
 * spec 2.6 and 4.7; free) after the update minus before it: the service's own figure, covering
 * instant translation and settled file jobs alike. Work the same account settles meanwhile (another
 * person, another run) is in it too; the note says so. The first reading is taken just before the
 * first request that can cost something, so an update that sends nothing makes no request at all.
 */
import { formatCredits, type BudgetReport } from './budget.ts';

/** The part of the client read here (DocTranslateClient fits). */
interface BalanceReader {
  billing: { balance(opts?: { signal?: AbortSignal }): Promise<{ spent: number }> };
}

function isBalanceReader(client: object): client is BalanceReader {
  const billing = (client as { billing?: unknown }).billing;
  return typeof billing === 'object' && billing !== null && typeof (billing as { balance?: unknown }).balance === 'function';
}

/** The account's settled millicredits now, or undefined when the balance cannot be read (the update goes on). */
async function readSpent(client: object): Promise<number | undefined> {
  if (!isBalanceReader(client)) return undefined;
  try {
    const spent = (await client.billing.balance()).spent;
    return Number.isFinite(spent) ? spent : undefined;
  } catch {
    return undefined;
  }
}

/** Settled millicredits between two readings (undefined when either is missing). */
function chargedBetween(before: number | undefined, after: number | undefined): number | undefined {
  return before === undefined || after === undefined ? undefined : Math.round((after - before) * 10) / 10;
}

const bind = (target: object, prop: string | symbol): unknown => {
  const v = Reflect.get(target, prop, target) as unknown;
  return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
};

/**
 * The client as the update uses it, reading the balance once before its first charged request
 * (`translateBatch`, `jobs.create`); `charged()` is then the settled millicredits since, 0 when
 * nothing was sent, undefined when the balance could not be read.
 */
export function chargeMeter<C extends object>(client: C): { client: C; charged: () => Promise<number | undefined> } {
  let before: Promise<number | undefined> | undefined;
  const start = (): Promise<number | undefined> => (before ??= readSpent(client));
  const charged =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      await start();
      return f(...a);
    };
  const metered = new Proxy(client, {
    get: (target, prop) => {
      const v = bind(target, prop);
      if (prop === 'translateBatch' && typeof v === 'function') return charged(v as (...a: unknown[]) => Promise<unknown>);
      if (prop === 'jobs' && typeof v === 'object' && v !== null)
        return new Proxy(v, {
          get: (jobs, p) => {
            const f = bind(jobs, p);
            return p === 'create' && typeof f === 'function' ? charged(f as (...a: unknown[]) => Promise<unknown>) : f;
          },
        });
      return v;
    },
  });
  return {
    client: metered,
    charged: async () => (before === undefined ? 0 : chargedBetween(await before, await readSpent(client))),
  };
}

/** The sentence saying what the budget left (for a stopped update). */
export function stoppedLine(b: BudgetReport): string {
  const l = b.left;
  const estimate = l.estimatedMillicredits > 0 ? `, about ${formatCredits(l.estimatedMillicredits)} credits` : '';
  return `stopped at the budget: ${l.files.length} translation files left (${l.segments} segments, ${l.chars} characters${estimate}); the files written are recorded in the lock, run again to continue`;
}

/** At most this many files are named in the text output (the JSON names them all). */
const LISTED = 10;

/** The command line's lines: estimate and charge side by side, then, when the budget stopped the update, what is left. */
export function costLines(b: BudgetReport, charged: number | undefined): string[] {
  const real = charged === undefined ? 'charged: not known (the balance could not be read)' : `charged ${formatCredits(charged)} credits`;
  const cap = b.capMillicredits !== undefined ? ` of --max-credits ${formatCredits(b.capMillicredits)}` : '';
  const lines = [`cost: estimated ${formatCredits(b.estimatedMillicredits)} credits${cap}, ${real} (the account's settled credits before and after)`];
  if (b.held > 0) lines.push(`budget: ${b.held} segments were not sent again after a failed check (it would have passed the cap); they kept their source text`);
  if (!b.stopped) return lines;
  const l = b.left;
  lines.push(stoppedLine(b));
  for (const f of l.files.slice(0, LISTED))
    lines.push(`left       ${f}${l.unestimated.includes(f) ? ' (cost not known before sending: run without --max-credits)' : ''}`);
  if (l.files.length > LISTED) lines.push(`left       … and ${l.files.length - LISTED} more (--json lists them all)`);
  return lines;
}

/** The `budget` object of `update --json`; credits as numbers. */
export function costJson(b: BudgetReport, charged: number | undefined): Record<string, unknown> {
  const credits = (mc: number): number => Math.round(mc) / 1000;
  return {
    max_credits: b.capMillicredits === undefined ? null : credits(b.capMillicredits),
    estimated_credits: credits(b.estimatedMillicredits),
    charged_credits: charged === undefined ? null : Math.round(charged) / 1000,
    stopped: b.stopped,
    held_segments: b.held,
    left: {
      files: b.left.files,
      segments: b.left.segments,
      chars: b.left.chars,
      estimated_credits: credits(b.left.estimatedMillicredits),
      unestimated: b.left.unestimated,
    },
  };
}
