// Show Details: a project, document, share, library item or result as the service describes it
// (GET /projects/{id}, /documents/{id}, /shares/{token}, /storage/files/{id}, /artifacts/{id}) in a
// read-only Markdown document of the library scheme (doc-translate-library://details/…). Every
// field is shown as sent except tokens and addresses (model.ts detailsMarkdown).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../api/index.ts';
import { defineCommand, failedAs, type RunnerDeps } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import { detailsMarkdown, readArtifactArg } from './model.ts';
import { DocumentNode, FileNode, ProjectNode, ShareNode } from './nodes.ts';
import { LIBRARY_SCHEME } from './scheme.ts';

export const DETAILS_AUTHORITY = 'details';

type Result = Record<string, unknown>;
type Part = { heading: string; record: Record<string, unknown> };

/** The documents' text by URI, for the content provider (this session; a reopened window asks to show them again). */
export class LibraryDetails implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('These details are no longer at hand: use Show Details on the item in the Library view again.');
  }

  /** What the node stands for, read from the service now. */
  private async read(client: DocTranslateClient, node: unknown): Promise<{ kind: string; id: string; title: string; parts: Part[] } | undefined> {
    const o = typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : {};
    if (node instanceof ProjectNode || typeof o.projectId === 'string') {
      const id = node instanceof ProjectNode ? node.project.id : (o.projectId as string);
      const project = await client.projects.get(id);
      return { kind: 'project', id, title: project.name ?? id, parts: [{ heading: vscode.l10n.t('Project'), record: project }] };
    }
    if (node instanceof DocumentNode || (typeof o.documentId === 'string' && !(node instanceof FileNode))) {
      const id = node instanceof DocumentNode ? node.doc.id : (o.documentId as string);
      const doc = await client.documents.get(id);
      return { kind: 'document', id, title: doc.basename ?? id, parts: [{ heading: vscode.l10n.t('Document'), record: doc }] };
    }
    if (node instanceof ShareNode || typeof o.shareOf === 'string') {
      // A Shares row, or (scripts, tests) `{ shareOf: artifactId }`: that result's newest share.
      const token =
        node instanceof ShareNode ? node.share.token : (await client.shares.list({ limit: 100 })).items.find((x) => x.artifact_id === o.shareOf)?.token;
      if (token === undefined) return undefined;
      const share = await client.shares.get(token);
      // The token is the share's address: the document's name comes from a hash of it, never the token.
      const id = createHash('sha256').update(share.token).digest('hex').slice(0, 16);
      return {
        kind: 'share',
        id,
        title: typeof share.filename === 'string' ? share.filename : vscode.l10n.t('Share link'),
        parts: [{ heading: vscode.l10n.t('Share link'), record: share }],
      };
    }
    if (node instanceof FileNode || typeof o.fileId === 'string') {
      const id = node instanceof FileNode ? node.file.id : (o.fileId as string);
      const file = await client.storage.get(id);
      const parts: Part[] = [{ heading: vscode.l10n.t('Library item'), record: file }];
      const source = file.source as { kind?: unknown; id?: unknown } | undefined;
      if (source?.kind === 'artifact' && typeof source.id === 'string')
        parts.push({ heading: vscode.l10n.t('Result'), record: await client.artifacts.get(source.id) });
      return { kind: 'file', id, title: file.name, parts };
    }
    const ref = readArtifactArg(node);
    if (ref !== undefined) {
      const artifact = await client.artifacts.get(ref.artifactId);
      const name = typeof artifact.filename === 'string' ? artifact.filename : (ref.name ?? ref.artifactId);
      return { kind: 'artifact', id: ref.artifactId, title: name, parts: [{ heading: vscode.l10n.t('Result'), record: artifact }] };
    }
    return undefined;
  }

  async show(client: DocTranslateClient, node: unknown): Promise<Result> {
    const found = await this.read(client, node);
    if (found === undefined) return { shown: false, reason: 'nothing' };
    const text = detailsMarkdown(found.title, found.parts);
    // The text's hash in the address: the same details reuse their tab, changed ones get a fresh one.
    const version = createHash('sha256').update(text).digest('hex').slice(0, 8);
    const name = `${found.title.replace(/[/\\?#]/g, '_')}.details.md`;
    const uri = vscode.Uri.from({
      scheme: LIBRARY_SCHEME,
      authority: DETAILS_AUTHORITY,
      path: `/${found.kind}/${encodeURIComponent(found.id)}/${version}/${name}`,
    });
    this.texts.set(uri.toString(), text);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
    return { shown: true, uri, text };
  }
}

export function detailsCommands(d: RunnerDeps, details: LibraryDetails): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryShowDetails,
      operation: () => vscode.l10n.t('Show Details'),
      failed: failedAs('shown'),
      run: async (ctx, node?: unknown) => details.show(await ctx.client(), node),
    }),
  ];
}
