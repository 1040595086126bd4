import type { EmulatorApp } from '../app.ts';
import { notFound, notOwned, validationError } from '../errors.ts';
import type { Reply, RequestContext } from '../router.ts';
import type { ArtifactRecord } from '../state.ts';
import { issueDownloadUrl, mustBeAttachment, sendFileDownload } from '../storage.ts';
import { jobSettings } from '../jobs/settings.ts';
import { ownedJob } from '../jobs/store.ts';

/** Lifetime of download-link and preview addresses on the storage origin. */
export const LINK_TTL_SECONDS = 300;

/** Artifacts are visible to the owning account only (spec 2.4): unknown 404, another account's 403. */
function ownedArtifact(app: EmulatorApp, ctx: RequestContext): ArtifactRecord {
  const { account } = ctx.requireAuth();
  const artifact = app.state.artifacts.get(ctx.params.artifact_id!);
  if (!artifact) throw notFound('Artifact');
  if (artifact.accountId !== account.id) throw notOwned('artifact', 'artifact');
  return artifact;
}

export function artifactView(a: ArtifactRecord): Record<string, unknown> {
  return { id: a.id, job_id: a.job_id, format: a.format, filename: a.filename, mime_type: a.mime_type, size: a.size, created_at: a.created_at };
}

function list(app: EmulatorApp, ctx: RequestContext): Reply {
  const { account } = ctx.requireAuth();
  const jobId = ctx.query.get('job_id');
  if (jobId === null || jobId.length === 0) throw validationError([{ field: 'job_id', message: 'is required' }]);
  ownedJob(app, account.id, jobId);
  const items = [...app.state.artifacts.values()].filter((a) => a.job_id === jobId && a.accountId === account.id);
  return { status: 200, body: { items: items.map(artifactView) } };
}

function storageAddress(app: EmulatorApp, a: ArtifactRecord, attachment: boolean): { url: string; expiresAt: number } {
  return issueDownloadUrl(app, {
    path: a.storagePath,
    filename: a.filename,
    contentType: a.mime_type,
    ttlSeconds: LINK_TTL_SECONDS,
    attachment: attachment || mustBeAttachment(a.mime_type, a.filename),
    etag: a.etag,
  });
}

async function download(app: EmulatorApp, ctx: RequestContext): Promise<Reply | void> {
  const artifact = ownedArtifact(app, ctx);
  const redirect = jobSettings(app).download_redirect_status;
  if (redirect !== 0) {
    const { url } = storageAddress(app, artifact, true);
    return { status: redirect, headers: { Location: url, 'Cache-Control': 'no-store' } };
  }
  await sendFileDownload(ctx, {
    path: artifact.storagePath,
    filename: artifact.filename,
    contentType: artifact.mime_type,
    etag: artifact.etag,
    attachment: true,
  });
}

function downloadLink(app: EmulatorApp, ctx: RequestContext): Reply {
  const artifact = ownedArtifact(app, ctx);
  if (!jobSettings(app).download_link_url) {
    return { status: 200, body: { mode: 'direct', url: null, filename: artifact.filename, expires_in: null } };
  }
  const { url } = storageAddress(app, artifact, true);
  return { status: 200, body: { mode: 'direct', url, filename: artifact.filename, expires_in: LINK_TTL_SECONDS } };
}

/** Inline where harmless (text, PDF, images); HTML, SVG and XML stay attachments even for preview. */
function previewUrl(app: EmulatorApp, ctx: RequestContext): Reply {
  const artifact = ownedArtifact(app, ctx);
  const attachment = mustBeAttachment(artifact.mime_type, artifact.filename);
  const { url, expiresAt } = storageAddress(app, artifact, attachment);
  return {
    status: 200,
    body: {
      url,
      mime_type: artifact.mime_type,
      inline: !attachment,
      expires_in: LINK_TTL_SECONDS,
      expires_at: new Date(expiresAt).toISOString(),
    },
  };
}

/** Artifacts and downloads (spec 4.4). */
export function register(app: EmulatorApp): void {
  app.api.get('/artifacts', (ctx) => list(app, ctx));
  app.api.get('/artifacts/:artifact_id', (ctx) => ({ status: 200, body: artifactView(ownedArtifact(app, ctx)) }));
  app.api.get('/artifacts/:artifact_id/download', (ctx) => download(app, ctx));
  app.api.get('/artifacts/:artifact_id/download-link', (ctx) => downloadLink(app, ctx));
  app.api.get('/artifacts/:artifact_id/preview-url', (ctx) => previewUrl(app, ctx));
}
