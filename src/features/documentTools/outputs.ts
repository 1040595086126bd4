import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../api/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { OUTPUT_SCHEME } from './scheme.ts';

const TEXT_EXTENSIONS = new Set(['.json', '.html', '.htm', '.txt', '.md', '.xml', '.csv']);

export function isTextOutput(name: string): boolean {
  return TEXT_EXTENSIONS.has(path.extname(name).toLowerCase());
}

type OutputDeps = Pick<Platform, 'clients' | 'downloads'>;

async function readyClient(p: OutputDeps): Promise<DocTranslateClient> {
  const state = await p.clients.get();
  if (state.kind !== 'ready')
    throw new Error(state.missing === 'apiKey' ? vscode.l10n.t('Set your API key first.') : vscode.l10n.t('Set the service URL first.'));
  return state.client;
}

/** The library item a document stands for: the item's loose `source` (`{ kind: 'document', id }`) or a `document_id` field. */
export function standsFor(file: Record<string, unknown>, documentId: string): boolean {
  const source = file['source'] as { kind?: unknown; id?: unknown } | null | undefined;
  if (typeof source === 'object' && source !== null && source.kind === 'document' && source.id === documentId) return true;
  return file['document_id'] === documentId;
}

/**
 * Output documents of operations, on disk through the platform's download cache (one folder per
 * document, revalidated with its ETag once per session), never in the workspace until saved.
 *
 * An operation's output is a document (spec 2.10: output_document_id), and the spec lists no
 * download of a document by its id for a key (4.13, 4.14: the /documents endpoints are list,
 * detail, update and delete, their shapes not shown). What it lists is the unified file library:
 * every document of the account is an item there, downloaded with a download ticket (4.13, the
 * preferred way; the item's file_id is not the document_id, so the item is found by what it stands
 * for), as its capabilities allow.
 */
export class OutputFiles implements vscode.TextDocumentContentProvider {
  /** document_id → file_id of its library item, once found. */
  private readonly items = new Map<string, string>();

  constructor(private readonly p: OutputDeps) {}

  /** Local path of a document's bytes; its file name is the one the service gave (a safe basename). */
  localPath(documentId: string, signal?: AbortSignal): Promise<string> {
    return this.p.downloads.get(`document:${documentId}`, async (dir, ifNoneMatch) => {
      const client = await readyClient(this.p);
      const fileId = await this.libraryItem(client, documentId, signal);
      const res = await client.storage.download(fileId, {
        targetDir: dir,
        ifExists: 'overwrite',
        fallbackFilename: `document-${documentId}`,
        etag: ifNoneMatch,
        signal,
      });
      return res;
    });
  }

  /** The file_id of the document's library item (the library is read page by page until it is found). */
  private async libraryItem(client: DocTranslateClient, documentId: string, signal?: AbortSignal): Promise<string> {
    const known = this.items.get(documentId);
    if (known !== undefined) return known;
    for await (const file of client.storage.iterate({ pageSize: 100, signal })) {
      if (!standsFor(file, documentId)) continue;
      if (!file.capabilities.can_download) {
        throw new Error(vscode.l10n.t("The output's file in the service's library ({0}) cannot be downloaded: its capabilities do not allow it.", file.name));
      }
      this.items.set(documentId, file.id);
      return file.id;
    }
    throw new Error(
      vscode.l10n.t(
        "The output (document {0}) has no file in the service's library, the download the service lists for it. Try again in a moment, or find it in the Library view.",
        documentId,
      ),
    );
  }

  uri(documentId: string, name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: OUTPUT_SCHEME, path: `/${encodeURIComponent(documentId)}/${name.replace(/[/\\]/g, '_')}` });
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const id = decodeURIComponent(uri.path.split('/').filter((s) => s !== '')[0] ?? '');
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      return await readFile(await this.localPath(id, controller.signal), 'utf8');
    } finally {
      subscription.dispose();
    }
  }

  /** Text outputs in a read-only tab of the extension's scheme; anything else with VS Code's editor for its type. */
  async open(documentId: string, signal?: AbortSignal): Promise<{ uri: vscode.Uri; kind: 'text' | 'binary'; name: string }> {
    const local = await this.localPath(documentId, signal);
    const name = path.basename(local);
    if (isTextOutput(name)) {
      const uri = this.uri(documentId, name);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      return { uri, kind: 'text', name };
    }
    const uri = vscode.Uri.file(local);
    await vscode.commands.executeCommand('vscode.open', uri);
    return { uri, kind: 'binary', name };
  }
}

/** `name`, or `stem (2).ext`, `stem (3).ext`… : the first name free in `dir` (never an existing file). */
export async function freeName(dir: vscode.Uri, name: string): Promise<vscode.Uri> {
  const ext = path.extname(name);
  const stem = ext === '' ? name : name.slice(0, -ext.length);
  for (let n = 1; n < 1000; n++) {
    const candidate = vscode.Uri.joinPath(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    if ((await stat(candidate.fsPath).catch(() => undefined)) === undefined) return candidate;
  }
  return vscode.Uri.joinPath(dir, name);
}
