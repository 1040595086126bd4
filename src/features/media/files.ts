import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DeliveredFile, MediaJob } from '../../api/index.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import { isTextFile, safeName } from './describe.ts';
import type { MediaFeature } from './feature.ts';
import { MediaFileNode } from './tree.ts';

/** `{ operationId, artifactId }` from a test or a notification, or the file node clicked. */
export interface FileRef {
  operationId: string;
  artifactId?: string;
}

function refOf(arg: unknown): FileRef | undefined {
  if (arg instanceof MediaFileNode) return { operationId: arg.job.operation_id, ...(arg.file.artifact_id ? { artifactId: arg.file.artifact_id } : {}) };
  if (typeof arg === 'object' && arg !== null && typeof (arg as FileRef).operationId === 'string') return arg as FileRef;
  return undefined;
}

async function resolve(f: Pick<MediaFeature, 'store'>, ctx: RunContext, arg: unknown): Promise<{ job: MediaJob; file: DeliveredFile } | undefined> {
  const ref = refOf(arg);
  if (ref === undefined) return undefined;
  let job = f.store.job(ref.operationId);
  if (job === undefined || job.files.length === 0) {
    const client = await ctx.client();
    job = await client.media.jobs.get(ref.operationId);
    f.store.upsert(job);
  }
  const file = ref.artifactId !== undefined ? job.files.find((x) => x.artifact_id === ref.artifactId) : job.files[0];
  return file === undefined ? undefined : { job, file };
}

/** Local path of a delivered file in the platform's download cache (never the workspace). */
function cachedPath(f: Pick<MediaFeature, 'downloads'>, ctx: RunContext, file: DeliveredFile): Promise<string> {
  const id = file.artifact_id;
  if (typeof id !== 'string') return Promise.reject(new Error(vscode.l10n.t('The service gave no downloadable id for this file.')));
  return f.downloads.get(`media:${id}`, async (dir, ifNoneMatch) => {
    const client = await ctx.client();
    const result = await client.artifacts.download(id, {
      targetDir: dir,
      ifExists: 'overwrite',
      etag: ifNoneMatch,
      // Spread over the client's default name (`artifact-<id>`): `fallbackFilename: undefined` would override it.
      ...(file.filename ? { fallbackFilename: path.basename(file.filename) } : {}),
    });
    return result;
  });
}

/** Text results in an editor tab, audio and video in VS Code's own media preview. */
export async function openDeliveredFile(
  f: Pick<MediaFeature, 'store' | 'downloads'>,
  ctx: RunContext,
  arg: unknown,
): Promise<{ opened: boolean; uri?: vscode.Uri; error?: string }> {
  const found = await resolve(f, ctx, arg);
  if (found === undefined) return { opened: false };
  const uri = vscode.Uri.file(await cachedPath(f, ctx, found.file));
  if (isTextFile(found.file)) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  else await vscode.commands.executeCommand('vscode.open', uri);
  return { opened: true, uri };
}

/** Beside the file the job was started from, through the platform's safe writer (asks before replacing). */
export async function saveNextToSource(
  f: Pick<MediaFeature, 'store' | 'downloads' | 'writer'>,
  ctx: RunContext,
  arg: unknown,
): Promise<{ saved: boolean; how?: string; reason?: string; uri?: vscode.Uri }> {
  const found = await resolve(f, ctx, arg);
  if (found === undefined) return { saved: false, reason: 'notFound' };
  const source = f.store.source(found.job.operation_id);
  if (source === undefined) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Doc Translate: this job was not started from a file in this workspace; use Open and save it yourself.'),
    );
    return { saved: false, reason: 'noSource' };
  }
  const sourceUri = vscode.Uri.parse(source.uri);
  const local = await cachedPath(f, ctx, found.file);
  const target = vscode.Uri.joinPath(vscode.Uri.file(path.dirname(sourceUri.fsPath)), safeName(found.file.filename, `result-${found.job.operation_id}`));
  const outcome = await f.writer.saveDelivered({
    target,
    local,
    what:
      found.file.role !== undefined && found.file.role !== null
        ? vscode.l10n.t('the {0} of {1}', found.file.role, path.basename(sourceUri.fsPath))
        : vscode.l10n.t('the result of {0}', path.basename(sourceUri.fsPath)),
    compare: isTextFile(found.file) ? { right: vscode.Uri.file(local), title: vscode.l10n.t('{0} ↔ service result', path.basename(target.fsPath)) } : undefined,
    failure: 'warning',
  });
  if (!outcome.written) return { saved: false, reason: outcome.reason, uri: outcome.uri };
  return { saved: true, how: outcome.how, uri: outcome.uri };
}
