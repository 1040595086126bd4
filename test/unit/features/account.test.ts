// The Account view's pure parts: loose records read defensively, usage by day, the chart and the
// page (CSP, labels), receipts as readable text, the webhook limit; and the job tooltip wording.
import * as assert from 'node:assert/strict';
import { usageChartHtml } from '../../../src/features/account/chart.ts';
import { accountPageHtml } from '../../../src/features/account/html.ts';
import {
  balanceView,
  keyBudgetOf,
  operationRow,
  usageByDay,
  webhookLimitNote,
  webhookRow,
  webhookUrlProblem,
  type AccountModel,
} from '../../../src/features/account/model.ts';
import { receiptMarkdown } from '../../../src/features/account/receiptText.ts';
import { jobTooltipMarkdown } from '../../../src/features/jobs/view/describe.ts';
import type { TrackedJob } from '../../../src/features/jobs/model.ts';

const balance = {
  available: 1_500_000,
  debt: 0,
  spent: 2000,
  expired: 0,
  today_charged: 500,
  lots: [{ id: 'lot', remaining: 1_500_000, expires_at: '2027-11-23T00:00:00.000Z' }],
  credit_precision: 1,
};

function model(over: Partial<AccountModel> = {}): AccountModel {
  return {
    balance: balanceView(balance),
    keyBudget: undefined,
    totals: undefined,
    problems: [],
    updatedAt: '2026-11-23T10:00:00.000Z',
    usage: usageByDay([
      { recorded_at: '2026-11-21T10:00:00Z', character_count: 100, file_count: 1 },
      { recorded_at: '2026-11-23T09:00:00Z', character_count: 50 },
    ]),
    operations: [operationRow({ operation_id: 'cop_1', kind: 'instant_translation', status: 'settled', charged_millicredits: 50, refunded_millicredits: 0 })!],
    webhooks: [],
    ...over,
  };
}

describe('Account view (pure parts)', () => {
  it('sums usage by UTC day, oldest first, filling empty days', () => {
    const days = usageByDay([
      { recorded_at: '2026-11-23T23:59:00Z', character_count: 5 },
      { recorded_at: '2026-11-21T00:00:01Z', character_count: 10, file_count: 1 },
      { recorded_at: '2026-11-23T00:00:00Z', character_count: 7 },
      { recorded_at: 'not a date', character_count: 1000 },
    ]);
    assert.deepEqual(
      days.map((d) => [d.day, d.characters, d.files]),
      [
        ['2026-11-21', 10, 1],
        ['2026-11-22', 0, 0],
        ['2026-11-23', 12, 0],
      ],
    );
  });

  it('reads balance lots, the key budget and loose operations and webhooks', () => {
    assert.deepEqual(balanceView(balance).lots, [{ remaining: 1_500_000, expiresAt: '2027-11-23T00:00:00.000Z' }]);
    assert.equal(keyBudgetOf(balance), undefined);
    assert.deepEqual(keyBudgetOf({ ...balance, key_budget: { budget_millicredits: 40, used_millicredits: 10, remaining_millicredits: 30 } }), {
      budget: 40,
      used: 10,
      remaining: 30,
    });
    assert.equal(operationRow({ status: 'x' }), undefined, 'no id, no row');
    const hook = webhookRow({ id: 'wh_1', url: 'https://h', events: ['*'], status: 'disabled', consecutive_failures: 10 })!;
    assert.equal(hook.disabled, true);
    assert.equal(hook.consecutiveFailures, 10);
    assert.deepEqual(hook.other, { status: 'disabled' }, 'fields not read are kept as listed');
  });

  it('knows a webhook is disabled from what the spec shows (10 consecutive failures) or from a loosely named state; unknown otherwise', () => {
    const row = (r: Record<string, unknown>): string => webhookRow({ id: 'wh', url: 'https://h', events: ['*'], ...r })!.state;
    assert.equal(row({ failure_count: 10 }), 'disabled', 'the spec: disabled after 10 consecutive failed deliveries');
    assert.equal(row({ consecutive_failures: 3 }), 'active');
    assert.equal(row({ consecutive_failures: 0, active: false }), 'disabled', 'disabled by a PATCH');
    assert.equal(row({ consecutive_failures: 0, state: 'disabled' }), 'disabled');
    assert.equal(row({ consecutive_failures: 12, enabled: true }), 'disabled');
    assert.equal(row({}), 'unknown', 'nothing listed: not guessed');
    const html = accountPageHtml(model({ webhooks: [webhookRow({ id: 'wh_9', url: 'https://h', events: ['*'], mystery: 'kept' })!] }), {
      nonce: 'n',
      cspSource: '',
    });
    assert.match(html, /State not listed by the service/);
    assert.match(html, /data-action="webhookEnable" data-id="wh_9"/, 'Re-enable is offered when the state is unknown');
    assert.match(html, /<summary>Also listed by the service<\/summary>mystery: kept/);
    assert.equal(webhookLimitNote(2), undefined);
    assert.match(webhookLimitNote(3)!, /at most 3 webhooks per user, disabled ones included/);
  });

  it('says what each credit operation was for (file name or endpoint, job id) and "1 credit" in the singular', () => {
    const ops = [
      operationRow({ operation_id: 'cop_a', kind: 'translation_job', status: 'settled', charged_millicredits: 542, job_id: 'job_7', endpoint: 'POST /jobs' })!,
      operationRow({ operation_id: 'cop_b', kind: 'translation_job', status: 'settled', charged_millicredits: 542, job_id: 'job_8', file_name: 'guide.md' })!,
    ];
    const html = accountPageHtml(model({ operations: ops, balance: balanceView({ ...balance, available: 1000 }) }), { nonce: 'n', cspSource: '' });
    assert.match(html, /translation job<br><span class="sub">POST \/jobs · job job_7<\/span>/);
    assert.match(html, /guide\.md · job job_8/);
    assert.match(html, /id="available"><span class="label">Available<\/span> 1 credit</);
  });

  it('gives the chart one point per day, a text alternative and a table', () => {
    const html = usageChartHtml(model().usage);
    const points = JSON.parse(/<script type="application\/json" id="usage-data">(.*?)<\/script>/.exec(html)![1]!) as { x: number[]; y: number[] };
    assert.equal(points.x.length, 3);
    assert.equal(points.x[0], Date.parse('2026-11-21T00:00:00Z') / 1000);
    assert.equal(
      points.y.reduce((a, b) => a + b, 0),
      150,
    );
    assert.match(html, /role="img" aria-labelledby="usage-title usage-desc"/);
    assert.match(html, /<p class="sr" id="usage-desc">3 days from 2026-11-21 to 2026-11-23; 150 characters in all\.<\/p>/);
    assert.match(html, /<caption>Usage by day \(UTC\)<\/caption>/);
    assert.match(usageChartHtml([]), /No usage recorded yet/);
  });

  it('renders a page with a strict CSP, escaped values and accessible controls', () => {
    const evil = model({ webhooks: [webhookRow({ id: 'wh_"x', url: 'https://h/<script>', events: ['job.completed'], description: '<b>CI</b>' })!] });
    const html = accountPageHtml(evil, {
      nonce: 'abc123',
      cspSource: 'vscode-resource:',
      assets: { script: 'vscode-resource:/dist/webview/account.js', css: 'vscode-resource:/dist/webview/uplot.css' },
    });
    assert.match(html, /content="default-src 'none'; img-src vscode-resource: data:; style-src 'nonce-abc123' vscode-resource:; script-src 'nonce-abc123';"/);
    assert.equal((html.match(/<script(?! type="application\/json")/g) ?? []).length, 1, 'only the page script');
    assert.match(html, /<script nonce="abc123" src="vscode-resource:\/dist\/webview\/account\.js"><\/script>/);
    assert.match(html, /<vscode-button data-action="refresh" aria-label="Refresh the account">Refresh<\/vscode-button>/);
    assert.ok(!html.includes('<b>CI</b>') && html.includes('&lt;b&gt;CI&lt;/b&gt;'));
    assert.ok(!/style="/.test(html), 'no inline style attributes (the CSP refuses them)');
    assert.match(html, /aria-label="Open receipt cop_1"/);
    assert.match(html, /1,500 credits/);
    assert.match(accountPageHtml(undefined, { nonce: 'n', cspSource: '', setupNeeded: 'apiKey' }), /data-action="setApiKey"/);
  });

  it('writes a receipt as a readable document', () => {
    const text = receiptMarkdown({
      operation_id: 'cop_9',
      kind: 'translation_job',
      status: 'refunded',
      charged_millicredits: 21000,
      refunded_millicredits: 21000,
      billing_basis: { unit: 'characters', quantity: 21, rate_millicredits: 1000, minimum_millicredits: 2000 },
      job_id: 'job_9',
      extra: 'x|y',
    });
    assert.match(text, /^# Receipt cop_9/);
    assert.match(text, /Refunded: everything charged was given back/);
    assert.match(text, /- Charged: 21 credits\n- Refunded: 21 credits\n- Net: 0 credits/);
    assert.match(text, /- Billed for: 21 characters\n- Rate: 1 credits per character\n- Minimum charge: 2 credits/);
    assert.match(text, /\| extra \| x\\\|y \|/);
  });

  it('accepts only absolute http(s) webhook addresses without credentials', () => {
    assert.equal(webhookUrlProblem('https://hooks.example.com/x'), undefined);
    assert.match(webhookUrlProblem('hooks.example.com')!, /absolute/);
    assert.match(webhookUrlProblem('ftp://h/x')!, /https/);
    assert.match(webhookUrlProblem('https://u:p@h/x')!, /credentials/);
  });
});

describe('Job tooltip (friction: status once, time with a unit)', () => {
  const job = (over: Partial<TrackedJob>): TrackedJob => ({
    id: 'job_1',
    documentId: 'doc_1',
    targetLang: 'de',
    sourceLang: null,
    engine: 'xr-397b',
    status: 'completed',
    stage: 'completed',
    progress: 100,
    stageMessage: 'Completed',
    queuePosition: null,
    errorMsg: null,
    quotaExceeded: false,
    timeCost: 1.42,
    createdAt: '2026-11-23T02:00:00.000Z',
    updatedAt: '2026-11-23T02:00:05.000Z',
    ...over,
  });

  it('says the status once and the processing time in seconds', () => {
    const tip = jobTooltipMarkdown(job({}), 'guide.md', 'en');
    assert.equal((tip.match(/completed/gi) ?? []).length, 1, tip);
    assert.match(tip, /Processing time: 1\\\.4 s/);
    const running = jobTooltipMarkdown(
      job({ status: 'processing', stage: 'translating', progress: 40, stageMessage: 'Translating: 40%', timeCost: 0 }),
      'guide.md',
      'en',
    );
    assert.equal((running.match(/translating/gi) ?? []).length, 1, running);
    const queued = jobTooltipMarkdown(
      job({ status: 'pending', stage: 'queued', progress: 0, stageMessage: '2 jobs ahead of this one', timeCost: 0, queuePosition: 2 }),
      'guide.md',
      'en',
    );
    assert.match(queued, /2 jobs ahead of this one/, 'a message with more than the status is kept');
  });
});
