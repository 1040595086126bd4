import * as path from 'node:path';
import * as vscode from 'vscode';
import { openBeside } from '../../platform/openBeside.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { TranslateResult } from './results.ts';
import { documentParams, translateCommand, reportLine, translateWith, type TextDeps } from './support.ts';
import { undecodedFile } from './encodingCheck.ts';
import type { TranslationPairs } from './translationPairs.ts';

/**
 * Translate Document: the whole Markdown or text document into a new untitled tab beside it,
 * structure preserved. The source is never modified. Optional argument: the document's Uri.
 */
export function translateDocumentCommand(s: TextDeps & { pairs: TranslationPairs }): Command {
  return translateCommand(s, CommandId.translateDocument, (ctx, uri?: unknown) => translateDocument(s, ctx, uri));
}

async function translateDocument(s: TextDeps & { pairs: TranslationPairs }, ctx: RunContext, arg: unknown): Promise<TranslateResult> {
  const doc = arg instanceof vscode.Uri ? await vscode.workspace.openTextDocument(arg) : vscode.window.activeTextEditor?.document;
  if (doc === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: open a Markdown or text document to translate.'));
    return { applied: false, reason: 'noEditor' };
  }
  const text = doc.getText();
  if (text.trim() === '') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the document has no text to translate.'));
    return { applied: false, reason: 'empty' };
  }
  const name = doc.isUntitled ? doc.uri.path : path.posix.basename(doc.uri.path);
  if (await undecodedFile(doc.uri, text)) {
    s.logger.warn(`Translate Document: ${name} is not valid UTF-8 and VS Code shows its undecodable bytes as U+FFFD; nothing was sent`);
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        'Doc Translate: {0} is not valid UTF-8, so VS Code shows the characters it cannot decode as replacement characters (�) and a translation would lose them; nothing was sent. Reopen it with its encoding (Reopen with Encoding, from the encoding in the status bar) and translate again.',
        name,
      ),
    );
    return { applied: false, reason: 'failed', error: 'invalid_encoding' };
  }
  const client = await ctx.client();

  const { params, dialect } = await documentParams(s, doc);
  s.logger.info(`Translate Document: ${name}, ${text.length} characters, into ${params.targetLanguage}`);
  const translated: string = await withCancellableProgress(
    vscode.l10n.t('Doc Translate: translating {0} to {1}', name, params.targetLanguage),
    (signal, report) =>
      translateWith((e) =>
        e.translateDocumentText(client, text, dialect.kind, {
          ...params,
          mdx: dialect.mdx,
          signal,
          onProgress: report,
          onReport: (r) => s.logger.info(`Translate Document: ${reportLine(r)}`),
        }),
      ),
  );
  const translation = await openBeside(translated, doc.languageId, { source: doc.uri, language: params.targetLanguage });
  s.pairs.remember(doc.uri, translation.uri);

  const diff = vscode.l10n.t('Show Diff');
  void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: translated {0} to {1}.', name, params.targetLanguage), diff)).then(
    (picked) => {
      if (picked === diff) void vscode.commands.executeCommand(CommandId.showTranslationDiff, doc.uri);
    },
  );
  return { applied: true, mode: 'document', uri: translation.uri };
}
