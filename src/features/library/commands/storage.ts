import * as vscode from 'vscode';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import type { LibraryTree } from '../tree.ts';
import { resolveFile } from './args.ts';
import { askExpiry } from './shares.ts';

export type StorageDeps = Pick<Platform, 'clients' | 'prompter'> & { tree: LibraryTree };

type Result = Record<string, unknown>;

async function loadMore(d: StorageDeps): Promise<Result> {
  return { loaded: await d.tree.loadMore(), items: d.tree.storage.items.length, hasMore: d.tree.storage.hasMore };
}

/** A public link to a library item (only on items whose capabilities allow sharing); copied, never shown. */
async function createStorageLink(d: StorageDeps, ctx: RunContext, node: unknown): Promise<Result> {
  const file = await resolveFile(ctx, node).catch(() => undefined);
  if (file === undefined || !file.capabilities.can_share) return { created: false, reason: 'notShareable' };
  const days = await askExpiry(d);
  if (days === undefined) return { created: false, reason: 'cancelled' };
  const client = await ctx.client();
  const link = await client.storage.createLink(file.id, {
    audience: 'anyone',
    allow_download: file.capabilities.can_download,
    ...(days !== null ? { expires_in_days: days } : {}),
  });
  if (typeof link.url === 'string') await vscode.env.clipboard.writeText(link.url);
  void vscode.window.showInformationMessage(
    file.capabilities.can_download
      ? vscode.l10n.t('Doc Translate: a link to {0} is on the clipboard.', file.name)
      : vscode.l10n.t('Doc Translate: a link to {0} is on the clipboard (view only).', file.name),
  );
  return { created: true };
}

async function grantAccess(d: StorageDeps, ctx: RunContext, node: unknown): Promise<Result> {
  const file = await resolveFile(ctx, node).catch(() => undefined);
  if (file === undefined || !file.capabilities.can_share) return { granted: false, reason: 'notShareable' };
  const grantee = await d.prompter.input('grantee', {
    title: vscode.l10n.t('Grant access to {0}', file.name),
    prompt: vscode.l10n.t('Account id or e-mail address'),
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter who gets access.') : undefined),
  });
  if (grantee === undefined || grantee.trim() === '') return { granted: false, reason: 'cancelled' };
  const role = (
    await d.prompter.pick(
      'role',
      [
        { label: 'viewer', description: vscode.l10n.t('can view and download') },
        { label: 'editor', description: vscode.l10n.t('can also change it') },
      ],
      { title: vscode.l10n.t('Access') },
    )
  )?.label;
  if (role === undefined) return { granted: false, reason: 'cancelled' };
  const client = await ctx.client();
  const grant = await client.storage.grant(file.id, { grantee: grantee.trim(), role });
  void vscode.window.showInformationMessage(
    role === 'editor'
      ? vscode.l10n.t('Doc Translate: {0} can now edit {1}.', grantee.trim(), file.name)
      : vscode.l10n.t('Doc Translate: {0} can now view {1}.', grantee.trim(), file.name),
  );
  return { granted: true, grantId: grant.id };
}

export function storageCommands(d: StorageDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryLoadMore,
      operation: () => vscode.l10n.t('Loading more files'),
      failed: failedAs('loaded'),
      run: () => loadMore(d),
    }),
    defineCommand(d, {
      id: CommandId.libraryCreateStorageLink,
      operation: () => vscode.l10n.t('Create Link'),
      failed: failedAs('created'),
      run: (ctx, node?: unknown) => createStorageLink(d, ctx, node),
    }),
    defineCommand(d, {
      id: CommandId.libraryGrantAccess,
      operation: () => vscode.l10n.t('Grant Access'),
      failed: failedAs('granted'),
      run: (ctx, node?: unknown) => grantAccess(d, ctx, node),
    }),
  ];
}
