// Copy CI Workflow…: writes .github/workflows/doc-translate.yml into the workspace folder of a
// set-up through the safe writer, with the set-up's folder, source and languages filled in and the
// doc-translate package pinned to this extension's version (src/localize/ciWorkflow.ts; README
// "Localize in CI").
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CI_WORKFLOW_FILE, ciWorkflow } from '../../../localize/ciWorkflow.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { loadEngine } from '../engine.ts';
import type { LocalizationState } from '../state.ts';

export type CopyCiWorkflowDeps = Pick<Platform, 'writer' | 'prompter'> & { state: LocalizationState };

export interface CopyCiWorkflowResult {
  written: boolean;
  path?: string;
  reason?: string;
}

/** The set-up the command is for: the row it was run on, the only one, or the one picked. */
async function pickSetup(d: CopyCiWorkflowDeps, arg: unknown): Promise<string | undefined> {
  const state = d.state;
  const all = state.all();
  const given =
    arg instanceof vscode.Uri
      ? arg.fsPath
      : typeof arg === 'object' && arg !== null && typeof (arg as { folder?: unknown }).folder === 'string'
        ? (arg as { folder: string }).folder
        : undefined;
  if (given !== undefined) return state.setupOf(given)?.folder;
  if (all.length <= 1) return all[0]?.folder;
  const picked = await d.prompter.pick(
    'setup',
    all.map((s) => ({ label: s.name, description: vscode.workspace.asRelativePath(s.folder), folder: s.folder })),
    {
      placeHolder: vscode.l10n.t('Doc Translate: which localization set-up should the workflow run?'),
    },
  );
  return picked?.folder;
}

function extensionVersion(): string {
  const ext = vscode.extensions.all.find((e) => e.id.toLowerCase() === 'doc-translate.doc-translate');
  return String((ext?.packageJSON as { version?: unknown } | undefined)?.version ?? '0.1.0');
}

export function copyCiWorkflowCommand(d: CopyCiWorkflowDeps): Command {
  return {
    id: CommandId.localizationCopyCiWorkflow,
    run: async (arg?: unknown): Promise<CopyCiWorkflowResult> => {
      const folder = await pickSetup(d, arg);
      if (folder === undefined) {
        if (d.state.all().length === 0)
          void vscode.window.showInformationMessage(
            vscode.l10n.t('Doc Translate: set up localization first (doc-translate.json); the workflow runs that set-up.'),
          );
        return { written: false, reason: 'noSetup' };
      }
      const workspace = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(folder));
      if (workspace === undefined) return { written: false, reason: 'noFolder' };
      let config;
      try {
        config = await (await loadEngine()).loadConfig(folder);
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
        return { written: false, reason: 'invalid' };
      }
      const rel = path.relative(workspace.uri.fsPath, folder).split(path.sep).join('/');
      const text = ciWorkflow({
        folder: rel === '' ? '.' : rel,
        source: config.source,
        sourceLanguage: config.sourceLanguage,
        targetLanguages: config.targetLanguages,
        version: extensionVersion(),
      });
      const target = vscode.Uri.joinPath(workspace.uri, ...CI_WORKFLOW_FILE.split('/'));
      const outcome = await d.writer.write({ target, content: new TextEncoder().encode(text), what: vscode.l10n.t('the CI workflow') });
      if (!outcome.written) {
        if (outcome.reason !== 'kept') void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', outcome.message));
        return { written: false, reason: outcome.reason, path: target.fsPath };
      }
      await vscode.window.showTextDocument(target, { preview: false });
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Doc Translate: wrote {0}. Pull requests get a check; pushes to main are translated once the repository has the variable DOC_TRANSLATE_BASE_URL and the secret DOC_TRANSLATE_API_KEY.',
          CI_WORKFLOW_FILE,
        ),
      );
      return { written: true, path: target.fsPath };
    },
  };
}
