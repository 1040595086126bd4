// The Account view's page: balance, the key's budget, usage by day, credit operations and webhooks.
// Strict Content-Security-Policy (nothing but this page's nonce runs or styles), VS Code theme
// variables for every colour, native buttons and tables with captions, headings and labels so it
// works with a keyboard and a screen reader. Pure: no vscode import.
import { formatCredits } from '../../platform/format.ts';
import { t } from '../../platform/l10n.ts';
import { escapeHtml as esc, usageChartHtml } from './chart.ts';
import { credits, webhookLimitNote, when, WEBHOOK_FAILURE_LIMIT, WEBHOOK_LIMIT, type AccountModel, type OperationRow, type WebhookRow } from './model.ts';
import { STYLE } from './style.ts';

export interface PageOptions {
  nonce: string;
  cspSource: string;
  /** Shown instead of the account when the service URL or key is missing. */
  setupNeeded?: 'serviceUrl' | 'apiKey';
  loading?: boolean;
  /** The page's language (VS Code's display language); English when not given. */
  lang?: string;
  /** Webview addresses of the page script (controls and chart) and uPlot's stylesheet; without them the page is static HTML. */
  assets?: { script: string; css: string };
}

/** A button of @vscode-elements/elements (themed, focusable, keyboard operable); its action goes to the extension. */
const button = (action: string, label: string, opts: { id?: string; aria?: string; secondary?: boolean; disabled?: boolean } = {}): string =>
  `<vscode-button data-action="${action}"${opts.id !== undefined ? ` data-id="${esc(opts.id)}"` : ''}` +
  `${opts.aria !== undefined ? ` aria-label="${esc(opts.aria)}"` : ''}${opts.secondary === true ? ' secondary' : ''}` +
  `${opts.disabled === true ? ' disabled aria-disabled="true"' : ''}>${esc(label)}</vscode-button>`;

function balanceSection(m: AccountModel): string {
  const b = m.balance;
  if (b === undefined) return `<section aria-labelledby="h-balance"><h2 id="h-balance">${esc(t('Balance'))}</h2><p>${esc(t('Not available.'))}</p></section>`;
  const debt =
    b.debt > 0 ? `<p class="warn" role="status">${esc(t('In debt by {0} credits: new work cannot start until credits repay it.', credits(b.debt)))}</p>` : '';
  const lots =
    b.lots.length === 0
      ? `<p>${esc(t('No valid credit lots.'))}</p>`
      : `<table id="lots"><caption>${esc(t('Credit lots (valid batches)'))}</caption><thead><tr><th scope="col">${esc(t('Remaining'))}</th><th scope="col">${esc(t('Expires'))}</th></tr></thead><tbody>${b.lots
          .map((l) => `<tr><td>${credits(l.remaining)}</td><td>${esc(when(l.expiresAt))}</td></tr>`)
          .join('')}</tbody></table>`;
  const precision = b.precision === 1 ? t('1 decimal place of millicredits') : t('{0} decimal places of millicredits', b.precision);
  return `<section aria-labelledby="h-balance"><h2 id="h-balance">${esc(t('Balance'))}</h2>
<p class="big" id="available"><span class="label">${esc(t('Available'))}</span> ${esc(formatCredits(b.available, 4))}</p>${debt}
<dl class="facts"><dt>${esc(t('Debt'))}</dt><dd id="debt">${credits(b.debt)}</dd><dt>${esc(t('Charged today (UTC)'))}</dt><dd>${credits(b.todayCharged)}</dd>
<dt>${esc(t('Spent in all'))}</dt><dd>${credits(b.spent)}</dd><dt>${esc(t('Expired'))}</dt><dd>${credits(b.expired)}</dd>
<dt>${esc(t('Precision'))}</dt><dd>${esc(precision)}</dd></dl>${lots}</section>`;
}

function budgetSection(m: AccountModel): string {
  const k = m.keyBudget;
  if (k === undefined) return '';
  const pct = k.budget > 0 ? Math.min(100, Math.round((k.used / k.budget) * 100)) : 100;
  const out =
    k.remaining <= 0
      ? `<p class="warn" role="status">${esc(t("This key's budget is used up: it cannot start new work until the budget is raised in the console."))}</p>`
      : '';
  return `<section aria-labelledby="h-budget"><h2 id="h-budget">${esc(t("This API key's budget"))}</h2>
<p id="key-budget">${esc(t('{0} of {1} credits used; {2} left.', credits(k.used), credits(k.budget), credits(k.remaining)))}</p>
<svg class="meter" viewBox="0 0 100 6" preserveAspectRatio="none" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${pct}" aria-label="${esc(t('Key budget used, percent'))}"><rect class="track" width="100" height="6"/><rect class="fill" width="${pct}" height="6"/></svg>${out}</section>`;
}

function usageSection(m: AccountModel): string {
  const n = m.totals;
  const totals =
    n === undefined
      ? ''
      : `<dl class="facts"><dt>${esc(t('Files'))}</dt><dd>${n.files ?? '—'}</dd><dt>${esc(t('Characters'))}</dt><dd>${n.characters?.toLocaleString('en-US') ?? '—'}</dd>
<dt>${esc(t('Tokens'))}</dt><dd>${n.tokens?.toLocaleString('en-US') ?? '—'}</dd><dt>${esc(t('Processing time'))}</dt><dd>${n.processingMs === undefined ? '—' : esc(t('{0} s', (n.processingMs / 1000).toFixed(1)))}</dd></dl>`;
  return `<section aria-labelledby="h-usage"><h2 id="h-usage">${esc(t('Usage by day'))}</h2><p class="note">${esc(t('Whole account, every key.'))}</p>${usageChartHtml(m.usage)}${totals}</section>`;
}

/** What an operation was for (file name or endpoint, and its job), so rows of one kind tell apart. */
function operationFor(o: OperationRow): string {
  const parts = [o.subject, o.jobId !== undefined ? t('job {0}', o.jobId) : undefined].filter((x): x is string => x !== undefined && x !== '');
  return parts.length === 0 ? '' : `<br><span class="sub">${esc(parts.join(' · '))}</span>`;
}

function operationsSection(m: AccountModel): string {
  const rows = m.operations
    .map(
      (o) => `<tr><td><time datetime="${esc(o.createdAt ?? '')}">${esc(
        when(o.createdAt)
          .replace(/^\d{4}-/, '')
          .replace(' UTC', ''),
      )}</time></td><td>${esc(o.kind.replace(/_/g, ' '))}${operationFor(o)}</td><td>${esc(o.status.replace(/_/g, ' '))}</td>
<td class="num">${credits(o.charged)}${o.refunded !== undefined && o.refunded > 0 ? `<br>${esc(t('refunded {0}', credits(o.refunded)))}` : ''}</td><td>${button('receipt', t('Receipt'), { id: o.id, aria: t('Open receipt {0}', o.id), secondary: true })}</td></tr>`,
    )
    .join('');
  const table =
    m.operations.length === 0
      ? `<p>${esc(t('No credit operations for this key yet.'))}</p>`
      : `<table id="operations"><caption>${esc(t('Latest credit operations of this key (times in UTC)'))}</caption><thead><tr><th scope="col">${esc(t('When'))}</th><th scope="col">${esc(t('What'))}</th><th scope="col">${esc(t('Status'))}</th><th scope="col">${esc(t('Credits'))}</th><th scope="col"><span class="sr">${esc(t('Receipt'))}</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section aria-labelledby="h-ops"><h2 id="h-ops">${esc(t('Credit operations'))}</h2>
<p class="note">${esc(t('With an API key the service lists only the operations started by that key; usage above is account-wide.'))}</p>${table}</section>`;
}

function webhookItem(w: WebhookRow): string {
  const state =
    w.state === 'disabled'
      ? `<strong class="warn">${esc(t('Disabled'))}</strong> ${esc((w.consecutiveFailures ?? 0) >= WEBHOOK_FAILURE_LIMIT ? t('(after {0} consecutive failed deliveries)', WEBHOOK_FAILURE_LIMIT) : t('(as the service lists it)'))}`
      : w.state === 'active'
        ? esc(t('Active'))
        : esc(t('State not listed by the service'));
  const otherFields = Object.entries(w.other)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${k}: ${String(v)}`);
  // Fields the extension does not read (the spec names none for the list), kept as the service listed them.
  const also =
    otherFields.length > 0 ? `<details class="note"><summary>${esc(t('Also listed by the service'))}</summary>${esc(otherFields.join('; '))}</details>` : '';
  const last =
    w.lastTriggeredAt === undefined ? t('Never triggered') : t('Last triggered {0}, answer {1}', when(w.lastTriggeredAt), w.lastStatusCode ?? t('none'));
  const signed = w.hasSecret === true ? ` ${t('Signed.')}` : w.hasSecret === false ? ` ${t('Not signed.')}` : '';
  const facts = t('Events: {0}. {1}; {2} consecutive failure(s).', w.events.join(', ') || '—', last, w.consecutiveFailures ?? 0);
  const name = w.description !== '' ? w.description : w.url;
  return `<li class="webhook${w.disabled ? ' disabled' : ''}" data-webhook="${esc(w.id)}"><h3>${esc(name)}</h3>
<p><code>${esc(w.url)}</code></p><p>${state}. ${esc(`${facts}${signed}`)}</p>${also}
<div class="actions">${button('webhookEdit', t('Edit'), { id: w.id, aria: t('Edit webhook {0}', name), secondary: true })}${
    w.state !== 'active' ? button('webhookEnable', t('Re-enable'), { id: w.id, aria: t('Re-enable webhook {0}', name) }) : ''
  }${button('webhookDelete', t('Delete'), { id: w.id, aria: t('Delete webhook {0}', name), secondary: true })}</div></li>`;
}

function webhooksSection(m: AccountModel): string {
  const limit = webhookLimitNote(m.webhooks.length);
  const list =
    m.webhooks.length === 0
      ? `<p>${esc(t('No webhooks. A webhook tells your server when a translation job ends.'))}</p>`
      : `<ul class="webhooks">${m.webhooks.map(webhookItem).join('')}</ul>`;
  return `<section aria-labelledby="h-webhooks"><h2 id="h-webhooks">${esc(t('Webhooks'))}</h2>
<p class="note">${esc(t("{0} of {1} in use (the service's limit per user).", m.webhooks.length, WEBHOOK_LIMIT))}</p>${list}
<div class="actions">${button('webhookAdd', t('Add Webhook…'), { disabled: limit !== undefined, aria: limit !== undefined ? t('Add Webhook: not possible, {0}', limit) : t('Add Webhook') })}</div>${
    limit !== undefined ? `<p class="note" id="webhook-limit">${esc(limit)}</p>` : ''
  }</section>`;
}

export function accountPageHtml(m: AccountModel | undefined, o: PageOptions): string {
  let body: string;
  if (o.setupNeeded !== undefined) {
    body =
      o.setupNeeded === 'serviceUrl'
        ? `<p>${esc(t('Set the address of the translation service to see your balance, usage and webhooks.'))}</p><div class="actions">${button('setServiceUrl', t('Set Service URL'))}</div>`
        : `<p>${esc(t('Set your API key to see your balance, usage and webhooks.'))}</p><div class="actions">${button('setApiKey', t('Set API Key'))}</div>`;
  } else if (m === undefined) {
    body = `<p role="status">${esc(t('Loading the account…'))}</p>`;
  } else {
    const problems = m.problems.map((p) => `<p class="warn" role="alert">${esc(p)}</p>`).join('');
    body = `${problems}${balanceSection(m)}${budgetSection(m)}${usageSection(m)}${operationsSection(m)}${webhooksSection(m)}`;
  }
  const updated = m !== undefined && o.setupNeeded === undefined ? `<span class="note" id="updated">${esc(t('Updated {0}', when(m.updatedAt)))}</span>` : '';
  return `<!DOCTYPE html><html lang="${esc(o.lang ?? 'en')}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${o.cspSource} data:; style-src 'nonce-${o.nonce}' ${o.cspSource}; script-src 'nonce-${o.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(t('Doc Translate Account'))}</title>${o.assets !== undefined ? `<link rel="stylesheet" nonce="${o.nonce}" href="${esc(o.assets.css)}">` : ''}<style nonce="${o.nonce}">${STYLE}</style></head>
<body><main aria-busy="${o.loading === true}"><h1 class="sr">${esc(t('Doc Translate account'))}</h1><div class="toolbar">${button('refresh', t('Refresh'), { aria: t('Refresh the account') })}${updated}</div>
${body}</main>${o.assets !== undefined ? `<script nonce="${o.nonce}" src="${esc(o.assets.script)}"></script>` : ''}</body></html>`;
}
