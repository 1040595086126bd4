import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { loadApi } from '../../../platform/api.ts';
import type * as vscode from 'vscode';
import type { ClientService } from '../../../platform/clientService.ts';
import type { ArtifactInfo } from '../model.ts';

/**
 * Artifacts downloaded by the client into the extension's own storage
 * (`globalStorageUri/artifacts/<job>/`), never into the workspace. A file already downloaded in
 * this session is reused: artifacts of an ended job do not change.
 */
export class ArtifactFiles {
  private readonly downloaded = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: vscode.Uri,
    private readonly clients: ClientService,
  ) {}

  /** Local path of the artifact's bytes, downloading them on first use. */
  path(artifact: ArtifactInfo, signal?: AbortSignal): Promise<string> {
    let pending = this.downloaded.get(artifact.id);
    if (pending === undefined) {
      pending = this.download(artifact, signal);
      this.downloaded.set(artifact.id, pending);
      // A failed download is tried again next time.
      pending.catch(() => this.downloaded.delete(artifact.id));
    }
    return pending;
  }

  async text(artifact: ArtifactInfo, signal?: AbortSignal): Promise<string> {
    return fs.readFile(await this.path(artifact, signal), 'utf8');
  }

  private async download(artifact: ArtifactInfo, signal?: AbortSignal): Promise<string> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') {
      throw new Error(state.missing === 'apiKey' ? 'Set your API key first.' : 'Set the service URL first.');
    }
    const { sanitizeFilename } = await loadApi();
    const dir = path.join(this.storage.fsPath, 'artifacts', sanitizeFilename(artifact.jobId), sanitizeFilename(artifact.id));
    await fs.mkdir(dir, { recursive: true });
    const result = await state.client.artifacts.download(artifact.id, {
      targetDir: dir,
      ifExists: 'overwrite',
      ...(artifact.filename !== undefined ? { fallbackFilename: artifact.filename } : {}),
      ...(signal !== undefined ? { signal } : {}),
    });
    if (result.notModified || result.path === undefined) throw new Error('The service sent no content for this artifact.');
    return result.path;
  }
}
