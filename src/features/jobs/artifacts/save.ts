import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Settings } from '../../../platform/settings.ts';
import type { JobStore } from '../store.ts';
import type { ArtifactInfo } from '../model.ts';
import type { ArtifactService } from './service.ts';
import { isInside, nextToSourcePath } from './nextToSource.ts';
import { uriExists as exists } from '../../../platform/uriExists.ts';

export type SaveResult =
  | { saved: true; uri: vscode.Uri }
  | { saved: false; reason: 'noSource' | 'badPattern' | 'outsideWorkspace' | 'exists' | 'cancelled' };

export interface SaveOptions {
  /** Replace an existing file without asking (tests); otherwise the user is asked. */
  overwrite?: boolean;
}

/** Writes the artifact beside its source per the pattern setting; an existing file is replaced only when confirmed. */
export async function saveNextToSource(
  deps: { artifacts: ArtifactService; store: JobStore; settings: Settings },
  artifact: ArtifactInfo,
  opts: SaveOptions = {},
): Promise<SaveResult> {
  const origin = deps.store.origin(artifact.jobId);
  const job = deps.store.get(artifact.jobId);
  if (origin === undefined || job === undefined) {
    void vscode.window.showInformationMessage(
      'Doc Translate: this job was not started from this workspace, so its source file is unknown. Use Save Translation As… instead.',
    );
    return { saved: false, reason: 'noSource' };
  }
  const source = vscode.Uri.parse(origin.source);
  const pattern = deps.settings.saveNextToSourcePattern;
  const target = nextToSourcePath({ pattern, sourcePath: source.path, lang: job.targetLang });
  if (target === undefined) {
    void vscode.window.showErrorMessage(`Doc Translate: the setting docTranslate.saveNextToSource.pattern ("${pattern}") gives no file path.`);
    return { saved: false, reason: 'badPattern' };
  }
  const folder = vscode.workspace.getWorkspaceFolder(source);
  if (folder !== undefined && !isInside(folder.uri.path, target)) {
    void vscode.window.showErrorMessage('Doc Translate: the save pattern points outside the workspace folder; nothing was written.');
    return { saved: false, reason: 'outsideWorkspace' };
  }
  const uri = source.with({ path: target });
  if ((await exists(uri)) && opts.overwrite !== true) {
    const replace = 'Replace';
    const picked = await vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(uri)} already exists. Replace it with the translation?`,
      { modal: true },
      replace,
    );
    if (picked !== replace) return { saved: false, reason: 'exists' };
  }
  await copyArtifact(deps.artifacts, artifact, uri);
  return { saved: true, uri };
}

/** Save dialog (or the given target), starting next to the source when known. */
export async function saveArtifactAs(
  deps: { artifacts: ArtifactService; store: JobStore; settings: Settings },
  artifact: ArtifactInfo,
  given?: vscode.Uri,
): Promise<SaveResult> {
  const name = deps.artifacts.displayName(artifact);
  const origin = deps.store.origin(artifact.jobId);
  const base = origin !== undefined ? vscode.Uri.parse(origin.source) : vscode.workspace.workspaceFolders?.[0]?.uri;
  const defaultUri = base !== undefined ? base.with({ path: path.posix.join(origin !== undefined ? path.posix.dirname(base.path) : base.path, name) }) : undefined;
  const uri =
    given ??
    (await vscode.window.showSaveDialog({ title: 'Doc Translate: Save Translation As', ...(defaultUri !== undefined ? { defaultUri } : {}) }));
  if (uri === undefined) return { saved: false, reason: 'cancelled' };
  await copyArtifact(deps.artifacts, artifact, uri);
  return { saved: true, uri };
}

async function copyArtifact(artifacts: ArtifactService, artifact: ArtifactInfo, target: vscode.Uri): Promise<void> {
  const local = await artifacts.files.path(artifact);
  await vscode.workspace.fs.createDirectory(target.with({ path: path.posix.dirname(target.path) }));
  await vscode.workspace.fs.copy(vscode.Uri.file(local), target, { overwrite: true });
}
