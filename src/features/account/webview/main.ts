// The Account view's page script (runs in the webview, bundled into dist/webview/account.js):
// VS Code-styled controls from @vscode-elements/elements (maintained, accessible web components
// that follow the theme), the usage chart drawn with uPlot (a small maintained chart library), and
// clicks sent to the extension. The page's text alternative of the chart (a table) is in the HTML.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import uPlot from 'uplot';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };

const vscode = acquireVsCodeApi();

document.addEventListener('click', (e) => {
  const target = e.target instanceof Element ? e.target.closest('[data-action]') : null;
  if (target instanceof HTMLElement && !target.hasAttribute('disabled')) {
    vscode.postMessage({ action: target.dataset['action'], id: target.dataset['id'] });
  }
});

/** Colours from the theme's variables, so the chart follows light, dark and high-contrast themes. */
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

function drawUsage(): void {
  const host = document.getElementById('usage-chart');
  const data = document.getElementById('usage-data');
  if (host === null || data === null) return;
  const days = JSON.parse(data.textContent ?? '{}') as { x?: number[]; y?: number[] };
  if (!Array.isArray(days.x) || !Array.isArray(days.y) || days.x.length === 0) return;
  const bar = themeColour('--vscode-charts-blue', '#3794ff');
  const axis = {
    stroke: themeColour('--vscode-descriptionForeground', '#888'),
    grid: { stroke: themeColour('--vscode-widget-border', '#8884'), width: 1 },
    ticks: { show: false },
  };
  const width = Math.max(200, host.clientWidth);
  const chart = new uPlot(
    {
      width,
      height: 180,
      legend: { show: false },
      cursor: { show: false },
      // Days in UTC, half a day of room either side so the first and last bars are whole.
      scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axis, incrs: [86_400, 7 * 86_400, 30 * 86_400], values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10)) },
        { ...axis, size: 56 },
      ],
      series: [
        {},
        { label: host.dataset['label'] ?? 'Characters', stroke: bar, fill: bar, paths: uPlot.paths.bars!({ size: [0.7, 40] }), points: { show: false } },
      ],
    },
    [days.x, days.y],
    host,
  );
  new ResizeObserver(() => chart.setSize({ width: Math.max(200, host.clientWidth), height: 180 })).observe(host);
}

drawUsage();
