// The set-ups of this window (every folder of a workspace folder holding doc-translate.json: a site
// in website/ is set up there) and their status, computed locally from hashes (no requests): found
// shortly after activation, refreshed on save (debounced), on changes of the set-up or the lock, and
// after each update. Set-ups are looked for again when a doc-translate.json appears or goes, when
// workspace folders change and on an explicit refresh; a save only recomputes their status.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Conflict, LocalizeConfig } from '../../localize/index.ts';
import type { Logger } from '../../api/index.ts';
import { editorReadFs, loadEngine } from './engine.ts';
import { relativeInside, type SetupStatus } from './model.ts';
import { DisposableStore } from '../../platform/disposables.ts';

const CONFIG_FILE = 'doc-translate.json';
const LOCK_FILE = 'doc-translate.lock';
/** Saves closer together than this refresh the status once. */
export const REFRESH_DEBOUNCE_MS = 300;
/** Looking for set-ups waits until the workbench has settled (never on the activation path). */
const DISCOVER_DELAY_MS = 1000;
/** At most this many set-ups per workspace folder are looked for. */
const MAX_SETUPS = 50;
const NOT_SETUPS = '{**/node_modules/**,**/.git/**,**/.doc-translate/**}';

/**
 * Whether the set-ups of this window are read on their own (after activation, on saves and file
 * changes). A repository's doc-translate.json is read only in a trusted workspace; in an untrusted one
 * only an explicit action (Refresh, Check Translations, an update) reads it, and trust granted later
 * starts the discovery.
 */
function workspaceTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

export class LocalizationState implements vscode.Disposable {
  private readonly setups = new Map<string, SetupStatus>();
  /** Conflicts of the last update per set-up, with their new translation (`ours`), by `target#block`. */
  private readonly lastConflicts = new Map<string, Map<string, Conflict>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables = new DisposableStore(this.changed);
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private discovered: Promise<void> | undefined;
  /** Where doc-translate.json files were found (undefined: look again on the next computation). */
  private locations: { folder: string; name: string }[] | undefined;

  constructor(private readonly logger: Logger) {
    const soon = (): void => this.schedule();
    const isConfig = (uri: vscode.Uri): boolean => uri.scheme === 'file' && path.basename(uri.fsPath) === CONFIG_FILE;
    // A set-up appeared or went (or a folder holding one was renamed or deleted): look for set-ups again.
    const moved = (uris: readonly vscode.Uri[]): void => {
      if (uris.some((u) => isConfig(u) || this.all().some((s) => relativeInside(u.fsPath, s.folder) !== undefined))) this.locations = undefined;
    };
    const inSetup = (uri: vscode.Uri): boolean =>
      uri.scheme === 'file' && (this.setupOf(uri.fsPath) !== undefined || path.basename(uri.fsPath) === CONFIG_FILE);
    let discover: ReturnType<typeof setTimeout> | undefined;
    if (workspaceTrusted()) discover = setTimeout(() => void this.ready(), DISCOVER_DELAY_MS);
    // Trust granted later: look now (a Refresh in the untrusted window may have read an older state).
    const trusted = (): void => {
      clearTimeout(discover);
      discover = setTimeout(() => void this.refreshNow(), DISCOVER_DELAY_MS);
    };
    const watcher = vscode.workspace.createFileSystemWatcher(`**/{${CONFIG_FILE},${LOCK_FILE}}`);
    // Changes outside the editor (a checkout, a pull, another tool) refresh too, within a set-up only.
    const pages = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,markdown}');
    const page = (uri: vscode.Uri): void => void (this.setupOf(uri.fsPath) !== undefined && soon());
    // A folder deleted outside the editor (its pages with it) or a non-Markdown source or translation (file jobs) removed.
    const removed = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    const rediscover = (uri: vscode.Uri): void => {
      moved([uri]);
      soon();
    };
    this.disposables.add(
      removed,
      removed.onDidDelete((uri) => {
        moved([uri]);
        page(uri);
      }),
      pages,
      pages.onDidChange(page),
      pages.onDidCreate(page),
      pages.onDidDelete(page),
      { dispose: () => clearTimeout(discover) },
      vscode.workspace.onDidGrantWorkspaceTrust(trusted),
      watcher,
      watcher.onDidCreate(rediscover),
      watcher.onDidChange(soon),
      watcher.onDidDelete(rediscover),
      vscode.workspace.onDidSaveTextDocument((doc) => inSetup(doc.uri) && soon()),
      vscode.workspace.onDidCreateFiles((e) => (moved(e.files), e.files.some(inSetup) && soon())),
      vscode.workspace.onDidDeleteFiles((e) => (moved(e.files), e.files.some(inSetup) && soon())),
      vscode.workspace.onDidRenameFiles(
        (e) => (moved(e.files.flatMap((f) => [f.oldUri, f.newUri])), e.files.some((f) => inSetup(f.oldUri) || inSetup(f.newUri)) && soon()),
      ),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.locations = undefined;
        soon();
      }),
    );
  }

  /** The set-ups with their latest status (after the first look). */
  all(): SetupStatus[] {
    return [...this.setups.values()];
  }

  /** The set-up holding an absolute path, if any (the innermost when set-ups nest). */
  setupOf(file: string): SetupStatus | undefined {
    let best: SetupStatus | undefined;
    for (const s of this.all()) if (relativeInside(s.folder, file) !== undefined && (best === undefined || s.folder.length > best.folder.length)) best = s;
    return best;
  }

  /**
   * Resolves once set-ups were looked for and their status computed at least once. In an untrusted
   * workspace nothing is read on its own: this resolves at once with what an explicit Refresh found
   * (if anything), so the view does not wait for a trust that may never come.
   */
  ready(): Promise<void> {
    if (!workspaceTrusted()) return this.running ?? Promise.resolve();
    this.discovered ??= this.refreshNow();
    return this.discovered;
  }

  /** Refreshes after a short pause; saves in a burst refresh once. Only in a trusted workspace. */
  schedule(): void {
    if (!workspaceTrusted()) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.recompute();
    }, REFRESH_DEBOUNCE_MS);
  }

  /**
   * Looks for set-ups again and computes every status; concurrent calls coalesce into one more run.
   * An explicit action (the Refresh command, Check Translations, after Set Up or an update): also in an
   * untrusted workspace.
   */
  async refreshNow(): Promise<void> {
    this.locations = undefined;
    return this.recompute();
  }

  /** Computes every status again (set-ups are looked for only when their locations are unknown). */
  private async recompute(): Promise<void> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.compute();
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    this.discovered ??= this.running;
    return this.running;
  }

  async config(folder: string): Promise<LocalizeConfig> {
    return (await loadEngine()).loadConfig(folder);
  }

  rememberConflicts(folder: string, conflicts: readonly Conflict[]): void {
    const map = this.lastConflicts.get(folder) ?? new Map<string, Conflict>();
    for (const c of conflicts) map.set(`${c.target}#${c.block}`, c);
    this.lastConflicts.set(folder, map);
  }

  /** The conflict an update reported for a target's block as it stands (with `ours`), if any. */
  knownConflict(folder: string, target: string, theirs: string): Conflict | undefined {
    return [...(this.lastConflicts.get(folder)?.values() ?? [])].find((c) => c.target === target && c.theirs === theirs);
  }

  forgetConflict(folder: string, c: Pick<Conflict, 'target' | 'block'>): void {
    this.lastConflicts.get(folder)?.delete(`${c.target}#${c.block}`);
  }

  /**
   * Every folder holding doc-translate.json, in each workspace folder (its root and any folder below,
   * dependencies and caches left out), named "<workspace folder>/<path>" when below the root.
   */
  private async discover(): Promise<{ folder: string; name: string }[]> {
    const found = new Map<string, string>();
    for (const f of vscode.workspace.workspaceFolders ?? []) {
      if (f.uri.scheme !== 'file') continue;
      const root = f.uri.fsPath;
      if (
        await stat(path.join(root, CONFIG_FILE)).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        found.set(root, f.name);
      const below = await Promise.resolve(vscode.workspace.findFiles(new vscode.RelativePattern(f, `**/${CONFIG_FILE}`), NOT_SETUPS, MAX_SETUPS)).catch(
        () => [],
      );
      for (const uri of below) {
        if (uri.scheme !== 'file') continue;
        const folder = path.dirname(uri.fsPath);
        const rel = relativeInside(root, folder);
        if (rel === undefined || found.has(folder)) continue;
        found.set(folder, rel === '' ? f.name : `${f.name}/${rel}`);
      }
    }
    return [...found].map(([folder, name]) => ({ folder, name })).sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  }

  private async compute(): Promise<void> {
    let folders = this.locations;
    if (folders === undefined) {
      folders = await this.discover();
      // A refresh asked for meanwhile looks again on the next round.
      if (!this.again) this.locations = folders;
    }
    const next = new Map<string, SetupStatus>();
    if (folders.length > 0) {
      const engine = await loadEngine();
      for (const f of folders) {
        const folder = f.folder;
        try {
          const config = await engine.loadConfig(folder);
          const report = await engine.planStatus({ config, fs: editorReadFs(engine, config.folder) });
          // The translations found up to date are as the tool wrote them: their review share comes from the lock alone.
          const asWritten = new Set(report.targets.filter((t) => t.state === 'up-to-date').map((t) => t.target));
          const reviewed = await engine.reviewSummary({ config, fs: editorReadFs(engine, config.folder) }, asWritten).catch(() => undefined);
          next.set(folder, { folder, name: f.name, report, reviewed });
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          this.logger.warn(`Localization status of ${f.name}: ${error}`);
          next.set(folder, { folder, name: f.name, report: undefined, error });
        }
      }
    }
    this.setups.clear();
    for (const [k, v] of next) this.setups.set(k, v);
    this.changed.fire();
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.disposables.dispose();
  }
}
