import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../api/index.ts';
import { defineCommand, type Failure, type RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId } from '../../shared/ids.ts';
import { rememberSecret } from '../../shared/secretValues.ts';
import { serviceOrigin } from '../../shared/serviceUrl.ts';
import { WEBHOOK_LIMIT, webhookLimitNote, webhookRow, type WebhookRow } from './model.ts';
import { askEvents, askUrl } from './webhookQuestions.ts';

type HookDeps = Pick<Platform, 'clients' | 'settings' | 'prompter' | 'logger' | 'context'>;

export interface WebhookResult {
  done: boolean;
  reason?: 'cancelled' | 'limit' | 'notConfigured' | 'failed' | 'notFound' | 'stillDisabled';
  id?: string;
  /** Re-enable: the webhook was replaced by a new one (this is the old id). */
  replaced?: string;
  error?: string;
}

/** SecretStorage name of a webhook's signing secret: per service origin and webhook id. */
export function webhookSecretName(baseUrl: string, id: string): string {
  return `docTranslate.webhookSecret@${serviceOrigin(baseUrl) ?? baseUrl}/${id}`;
}

export function webhookCommands(s: HookDeps, changed: () => void): Command[] {
  const after = async (r: Promise<WebhookResult>): Promise<WebhookResult> => {
    const result = await r;
    if (result.done) changed();
    return result;
  };
  const failed = (why: Failure): WebhookResult =>
    'reason' in why ? { done: false, reason: 'notConfigured' } : { done: false, reason: 'failed', ...(why.error !== 'failed' ? { error: why.error } : {}) };
  const command = (id: CommandId, operation: () => string, run: (ctx: RunContext, id: unknown) => Promise<WebhookResult>): Command =>
    defineCommand(s, { id, operation, failed, run: (ctx, arg) => after(run(ctx, arg)) });
  return [
    command(
      CommandId.webhooksAdd,
      () => vscode.l10n.t('Adding the webhook'),
      (ctx) => add(s, ctx),
    ),
    command(
      CommandId.webhooksEdit,
      () => vscode.l10n.t('Updating the webhook'),
      (ctx, id) => edit(s, ctx, id),
    ),
    command(
      CommandId.webhooksEnable,
      () => vscode.l10n.t('Re-enabling the webhook'),
      (ctx, id) => enable(s, ctx, id),
    ),
    command(
      CommandId.webhooksDelete,
      () => vscode.l10n.t('Deleting the webhook'),
      (ctx, id) => remove(s, ctx, id),
    ),
  ];
}

async function list(client: DocTranslateClient): Promise<WebhookRow[]> {
  return (await client.webhooks.list({ timeoutMs: 15_000 })).flatMap((w) => webhookRow(w) ?? []);
}

/** The webhook an argument names, or one the user picks. */
async function target(s: HookDeps, client: DocTranslateClient, id: unknown, title: string, only?: (w: WebhookRow) => boolean): Promise<WebhookRow | undefined> {
  const hooks = (await list(client)).filter(only ?? (() => true));
  if (typeof id === 'string') return hooks.find((w) => w.id === id);
  const picked = await s.prompter.pick(
    'webhook',
    hooks.map((w) => ({
      label: w.description || w.url,
      description: w.state === 'disabled' ? vscode.l10n.t('disabled') : w.events.join(', '),
      detail: w.url,
      w,
    })),
    { title },
  );
  return picked?.w;
}

async function add(s: HookDeps, ctx: RunContext): Promise<WebhookResult> {
  const client = await ctx.client();
  const limit = webhookLimitNote((await list(client)).length);
  if (limit !== undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', limit));
    return { done: false, reason: 'limit' };
  }
  const url = await askUrl(s.prompter);
  if (url === undefined) return { done: false, reason: 'cancelled' };
  const events = await askEvents(s.prompter);
  if (events === undefined) return { done: false, reason: 'cancelled' };
  const description = await s.prompter.input('description', {
    title: vscode.l10n.t('Doc Translate: webhook description (optional)'),
    prompt: vscode.l10n.t('A name to recognise it by, e.g. "CI".'),
  });
  if (description === undefined) return { done: false, reason: 'cancelled' };
  const sign = await askSecret(s);
  if (sign === undefined) return { done: false, reason: 'cancelled' };
  const secret = sign ? `whsec_${randomBytes(32).toString('hex')}` : undefined;
  // Masked by value in every log line and error message from now on (also if the service echoes it).
  rememberSecret(secret);
  const created = await client.webhooks.create({ url, events, description, secret }, { timeoutMs: 15_000 });
  s.logger.info(`Webhook ${created.id} added${secret !== undefined ? ' with a signing secret (kept in secret storage)' : ''}.`);
  if (secret !== undefined) {
    await s.context.secrets.store(webhookSecretName(s.settings.baseUrl, created.id), secret);
    void showSecretOnce(s, secret);
  } else {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: webhook added. Its deliveries are not signed.'));
  }
  return { done: true, id: created.id };
}

async function askSecret(s: HookDeps): Promise<boolean | undefined> {
  const picked = await s.prompter.pick(
    'secret',
    [
      {
        label: vscode.l10n.t('Generate a signing secret'),
        description: vscode.l10n.t('recommended'),
        detail: vscode.l10n.t('Your receiver checks X-Webhook-Signature with it (verifyWebhookSignature). Shown once; kept in VS Code secret storage.'),
        sign: true,
      },
      { label: vscode.l10n.t('No secret'), detail: vscode.l10n.t('Deliveries are not signed: anyone who knows the URL can send fake events.'), sign: false },
    ],
    { title: vscode.l10n.t('Doc Translate: sign the deliveries?') },
  );
  return picked?.sign;
}

/** The secret is shown once, to copy into the receiver's configuration; it is never logged. */
async function showSecretOnce(s: HookDeps, secret: string): Promise<void> {
  const copy = vscode.l10n.t('Copy Secret');
  const picked = await s.prompter.choose(
    vscode.l10n.t('Doc Translate: webhook added. Copy its signing secret now: it is shown only this once.'),
    {
      modal: true,
      severity: 'info',
      detail: `${secret}\n\n${vscode.l10n.t('A copy stays in VS Code secret storage on this computer; the service never shows it again.')}`,
    },
    copy,
  );
  if (picked === copy) await vscode.env.clipboard.writeText(secret);
}

async function edit(s: HookDeps, ctx: RunContext, id: unknown): Promise<WebhookResult> {
  const client = await ctx.client();
  const hook = await target(s, client, id, vscode.l10n.t('Doc Translate: edit which webhook?'));
  if (hook === undefined) return { done: false, reason: typeof id === 'string' ? 'notFound' : 'cancelled' };
  const url = await askUrl(s.prompter, hook.url);
  if (url === undefined) return { done: false, reason: 'cancelled' };
  const events = await askEvents(s.prompter, hook.events);
  if (events === undefined) return { done: false, reason: 'cancelled' };
  const description = await s.prompter.input('description', { title: vscode.l10n.t('Doc Translate: webhook description'), value: hook.description });
  if (description === undefined) return { done: false, reason: 'cancelled' };
  const changes: Record<string, unknown> = {};
  if (url !== hook.url) changes['url'] = url;
  if (events.join(',') !== hook.events.join(',')) changes['events'] = events;
  if (description !== hook.description) changes['description'] = description;
  if (Object.keys(changes).length === 0) return { done: false, reason: 'cancelled', id: hook.id };
  await client.webhooks.update(hook.id, changes, { timeoutMs: 15_000 });
  void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: webhook updated.'));
  return { done: true, id: hook.id };
}

/**
 * Re-enable. The spec says a disabled webhook becomes active again "by PATCH after the receiver is
 * fixed" but shows no field for it, so only fields it shows are sent: the webhook's address (the
 * receiver), unchanged. The list is then read again; when the service does not list the webhook
 * as active, the user is told so and may recreate it (same address, events, description and
 * signing secret, under a new id), which the spec does define.
 */
async function enable(s: HookDeps, ctx: RunContext, id: unknown): Promise<WebhookResult> {
  const client = await ctx.client();
  const hook = await target(s, client, id, vscode.l10n.t('Doc Translate: re-enable which webhook?'), (w) => w.state !== 'active');
  if (hook === undefined) return { done: false, reason: typeof id === 'string' ? 'notFound' : 'cancelled' };
  await client.webhooks.update(hook.id, { url: hook.url }, { timeoutMs: 15_000 });
  const hooks = await list(client);
  const after = hooks.find((w) => w.id === hook.id);
  if (after?.state === 'active') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: webhook re-enabled.'));
    return { done: true, id: hook.id };
  }
  const name = hook.description || hook.url;
  const why =
    after?.state === 'disabled'
      ? vscode.l10n.t('The service still lists {0} as disabled.', name)
      : vscode.l10n.t('The service does not list whether {0} is active again.', name);
  const RECREATE = vscode.l10n.t('Recreate');
  const answer = await s.prompter.choose(
    `${why} ${vscode.l10n.t('The service does not say how to re-enable a webhook (only that a PATCH does it); recreate the webhook?')}`,
    {
      modal: true,
      detail: vscode.l10n.t(
        'A new webhook with the same address, events, description and signing secret replaces it; it gets a new id. Doc Translate sent its address again (PATCH), the only change the service documents.',
      ),
    },
    RECREATE,
  );
  if (answer !== RECREATE) return { done: false, reason: 'stillDisabled', id: hook.id };
  return await recreateWebhook(s, client, hook, hooks.length);
}

/** A new webhook in place of `hook` (spec 4.11 POST and DELETE); its signing secret moves with it. */
async function recreateWebhook(s: HookDeps, client: DocTranslateClient, hook: WebhookRow, count: number): Promise<WebhookResult> {
  const oldName = webhookSecretName(s.settings.baseUrl, hook.id);
  const kept = await s.context.secrets.get(oldName);
  // A signed webhook whose secret is not on this computer gets a new one (shown once).
  const secret = kept ?? (hook.hasSecret === true ? `whsec_${randomBytes(32).toString('hex')}` : undefined);
  rememberSecret(secret);
  const body = {
    url: hook.url,
    events: hook.events.length > 0 ? hook.events : ['job.completed'],
    description: hook.description,
    secret,
  };
  // At the service's limit the old one has to go first.
  const first = count >= WEBHOOK_LIMIT;
  if (first) await client.webhooks.delete(hook.id, { timeoutMs: 15_000 });
  const created = await client.webhooks.create(body, { timeoutMs: 15_000 });
  if (!first) await client.webhooks.delete(hook.id, { timeoutMs: 15_000 });
  if (secret !== undefined) await s.context.secrets.store(webhookSecretName(s.settings.baseUrl, created.id), secret);
  await s.context.secrets.delete(oldName);
  s.logger.info(`Webhook ${hook.id} recreated as ${created.id}.`);
  if (secret !== undefined && kept === undefined) void showSecretOnce(s, secret);
  else void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: webhook recreated with the same address, events and signing secret.'));
  return { done: true, id: created.id, replaced: hook.id };
}

async function remove(s: HookDeps, ctx: RunContext, id: unknown): Promise<WebhookResult> {
  const client = await ctx.client();
  const hook = await target(s, client, id, vscode.l10n.t('Doc Translate: delete which webhook?'));
  if (hook === undefined) return { done: false, reason: typeof id === 'string' ? 'notFound' : 'cancelled' };
  const del = vscode.l10n.t('Delete');
  const answer = await s.prompter.choose(
    vscode.l10n.t('Doc Translate: delete the webhook {0}?', hook.description || hook.url),
    { modal: true, detail: vscode.l10n.t('{0} will get no more events. Its signing secret is removed from this computer. This cannot be undone.', hook.url) },
    del,
  );
  if (answer !== del) return { done: false, reason: 'cancelled', id: hook.id };
  await client.webhooks.delete(hook.id, { timeoutMs: 15_000 });
  await s.context.secrets.delete(webhookSecretName(s.settings.baseUrl, hook.id));
  void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: webhook deleted.'));
  return { done: true, id: hook.id };
}
