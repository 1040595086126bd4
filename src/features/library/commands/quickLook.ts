// Quick look at a result without saving it: Preview opens the artifact's preview address
// (GET /artifacts/{id}/preview-url) in VS Code's Simple Browser; Copy Download Link puts a
// short-lived download address on the clipboard: an artifact's download-link (spec 2.5), a library
// item's download ticket (spec 4.13, "preferred way to obtain a download address"). The addresses
// are secrets: remembered for masking before anything else, never logged or shown in a message.
import * as vscode from 'vscode';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { rememberSecret } from '../../../shared/secretValues.ts';
import { readArtifactArg } from '../model.ts';
import { FileNode, ShareNode } from '../nodes.ts';
import { resolveFile } from './args.ts';

export type QuickLookDeps = Pick<Platform, 'clients'>;

type Result = Record<string, unknown>;

/** The result a command was invoked on: a Storage item of a result, a Shares row, a Jobs view artifact or `{ artifactId }`. */
export function artifactOf(node: unknown): { artifactId: string; name: string } | undefined {
  if (node instanceof FileNode) return node.artifactId !== undefined ? { artifactId: node.artifactId, name: node.file.name } : undefined;
  if (node instanceof ShareNode) {
    const id = node.share.artifact_id;
    return typeof id === 'string' && id !== '' ? { artifactId: id, name: String(node.label) } : undefined;
  }
  const ref = readArtifactArg(node);
  return ref === undefined ? undefined : { artifactId: ref.artifactId, name: ref.name ?? ref.artifactId };
}

async function preview(ctx: RunContext, node: unknown): Promise<Result> {
  const target = artifactOf(node);
  if (target === undefined) return { opened: false, reason: 'noArtifact' };
  const client = await ctx.client();
  const answer = await client.artifacts.previewUrl(target.artifactId);
  const url = typeof answer.url === 'string' && answer.url !== '' ? answer.url : undefined;
  if (url === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: the service gave no preview of {0}.', target.name));
    return { opened: false, reason: 'noPreview' };
  }
  rememberSecret(url);
  if (answer.inline === false) {
    // HTML, SVG and XML results are always delivered as attachments (spec 4.4): nothing to show inline.
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Doc Translate: the service delivers {0} as a download only (HTML, SVG and XML results always are). Open or download it instead.',
        target.name,
      ),
    );
    return { opened: false, reason: 'notInline' };
  }
  await vscode.commands.executeCommand('simpleBrowser.show', url);
  return { opened: true };
}

function validity(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return vscode.l10n.t('It works only for a short time.');
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? vscode.l10n.t('It works for about a minute.') : vscode.l10n.t('It works for about {0} minutes.', minutes);
}

async function copyDownloadLink(ctx: RunContext, node: unknown): Promise<Result> {
  const artifact = artifactOf(node);
  if (node instanceof FileNode && !node.file.capabilities.can_download) return { copied: false, reason: 'notDownloadable' };
  const client = await ctx.client();
  let url: string | undefined;
  let expiresIn: unknown;
  let name: string;
  if (artifact !== undefined) {
    const link = await client.artifacts.downloadLink(artifact.artifactId);
    name = artifact.name;
    url = link.url ?? undefined;
    expiresIn = link.expires_in;
    if (url === undefined || url === '') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the service gives no short-lived link for {0} now; download it instead.', name));
      return { copied: false, reason: 'noLink' };
    }
  } else {
    const file = await resolveFile(ctx, node);
    if (file === undefined) return { copied: false, reason: 'noFile' };
    if (!file.capabilities.can_download) return { copied: false, reason: 'notDownloadable' };
    const ticket = await client.storage.ticket(file.id);
    name = file.name;
    url = ticket.url;
    expiresIn = ticket.expires_in;
  }
  rememberSecret(url);
  await vscode.env.clipboard.writeText(url);
  void vscode.window.showInformationMessage(
    `${vscode.l10n.t('Doc Translate: a download link to {0} is on the clipboard; anyone holding it can download the file without a key.', name)} ${validity(expiresIn)}`,
  );
  return { copied: true, ...(typeof expiresIn === 'number' ? { expiresIn } : {}) };
}

export function quickLookCommands(d: QuickLookDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryPreview,
      operation: () => vscode.l10n.t('Preview'),
      failed: failedAs('opened'),
      run: (ctx, node?: unknown) => preview(ctx, node),
    }),
    defineCommand(d, {
      id: CommandId.libraryCopyDownloadLink,
      operation: () => vscode.l10n.t('Copy Download Link'),
      failed: failedAs('copied'),
      run: (ctx, node?: unknown) => copyDownloadLink(ctx, node),
    }),
  ];
}
