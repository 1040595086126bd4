import * as vscode from 'vscode';
import type { DocumentInfo, Project, Share, StorageFile, Tag } from '../../api/index.ts';
import { CommandId, ContextValue } from '../../shared/ids.ts';
import { describeExpiry, documentContextValue, fileContextValue, formatBytes, type DocumentContainer, type SectionKind } from './model.ts';

export type { SectionKind } from './model.ts';

/** Label and icon of each section (a function: the labels follow the display language). */
const sectionLabels = (): Record<SectionKind, [string, string]> => ({
  documents: [vscode.l10n.t('Documents'), 'files'],
  projects: [vscode.l10n.t('Projects'), 'folder-library'],
  tags: [vscode.l10n.t('Tags'), 'tag'],
  shares: [vscode.l10n.t('Shares'), 'link'],
  storage: [vscode.l10n.t('Storage'), 'cloud'],
  apps: [vscode.l10n.t('Apps'), 'extensions'],
});

/** Every row of the Library view; `contextValue` is what menus match. */
export abstract class LibraryNode extends vscode.TreeItem {
  abstract readonly kind: string;
}

export class SectionNode extends LibraryNode {
  readonly kind = 'section';
  constructor(readonly section: SectionKind) {
    super(sectionLabels()[section][0], section === 'documents' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `library:${section}`;
    this.contextValue = `${ContextValue.librarySection}.${section}`;
    this.iconPath = new vscode.ThemeIcon(sectionLabels()[section][1]);
  }
}

/**
 * An uploaded document, under Documents or under the project or tag it belongs to (`container`):
 * there the menu also offers Remove from Project / Untag, which leave the upload in place.
 */
export class DocumentNode extends LibraryNode {
  readonly kind = 'document';
  constructor(
    readonly doc: DocumentInfo,
    parent: string,
    readonly container?: DocumentContainer,
  ) {
    super(doc.basename ?? doc.id, vscode.TreeItemCollapsibleState.None);
    this.id = `${parent}/document:${doc.id}`;
    this.contextValue = documentContextValue(container);
    this.description = [typeof doc.format === 'string' ? doc.format : undefined, formatBytes(doc.file_size)].filter(Boolean).join(' · ');
    this.tooltip = `${doc.basename ?? doc.id}\n${doc.id}${doc.created_at ? `\n${vscode.l10n.t('uploaded {0}', doc.created_at)}` : ''}`;
    this.iconPath = new vscode.ThemeIcon('file');
  }
}

/** A project or a tag: a named group of documents, opened to list them. */
abstract class GroupNode extends LibraryNode {
  constructor(group: Pick<Project, 'id' | 'name' | 'document_ids'> | Pick<Tag, 'id' | 'name' | 'document_ids'>, kind: 'project' | 'tag', icon: string) {
    super(group.name ?? group.id, vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `library:${kind}:${group.id}`;
    this.contextValue = kind === 'project' ? ContextValue.libraryProject : ContextValue.libraryTag;
    const n = group.document_ids?.length ?? 0;
    this.description = n === 1 ? vscode.l10n.t('1 document') : vscode.l10n.t('{0} documents', n);
    this.iconPath = new vscode.ThemeIcon(icon);
  }
}

export class ProjectNode extends GroupNode {
  readonly kind = 'project';
  constructor(readonly project: Project) {
    super(project, 'project', 'folder');
  }
}

export class TagNode extends GroupNode {
  readonly kind = 'tag';
  constructor(readonly tag: Tag) {
    super(tag, 'tag', 'tag');
  }
}

/** A share link; the token is never shown (it is the secret address). */
export class ShareNode extends LibraryNode {
  readonly kind = 'share';
  constructor(
    readonly share: Share,
    now: number,
  ) {
    const name = typeof share.filename === 'string' ? share.filename : (share.artifact_id ?? vscode.l10n.t('Shared result'));
    super(name, vscode.TreeItemCollapsibleState.None);
    this.id = `library:share:${share.artifact_id ?? ''}:${(share.created_at as string | undefined) ?? ''}:${name}`;
    this.contextValue = ContextValue.libraryShare;
    this.description = vscode.l10n.t('read-only · {0}', describeExpiry(share.expires_at, now));
    this.tooltip = vscode.l10n.t('Read-only link to {0}; anyone holding it can download it.', name);
    this.iconPath = new vscode.ThemeIcon('link');
  }
}

export class FileNode extends LibraryNode {
  readonly kind = 'file';
  /** The translation input this item stands for, when the service says so (loose `source`). */
  readonly documentId: string | undefined;
  /** The job result this item stands for (Preview, its download link). */
  readonly artifactId: string | undefined;
  constructor(readonly file: StorageFile) {
    super(file.name, vscode.TreeItemCollapsibleState.None);
    this.id = `library:file:${file.id}`;
    const source = file.source as { kind?: unknown; id?: unknown } | undefined;
    this.documentId = source?.kind === 'document' && typeof source.id === 'string' ? source.id : undefined;
    this.artifactId = source?.kind === 'artifact' && typeof source.id === 'string' ? source.id : undefined;
    this.contextValue = fileContextValue(file.capabilities, this.documentId, this.artifactId);
    this.description = [file.origin.display_name, formatBytes(file.size_bytes)].filter(Boolean).join(' · ');
    this.tooltip = `${file.name} (${file.content_type})\n${file.origin.display_name}`;
    this.iconPath = new vscode.ThemeIcon(file.capabilities.can_download ? 'file' : 'lock');
    if (file.capabilities.can_view && file.capabilities.can_download)
      this.command = { command: CommandId.libraryOpen, title: vscode.l10n.t('Open'), arguments: [this] };
  }
}

/**
 * A product of the service (GET /workspace/apps) with whether it is open to this account; the
 * editor's counterpart opens on click (no application URL is ever built).
 */
export class AppNode extends LibraryNode {
  readonly kind = 'app';
  constructor(
    readonly app: Record<string, unknown>,
    view: string | undefined,
  ) {
    const code = typeof app.code === 'string' ? app.code : '';
    super(typeof app.display_name === 'string' && app.display_name !== '' ? app.display_name : code, vscode.TreeItemCollapsibleState.None);
    this.id = `library:app:${code}`;
    const available = app.available !== false;
    this.contextValue = `${ContextValue.libraryApp}${available ? '' : ':unavailable'}`;
    this.description = available ? vscode.l10n.t('available') : vscode.l10n.t('not available to this account');
    const caps =
      typeof app.capabilities === 'object' && app.capabilities !== null
        ? Object.entries(app.capabilities as Record<string, unknown>)
            .filter(([, v]) => v === true)
            .map(([k]) => k.replace(/^can_/, ''))
        : [];
    this.tooltip = [
      `${String(this.label)} (${code})`,
      caps.length > 0 ? vscode.l10n.t('Can: {0}', caps.join(', ')) : undefined,
      view !== undefined && available ? vscode.l10n.t('Click to open its view in the editor.') : undefined,
    ]
      .filter(Boolean)
      .join('\n');
    this.iconPath = new vscode.ThemeIcon(available ? 'extensions' : 'circle-slash');
    if (view !== undefined && available) this.command = { command: `${view}.focus`, title: vscode.l10n.t('Open'), arguments: [] };
  }
}

export class LoadMoreNode extends LibraryNode {
  readonly kind = 'loadMore';
  constructor(loaded: number) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    this.id = `library:storage:more:${loaded}`;
    this.contextValue = ContextValue.libraryLoadMore;
    this.description = vscode.l10n.t('{0} shown', loaded);
    this.iconPath = new vscode.ThemeIcon('more');
    this.command = { command: CommandId.libraryLoadMore, title: vscode.l10n.t('Load More'), arguments: [] };
  }
}

export class MessageNode extends LibraryNode {
  readonly kind = 'message';
  constructor(message: string, icon = 'info') {
    super(message, vscode.TreeItemCollapsibleState.None);
    this.contextValue = ContextValue.message;
    this.iconPath = new vscode.ThemeIcon(icon);
  }
}
