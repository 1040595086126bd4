import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Prompter } from '../../../platform/prompter.ts';
import type { SafeWriter } from '../../../platform/safeWriter.ts';
import type { Settings } from '../../../platform/settings.ts';
import type { ArtifactInfo, JobOrigin } from '../model.ts';
import { sourceChanged } from '../sourceState.ts';
import type { JobStore } from '../store.ts';
import { layoutTarget } from './layoutTarget.ts';
import { invalidServerValue, nextToSourcePath } from './nextToSource.ts';
import type { ArtifactService } from './service.ts';

export type SaveResult =
  | {
      saved: true;
      uri: vscode.Uri;
      how: 'created' | 'replaced' | 'unchanged';
      /** Which rule chose the path (Save Next to Source). */ rule?: 'layout' | 'pattern';
      /** Layout rule: recorded in doc-translate.lock. */ recorded?: boolean;
    }
  | {
      saved: false;
      reason: 'noSource' | 'badPattern' | 'badServerValue' | 'noWorkspace' | 'outsideWorkspace' | 'folder' | 'kept' | 'failed' | 'cancelled';
      uri?: vscode.Uri;
    };

export interface SaveDeps {
  artifacts: ArtifactService;
  store: JobStore;
  settings: Settings;
  writer: SafeWriter;
  prompter: Pick<Prompter, 'saveDialog'>;
}

/**
 * Writes the artifact beside its source per the pattern setting, named by the artifact's format,
 * through the platform's safe writer (inside the workspace only, never over a folder, never over
 * a differing file without asking, atomic).
 */
export async function saveNextToSource(deps: SaveDeps, artifact: ArtifactInfo): Promise<SaveResult> {
  const origin = deps.store.origin(artifact.jobId);
  const job = deps.store.get(artifact.jobId);
  if (origin === undefined || job === undefined) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Doc Translate: this job was not started from this workspace, so its source file is unknown. Use Save Translation As… instead.'),
    );
    return { saved: false, reason: 'noSource' };
  }
  const source = vscode.Uri.parse(origin.source);
  if (vscode.workspace.getWorkspaceFolder(source) === undefined) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Doc Translate: {0} is outside the workspace folders, so nothing is saved next to it. Use Save Translation As… instead.', source.fsPath),
    );
    return { saved: false, reason: 'noWorkspace' };
  }
  warnIfSourceChanged(source, origin);
  const bad = invalidServerValue(job.targetLang, artifact.format);
  if (bad !== undefined) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        'Doc Translate: the service gave {0} "{1}", which is not a {2}; nothing was saved. Use Save Translation As… to choose the file.',
        bad.field,
        bad.value.slice(0, 80),
        bad.field === 'format' ? vscode.l10n.t('file extension') : vscode.l10n.t('language code'),
      ),
    );
    return { saved: false, reason: 'badServerValue' };
  }
  // A localized documentation folder: the set-up's layout decides (doc-translate.json), else the pattern setting.
  const byLayout = await layoutTarget(source, job.targetLang, artifact.format);
  if (byLayout !== undefined) {
    const result = await write(deps, artifact, vscode.Uri.file(byLayout.path));
    if (!result.saved) return result;
    const recorded = await byLayout.record().catch((err: unknown) => {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Doc Translate: the translation was saved but not recorded in doc-translate.lock: {0}', err instanceof Error ? err.message : String(err)),
      );
      return false;
    });
    return { ...result, rule: 'layout', recorded };
  }
  const pattern = deps.settings.saveNextToSourcePattern;
  const target = nextToSourcePath({ pattern, sourcePath: source.path, lang: job.targetLang, format: artifact.format });
  if (target === undefined) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: the setting docTranslate.saveNextToSource.pattern ("{0}") gives no file path.', pattern));
    return { saved: false, reason: 'badPattern' };
  }
  const result = await write(deps, artifact, source.with({ path: target }));
  return result.saved ? { ...result, rule: 'pattern' } : result;
}

/** Save dialog starting next to the source when known (or at a target passed as an argument). */
export async function saveArtifactAs(deps: SaveDeps, artifact: ArtifactInfo, given?: vscode.Uri): Promise<SaveResult> {
  const name = deps.artifacts.displayName(artifact);
  const origin = deps.store.origin(artifact.jobId);
  const base = origin !== undefined ? vscode.Uri.parse(origin.source) : vscode.workspace.workspaceFolders?.[0]?.uri;
  const near =
    given ?? (base !== undefined ? base.with({ path: path.posix.join(origin !== undefined ? path.posix.dirname(base.path) : base.path, name) }) : undefined);
  const uri = await deps.prompter.saveDialog('target', {
    title: vscode.l10n.t('Doc Translate: Save Translation As'),
    defaultUri: near,
  });
  if (uri === undefined) return { saved: false, reason: 'cancelled' };
  return write(deps, artifact, uri);
}

async function write(deps: SaveDeps, artifact: ArtifactInfo, target: vscode.Uri): Promise<SaveResult> {
  const outcome = await deps.writer.saveDelivered({
    target,
    local: await deps.artifacts.files.path(artifact),
    what: vscode.l10n.t('the translation ({0})', deps.artifacts.displayName(artifact)),
    compare: deps.artifacts.isText(artifact) ? { right: deps.artifacts.uri(artifact), title: `${path.posix.basename(target.path)} ↔ translation` } : undefined,
    failure: 'error',
  });
  if (outcome.written) return { saved: true, uri: outcome.uri, how: outcome.how };
  return { saved: false, reason: outcome.reason, uri: outcome.uri };
}

/** Says (without waiting) when the source changed after it was sent: the translation is of the older text. */
export function warnIfSourceChanged(source: vscode.Uri, origin: JobOrigin): void {
  if (origin.sent === undefined || source.scheme !== 'file') return;
  void sourceChanged(source.fsPath, origin.sent).then((changed) => {
    if (changed) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Doc Translate: {0} changed after it was sent for translation; this translation is of the earlier version.', origin.fileName),
      );
    }
  });
}
