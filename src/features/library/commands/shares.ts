import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { DocTranslateClient, Share } from '../../../api/index.ts';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { describeExpiry, EXPIRY_CHOICES, readArtifactArg, validateDays } from '../model.ts';
import { ShareNode } from '../nodes.ts';
import type { LibraryTree } from '../tree.ts';

export type ShareDeps = Pick<Platform, 'clients' | 'prompter' | 'downloads' | 'writer'> & { tree: LibraryTree };

type Result = Record<string, unknown>;

/** Days (1-365) or null for never; undefined when the user backed out. */
export async function askExpiry(d: Pick<Platform, 'prompter'>): Promise<number | null | undefined> {
  // `days` names the choice for a scripted answer ('never', '7', …, 'custom').
  const items = EXPIRY_CHOICES.map((c) => ({ label: c.label, choice: c, days: c.days === null ? 'never' : String(c.days) }));
  const picked = await d.prompter.pick('expiresInDays', items, {
    title: vscode.l10n.t('Link expiry'),
    placeHolder: vscode.l10n.t('How long should the link work?'),
  });
  if (picked === undefined) return undefined;
  if (picked.choice.days !== 'custom') return picked.choice.days;
  const text = await d.prompter.input('days', {
    title: vscode.l10n.t('Link expiry'),
    prompt: vscode.l10n.t('Days until the link stops working (1-365)'),
    validateInput: validateDays,
  });
  return text === undefined || validateDays(text) !== undefined ? undefined : Number(text.trim());
}

function linkOf(client: DocTranslateClient, share: Share): string {
  return typeof share.download_url === 'string' && share.download_url !== '' ? share.download_url : client.shares.downloadUrl(share.token);
}

/**
 * "Create Share Link…" on an artifact (the Jobs view's artifact rows, or `{ jobId, artifactId }`):
 * a read-only link anyone holding it can download without a key, copied to the clipboard. The
 * link is a secret: it is never logged or shown, only copied.
 */
async function createShareLink(d: ShareDeps, ctx: RunContext, arg: unknown): Promise<Result> {
  const artifact = readArtifactArg(arg);
  if (artifact === undefined) return { created: false, reason: 'noArtifact' };
  const days = await askExpiry(d);
  if (days === undefined) return { created: false, reason: 'cancelled' };
  const client = await ctx.client();
  const share = await client.shares.create({ artifact_id: artifact.artifactId, ...(days !== null ? { expires_in_days: days } : {}) });
  await vscode.env.clipboard.writeText(linkOf(client, share));
  d.tree.refresh('shares');
  const expiry = describeExpiry(share.expires_at, Date.now());
  void vscode.window.showInformationMessage(
    artifact.name !== undefined
      ? vscode.l10n.t('Doc Translate: a read-only link to {0} is on the clipboard ({1}). Anyone holding it can download the file.', artifact.name, expiry)
      : vscode.l10n.t('Doc Translate: a read-only link to the result is on the clipboard ({0}). Anyone holding it can download the file.', expiry),
  );
  return { created: true, expiresAt: share.expires_at ?? null };
}

/** "Copy Share Link" on a Shares row, or (tests, scripts) `{ artifactId }`: the share Revoke would take. */
async function copyShareLink(ctx: RunContext, arg: unknown): Promise<Result> {
  if (!(arg instanceof ShareNode) && readArtifactArg(arg) === undefined) return { copied: false };
  const client = await ctx.client();
  const share = await shareFor(client, arg);
  if (share === undefined) return { copied: false, reason: 'noShare' };
  await vscode.env.clipboard.writeText(linkOf(client, share));
  void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: share link copied.'));
  return { copied: true };
}

/** The share a Revoke was invoked on: a Shares row, or (tests, scripts) `{ artifactId }`: its newest live share. */
async function shareFor(client: DocTranslateClient, arg: unknown): Promise<Share | undefined> {
  if (arg instanceof ShareNode) return arg.share;
  const ref = readArtifactArg(arg);
  if (ref === undefined) return undefined;
  return (await client.shares.list({ limit: 100 })).items.find((s) => s.artifact_id === ref.artifactId);
}

async function revokeShare(d: ShareDeps, ctx: RunContext, arg: unknown): Promise<Result> {
  const client = await ctx.client();
  const share = await shareFor(client, arg);
  if (share === undefined) return { revoked: false, reason: 'noShare' };
  const question =
    typeof share.filename === 'string'
      ? vscode.l10n.t('Revoke the share link to {0}?', share.filename)
      : vscode.l10n.t('Revoke the share link to this result?');
  const revoke = vscode.l10n.t('Revoke');
  const answer = await d.prompter.choose(
    question,
    { modal: true, detail: vscode.l10n.t('Anyone holding the link can no longer download the file. This cannot be undone.') },
    revoke,
  );
  if (answer !== revoke) return { revoked: false, reason: 'cancelled' };
  await client.shares.delete(share.token);
  d.tree.refresh('shares');
  return { revoked: true };
}

/**
 * "Download…" on a Shares row: what the link points at, fetched as a reviewer would (GET
 * /shares/{token}/download, no key) into the download cache (its folder named by a hash of the
 * token, never the token), then saved where the user chooses through the SafeWriter.
 */
async function downloadShare(d: ShareDeps, ctx: RunContext, arg: unknown): Promise<Result> {
  const client = await ctx.client();
  const share = await shareFor(client, arg);
  if (share === undefined) return { written: false, reason: 'noShare' };
  const name = typeof share.filename === 'string' && share.filename !== '' ? share.filename.replace(/[/\\]/g, '_') : 'shared-file';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await d.prompter.saveDialog('target', {
    defaultUri: folder && vscode.Uri.joinPath(folder, name),
    saveLabel: vscode.l10n.t('Download'),
  });
  if (target === undefined) return { written: false, reason: 'cancelled' };
  const key = `share:${createHash('sha256').update(share.token).digest('hex').slice(0, 32)}`;
  const local = await d.downloads.get(key, async (dir, ifNoneMatch) => {
    const res = await client.shares.download(share.token, { targetDir: dir, etag: ifNoneMatch });
    return res;
  });
  const outcome = await d.writer.write({ target, content: await readFile(local), what: name });
  if (!outcome.written && outcome.reason !== 'kept') void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', outcome.message));
  return outcome;
}

export function shareCommands(d: ShareDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryCreateShareLink,
      operation: () => vscode.l10n.t('Create Share Link'),
      failed: failedAs('created'),
      run: (ctx, arg?: unknown) => createShareLink(d, ctx, arg),
    }),
    defineCommand(d, {
      id: CommandId.libraryCopyShareLink,
      operation: () => vscode.l10n.t('Copy Share Link'),
      failed: failedAs('copied'),
      run: (ctx, node?: unknown) => copyShareLink(ctx, node),
    }),
    defineCommand(d, {
      id: CommandId.libraryRevokeShare,
      operation: () => vscode.l10n.t('Revoke Share Link'),
      failed: failedAs('revoked'),
      run: (ctx, arg?: unknown) => revokeShare(d, ctx, arg),
    }),
    defineCommand(d, {
      id: CommandId.libraryDownloadShare,
      operation: () => vscode.l10n.t('Download Shared File'),
      failed: failedAs('written'),
      run: (ctx, arg?: unknown) => downloadShare(d, ctx, arg),
    }),
  ];
}
