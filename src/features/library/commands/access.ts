// Manage Links… and Manage Access… on a library item: what was given out can be taken back. A
// quick pick lists the item's public links (GET /storage/files/{id}/links) or access grants
// (GET …/permissions); choosing one offers Revoke (confirmed through the Prompter, then DELETE
// …/links/{link_id} or …/permissions/{grant_id}); the existing Create Link / Grant Access is the
// last entry. Link addresses are secrets: copied on request, never shown or logged.
import * as vscode from 'vscode';
import type { Grant, Link, StorageFile } from '../../../api/index.ts';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { describeLink } from '../model.ts';
import { resolveFile } from './args.ts';

export type AccessDeps = Pick<Platform, 'clients' | 'prompter'>;

type Result = Record<string, unknown>;

interface Entry<T> extends vscode.QuickPickItem {
  record?: T;
  create?: true;
}

/** The item's links or grants as quick-pick entries, the create action last. */
function entries(kind: 'links' | 'access', records: readonly (Link | Grant)[], now: number): Entry<Link | Grant>[] {
  const items: Entry<Link | Grant>[] = records.map((r) => {
    const created = typeof r.created_at === 'string' ? vscode.l10n.t('created {0}', r.created_at.slice(0, 10)) : undefined;
    if (kind === 'links') return { label: `$(link) ${describeLink(r, now)}`, description: created, record: r };
    const who = typeof r.grantee === 'string' ? r.grantee : r.id;
    const role = r.role === 'editor' ? vscode.l10n.t('can also change it') : vscode.l10n.t('can view and download');
    return { label: `$(person) ${who}`, description: [role, created].filter(Boolean).join(' · '), record: r };
  });
  items.push({ label: kind === 'links' ? vscode.l10n.t('$(add) Create Link…') : vscode.l10n.t('$(person-add) Grant Access…'), create: true });
  return items;
}

async function manage(d: AccessDeps, ctx: RunContext, kind: 'links' | 'access', node: unknown): Promise<Result> {
  const file: StorageFile | undefined = await resolveFile(ctx, node).catch(() => undefined);
  if (file === undefined || !file.capabilities.can_share) return { revoked: false, reason: 'notShareable' };
  const client = await ctx.client();
  const records: (Link | Grant)[] =
    kind === 'links' ? (await client.storage.listLinks(file.id, { limit: 100 })).items : (await client.storage.listPermissions(file.id, { limit: 100 })).items;
  const items = entries(kind, records, Date.now());
  const chosen = await d.prompter.pick(kind === 'links' ? 'linkId' : 'grantId', items, {
    title: kind === 'links' ? vscode.l10n.t('Links to {0}', file.name) : vscode.l10n.t('Access to {0}', file.name),
    placeHolder:
      records.length === 0
        ? kind === 'links'
          ? vscode.l10n.t('No links yet')
          : vscode.l10n.t('Nobody else has access yet')
        : kind === 'links'
          ? vscode.l10n.t('Choose a link to revoke it or copy it')
          : vscode.l10n.t('Choose a grant to revoke it'),
  });
  if (chosen === undefined) return { revoked: false, reason: 'cancelled' };
  if (chosen.create === true) {
    return {
      revoked: false,
      reason: 'create',
      created: await vscode.commands.executeCommand(kind === 'links' ? CommandId.libraryCreateStorageLink : CommandId.libraryGrantAccess, node),
    };
  }
  const record = chosen.record!;
  const url = kind === 'links' && typeof record.url === 'string' && record.status !== 'expired' && record.status !== 'exhausted' ? record.url : undefined;
  if (url !== undefined) {
    const revokeItem = { label: vscode.l10n.t('$(close) Revoke…'), revoke: true, action: 'revoke' };
    const copyItem = { label: vscode.l10n.t('$(copy) Copy Link'), revoke: false, action: 'copy' };
    const action = await d.prompter.pick('linkAction', [copyItem, revokeItem], { title: chosen.label.replace(/^\$\([\w-]+\) /, '') });
    if (action === undefined) return { revoked: false, reason: 'cancelled' };
    if (!action.revoke) {
      await vscode.env.clipboard.writeText(url);
      void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: a link to {0} is on the clipboard.', file.name));
      return { revoked: false, copied: true };
    }
  }
  const revoke = vscode.l10n.t('Revoke');
  const who = typeof record.grantee === 'string' ? record.grantee : record.id;
  const answer =
    kind === 'links'
      ? await d.prompter.choose(
          vscode.l10n.t('Revoke this link to {0}?', file.name),
          { modal: true, detail: vscode.l10n.t('Anyone holding it can no longer open the file. This cannot be undone; you can create a new link later.') },
          revoke,
        )
      : await d.prompter.choose(
          vscode.l10n.t('Revoke the access of {0} to {1}?', who, file.name),
          { modal: true, detail: vscode.l10n.t('{0} can no longer see the file. You can grant access again later.', who) },
          revoke,
        );
  if (answer !== revoke) return { revoked: false, reason: 'cancelled' };
  if (kind === 'links') await client.storage.deleteLink(file.id, record.id);
  else await client.storage.revokePermission(file.id, record.id);
  void vscode.window.showInformationMessage(
    kind === 'links'
      ? vscode.l10n.t('Doc Translate: the link to {0} is revoked.', file.name)
      : vscode.l10n.t('Doc Translate: {0} no longer has access to {1}.', who, file.name),
  );
  return { revoked: true, id: record.id };
}

export function accessCommands(d: AccessDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryManageLinks,
      operation: () => vscode.l10n.t('Manage Links'),
      failed: failedAs('revoked'),
      run: (ctx, node?: unknown) => manage(d, ctx, 'links', node),
    }),
    defineCommand(d, {
      id: CommandId.libraryManageAccess,
      operation: () => vscode.l10n.t('Manage Access'),
      failed: failedAs('revoked'),
      run: (ctx, node?: unknown) => manage(d, ctx, 'access', node),
    }),
  ];
}
