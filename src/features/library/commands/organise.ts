import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../../api/index.ts';
import { defineCommand, failedAs, type RunContext } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import type { LibraryTree } from '../tree.ts';
import { DocumentNode } from '../nodes.ts';
import { documentOf } from './args.ts';

export type OrganiseDeps = Pick<Platform, 'clients' | 'prompter'> & { tree: LibraryTree };

type Result = Record<string, unknown>;

async function askName(d: OrganiseDeps, what: 'project' | 'tag'): Promise<string | undefined> {
  const title = what === 'project' ? vscode.l10n.t('New project') : vscode.l10n.t('New tag');
  const prompt = what === 'project' ? vscode.l10n.t('Name of the project') : vscode.l10n.t('Name of the tag');
  const name = await d.prompter.input('name', { title, prompt, validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a name.') : undefined) });
  return name === undefined || name.trim() === '' ? undefined : name.trim();
}

/** An existing project/tag id, or a new one made from a typed name. */
async function choose(d: OrganiseDeps, client: DocTranslateClient, kind: 'project' | 'tag'): Promise<{ id: string; name: string } | undefined> {
  const list = kind === 'project' ? await client.projects.list({ limit: 100 }) : await client.tags.list({ limit: 100 });
  const items = [...list.items.map((x) => ({ label: x.name ?? x.id, id: x.id })), { label: vscode.l10n.t('$(add) New…'), id: '' }];
  const picked = await d.prompter.pick(kind === 'project' ? 'projectId' : 'tagId', items, {
    title: kind === 'project' ? vscode.l10n.t('Add to Project') : vscode.l10n.t('Tag'),
    placeHolder: kind === 'project' ? vscode.l10n.t('Choose a project') : vscode.l10n.t('Choose a tag'),
  });
  if (picked === undefined) return undefined;
  if (picked.id !== '') return { id: picked.id, name: picked.label };
  const name = await askName(d, kind);
  if (name === undefined) return undefined;
  const created = kind === 'project' ? await client.projects.create({ name }) : await client.tags.create({ name });
  return { id: created.id, name };
}

async function organise(d: OrganiseDeps, ctx: RunContext, kind: 'project' | 'tag', node: unknown): Promise<Result> {
  const doc = documentOf(node);
  if (doc === undefined) return { added: false, reason: 'noDocument' };
  const client = await ctx.client();
  const into = await choose(d, client, kind);
  if (into === undefined) return { added: false, reason: 'cancelled' };
  if (kind === 'project') await client.projects.addDocument(into.id, doc.id);
  else await client.tags.attach(doc.id, into.id);
  d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
  return { added: true, id: into.id };
}

async function create(d: OrganiseDeps, ctx: RunContext, kind: 'project' | 'tag'): Promise<Result> {
  const name = await askName(d, kind);
  if (name === undefined) return { created: false, reason: 'cancelled' };
  const client = await ctx.client();
  const made = kind === 'project' ? await client.projects.create({ name }) : await client.tags.create({ name });
  d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
  return { created: true, id: made.id };
}

/**
 * The document and the project or tag it is shown under: a document row under a project or tag,
 * or (scripts, tests) `{ documentId, projectId }` / `{ documentId, tagId }`.
 */
function membershipOf(node: unknown, kind: 'project' | 'tag'): { docId: string; docName: string; id: string; name: string } | undefined {
  if (node instanceof DocumentNode) {
    if (node.container?.kind !== kind) return undefined;
    return { docId: node.doc.id, docName: node.doc.basename ?? node.doc.id, id: node.container.id, name: node.container.name };
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const o = node as Record<string, unknown>;
  const id = kind === 'project' ? o.projectId : o.tagId;
  if (typeof o.documentId !== 'string' || typeof id !== 'string') return undefined;
  return { docId: o.documentId, docName: o.documentId, id, name: id };
}

/**
 * Remove from Project / Untag: the document leaves that project or loses that tag and stays
 * everywhere else, upload included (organisation only, so no question; Add to Project or Tag undoes it).
 */
async function takeOut(d: OrganiseDeps, ctx: RunContext, kind: 'project' | 'tag', node: unknown): Promise<Result> {
  const m = membershipOf(node, kind);
  if (m === undefined) return { removed: false, reason: kind === 'project' ? 'notInProject' : 'notTagged' };
  const client = await ctx.client();
  if (kind === 'project') await client.projects.removeDocument(m.id, m.docId);
  else await client.tags.detach(m.docId, m.id);
  d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
  void vscode.window.showInformationMessage(
    kind === 'project'
      ? vscode.l10n.t('Doc Translate: {0} is no longer in the project {1}; the document itself stays in the library.', m.docName, m.name)
      : vscode.l10n.t('Doc Translate: the tag {1} is off {0}; the document itself stays in the library.', m.docName, m.name),
  );
  return { removed: true };
}

export function organiseCommands(d: OrganiseDeps): Command[] {
  return [
    defineCommand(d, {
      id: CommandId.libraryAddToProject,
      operation: () => vscode.l10n.t('Add to Project'),
      failed: failedAs('added'),
      run: (ctx, node?: unknown) => organise(d, ctx, 'project', node),
    }),
    defineCommand(d, {
      id: CommandId.libraryTag,
      operation: () => vscode.l10n.t('Tag'),
      failed: failedAs('added'),
      run: (ctx, node?: unknown) => organise(d, ctx, 'tag', node),
    }),
    defineCommand(d, {
      id: CommandId.libraryNewProject,
      operation: () => vscode.l10n.t('New project'),
      failed: failedAs('created'),
      run: (ctx) => create(d, ctx, 'project'),
    }),
    defineCommand(d, {
      id: CommandId.libraryNewTag,
      operation: () => vscode.l10n.t('New tag'),
      failed: failedAs('created'),
      run: (ctx) => create(d, ctx, 'tag'),
    }),
    defineCommand(d, {
      id: CommandId.libraryRemoveFromProject,
      operation: () => vscode.l10n.t('Remove from Project'),
      failed: failedAs('removed'),
      run: (ctx, node?: unknown) => takeOut(d, ctx, 'project', node),
    }),
    defineCommand(d, {
      id: CommandId.libraryUntag,
      operation: () => vscode.l10n.t('Untag'),
      failed: failedAs('removed'),
      run: (ctx, node?: unknown) => takeOut(d, ctx, 'tag', node),
    }),
  ];
}
