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
  if (state.kind !== 'ready') throw new Error(state.missing === 'apiKey' ? vscode.l10n.t('Set your API key first.') : vscode.l10n.t('Set the service URL first.'));
  return state.client;
}

/**
 * Output documents of operations, on disk through the platform's download cache (one folder per
 * document, revalidated with its ETag once per session), never in the workspace until saved.
 */
export class OutputFiles implements vscode.TextDocumentContentProvider {
  constructor(private readonly p: OutputDeps) {}

  /** Local path of a document's bytes; its file name is the one the service gave (a safe basename). */
  localPath(documentId: string, signal?: AbortSignal): Promise<string> {
    return this.p.downloads.get(`document:${documentId}`, async (dir, ifNoneMatch) => {
      const client = await readyClient(this.p);
      const res = await client.documents.download(documentId, {
        targetDir: dir,
        ifExists: 'overwrite',
        ...(ifNoneMatch !== undefined ? { etag: ifNoneMatch } : {}),
        ...(signal !== undefined ? { signal } : {}),
      });
      return res.notModified
        ? { notModified: true, ...(res.etag !== undefined ? { etag: res.etag } : {}) }
        : { notModified: false, path: res.path, ...(res.etag !== undefined ? { etag: res.etag } : {}) };
    });
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
