import { readFile } from 'node:fs/promises';
import type { ClientService } from '../../../platform/clientService.ts';
import type { DownloadCache } from '../../../platform/downloadCache.ts';
import { t } from '../../../platform/l10n.ts';
import type { ArtifactInfo } from '../model.ts';

/**
 * Artifact bytes, downloaded by the client into the platform's download cache (the extension's
 * storage, never the workspace): reused across sessions, revalidated with the artifact's ETag
 * once per session, pruned by age and size.
 */
export class ArtifactFiles {
  constructor(
    private readonly downloads: DownloadCache,
    private readonly clients: ClientService,
  ) {}

  /** Local path of the artifact's bytes, downloading them when not cached. */
  path(artifact: ArtifactInfo, signal?: AbortSignal): Promise<string> {
    return this.downloads.get(`artifact:${artifact.id}`, async (dir, ifNoneMatch) => {
      const state = await this.clients.get();
      if (state.kind !== 'ready') {
        throw new Error(state.missing === 'apiKey' ? t('Set your API key first.') : t('Set the service URL first.'));
      }
      const result = await state.client.artifacts.download(artifact.id, {
        targetDir: dir,
        ifExists: 'overwrite',
        etag: ifNoneMatch,
        fallbackFilename: artifact.filename,
        signal,
      });
      return result;
    });
  }

  async text(artifact: ArtifactInfo, signal?: AbortSignal): Promise<string> {
    return readFile(await this.path(artifact, signal), 'utf8');
  }
}
