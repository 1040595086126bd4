// Mark Reviewed: records that a person reviewed a translation (the engine's `review`): a row of the
// Localization view (a translation, or a source's translations), a file from the Explorer, or the
// paragraphs a selection covers in a translation's editor. Who: the name given once this session,
// else `git config user.name`, else asked once. Nothing is sent; the translation loses its
// machine_translated label when all its paragraphs are reviewed. Only in a trusted workspace (it
// writes doc-translate.lock, like an update).
import * as vscode from 'vscode';
import type { ReviewReport } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { editorFs, loadEngine } from '../engine.ts';
import { relativeInside } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import { setupRow, targetRow } from './scope.ts';

export type ReviewDeps = Pick<Platform, 'prompter' | 'settings' | 'logger'> & { state: LocalizationState };

export interface MarkReviewedResult {
  files: ReviewReport['files'];
  refused: ReviewReport['refused'];
  /** Who was recorded. */
  by?: string;
  reason?: 'untrusted' | 'noTranslation' | 'unsaved' | 'noName' | 'failed';
}

const none = (reason: MarkReviewedResult['reason']): MarkReviewedResult => ({ files: [], refused: [], reason });

/** The reviewer's name given in this session (asked once). */
let given: string | undefined;

export function markReviewedCommand(d: ReviewDeps): Command {
  return { id: CommandId.localizationMarkReviewed, run: (...args: unknown[]) => markReviewed(d, args) };
}

interface What {
  folder: string;
  paths: string[];
  languages?: string[];
  /** The selection's lines in the translation's editor (0-based, inclusive). */
  lines?: { start: number; end: number };
  /** The open documents among them, to check they are saved. */
  files: string[];
}

const kindOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined);

/** What an invocation names: a view row, a Uri (Explorer, editor), or the active editor. */
function whatOf(d: ReviewDeps, arg: unknown): What | 'notTranslation' | undefined {
  const row = targetRow(arg);
  if (row !== undefined) return { folder: row.folder, paths: [row.target.target], files: [vscode.Uri.file(`${row.folder}/${row.target.target}`).fsPath] };
  if (kindOf(arg) === 'source') {
    const s = arg as { folder: string; source: string };
    return { folder: s.folder, paths: [s.source], files: [] };
  }
  if (kindOf(arg) === 'folder') {
    const f = arg as { folder: string; sources: string[] };
    return { folder: f.folder, paths: [...f.sources], files: [] };
  }
  const setup = setupRow(arg);
  if (setup !== undefined) return { folder: setup.setup.folder, paths: ['.'], files: [] };
  const editor = vscode.window.activeTextEditor;
  const uri = arg instanceof vscode.Uri ? arg : editor?.document.uri;
  if (uri === undefined || uri.scheme !== 'file') return undefined;
  const status = d.state.setupOf(uri.fsPath);
  const rel = status !== undefined ? relativeInside(status.folder, uri.fsPath) : undefined;
  if (status === undefined || rel === undefined) return undefined;
  const what: What = { folder: status.folder, paths: [rel === '' ? '.' : rel], files: [uri.fsPath] };
  const sel = editor !== undefined && editor.document.uri.toString() === uri.toString() ? editor.selection : undefined;
  if (sel !== undefined && !sel.isEmpty) {
    // A selection counts only in a translation (in a source it would name other paragraphs).
    if (!(status.report?.targets.some((t) => t.target === rel) ?? false)) return 'notTranslation';
    const end = sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line - 1 : sel.end.line;
    what.lines = { start: sel.start.line, end };
  }
  return what;
}

async function reviewer(d: ReviewDeps, folder: string): Promise<string | undefined> {
  if (given !== undefined) return given;
  const engine = await loadEngine();
  const fromGit = await engine.gitUserName(folder);
  if (fromGit !== undefined) return fromGit;
  const name = await d.prompter.input('reviewer', {
    title: vscode.l10n.t('Doc Translate: Mark Reviewed'),
    prompt: vscode.l10n.t('Your name, recorded in doc-translate.lock as who reviewed (git config user.name is not set).'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a name.') : undefined),
  });
  if (name === undefined || name.trim() === '') return undefined;
  given = name.trim();
  return given;
}

async function markReviewed(d: ReviewDeps, args: unknown[]): Promise<MarkReviewedResult> {
  if (!d.settings.trusted) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Doc Translate: this workspace is not trusted. Marking translations reviewed writes doc-translate.lock; trust the workspace first.'),
    );
    return none('untrusted');
  }
  await d.state.ready();
  const what = whatOf(d, args[0]);
  if (what === undefined || what === 'notTranslation') {
    void vscode.window.showInformationMessage(
      what === 'notTranslation'
        ? vscode.l10n.t('Doc Translate: select paragraphs in a translation (not in its source) to mark them reviewed.')
        : vscode.l10n.t('Doc Translate: no localization set-up (doc-translate.json) covers this.'),
    );
    return none('noTranslation');
  }
  const dirty = vscode.workspace.textDocuments.find((doc) => doc.isDirty && what.files.includes(doc.uri.fsPath));
  if (dirty !== undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: save {0} first: a review records the text as saved.', dirty.fileName));
    return none('unsaved');
  }
  const by = await reviewer(d, what.folder);
  if (by === undefined) return none('noName');
  const engine = await loadEngine();
  let report: ReviewReport;
  try {
    const config = await engine.loadConfig(what.folder);
    report = await engine.review({
      config,
      paths: what.paths,
      by,
      lines: what.lines,
      fs: editorFs(engine, config.folder),
      tool: 'vscode',
    });
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return { ...none('failed'), by };
  } finally {
    await d.state.refreshNow();
  }
  const marked = report.files.reduce((n, f) => n + f.marked, 0);
  d.logger.info(`Mark Reviewed by ${by}: ${report.files.length} translation(s), ${marked} segment(s) marked, ${report.refused.length} refused.`);
  const refused = report.refused.map((r) => `${r.path}: ${r.reason}`).join('; ');
  if (report.files.length === 0) void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: nothing was marked reviewed. {0}', refused));
  else {
    const head =
      report.files.length === 1
        ? vscode.l10n.t(
            'Doc Translate: {0} marked reviewed by {1} ({2} of {3} segments reviewed).',
            report.files[0]!.target,
            by,
            report.files[0]!.reviewed,
            report.files[0]!.segments,
          )
        : vscode.l10n.t('Doc Translate: {0} translations marked reviewed by {1}.', report.files.length, by);
    void (refused !== ''
      ? vscode.window.showWarningMessage(`${head} ${vscode.l10n.t('Not reviewed: {0}', refused)}`)
      : vscode.window.showInformationMessage(head));
  }
  return { files: report.files, refused: report.refused, by };
}
