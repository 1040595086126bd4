import * as vscode from 'vscode';
import { isSelectionMode } from '../../platform/settings.ts';
import type { SelectionMode } from '../../platform/settingKeys.ts';
import { applyIfUnchanged } from './applyEdits.ts';
import { openBeside } from '../../platform/openBeside.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { requireClient } from '../../platform/requireClient.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { TranslateResult } from './results.ts';
import { reportFailure, reportLine, textKind, translateWith, translationSettings, type TextDeps } from './support.ts';

export interface TranslateSelectionArgs {
  mode?: SelectionMode;
}

/** Translate Selection: every non-empty selection, applied per `docTranslate.selectionMode` or `args.mode`. */
export function translateSelectionCommand(s: TextDeps): Command {
  return { id: CommandId.translateSelection, run: (args?: unknown) => translateSelection(s, args) };
}

async function translateSelection(s: TextDeps, args: unknown): Promise<TranslateResult> {
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
  const mode = isSelectionMode(requested) ? requested : s.settings.selectionMode;
  const client = await requireClient(s.clients);
  if (client === undefined) return { applied: false, reason: 'notConfigured' };

  const version = doc.version;
  const texts = selections.map((sel) => doc.getText(sel));
  const params = translationSettings(s);
  const chars = texts.reduce((n, t) => n + t.length, 0);
  s.logger.info(`Translate Selection: ${texts.length} selection(s), ${chars} characters, ${mode}, into ${params.targetLanguage}`);
  let translated: string[];
  try {
    translated = await withCancellableProgress(vscode.l10n.t('Doc Translate: translating to {0}', params.targetLanguage), (signal, report) =>
      translateWith((e) => e.translateTexts(client, texts, textKind(doc.languageId), { ...params, mdx: doc.languageId === 'mdx', signal, onProgress: report, onReport: (r) => s.logger.info(`Translate Selection: ${reportLine(r)}`) })),
    );
  } catch (err) {
    return reportFailure(s, err, vscode.l10n.t('Translation'));
  }

  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
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
  if (outcome === 'applied') return { applied: true, mode, uri: doc.uri };
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
