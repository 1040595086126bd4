/**
 * Artifacts and downloads (spec 4.4). `format` is the authoritative file type. Downloads stream to
 * disk (download.ts): either the direct endpoint (sent with the key; redirects to storage are
 * followed without it) or the short-lived address from download-link (fetched without the key;
 * a null url means the direct endpoint).
 */
import * as z from 'zod/mini';
import { assertServerUrl } from '../config.ts';
import { downloadToFile, type DownloadOptions, type DownloadResult } from '../download.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { ArtifactSchema, DownloadLinkSchema, looseListSchema, type Artifact, type DownloadLink } from '../schemas.ts';

const ArtifactListSchema = looseListSchema(ArtifactSchema, ['artifacts']);
/** Response of preview-url: not shown in the spec. */
export const PreviewUrlSchema = z.looseObject({});
export type PreviewUrl = z.infer<typeof PreviewUrlSchema>;

export interface ArtifactDownloadOptions extends DownloadOptions {
  /** `direct` (default): GET /artifacts/{id}/download. `link`: the download-link address. */
  via?: 'direct' | 'link';
}

export class Artifacts {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /artifacts?job_id= (empty while the job is unfinished). */
  async list(jobId: string, opts: RequestOptions = {}): Promise<Artifact[]> {
    pathSegment(jobId);
    const res = await this.#requester.requestJson({ method: 'GET', path: '/artifacts', query: { job_id: jobId } }, ArtifactListSchema, opts);
    return res.items;
  }

  async get(artifactId: string, opts: RequestOptions = {}): Promise<Artifact> {
    return this.#requester.requestJson({ method: 'GET', path: `/artifacts/${pathSegment(artifactId)}` }, ArtifactSchema, opts);
  }

  async downloadLink(artifactId: string, opts: RequestOptions = {}): Promise<DownloadLink> {
    return this.#requester.requestJson({ method: 'GET', path: `/artifacts/${pathSegment(artifactId)}/download-link` }, DownloadLinkSchema, opts);
  }

  /** The preview address response, as the service sends it (shape not shown). It is a secret: do not log it. */
  async previewUrl(artifactId: string, opts: RequestOptions = {}): Promise<PreviewUrl> {
    return this.#requester.requestJson({ method: 'GET', path: `/artifacts/${pathSegment(artifactId)}/preview-url` }, PreviewUrlSchema, opts);
  }

  /** Streams the artifact to disk; see DownloadOptions for naming, overwrite and ETag rules. */
  async download(artifactId: string, opts: ArtifactDownloadOptions = {}): Promise<DownloadResult> {
    const direct = `/artifacts/${pathSegment(artifactId)}/download`;
    const { via, ...rest } = opts;
    const fallback = `artifact-${artifactId}`;
    if (via === 'link') {
      const link = await this.downloadLink(artifactId, { signal: opts.signal });
      const options = { fallbackFilename: link.filename || fallback, ...rest };
      if (link.url !== null && link.url !== '') {
        const url = assertServerUrl(link.url, 'a download address');
        return downloadToFile(this.#requester, { url: url.href }, options);
      }
      return downloadToFile(this.#requester, { path: direct }, options);
    }
    return downloadToFile(this.#requester, { path: direct }, { fallbackFilename: fallback, ...rest });
  }
}
