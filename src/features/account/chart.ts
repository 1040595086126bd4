// Usage by day: the chart's place (role="img" with a title and description) and its points, which
// the page script draws with uPlot in the theme's colours, plus the same numbers as a table for
// screen readers and keyboard users. Pure.
import { t } from '../../platform/l10n.ts';
import type { UsageDay } from './model.ts';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** At most this many days are drawn (the most recent). */
export const CHART_DAYS = 30;

export function usageChartHtml(days: readonly UsageDay[]): string {
  const shown = days.slice(-CHART_DAYS);
  if (shown.length === 0) {
    return `<p class="empty" id="usage-empty">${escapeHtml(t('No usage recorded yet. Translations you run appear here by day.'))}</p>`;
  }
  const total = shown.reduce((n, d) => n + d.characters, 0);
  const desc = t('{0} days from {1} to {2}; {3} characters in all.', shown.length, shown[0]!.day, shown.at(-1)!.day, total.toLocaleString('en-US'));
  // The page script draws the bars with uPlot from these points (day start in UTC seconds, characters).
  const points = { x: shown.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), y: shown.map((d) => d.characters) };
  const json = JSON.stringify(points).replace(/</g, '\\u003c');
  const rows = shown
    .map((d) => `<tr><th scope="row">${d.day}</th><td>${d.characters.toLocaleString('en-US')}</td><td>${d.files}</td><td>${d.requests}</td></tr>`)
    .join('');
  return (
    `<div class="chart" id="usage-chart" role="img" aria-labelledby="usage-title usage-desc" data-days="${shown.length}" data-label="${escapeHtml(t('Characters'))}">` +
    `<p class="sr" id="usage-title">${escapeHtml(t('Characters translated per day (UTC)'))}</p><p class="sr" id="usage-desc">${escapeHtml(desc)}</p></div>` +
    `<script type="application/json" id="usage-data">${json}</script>` +
    `<details><summary>${escapeHtml(t('Usage by day as a table'))}</summary><table id="usage-table"><caption>${escapeHtml(t('Usage by day (UTC)'))}</caption>` +
    `<thead><tr><th scope="col">${escapeHtml(t('Day'))}</th><th scope="col">${escapeHtml(t('Characters'))}</th><th scope="col">${escapeHtml(t('Files'))}</th><th scope="col">${escapeHtml(t('Records'))}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></details>`
  );
}
