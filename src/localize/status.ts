/** Status of every translation and the dry run: computed locally from hashes, no requests. */
import { minimumRequests } from '../translate/index.ts';
import { type Conflict, type FilePlan, type Needed, type TargetState } from './plan.ts';
import { scanForReport, type LocalizeOptions, type ReportScan } from './scan.ts';
import type { TermProblem } from './trust/outcome.ts';
import type { Terms } from './trust/termsConfig.ts';

export interface TargetStatus {
  source: string;
  target: string;
  lang: string;
  state: TargetState;
  /** Segments an update would send for this file (0 unless stale, missing or conflict). */
  segments: number;
  /** Their characters (UTF-16 code units). */
  chars: number;
  conflicts: Conflict[];
  /** Segments whose last translation failed (written in the source language); an update sends them again (always set by status). */
  pending?: number;
  /** Term violations the last update recorded (state `terms`), each with its line in the translation (always set by status). */
  terms?: TermProblem[];
}

export interface StatusReport {
  /** Source files in scope. */
  files: number;
  targets: TargetStatus[];
  counts: Record<TargetState, number>;
  /** Translations (lock entries) whose source is gone; an update drops their entries, never the files. */
  orphaned: string[];
}

const chars = (p: FilePlan): number => {
  let sum = 0;
  for (const s of p.needed) sum += s.text.length;
  return sum;
};

/** The terms of a translation without violations: one array for all (a status holds one per translation, 20,000 in a large site). */
const NO_TERMS: TermProblem[] = Object.freeze([]) as never[];

/** `terms`: the configured terms, to name the translation a violation should use. */
export function statusOf(s: ReportScan, terms?: Terms): StatusReport {
  const counts: Record<TargetState, number> = { 'up-to-date': 0, stale: 0, missing: 0, edited: 0, conflict: 0, terms: 0 };
  const targets = new Array<TargetStatus>(s.plans.length);
  for (let i = 0; i < s.plans.length; i++) {
    const p = s.plans[i]!;
    counts[p.state]++;
    const problems =
      p.terms === undefined || p.terms.length === 0
        ? NO_TERMS
        : p.terms.map((t) => {
            const expected = t.kind === 'prefer' ? terms?.prefer[p.lang]?.[t.term] : undefined;
            // Spread: a plain `expected: undefined` would hide the one the problem already carries.
            return expected !== undefined ? { ...t, expected } : t;
          });
    targets[i] = {
      source: p.source,
      target: p.target,
      lang: p.lang,
      state: p.state,
      segments: p.needed.length,
      chars: chars(p),
      conflicts: p.conflicts,
      pending: p.pending ?? 0,
      terms: problems,
    };
  }
  return { files: s.sources.length + s.files, targets, counts, orphaned: s.orphaned };
}

/** Per source file and language: up-to-date, stale (n segments), missing, edited or conflict. */
export async function planStatus(opts: LocalizeOptions): Promise<StatusReport> {
  return statusOf(await scanForReport(opts), opts.config.terms);
}

export interface DryRunLanguage {
  lang: string;
  /** Translation files an update would write (file jobs included). */
  files: number;
  /** Of those, non-Markdown files sent as translation jobs. */
  fileJobs: number;
  /** Unique segments and their characters to send (the same text is sent once per language). */
  segments: number;
  chars: number;
  /** Requests at the spec's batch limits. */
  requests: number;
  /** An estimate only (file jobs at their 2-credit minimum): the service decides what it charges. */
  estimatedCredits: number;
}

export interface DryRunReport {
  /** Source files in scope and the state of their translations. */
  files: number;
  counts: Record<TargetState, number>;
  languages: DryRunLanguage[];
  conflicts: Conflict[];
  estimate: { millicreditsPerChar: number; note: string };
}

/** The segments one language needs, each once (by identity hash). */
export function uniqueNeeded(plans: readonly FilePlan[], lang: string): Map<string, Needed> {
  const unique = new Map<string, Needed>();
  for (const p of plans) if (p.lang === lang && p.compose !== undefined) for (const n of p.needed) unique.set(n.hash, n);
  return unique;
}

export async function dryRun(opts: LocalizeOptions): Promise<DryRunReport> {
  const s = await scanForReport(opts);
  const rate = opts.config.estimateMillicreditsPerChar;
  const languages = s.languages.map((lang): DryRunLanguage => {
    const unique = uniqueNeeded(s.plans, lang);
    const segs = [...unique].map(([hash, n]) => ({ id: hash, text: n.text }));
    const c = segs.reduce((sum, x) => sum + x.text.length, 0);
    const fileJobs = s.plans.filter((p) => p.lang === lang && p.fileJob !== undefined).length;
    const files = s.plans.filter((p) => p.lang === lang && p.compose !== undefined).length + fileJobs;
    const credits = Math.round((c * rate) / 10) / 100 + 2 * fileJobs;
    return { lang, files, fileJobs, segments: segs.length, chars: c, requests: minimumRequests(segs), estimatedCredits: credits };
  });
  const { files, counts } = statusOf(s, opts.config.terms);
  return {
    files,
    counts,
    languages,
    conflicts: s.plans.flatMap((p) => p.conflicts),
    estimate: { millicreditsPerChar: rate, note: 'estimate only: the service decides the charge' },
  };
}
