// Usage by day as an accessible SVG bar chart (role="img" with a title and description) plus the
// same numbers as a table for screen readers and keyboard users. Colours come from VS Code's theme
// variables through CSS classes, so it follows light, dark and high-contrast themes. Pure.
import { t } from '../../platform/l10n.ts';
import type { UsageDay } from './model.ts';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };
/** At most this many days are drawn (the most recent). */
export const CHART_DAYS = 30;

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

const short = (n: number): string =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);

export function usageChartHtml(days: readonly UsageDay[]): string {
  const shown = days.slice(-CHART_DAYS);
  if (shown.length === 0) {
    return `<p class="empty" id="usage-empty">${escapeHtml(t('No usage recorded yet. Translations you run appear here by day.'))}</p>`;
  }
  const max = niceMax(Math.max(...shown.map((d) => d.characters)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / shown.length;
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const total = shown.reduce((n, d) => n + d.characters, 0);
  const desc = t('{0} days from {1} to {2}; {3} characters in all.', shown.length, shown[0]!.day, shown.at(-1)!.day, total.toLocaleString('en-US'));
  const bars = shown
    .map((d, i) => {
      const h = (d.characters / max) * plotH;
      const x = PAD.left + i * slot + (slot - barW) / 2;
      const y = PAD.top + plotH - h;
      const label = t('{0}: {1} characters', d.day, d.characters.toLocaleString('en-US'));
      return `<rect class="bar" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(1)}" data-day="${d.day}"><title>${escapeHtml(label)}</title></rect>`;
    })
    .join('');
  const every = Math.max(1, Math.ceil(shown.length / 6));
  const xLabels = shown
    .map((d, i) =>
      i % every === 0 || i === shown.length - 1
        ? `<text class="axis" x="${(PAD.left + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="middle">${d.day.slice(5)}</text>`
        : '',
    )
    .join('');
  const yLabels = [0, 0.5, 1]
    .map((f) => {
      const y = PAD.top + plotH - f * plotH;
      return `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y}" y2="${y}"/><text class="axis" x="${PAD.left - 6}" y="${y + 4}" text-anchor="end">${short(max * f)}</text>`;
    })
    .join('');
  const rows = shown
    .map((d) => `<tr><th scope="row">${d.day}</th><td>${d.characters.toLocaleString('en-US')}</td><td>${d.files}</td><td>${d.requests}</td></tr>`)
    .join('');
  return (
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="usage-title usage-desc" data-days="${shown.length}">` +
    `<title id="usage-title">${escapeHtml(t('Characters translated per day (UTC)'))}</title><desc id="usage-desc">${escapeHtml(desc)}</desc>` +
    `${yLabels}${bars}${xLabels}</svg>` +
    `<details><summary>${escapeHtml(t('Usage by day as a table'))}</summary><table id="usage-table"><caption>${escapeHtml(t('Usage by day (UTC)'))}</caption>` +
    `<thead><tr><th scope="col">${escapeHtml(t('Day'))}</th><th scope="col">${escapeHtml(t('Characters'))}</th><th scope="col">${escapeHtml(t('Files'))}</th><th scope="col">${escapeHtml(t('Records'))}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></details>`
  );
}
