import * as path from 'node:path';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { defineCommand, failedAs } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import { COMMON_LANGUAGES, languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import type { LibraryFiles } from '../files.ts';
import type { DocumentContainer } from '../model.ts';
import { DocumentNode } from '../nodes.ts';
import type { LibraryTree } from '../tree.ts';
import { documentOf, resolveFile, targetOf } from './args.ts';

export type ItemDeps = Pick<Platform, 'clients' | 'balance' | 'prompter' | 'settings' | 'writer'> & { tree: LibraryTree; files: LibraryFiles };

const open = (d: ItemDeps): Command =>
  defineCommand(d, {
    id: CommandId.libraryOpen,
    operation: () => vscode.l10n.t('Opening a library file'),
    failed: failedAs('opened'),
    run: async (ctx, node) => {
      const file = await resolveFile(ctx, node);
      if (file === undefined) return { opened: false, reason: 'noFile' };
      return d.files.open(file);
    },
  });

/** Saves a library file into the workspace (through the SafeWriter: asks before replacing a differing file). */
const download = (d: ItemDeps): Command =>
  defineCommand(d, {
    id: CommandId.libraryDownload,
    operation: () => vscode.l10n.t('Downloading'),
    failed: failedAs('written'),
    run: async (ctx, node) => {
      const file = await resolveFile(ctx, node).catch(() => undefined);
      if (file === undefined) return { written: false, reason: 'noFile' };
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const target = await d.prompter.saveDialog('target', {
        defaultUri: folder && vscode.Uri.joinPath(folder, file.name),
        saveLabel: vscode.l10n.t('Download'),
      });
      if (target === undefined) return { written: false, reason: 'cancelled' };
      const local = await d.files.localPath(file.id);
      const outcome = await d.writer.write({ target, content: await readFile(local), what: file.name });
      // The save dialog can pick any folder: say why nothing was written (the user chose "Keep mine" themselves).
      if (!outcome.written && outcome.reason !== 'kept') void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', outcome.message));
      return outcome;
    },
  });

async function pickLanguage(d: ItemDeps): Promise<string | undefined> {
  const current = d.settings.targetLanguage;
  const codes = [current, ...COMMON_LANGUAGES.filter((c) => c !== current)];
  const picked = await d.prompter.pick(
    'targetLang',
    codes.map((code) => ({ label: languageName(code, vscode.env.language), description: code, code })),
    {
      title: vscode.l10n.t('Translate Again: target language'),
      placeHolder: vscode.l10n.t('The uploaded document is used as it is: nothing is uploaded again'),
    },
  );
  return picked?.code;
}

/** A new job from the existing document_id: no upload. The cost is confirmed first (charged by usage). */
const translateAgain = (d: ItemDeps): Command =>
  defineCommand(d, {
    id: CommandId.libraryTranslateAgain,
    operation: () => vscode.l10n.t('Translate Again'),
    failed: failedAs('created'),
    run: async (ctx, node) => {
      const doc = documentOf(node);
      if (doc === undefined) return { created: false, reason: 'noDocument' };
      const client = await ctx.client();
      // Called with a bare id (a script, a search result): the name for the question is a free query.
      if (doc.name === doc.id) doc.name = (await client.documents.get(doc.id).catch(() => undefined))?.basename ?? doc.id;
      const targetLang = await pickLanguage(d);
      if (targetLang === undefined) return { created: false, reason: 'cancelled' };
      const translate = vscode.l10n.t('Translate');
      const answer = await d.prompter.choose(
        vscode.l10n.t('Translate "{0}" again into {1}?', doc.name, languageName(targetLang, vscode.env.language)),
        { modal: true, detail: vscode.l10n.t('The document already uploaded is used (no upload). The translation is charged by usage when it completes.') },
        translate,
      );
      if (answer !== translate) return { created: false, reason: 'cancelled' };
      // The language is part of an error message (an unsupported language names it).
      ctx.about({ targetLanguage: targetLang });
      const job = await client.jobs.create({ document_id: doc.id, target_lang: targetLang, engine: d.settings.engine });
      void vscode.commands.executeCommand(CommandId.jobsRefresh).then(undefined, () => undefined);
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Doc Translate: translating {0} into {1} (job {2}). It appears in the Jobs view.',
          doc.name,
          languageName(targetLang, vscode.env.language),
          job.id,
        ),
      );
      return { created: true, jobId: job.id };
    },
  });

const renameItem = (d: ItemDeps): Command =>
  defineCommand(d, {
    id: CommandId.libraryRename,
    operation: () => vscode.l10n.t('Rename'),
    failed: failedAs('renamed'),
    run: async (ctx, node) => {
      const target = targetOf(node);
      if (target === undefined || target.kind === 'share' || target.kind === 'tag') return { renamed: false, reason: 'notRenamable' };
      const ext = target.kind === 'document' ? path.extname(target.name) : '';
      const name = await d.prompter.input('name', {
        title: target.kind === 'document' ? vscode.l10n.t('Rename document') : vscode.l10n.t('Rename project'),
        value: target.name,
        valueSelection: [0, target.name.length - ext.length],
        validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a name.') : undefined),
      });
      if (name === undefined || name.trim() === '' || name === target.name) return { renamed: false, reason: 'cancelled' };
      const client = await ctx.client();
      if (target.kind === 'document') await client.documents.update(target.id, { basename: name.trim() });
      else await client.projects.update(target.id, { name: name.trim() });
      d.tree.refresh();
      return { renamed: true };
    },
  });

/** The question and its detail before deleting a document, project or tag. */
function deleteQuestion(kind: 'document' | 'project' | 'tag', name: string, shownIn?: DocumentContainer): { message: string; detail: string } {
  if (kind === 'document') {
    const everywhere = vscode.l10n.t(
      'The upload is deleted from the service everywhere: from Documents, every project and every tag. Jobs already made from it keep their results.',
    );
    const instead =
      shownIn === undefined
        ? undefined
        : shownIn.kind === 'project'
          ? vscode.l10n.t('To take it out of the project "{0}" only, use Remove from Project instead.', shownIn.name)
          : vscode.l10n.t('To take the tag "{0}" off it only, use Untag instead.', shownIn.name);
    return {
      message: vscode.l10n.t('Delete the document "{0}" from the service?', name),
      detail: instead === undefined ? everywhere : `${everywhere}\n\n${instead}`,
    };
  }
  if (kind === 'project')
    return { message: vscode.l10n.t('Delete the project "{0}"?', name), detail: vscode.l10n.t('Only the project goes; its documents stay in the library.') };
  return { message: vscode.l10n.t('Delete the tag "{0}"?', name), detail: vscode.l10n.t('The tag is removed from every document; the documents stay.') };
}

/** Deletes a document, project or tag after a confirmation through the Prompter. */
const remove = (d: ItemDeps): Command =>
  defineCommand(d, {
    id: CommandId.libraryDelete,
    operation: () => vscode.l10n.t('Delete'),
    failed: failedAs('deleted'),
    run: async (ctx, node) => {
      const target = targetOf(node);
      if (target === undefined || target.kind === 'share') return { deleted: false, reason: 'notDeletable' };
      // Called with a bare id (a script, a search result): the question names the document (a free query).
      if (target.kind === 'document' && target.name === target.id) {
        const client = await ctx.client();
        target.name = (await client.documents.get(target.id).catch(() => undefined))?.basename ?? target.id;
      }
      const question = deleteQuestion(target.kind, target.name, node instanceof DocumentNode ? node.container : undefined);
      const del = vscode.l10n.t('Delete');
      const answer = await d.prompter.choose(question.message, { modal: true, detail: question.detail }, del);
      if (answer !== del) return { deleted: false, reason: 'cancelled' };
      const client = await ctx.client();
      if (target.kind === 'document') await client.documents.delete(target.id);
      else if (target.kind === 'project') await client.projects.delete(target.id);
      else await client.tags.delete(target.id);
      d.tree.refresh();
      return { deleted: true };
    },
  });

export function itemCommands(d: ItemDeps): Command[] {
  return [open(d), download(d), translateAgain(d), renameItem(d), remove(d)];
}
