// Check Links in Translations: the command line's link and anchor gate (`check --links`) on every
// set-up, or the one a row belongs to: each relative link, image and #anchor of the translated
// pages, resolved as the framework resolves it. Broken ones go to the Problems panel at their line
// and column. Reads files only (a site's configuration is read as data, never run); nothing is sent
// or written.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BrokenLink } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { loadEngine } from '../engine.ts';
import type { LocalizationState } from '../state.ts';
import { scopeOptions, scopesOf } from './scope.ts';

export type LinkDeps = Pick<Platform, 'logger'> & { state: LocalizationState; links: vscode.DiagnosticCollection };

export interface CheckLinksResult {
  /** Translated pages read. */
  pages: number;
  /** Links and anchors judged. */
  checked: number;
  broken: number;
  /** The translated files with a broken link (absolute paths). */
  files: string[];
  reason?: 'noSetup';
}

export function checkLinksCommand(d: LinkDeps): Command {
  return { id: CommandId.localizationCheckLinks, run: (...args: unknown[]) => checkLinks(d, args) };
}

function diagnostic(b: BrokenLink): vscode.Diagnostic {
  const start = new vscode.Position(Math.max(0, b.line - 1), Math.max(0, b.column - 1));
  const found = new vscode.Diagnostic(
    new vscode.Range(start, start.translate(0, b.url.length)),
    vscode.l10n.t('Broken link {0}: {1}', b.url, b.reason),
    vscode.DiagnosticSeverity.Warning,
  );
  found.source = 'Doc Translate';
  return found;
}

async function checkLinks(d: LinkDeps, args: unknown[]): Promise<CheckLinksResult> {
  await d.state.refreshNow();
  const scopes = scopesOf(d.state, args);
  if (scopes.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: no localization set-up (doc-translate.json) covers this.'));
    return { pages: 0, checked: 0, broken: 0, files: [], reason: 'noSetup' };
  }
  const engine = await loadEngine();
  const byFile = new Map<string, vscode.Diagnostic[]>();
  let pages = 0;
  let checked = 0;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Translate: checking links') }, async () => {
    for (const scope of scopes) {
      const config = await engine.loadConfig(scope.setup.folder);
      const report = await engine.checkLinks({ config, ...scopeOptions(scope) });
      pages += report.pages;
      checked += report.checked;
      // This set-up's earlier findings go; what this run found replaces them.
      d.links.forEach((uri) => {
        if (uri.fsPath.startsWith(config.folder + path.sep)) d.links.delete(uri);
      });
      for (const b of report.broken) {
        const file = path.join(config.folder, b.file);
        byFile.set(file, [...(byFile.get(file) ?? []), diagnostic(b)]);
      }
      d.logger.info(`Localization ${scope.setup.name}: ${report.pages} translated page(s), ${report.checked} link(s) checked, ${report.broken.length} broken.`);
    }
  });
  for (const [file, found] of byFile) d.links.set(vscode.Uri.file(file), found);
  const broken = [...byFile.values()].reduce((n, x) => n + x.length, 0);
  if (broken === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: no broken link in {0} translated pages ({1} links checked).', pages, checked));
  } else {
    const SHOW = vscode.l10n.t('Show Problems');
    void Promise.resolve(
      vscode.window.showWarningMessage(
        broken === 1
          ? vscode.l10n.t('Doc Translate: 1 broken link in the translated pages.')
          : vscode.l10n.t('Doc Translate: {0} broken links in {1} translated pages.', broken, byFile.size),
        SHOW,
      ),
    ).then((picked) => picked === SHOW && void vscode.commands.executeCommand('workbench.actions.view.problems'));
  }
  return { pages, checked, broken, files: [...byFile.keys()] };
}
