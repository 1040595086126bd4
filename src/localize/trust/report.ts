/**
 * How pending segments and term violations read in the command line (`status`, `check`, `check
 * --format github`, an update's last lines). Plain strings; cli.ts and cliGithub.ts print them.
 */
import type { TargetStatus } from '../status.ts';
import type { TermProblem } from './outcome.ts';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `"workspace" is not translated as "Arbeitsbereich"`, `"Acme Widget" was not kept as it is`. */
export function termProblemText(t: TermProblem): string {
  if (t.kind === 'keep') return `protected term "${t.term}" was not kept as it is`;
  return t.expected !== undefined ? `"${t.term}" is not translated as "${t.expected}"` : `"${t.term}" is not translated as configured`;
}

/** `docs/de/a.md:12` */
export function where(target: string, line: number | undefined): string {
  return line !== undefined ? `${target}:${line}` : target;
}

/** What an update does about it, for messages. */
export const PENDING_HINT = 'their translation failed and the source text was written; the next update sends them again';
export const TERMS_HINT = 'the next update sends them again; or fix the translation by hand (an edited paragraph is kept)';

/** The lines `status` and `check` print after their table for pending segments and term violations. */
export function trustLines(targets: readonly TargetStatus[]): string[] {
  const out: string[] = [];
  const pendingByLang = new Map<string, number>();
  for (const t of targets) if ((t.pending ?? 0) > 0) pendingByLang.set(t.lang, (pendingByLang.get(t.lang) ?? 0) + t.pending!);
  for (const [lang, n] of pendingByLang) out.push(`${lang}: ${plural(n, 'segment')} pending (${PENDING_HINT})`);
  for (const t of targets) for (const p of t.terms ?? []) out.push(`terms      ${where(t.target, p.line)}: ${termProblemText(p)}`);
  return out;
}

/** The check's annotation message for a stale translation with pending segments. */
export function pendingMessage(t: TargetStatus, source: string): string {
  return `${plural(t.pending ?? 0, 'segment')} of ${source} pending: ${PENDING_HINT}`;
}
