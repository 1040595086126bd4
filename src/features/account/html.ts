// The Account view's page: balance, the key's budget, usage by day, credit operations and webhooks.
// Strict Content-Security-Policy (nothing but this page's nonce runs or styles), VS Code theme
// variables for every colour, native buttons and tables with captions, headings and labels so it
// works with a keyboard and a screen reader. Pure: no vscode import.
import { escapeHtml as esc, usageChartHtml } from './chart.ts';
import { credits, webhookLimitNote, when, WEBHOOK_LIMIT, type AccountModel, type WebhookRow } from './model.ts';
import { STYLE } from './style.ts';

export interface PageOptions {
  nonce: string;
  cspSource: string;
  /** Shown instead of the account when the service URL or key is missing. */
  setupNeeded?: 'serviceUrl' | 'apiKey';
  loading?: boolean;
}

const button = (action: string, label: string, opts: { id?: string; aria?: string; secondary?: boolean; disabled?: boolean } = {}): string =>
  `<button type="button" data-action="${action}"${opts.id !== undefined ? ` data-id="${esc(opts.id)}"` : ''}` +
  `${opts.aria !== undefined ? ` aria-label="${esc(opts.aria)}"` : ''}${opts.secondary === true ? ' class="secondary"' : ''}` +
  `${opts.disabled === true ? ' disabled aria-disabled="true"' : ''}>${esc(label)}</button>`;

function balanceSection(m: AccountModel): string {
  const b = m.balance;
  if (b === undefined) return '<section aria-labelledby="h-balance"><h2 id="h-balance">Balance</h2><p>Not available.</p></section>';
  const debt = b.debt > 0 ? `<p class="warn" role="status">In debt by ${credits(b.debt)} credits: new work cannot start until credits repay it.</p>` : '';
  const lots = b.lots.length === 0
    ? '<p>No valid credit lots.</p>'
    : `<table id="lots"><caption>Credit lots (valid batches)</caption><thead><tr><th scope="col">Remaining</th><th scope="col">Expires</th></tr></thead><tbody>${b.lots
        .map((l) => `<tr><td>${credits(l.remaining)}</td><td>${esc(when(l.expiresAt))}</td></tr>`)
        .join('')}</tbody></table>`;
  return `<section aria-labelledby="h-balance"><h2 id="h-balance">Balance</h2>
<p class="big" id="available"><span class="label">Available</span> ${credits(b.available)} credits</p>${debt}
<dl class="facts"><dt>Debt</dt><dd id="debt">${credits(b.debt)}</dd><dt>Charged today (UTC)</dt><dd>${credits(b.todayCharged)}</dd>
<dt>Spent in all</dt><dd>${credits(b.spent)}</dd><dt>Expired</dt><dd>${credits(b.expired)}</dd>
<dt>Precision</dt><dd>${b.precision} decimal place${b.precision === 1 ? '' : 's'} of millicredits</dd></dl>${lots}</section>`;
}

function budgetSection(m: AccountModel): string {
  const k = m.keyBudget;
  if (k === undefined) return '';
  const pct = k.budget > 0 ? Math.min(100, Math.round((k.used / k.budget) * 100)) : 100;
  const out = k.remaining <= 0 ? '<p class="warn" role="status">This key\'s budget is used up: it cannot start new work until the budget is raised in the console.</p>' : '';
  return `<section aria-labelledby="h-budget"><h2 id="h-budget">This API key's budget</h2>
<p id="key-budget">${credits(k.used)} of ${credits(k.budget)} credits used; ${credits(k.remaining)} left.</p>
<svg class="meter" viewBox="0 0 100 6" preserveAspectRatio="none" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${pct}" aria-label="Key budget used, percent"><rect class="track" width="100" height="6"/><rect class="fill" width="${pct}" height="6"/></svg>${out}</section>`;
}

function usageSection(m: AccountModel): string {
  const t = m.totals;
  const totals = t === undefined ? '' : `<dl class="facts"><dt>Files</dt><dd>${t.files ?? '—'}</dd><dt>Characters</dt><dd>${t.characters?.toLocaleString('en-US') ?? '—'}</dd>
<dt>Tokens</dt><dd>${t.tokens?.toLocaleString('en-US') ?? '—'}</dd><dt>Processing time</dt><dd>${t.processingMs === undefined ? '—' : `${(t.processingMs / 1000).toFixed(1)} s`}</dd></dl>`;
  return `<section aria-labelledby="h-usage"><h2 id="h-usage">Usage by day</h2><p class="note">Whole account, every key.</p>${usageChartHtml(m.usage)}${totals}</section>`;
}

function operationsSection(m: AccountModel): string {
  const rows = m.operations
    .map(
      (o) => `<tr><td><time datetime="${esc(o.createdAt ?? '')}">${esc(when(o.createdAt).replace(/^\d{4}-/, '').replace(' UTC', ''))}</time></td><td>${esc(o.kind.replace(/_/g, ' '))}</td><td>${esc(o.status.replace(/_/g, ' '))}</td>
<td class="num">${credits(o.charged)}${o.refunded !== undefined && o.refunded > 0 ? `<br>refunded ${credits(o.refunded)}` : ''}</td><td>${button('receipt', 'Receipt', { id: o.id, aria: `Open receipt ${o.id}`, secondary: true })}</td></tr>`,
    )
    .join('');
  const table = m.operations.length === 0
    ? '<p>No credit operations for this key yet.</p>'
    : `<table id="operations"><caption>Latest credit operations of this key (times in UTC)</caption><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Status</th><th scope="col">Credits</th><th scope="col"><span class="sr">Receipt</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section aria-labelledby="h-ops"><h2 id="h-ops">Credit operations</h2>
<p class="note">With an API key the service lists only the operations started by that key; usage above is account-wide.</p>${table}</section>`;
}

function webhookItem(w: WebhookRow): string {
  const state = w.disabled ? '<strong class="warn">Disabled</strong> (after repeated failed deliveries or by hand)' : 'Active';
  const last = w.lastTriggeredAt === undefined ? 'Never triggered' : `Last triggered ${esc(when(w.lastTriggeredAt))}, answer ${w.lastStatusCode ?? 'none'}`;
  const name = w.description !== '' ? w.description : w.url;
  return `<li class="webhook${w.disabled ? ' disabled' : ''}" data-webhook="${esc(w.id)}"><h3>${esc(name)}</h3>
<p><code>${esc(w.url)}</code></p><p>${state}. Events: ${esc(w.events.join(', ') || '—')}. ${last}; ${w.consecutiveFailures ?? 0} consecutive failure(s).${w.hasSecret === true ? ' Signed.' : w.hasSecret === false ? ' Not signed.' : ''}</p>
<div class="actions">${button('webhookEdit', 'Edit', { id: w.id, aria: `Edit webhook ${name}`, secondary: true })}${
    w.disabled ? button('webhookEnable', 'Re-enable', { id: w.id, aria: `Re-enable webhook ${name}` }) : ''
  }${button('webhookDelete', 'Delete', { id: w.id, aria: `Delete webhook ${name}`, secondary: true })}</div></li>`;
}

function webhooksSection(m: AccountModel): string {
  const limit = webhookLimitNote(m.webhooks.length);
  const list = m.webhooks.length === 0 ? '<p>No webhooks. A webhook tells your server when a translation job ends.</p>' : `<ul class="webhooks">${m.webhooks.map(webhookItem).join('')}</ul>`;
  return `<section aria-labelledby="h-webhooks"><h2 id="h-webhooks">Webhooks</h2>
<p class="note">${m.webhooks.length} of ${WEBHOOK_LIMIT} in use (the service's limit per user).</p>${list}
<div class="actions">${button('webhookAdd', 'Add Webhook…', { disabled: limit !== undefined, aria: limit !== undefined ? `Add Webhook: not possible, ${limit}` : 'Add Webhook' })}</div>${
    limit !== undefined ? `<p class="note" id="webhook-limit">${esc(limit)}</p>` : ''
  }</section>`;
}

const SCRIPT = `const vscode = acquireVsCodeApi();
document.addEventListener('click', (e) => {
  const b = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
  if (b && !b.disabled) vscode.postMessage({ action: b.dataset.action, id: b.dataset.id });
});`;

export function accountPageHtml(m: AccountModel | undefined, o: PageOptions): string {
  let body: string;
  if (o.setupNeeded !== undefined) {
    const what = o.setupNeeded === 'serviceUrl' ? ['the address of the translation service', 'setServiceUrl', 'Set Service URL'] : ['your API key', 'setApiKey', 'Set API Key'];
    body = `<p>Set ${what[0]} to see your balance, usage and webhooks.</p><div class="actions">${button(what[1]!, what[2]!)}</div>`;
  } else if (m === undefined) {
    body = '<p role="status">Loading the account…</p>';
  } else {
    const problems = m.problems.map((p) => `<p class="warn" role="alert">${esc(p)}</p>`).join('');
    body = `${problems}${balanceSection(m)}${budgetSection(m)}${usageSection(m)}${operationsSection(m)}${webhooksSection(m)}`;
  }
  const updated = m !== undefined && o.setupNeeded === undefined ? `<span class="note" id="updated">Updated ${esc(when(m.updatedAt))}</span>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${o.cspSource} data:; style-src 'nonce-${o.nonce}'; script-src 'nonce-${o.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Doc Translate Account</title><style nonce="${o.nonce}">${STYLE}</style></head>
<body><main aria-busy="${o.loading === true}"><h1 class="sr">Doc Translate account</h1><div class="toolbar">${button('refresh', 'Refresh', { aria: 'Refresh the account' })}${updated}</div>
${body}</main><script nonce="${o.nonce}">${SCRIPT}</script></body></html>`;
}
