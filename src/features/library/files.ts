import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { StorageFile } from '../../api/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { isTextFile } from './model.ts';
import { LIBRARY_SCHEME } from './scheme.ts';

export type FileDeps = Pick<Platform, 'clients' | 'downloads'>;

/**
 * Library files on disk through the platform's download cache (one folder per file id, fetched
 * through a download ticket without the key, revalidated with the ETag once per session).
 */
export class LibraryFiles implements vscode.TextDocumentContentProvider {
  constructor(private readonly p: FileDeps) {}

  async localPath(fileId: string, signal?: AbortSignal): Promise<string> {
    return this.p.downloads.get(`library:${fileId}`, async (dir, ifNoneMatch) => {
      const state = await this.p.clients.get();
      if (state.kind !== 'ready') throw new Error(vscode.l10n.t('Set the service URL and API key first.'));
      const res = await state.client.storage.download(fileId, {
        targetDir: dir,
        etag: ifNoneMatch,
        signal,
      });
      return res;
    });
  }

  uri(file: StorageFile): vscode.Uri {
    return vscode.Uri.from({ scheme: LIBRARY_SCHEME, path: `/${encodeURIComponent(file.id)}/${file.name.replace(/[/\\]/g, '_')}` });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = decodeURIComponent(uri.path.split('/').filter((s) => s !== '')[0] ?? '');
    return readFile(await this.localPath(id), 'utf8');
  }

  /** Text in a read-only editor tab; anything else opened from the cache with VS Code's editor for its type. */
  async open(file: StorageFile): Promise<{ opened: true; kind: 'text' | 'binary'; uri: vscode.Uri }> {
    if (isTextFile(file.content_type, file.name)) {
      const uri = this.uri(file);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      return { opened: true, kind: 'text', uri };
    }
    const local = vscode.Uri.file(
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Translate: downloading {0}', file.name) },
        () => this.localPath(file.id),
      ),
    );
    await vscode.commands.executeCommand('vscode.open', local);
    return { opened: true, kind: 'binary', uri: local };
  }
}
