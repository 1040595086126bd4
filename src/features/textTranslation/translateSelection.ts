import * as vscode from 'vscode';
import { isSelectionMode } from '../../platform/settings.ts';
import type { SelectionMode } from '../../platform/settingKeys.ts';
import { applyIfUnchanged } from './applyEdits.ts';
import { isLocalizedSource } from './localizedSource.ts';
import { openBeside } from '../../platform/openBeside.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { TranslateResult } from './results.ts';
import { documentParams, translateCommand, reportLine, translateWith, type TextDeps } from './support.ts';

export interface TranslateSelectionArgs {
  mode?: SelectionMode;
}

/** Translate Selection: every non-empty selection, applied per `docTranslate.selectionMode` or `args.mode`. */
export function translateSelectionCommand(s: TextDeps): Command {
  return translateCommand(s, CommandId.translateSelection, (ctx, args?: unknown) => translateSelection(s, ctx, args));
}

async function translateSelection(s: TextDeps, ctx: RunContext, args: unknown): Promise<TranslateResult> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: open a file and select the text to translate.'));
    return { applied: false, reason: 'noEditor' };
  }
  const doc = editor.document;
  const selections = editor.selections.filter((sel) => !sel.isEmpty).sort((a, b) => a.start.compareTo(b.start));
  if (selections.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: select the text to translate.'));
    return { applied: false, reason: 'noSelection' };
  }
  const requested = (args as TranslateSelectionArgs | undefined)?.mode;
  let mode = isSelectionMode(requested) ? requested : s.settings.selectionMode;
  // A source page of localized documentation keeps its text: its translations are other files.
  const keptSource = !isSelectionMode(requested) && mode === 'replace' && (await isLocalizedSource(doc.uri));
  if (keptSource) mode = 'insertBelow';
  const client = await ctx.client();

  const version = doc.version;
  const texts = selections.map((sel) => doc.getText(sel));
  const { params, dialect } = await documentParams(s, doc);
  const chars = texts.reduce((n, t) => n + t.length, 0);
  s.logger.info(`Translate Selection: ${texts.length} selection(s), ${chars} characters, ${mode}, into ${params.targetLanguage}`);
  const translated: string[] = await withCancellableProgress(vscode.l10n.t('Doc Translate: translating to {0}', params.targetLanguage), (signal, report) =>
    translateWith((e) =>
      e.translateTexts(client, texts, dialect.kind, {
        ...params,
        mdx: dialect.mdx,
        signal,
        onProgress: report,
        onReport: (r) => s.logger.info(`Translate Selection: ${reportLine(r)}`),
      }),
    ),
  );

  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const offsets = selections.map((sel) => ({ start: doc.offsetAt(sel.start), end: doc.offsetAt(sel.end), anchor: doc.offsetAt(insertBelowAnchor(doc, sel)) }));
  if (mode === 'beside') {
    const beside = await openBeside(translated.join(eol + eol), doc.languageId, {
      source: doc.uri,
      language: params.targetLanguage,
    });
    return { applied: true, mode, uri: beside.uri };
  }
  const edits = selections.map((sel, i) =>
    mode === 'replace'
      ? vscode.TextEdit.replace(sel, translated[i]!)
      : vscode.TextEdit.insert(insertBelowAnchor(doc, sel), eol + eol + stripFinalEol(translated[i]!)),
  );
  const outcome = await applyIfUnchanged(doc, version, edits);
  if (outcome === 'applied') {
    if (keptSource)
      offerReplace(
        doc,
        offsets,
        translated.map((t) => eol + eol + stripFinalEol(t)),
        translated,
      );
    return { applied: true, mode, uri: doc.uri, ...(keptSource ? { keptSource: true } : {}) };
  }
  if (outcome === 'failed') {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: the translation could not be applied to the document.'));
    return { applied: false, reason: 'failed' };
  }
  return offerBeside(doc, translated.join(eol + eol), params.targetLanguage);
}

/** Insert below = after the last selected line, so a partial-line selection does not split its line. */
function insertBelowAnchor(doc: vscode.TextDocument, sel: vscode.Selection): vscode.Position {
  const line = sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line - 1 : sel.end.line;
  return doc.lineAt(line).range.end;
}

/**
 * Says why the source was kept (inserted below, not replaced) and offers Replace Anyway: one edit
 * that removes what was inserted and replaces the selections, while the document is as inserted.
 */
function offerReplace(doc: vscode.TextDocument, at: { start: number; end: number; anchor: number }[], inserted: string[], translated: string[]): void {
  const version = doc.version;
  const REPLACE = vscode.l10n.t('Replace Anyway');
  // Two selections sharing the line their translations were inserted after: no safe way back to "replace".
  const separate = at.every((a, i) => i === 0 || at[i - 1]!.anchor < a.start);
  void Promise.resolve(
    vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Doc Translate: {0} is a source page of localized documentation (doc-translate.json), so its text was kept and the translation inserted below; its translated pages are written by Update Translations.',
        vscode.workspace.asRelativePath(doc.uri),
      ),
      ...(separate ? [REPLACE] : []),
    ),
  ).then(async (picked) => {
    if (picked !== REPLACE) return;
    const shift = (x: number, own: number): number => x + at.reduce((n, a, j) => n + (j !== own && a.anchor < x ? inserted[j]!.length : 0), 0);
    const edits = at.flatMap((a, i) => {
      const from = shift(a.anchor, i);
      return [
        vscode.TextEdit.delete(new vscode.Range(doc.positionAt(from), doc.positionAt(from + inserted[i]!.length))),
        vscode.TextEdit.replace(new vscode.Range(doc.positionAt(shift(a.start, i)), doc.positionAt(shift(a.end, i))), translated[i]!),
      ];
    });
    if ((await applyIfUnchanged(doc, version, edits)) !== 'applied') {
      void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: the document changed since the translation was inserted, so nothing was replaced.'));
    }
  });
}

function stripFinalEol(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/**
 * The document changed while translating: the ranges are stale, so nothing is applied. The user
 * may open the result beside instead; the command does not wait for that choice.
 */
function offerBeside(doc: vscode.TextDocument, text: string, language: string): TranslateResult {
  const open = vscode.l10n.t('Open Beside');
  void Promise.resolve(
    vscode.window.showWarningMessage(
      vscode.l10n.t('Doc Translate: the document changed while translating, so the translation was not applied.'),
      open,
      vscode.l10n.t('Discard'),
    ),
  ).then(async (picked) => {
    if (picked === open) await openBeside(text, doc.languageId, { source: doc.uri, language });
  });
  return { applied: false, reason: 'documentChanged' };
}
