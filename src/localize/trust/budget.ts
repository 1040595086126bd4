/**
 * A budget cap for an update (`--max-credits`, the editor's `docTranslate.localize.maxCredits`).
 *
 * The service settles instant translation and file translation by usage, "not limited by a request
 * cap or key quota" (spec part 8 rule 2), so the cap is kept here, on the client's estimate, which
 * never undercounts what the service charges for text: a segment costs its characters (UTF-16 code
 * units, at least the service's code points) at `estimateMillicreditsPerChar` (whitespace-only
 * segments are free, spec 4.10), a file job its source characters at 1 credit each, at least 2
 * credits (the start threshold of part 8 rule 1). A PDF (billed by pages) or a binary file has no
 * cost known before sending: under a cap it is left for a run without one.
 *
 * Before anything is sent, the translation files are taken in the scan's order while the estimate
 * of what they still need fits; the first one that does not fit stops the selection (files that
 * cost nothing more are still written). Only the chosen files' segments are sent, so every file
 * whose translation was paid for is written whole and recorded in the lock, and the next run sends
 * what is left. A batch that would still pass the cap (a block sent again as fragments after its
 * translation failed its check) is not sent: its segments keep their source text.
 */
import type { FilePlan } from '../plan.ts';

/** Exit code of an update stopped by its budget with work left (0 done, 1 check failed, 2 error). */
export const BUDGET_EXIT = 3;

/** A file job's start threshold for characters (spec part 8 rule 1: "at least 2 credits"). */
const FILE_JOB_MINIMUM = 2000;
/** Millicredits per source character of a file job (part 8 rule 1: "source character count" credits). */
const FILE_JOB_PER_CHAR = 1000;

/**
 * `--max-credits` as written ("12", "2.5", "0.001") in millicredits (2.5 -> 2500). Throws a
 * RangeError naming the problem for anything else (negative, not a number, finer than a millicredit).
 */
export function parseMaxCredits(text: string): number {
  const t = text.trim();
  if (!/^\d+(?:\.\d*)?$|^\.\d+$/.test(t)) {
    const why = /^-/.test(t) ? 'it cannot be negative' : 'it must be a number of credits such as 10 or 2.5';
    throw new RangeError(`--max-credits ${JSON.stringify(text)}: ${why}`);
  }
  const [whole = '0', frac = ''] = t.split('.');
  if (frac.replace(/0+$/, '').length > 3) throw new RangeError(`--max-credits ${text}: at most 3 decimals (1 millicredit = 0.001 credits)`);
  const millicredits = Number(whole || '0') * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  if (!Number.isSafeInteger(millicredits)) throw new RangeError(`--max-credits ${text}: too large`);
  return millicredits;
}

/** Millicredits as credits for people: up to 3 decimals, no trailing zeros. */
export function formatCredits(millicredits: number): string {
  return String(Math.round(millicredits) / 1000);
}

/** The estimate of translating one segment of text. */
function segmentEstimate(text: string, rate: number): number {
  return text.trim() === '' ? 0 : text.length * rate;
}

/** A file job's estimate from its bytes, or undefined when the cost cannot be known before sending (PDF, binary). */
export function fileJobEstimate(path: string, bytes: Buffer | undefined): number | undefined {
  if (bytes === undefined || /\.pdf$/i.test(path) || bytes.includes(0)) return undefined;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) return undefined;
  return Math.max(FILE_JOB_MINIMUM, text.length * FILE_JOB_PER_CHAR);
}

/** What a capped update left for the next run. */
export interface BudgetLeft {
  /** Translation files not written (targets, relative to the folder). */
  files: string[];
  /** Their segments still to send (each once per language) and characters. */
  segments: number;
  chars: number;
  /** Their estimate in millicredits (file jobs whose cost is unknown not included). */
  estimatedMillicredits: number;
  /** File jobs left because their cost cannot be known before sending (PDF, binary files). */
  unestimated: string[];
}

export interface BudgetReport {
  /** The cap in millicredits, when the update had one. */
  capMillicredits?: number;
  /** Estimate of what this update sent (batches and file jobs), in millicredits. */
  estimatedMillicredits: number;
  /** Stopped at the cap with work left (`left`). */
  stopped: boolean;
  left: BudgetLeft;
  /** Segments not sent again as fragments because that would have passed the cap (they kept their source text). */
  held: number;
}

interface BudgetSelection {
  /** The plans this update works on (all of them without a cap). */
  plans: FilePlan[];
  /** Estimate of each file job chosen, by target (unknown costs at the 2-credit minimum when there is no cap). */
  jobEstimates: Map<string, number>;
  left: BudgetLeft;
}

const emptyLeft = (): BudgetLeft => ({ files: [], segments: 0, chars: 0, estimatedMillicredits: 0, unestimated: [] });

/**
 * The translation files an update with a cap works on: in the scan's order, while their estimate
 * fits (see the module's comment). `jobCost` gives a file job's estimate (undefined: unknown).
 */
export async function selectWithinBudget(
  plans: readonly FilePlan[],
  opts: { cap: number | undefined; rate: number; jobCost: (plan: FilePlan) => Promise<number | undefined> },
): Promise<BudgetSelection> {
  const seen = new Map<string, Set<string>>();
  const chosen: FilePlan[] = [];
  const jobEstimates = new Map<string, number>();
  const left = emptyLeft();
  let committed = 0;
  let full = false;
  // What the next run sends for the files left: their segments, each once per language.
  const leftSegments = new Map<string, Map<string, string>>();
  for (const plan of plans) {
    if (plan.compose === undefined && plan.fileJob === undefined) {
      chosen.push(plan);
      continue;
    }
    const known = seen.get(plan.lang) ?? new Set<string>();
    seen.set(plan.lang, known);
    const fresh = plan.needed.filter((n) => !known.has(n.hash));
    let cost = Math.ceil(fresh.reduce((sum, n) => sum + segmentEstimate(n.text, opts.rate), 0));
    let unknown = false;
    if (plan.fileJob !== undefined) {
      const job = await opts.jobCost(plan);
      unknown = job === undefined;
      jobEstimates.set(plan.target, job ?? FILE_JOB_MINIMUM);
      cost += job ?? FILE_JOB_MINIMUM;
    }
    const fits = opts.cap === undefined || (!unknown && (cost === 0 || (!full && committed + cost <= opts.cap)));
    if (fits) {
      committed += cost;
      for (const n of fresh) known.add(n.hash);
      chosen.push(plan);
      continue;
    }
    if (!unknown) full = true;
    left.files.push(plan.target);
    if (unknown) left.unestimated.push(plan.target);
    else if (plan.fileJob !== undefined) left.estimatedMillicredits += jobEstimates.get(plan.target) ?? 0;
    jobEstimates.delete(plan.target);
    const mine = leftSegments.get(plan.lang) ?? new Map<string, string>();
    leftSegments.set(plan.lang, mine);
    for (const n of plan.needed) mine.set(n.hash, n.text);
  }
  for (const texts of leftSegments.values()) {
    left.segments += texts.size;
    for (const t of texts.values()) {
      left.chars += t.length;
      left.estimatedMillicredits += segmentEstimate(t, opts.rate);
    }
  }
  left.estimatedMillicredits = Math.ceil(left.estimatedMillicredits);
  return { plans: chosen, jobEstimates, left };
}

/**
 * Keeps the estimate of what is sent, and the cap: `take` reserves a batch's estimate before it is
 * sent and says no when it would pass the cap.
 */
export class BudgetMeter {
  #spent = 0;
  held = 0;

  constructor(
    readonly cap: number | undefined,
    readonly rate: number,
  ) {}

  get estimated(): number {
    return this.#spent;
  }

  /** Reserves the estimate of these texts; false (nothing reserved) when it would pass the cap. */
  take(texts: readonly string[]): boolean {
    const cost = Math.ceil(texts.reduce((sum, t) => sum + segmentEstimate(t, this.rate), 0));
    if (this.cap !== undefined && cost > 0 && this.#spent + cost > this.cap) {
      this.held += texts.length;
      return false;
    }
    this.#spent += cost;
    return true;
  }

  /** Reserves the file jobs' estimates before anything is sent (they were chosen within the cap). */
  reserve(millicredits: number): void {
    this.#spent += millicredits;
  }

  /** The `max_credit_millicredits` of a file job estimated at `estimate` (reserved): the budget left for it, never more. */
  jobCap(estimate: number): number | undefined {
    return this.cap === undefined ? undefined : Math.max(0, this.cap - this.#spent + estimate);
  }

  report(left: BudgetLeft): BudgetReport {
    return {
      capMillicredits: this.cap,
      estimatedMillicredits: this.#spent,
      stopped: left.files.length > 0,
      left,
      held: this.held,
    };
  }
}

/** The budget of one update: what it works on, the meter its requests go through, what is left. */
export interface RunBudget {
  plans: FilePlan[];
  meter: BudgetMeter;
  jobEstimates: Map<string, number>;
  left: BudgetLeft;
}

/** Chooses the work of an update within `cap` (millicredits; undefined: everything, estimate only) and reserves its file jobs. */
export async function startBudget(
  plans: readonly FilePlan[],
  opts: { cap: number | undefined; rate: number; readSource: (plan: FilePlan) => Promise<Buffer | undefined> },
): Promise<RunBudget> {
  if (opts.cap !== undefined && (!Number.isSafeInteger(opts.cap) || opts.cap < 0))
    throw new RangeError(`the budget must be a whole number of millicredits >= 0, not ${opts.cap}`);
  const sel = await selectWithinBudget(plans, {
    cap: opts.cap,
    rate: opts.rate,
    jobCost: async (plan) => fileJobEstimate(plan.source, await opts.readSource(plan)),
  });
  const meter = new BudgetMeter(opts.cap, opts.rate);
  meter.reserve([...sel.jobEstimates.values()].reduce((a, b) => a + b, 0));
  return { plans: sel.plans, meter, jobEstimates: sel.jobEstimates, left: sel.left };
}
