// What the user types for the file tools, checked as typed: Split PDF…'s page ranges ("1, 2-3, 5")
// against the page count when it is known, Convert Image…'s quality against the listed range.
// Pure (no vscode import).
import { t } from '../../platform/l10n.ts';

export type RangesResult = { ok: true; ranges: string[] } | { ok: false; message: string };

/**
 * Parses a comma- or space-separated list of pages and from-to ranges (spec 4.6: "a page or page
 * range written as from-to", counted from 1). `pages` (when known) bounds them.
 */
export function parseRanges(input: string, pages?: number): RangesResult {
  const parts = input.split(/[,;\s]+/).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: t('Type pages or ranges, for example 1, 2-3, 5.') };
  const ranges: string[] = [];
  for (const part of parts) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.replace(/[–—]/g, '-'));
    if (m === null) return { ok: false, message: t('"{0}" is not a page or a range such as 2-3.', part) };
    const from = Number(m[1]);
    const to = m[2] !== undefined ? Number(m[2]) : from;
    if (from < 1) return { ok: false, message: t('Pages are counted from 1 ("{0}").', part) };
    if (to < from) return { ok: false, message: t('"{0}" ends before it starts.', part) };
    if (pages !== undefined && to > pages) return { ok: false, message: t('"{0}" goes past the last page ({1}).', part, pages) };
    ranges.push(m[2] !== undefined ? `${from}-${to}` : String(from));
  }
  return { ok: true, ranges };
}

/** Why a typed quality is not acceptable, checked against the range the service lists. */
export function qualityProblem(text: string, range: { min: number; max: number } | undefined): string | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return t('Type a whole number.');
  const n = Number(text.trim());
  if (range !== undefined && (n < range.min || n > range.max)) return t('Type a number from {0} to {1}.', range.min, range.max);
  if (range === undefined && n < 1) return t('Type a number above 0.');
  return undefined;
}
