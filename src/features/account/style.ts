// The Account view's stylesheet: VS Code theme variables only, so light, dark and high-contrast
// themes all work; a visible focus ring on every control.
export const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-sideBar-background, var(--vscode-editor-background)); padding: 0 8px 16px; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.4em; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent)); padding-bottom: 2px; }
h3 { font-size: 1em; margin: 0 0 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.note, .sub { color: var(--vscode-descriptionForeground); }
.warn { color: var(--vscode-editorWarning-foreground, var(--vscode-errorForeground)); }
.big { font-size: 1.5em; margin: 0.2em 0; }
.big .label { display: block; font-size: 0.55em; color: var(--vscode-descriptionForeground); }
.toolbar { display: flex; gap: 8px; align-items: center; margin-top: 8px; }
.actions { display: flex; gap: 6px; flex-wrap: wrap; margin: 4px 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
dl.facts dt { color: var(--vscode-descriptionForeground); }
dl.facts dd { margin: 0; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
caption { text-align: left; color: var(--vscode-descriptionForeground); padding-bottom: 2px; }
th, td { text-align: left; padding: 2px 6px 2px 0; border-bottom: 1px solid var(--vscode-widget-border, transparent); vertical-align: top; overflow-wrap: break-word; }
#operations { font-size: 0.92em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
#usage-chart { width: 100%; min-height: 180px; margin: 4px 0; }
#usage-chart .u-axis { color: var(--vscode-descriptionForeground); }
summary:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
svg.meter { width: 100%; height: 8px; }
svg.meter .track { fill: var(--vscode-input-background, var(--vscode-widget-border)); }
svg.meter .fill { fill: var(--vscode-charts-orange, var(--vscode-button-background)); }
ul.webhooks { list-style: none; padding: 0; margin: 0; }
li.webhook { padding: 6px 0; border-bottom: 1px solid var(--vscode-widget-border, transparent); }
li.webhook p { margin: 2px 0; }
li.webhook.disabled h3::after { content: " (disabled)"; color: var(--vscode-editorWarning-foreground); font-weight: normal; }
code { font-family: var(--vscode-editor-font-family); word-break: break-all; }
`;
