import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../../api/index.ts';
import type { Command } from '../../../platform/commands.ts';
import type { Platform } from '../../../platform/platform.ts';
import { requireClient } from '../../../platform/requireClient.ts';
import { errorCode, showError } from '../../../platform/showError.ts';
import { CommandId } from '../../../shared/ids.ts';
import type { LibraryTree } from '../tree.ts';
import { DocumentNode } from '../nodes.ts';
import { documentOf, shortcut } from './args.ts';

export type OrganiseDeps = Pick<Platform, 'clients' | 'shortcuts'> & { tree: LibraryTree };

type Result = Record<string, unknown>;

async function askName(d: OrganiseDeps, args: unknown, what: 'project' | 'tag'): Promise<string | undefined> {
  const title = what === 'project' ? vscode.l10n.t('New project') : vscode.l10n.t('New tag');
  const prompt = what === 'project' ? vscode.l10n.t('Name of the project') : vscode.l10n.t('Name of the tag');
  const name = shortcut<string>(d.shortcuts, args, 'name') ?? (await vscode.window.showInputBox({ title, prompt, validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a name.') : undefined) }));
  return name === undefined || name.trim() === '' ? undefined : name.trim();
}

/** An existing project/tag id, or a new one made from a typed name. */
async function choose(
  d: OrganiseDeps,
  client: DocTranslateClient,
  kind: 'project' | 'tag',
  args: unknown,
): Promise<{ id: string; name: string } | undefined> {
  const passed = shortcut<string>(d.shortcuts, args, kind === 'project' ? 'projectId' : 'tagId');
  if (passed !== undefined) return { id: passed, name: passed };
  const list = kind === 'project' ? await client.projects.list({ limit: 100 }) : await client.tags.list({ limit: 100 });
  const items = [...list.items.map((x) => ({ label: x.name ?? x.id, id: x.id })), { label: vscode.l10n.t('$(add) New…'), id: '' }];
  const picked = await vscode.window.showQuickPick(items, { title: kind === 'project' ? vscode.l10n.t('Add to Project') : vscode.l10n.t('Tag'), placeHolder: kind === 'project' ? vscode.l10n.t('Choose a project') : vscode.l10n.t('Choose a tag') });
  if (picked === undefined) return undefined;
  if (picked.id !== '') return { id: picked.id, name: picked.label };
  const name = await askName(d, undefined, kind);
  if (name === undefined) return undefined;
  const created = kind === 'project' ? await client.projects.create({ name }) : await client.tags.create({ name });
  return { id: created.id, name };
}

async function organise(d: OrganiseDeps, kind: 'project' | 'tag', node: unknown, args: unknown): Promise<Result> {
  const doc = documentOf(node);
  if (doc === undefined) return { added: false, reason: 'noDocument' };
  const client = await requireClient(d.clients);
  if (client === undefined) return { added: false, reason: 'notConfigured' };
  try {
    const into = await choose(d, client, kind, args);
    if (into === undefined) return { added: false, reason: 'cancelled' };
    if (kind === 'project') await client.projects.addDocument(into.id, doc.id);
    else await client.tags.attach(doc.id, into.id);
    d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
    return { added: true, id: into.id };
  } catch (err) {
    await showError(err, { operation: kind === 'project' ? vscode.l10n.t('Add to Project') : vscode.l10n.t('Tag') });
    return { added: false, error: errorCode(err) ?? 'failed' };
  }
}

async function create(d: OrganiseDeps, kind: 'project' | 'tag', args: unknown): Promise<Result> {
  const name = await askName(d, args, kind);
  if (name === undefined) return { created: false, reason: 'cancelled' };
  const client = await requireClient(d.clients);
  if (client === undefined) return { created: false, reason: 'notConfigured' };
  try {
    const made = kind === 'project' ? await client.projects.create({ name }) : await client.tags.create({ name });
    d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
    return { created: true, id: made.id };
  } catch (err) {
    await showError(err, { operation: kind === 'project' ? vscode.l10n.t('New project') : vscode.l10n.t('New tag') });
    return { created: false, error: errorCode(err) ?? 'failed' };
  }
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
async function takeOut(d: OrganiseDeps, kind: 'project' | 'tag', node: unknown): Promise<Result> {
  const m = membershipOf(node, kind);
  if (m === undefined) return { removed: false, reason: kind === 'project' ? 'notInProject' : 'notTagged' };
  const client = await requireClient(d.clients);
  if (client === undefined) return { removed: false, reason: 'notConfigured' };
  try {
    if (kind === 'project') await client.projects.removeDocument(m.id, m.docId);
    else await client.tags.detach(m.docId, m.id);
    d.tree.refresh(kind === 'project' ? 'projects' : 'tags');
    void vscode.window.showInformationMessage(kind === 'project'
      ? vscode.l10n.t('Doc Translate: {0} is no longer in the project {1}; the document itself stays in the library.', m.docName, m.name)
      : vscode.l10n.t('Doc Translate: the tag {1} is off {0}; the document itself stays in the library.', m.docName, m.name));
    return { removed: true };
  } catch (err) {
    await showError(err, { operation: kind === 'project' ? vscode.l10n.t('Remove from Project') : vscode.l10n.t('Untag') });
    return { removed: false, error: errorCode(err) ?? 'failed' };
  }
}

/** The first argument of a view/title or section command is a node; tests pass `{ name }` as the second. */
const argsOf = (first: unknown, second: unknown): unknown => (second !== undefined ? second : first);

export function organiseCommands(d: OrganiseDeps): Command[] {
  return [
    { id: CommandId.libraryAddToProject, run: (node?: unknown, args?: unknown) => organise(d, 'project', node, args) },
    { id: CommandId.libraryTag, run: (node?: unknown, args?: unknown) => organise(d, 'tag', node, args) },
    { id: CommandId.libraryNewProject, run: (first?: unknown, second?: unknown) => create(d, 'project', argsOf(first, second)) },
    { id: CommandId.libraryNewTag, run: (first?: unknown, second?: unknown) => create(d, 'tag', argsOf(first, second)) },
    { id: CommandId.libraryRemoveFromProject, run: (node?: unknown) => takeOut(d, 'project', node) },
    { id: CommandId.libraryUntag, run: (node?: unknown) => takeOut(d, 'tag', node) },
  ];
}
