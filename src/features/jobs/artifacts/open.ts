import * as path from 'node:path';
import * as vscode from 'vscode';
import type { JobStore } from '../store.ts';
import type { ArtifactInfo } from '../model.ts';
import { warnIfSourceChanged } from './save.ts';
import type { ArtifactService } from './service.ts';

export type OpenResult = { opened: true; uri: vscode.Uri; kind: 'text' | 'binary' | 'diff' } | { opened: false; reason: 'noSource' };

/**
 * Text artifacts open as read-only documents of the extension's scheme; binary ones (PDF,
 * images, DOCX) are downloaded into the extension's storage and opened with VS Code's default
 * editor for the type.
 */
export async function openArtifact(artifacts: ArtifactService, artifact: ArtifactInfo): Promise<OpenResult> {
  if (artifacts.isText(artifact)) {
    const uri = artifacts.uri(artifact);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    return { opened: true, uri, kind: 'text' };
  }
  const local = vscode.Uri.file(
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Translate: downloading {0}', artifacts.displayName(artifact)) },
      () => artifacts.files.path(artifact),
    ),
  );
  await vscode.commands.executeCommand('vscode.open', local);
  return { opened: true, uri: local, kind: 'binary' };
}

/** The source file beside the translated artifact in a diff editor. */
export async function showArtifactDiff(artifacts: ArtifactService, store: JobStore, artifact: ArtifactInfo): Promise<OpenResult> {
  const origin = store.origin(artifact.jobId);
  if (origin === undefined || !artifacts.isText(artifact)) {
    void vscode.window.showInformationMessage(
      origin === undefined
        ? vscode.l10n.t('Doc Translate: the source of this job is unknown here (it was started elsewhere), so there is nothing to compare.')
        : vscode.l10n.t('Doc Translate: only text translations can be compared with their source.'),
    );
    return { opened: false, reason: 'noSource' };
  }
  const source = vscode.Uri.parse(origin.source);
  warnIfSourceChanged(source, origin);
  const translated = artifacts.uri(artifact);
  const lang = store.get(artifact.jobId)?.targetLang ?? '';
  const title = `${path.posix.basename(source.path)} ↔ ${artifacts.displayName(artifact)}${lang !== '' ? ` (${lang})` : ''}`;
  await vscode.commands.executeCommand('vscode.diff', source, translated, title, { preview: false });
  return { opened: true, uri: translated, kind: 'diff' };
}
