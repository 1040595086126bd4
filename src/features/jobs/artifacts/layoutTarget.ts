// Save Next to Source in a localized documentation folder: where a set-up (doc-translate.json in the
// source's folder or an ancestor, within its workspace folder) covers the source, the translation
// goes where the set-up's layout puts it (`docs/a.md` → `i18n/fr/docusaurus-plugin-content-docs/
// current/a.md`), not where the saveNextToSource pattern would. The engine (dist/localizer.js) is
// loaded only when such a file exists; the jobs feature never imports the localization feature.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';

const CONFIG_FILE = 'doc-translate.json';

/** The folder holding doc-translate.json nearest to `file`, not above its workspace folder. */
async function setupFolder(file: string, root: string): Promise<string | undefined> {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (
      await stat(path.join(dir, CONFIG_FILE)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return dir;
    const rel = path.relative(root, dir);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The layout's path of the translation of `source` into `lang`, when a set-up covers the source
 * (it is one of the set-up's sources) and the result has the source's format; else undefined (the
 * pattern decides). Read only in a trusted workspace: an untrusted repository's doc-translate.json
 * never chooses where a file is written.
 */
export async function layoutTarget(
  source: vscode.Uri,
  lang: string,
  format: string,
): Promise<{ path: string; setup: string; record: () => Promise<boolean> } | undefined> {
  if (source.scheme !== 'file' || !vscode.workspace.isTrusted) return undefined;
  const ws = vscode.workspace.getWorkspaceFolder(source);
  if (ws === undefined) return undefined;
  const folder = await setupFolder(source.fsPath, ws.uri.fsPath);
  if (folder === undefined) return undefined;
  if (path.extname(source.fsPath).slice(1).toLowerCase() !== format.toLowerCase()) return undefined;
  try {
    const engine = await import('../../../localize/index.ts');
    const config = await engine.loadConfig(folder);
    const rel = path.relative(folder, source.fsPath).split(path.sep).join('/');
    const listing = await engine.listSourceFiles(config, engine.localFs(folder));
    if (!listing.pages.includes(rel) && !listing.files.includes(rel)) return undefined;
    const layout = engine.createLayout(config.layout, config.source, [...new Set([...config.targetLanguages, lang])]);
    // Once written, the translation is recorded in doc-translate.lock (as the localization's own
    // adoption of an existing translation does), so the Localization view and --check count it
    // instead of taking it for a stranger's file. Only for a language the set-up translates into.
    const record = async (): Promise<boolean> => {
      if (!config.targetLanguages.includes(lang)) return false;
      const report = await engine.adopt({ config, paths: [rel], languages: [lang], tool: 'editor' });
      return report.adopted.length > 0;
    };
    return { path: path.join(folder, ...layout.target(rel, lang).split('/')), setup: path.join(folder, CONFIG_FILE), record };
  } catch {
    // An invalid set-up: the pattern decides, as without one.
    return undefined;
  }
}
