// Adopt Existing Translations: translations that exist without a lock entry (written by people
// before the set-up) are recorded in the lock, aligned with their sources by structure (the engine's
// `adopt`), so updates keep them and send only what lags. The whole set-up from the view's title bar,
// one translation from its row. Asked first with the count (nothing is sent, no file but the lock
// changes); only in a trusted workspace, like an update.
import * as vscode from 'vscode';
import type { AdoptReport } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { editorFs, loadEngine } from '../engine.ts';
import { isUntracked } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import { scopeOptions, scopesOf, targetsIn } from './scope.ts';

export type AdoptDeps = Pick<Platform, 'prompter' | 'settings' | 'logger'> & { state: LocalizationState };

export interface AdoptResult {
  adopted: number;
  /** Adopted with every section aligned: up to date. */
  current: number;
  skipped: AdoptReport['skipped'];
  reason?: 'untrusted' | 'noSetup' | 'nothing' | 'declined' | 'failed';
}

export function adoptCommand(d: AdoptDeps): Command {
  return { id: CommandId.localizationAdopt, run: (...args: unknown[]) => adoptTranslations(d, args) };
}

const none = (reason: AdoptResult['reason']): AdoptResult => ({ adopted: 0, current: 0, skipped: [], reason });

async function adoptTranslations(d: AdoptDeps, args: unknown[]): Promise<AdoptResult> {
  // An untrusted workspace never decides what the lock records (the next update acts on it).
  if (!d.settings.trusted) {
    const MANAGE = vscode.l10n.t('Manage Workspace Trust');
    void Promise.resolve(
      vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Doc Translate: this workspace is not trusted. Adopting translations writes doc-translate.lock, which decides what later updates send and overwrite; trust the workspace first.',
        ),
        MANAGE,
      ),
    ).then((picked) => picked === MANAGE && void vscode.commands.executeCommand('workbench.trust.manage'));
    return none('untrusted');
  }
  await d.state.refreshNow();
  const scopes = scopesOf(d.state, args);
  if (scopes.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: no localization set-up (doc-translate.json) covers this.'));
    return none('noSetup');
  }
  const work = scopes.map((s) => ({ scope: s, targets: targetsIn(s).filter(isUntracked) })).filter((w) => w.targets.length > 0);
  const count = work.reduce((n, w) => n + w.targets.length, 0);
  if (count === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: no existing translation waits to be adopted.'));
    return none('nothing');
  }
  const ADOPT = vscode.l10n.t('Adopt');
  const question = count === 1 ? vscode.l10n.t('Adopt 1 existing translation?') : vscode.l10n.t('Adopt {0} existing translations?', count);
  const names = work.flatMap((w) => w.targets.map((t) => t.target));
  const detail = [
    vscode.l10n.t(
      'Each is recorded in doc-translate.lock, aligned with its source by structure: a translation whose sections all align counts as up to date; where they do not, the next update translates what is missing and never overwrites your text. The files are not changed and nothing is sent.',
    ),
    '',
    ...names.slice(0, 10),
    ...(names.length > 10 ? [vscode.l10n.t('and {0} more', names.length - 10)] : []),
  ].join('\n');
  if ((await d.prompter.choose(question, { modal: true, severity: 'info', detail }, ADOPT)) !== ADOPT) return none('declined');
  const engine = await loadEngine();
  const result: AdoptResult = { adopted: 0, current: 0, skipped: [] };
  try {
    for (const w of work) {
      const config = await engine.loadConfig(w.scope.setup.folder);
      const report = await engine.adopt({ config, ...scopeOptions(w.scope), fs: editorFs(engine, config.folder), tool: 'vscode' });
      result.adopted += report.adopted.length;
      result.current += report.adopted.filter((a) => a.current).length;
      result.skipped.push(...report.skipped);
      d.logger.info(
        `Localization ${w.scope.setup.name}: adopted ${report.adopted.length} translation(s) (${report.adopted.filter((a) => a.current).length} up to date), ${report.skipped.length} left untracked, ${report.tracked} already tracked.`,
      );
    }
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return { ...result, reason: 'failed' };
  } finally {
    await d.state.refreshNow();
  }
  const partial = result.adopted - result.current;
  const head = vscode.l10n.t(
    'Doc Translate: adopted {0} translation(s): {1} up to date, {2} with sections that did not align with the source (the Localization view shows what the next update does there).',
    result.adopted,
    result.current,
    partial,
  );
  const tail =
    result.skipped.length > 0
      ? ` ${vscode.l10n.t('{0} left as they are: {1}', result.skipped.length, result.skipped.map((s) => `${s.target} (${s.reason})`).join('; '))}`
      : '';
  void (result.skipped.length > 0 ? vscode.window.showWarningMessage(head + tail) : vscode.window.showInformationMessage(head));
  return result;
}
