// How the Localization view says how much of a translation was reviewed by a person.
// Pure (no vscode import).
import type { ReviewCount, ReviewShare } from '../../localize/index.ts';
import { t } from '../../platform/l10n.ts';

const percent = (reviewed: number, segments: number): number => (segments === 0 ? 0 : Math.floor((100 * reviewed) / segments));

/** One translation's line: "12 of 30 translated segments reviewed". */
export function reviewedLine(c: ReviewCount): string {
  return t('{0} of {1} translated segments reviewed by a person.', c.reviewed, c.segments);
}

/** The set-up's share per language: "Reviewed: de 40%, fr 0%"; empty when nothing is translated yet. */
export function reviewedShares(shares: readonly ReviewShare[]): string {
  const langs = shares.filter((s) => s.segments > 0);
  if (langs.length === 0) return '';
  return t('Reviewed: {0}', langs.map((s) => `${s.lang} ${percent(s.reviewed, s.segments)}%`).join(', '));
}
