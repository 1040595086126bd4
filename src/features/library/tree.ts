import * as vscode from 'vscode';
import type { DocTranslateClient, DocumentInfo, StorageFile } from '../../api/index.ts';
import type { ClientService } from '../../platform/clientService.ts';
import { describeError } from '../../platform/errorMessages.ts';
import { ViewId } from '../../shared/ids.ts';
import { DEFAULT_SECTIONS, Pager, sectionLayout, type SectionLayout } from './model.ts';
import {
  AppNode,
  DocumentNode,
  FileNode,
  LibraryNode,
  LoadMoreNode,
  MessageNode,
  ProjectNode,
  SectionNode,
  ShareNode,
  TagNode,
  type SectionKind,
} from './nodes.ts';

export const SECTIONS: readonly SectionKind[] = DEFAULT_SECTIONS;
/** The editor's counterpart of each of the service's apps (GET /workspace/apps), opened from the Apps section. */
const APP_VIEWS: Record<string, string> = { translate: ViewId.jobs, file_tools: ViewId.operations, media: ViewId.media };
/** Documents listed in the Documents section (newest first). */
const DOCUMENT_LIMIT = 100;
/** Items per Storage page; the next page only on "Load more". */
export const STORAGE_PAGE_SIZE = 25;

/**
 * The Library view's data: each section is fetched the first time it is expanded (nothing before),
 * kept until Refresh; Storage grows a page at a time through its "Load more" row.
 */
export class LibraryTree implements vscode.TreeDataProvider<LibraryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<LibraryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly sections = new Map(SECTIONS.map((s) => [s, new SectionNode(s)]));
  private readonly cache = new Map<string, Promise<LibraryNode[]>>();
  readonly storage = new Pager<StorageFile>();
  private documents: Map<string, DocumentInfo> | undefined;
  /** The root's order and counts from the service's workspace entries (fetched when the view shows). */
  private layout: Promise<SectionLayout> | undefined;

  constructor(private readonly clients: ClientService) {}

  getTreeItem(node: LibraryNode): vscode.TreeItem {
    return node;
  }

  getChildren(node?: LibraryNode): Promise<LibraryNode[]> | LibraryNode[] {
    if (node === undefined) return this.roots();
    const key = this.keyOf(node);
    if (key === undefined) return [];
    let running = this.cache.get(key);
    if (running === undefined) {
      running = this.load(node).catch((err: unknown) => {
        this.cache.delete(key);
        return [new MessageNode(describeError(err, { operation: vscode.l10n.t('Loading the library') }).message, 'warning')];
      });
      this.cache.set(key, running);
    }
    return running;
  }

  /**
   * The root: the sections in the order of the service's workspace entries (GET /workspace/entries,
   * as the web app shows them), with its counts; today's order when the service has none to give.
   */
  async roots(): Promise<LibraryNode[]> {
    this.layout ??= this.loadLayout();
    const layout = await this.layout;
    return layout.order.map((kind) => {
      const node = this.sections.get(kind)!;
      const count = layout.counts[kind];
      node.description = count !== undefined ? String(count) : undefined;
      return node;
    });
  }

  private async loadLayout(): Promise<SectionLayout> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return sectionLayout(undefined);
    try {
      return sectionLayout((await state.client.workspace.entries()).items);
    } catch {
      // Not offered by this service (or not now): today's sections, asked again on Refresh.
      return sectionLayout(undefined);
    }
  }

  /** Everything is fetched again when next shown (Storage from its first page). */
  refresh(section?: SectionKind): void {
    // The root's counts follow every change; its expanded sections keep what they hold unless named.
    this.layout = undefined;
    if (section === undefined) {
      this.cache.clear();
      this.storage.reset();
      this.documents = undefined;
      this.changed.fire(undefined);
      return;
    }
    for (const key of [...this.cache.keys()]) if (key === section || (section !== 'storage' && key.includes(':'))) this.cache.delete(key);
    if (section === 'documents') this.documents = undefined;
    if (section === 'storage') this.storage.reset();
    this.changed.fire(undefined);
  }

  /** Fetches the next Storage page and redraws the section. False when there was none. */
  async loadMore(signal?: AbortSignal): Promise<boolean> {
    const offset = this.storage.nextRequest();
    if (offset === undefined) return false;
    const client = await this.client();
    const page = await client.storage.list({ offset, limit: STORAGE_PAGE_SIZE, signal });
    this.storage.apply(page, offset);
    this.cache.set('storage', Promise.resolve(this.storageRows()));
    this.changed.fire(this.sections.get('storage'));
    return true;
  }

  /** The documents of the account by id (loaded once per refresh), for names of project and tag members. */
  async documentsById(): Promise<Map<string, DocumentInfo>> {
    if (this.documents !== undefined) return this.documents;
    const client = await this.client();
    const list = await client.documents.list({ limit: DOCUMENT_LIMIT });
    this.documents = new Map(list.items.map((d) => [d.id, d]));
    return this.documents;
  }

  section(kind: SectionKind): SectionNode {
    return this.sections.get(kind)!;
  }

  private keyOf(node: LibraryNode): string | undefined {
    if (node instanceof SectionNode) return node.section;
    if (node instanceof ProjectNode) return `project:${node.project.id}`;
    if (node instanceof TagNode) return `tag:${node.tag.id}`;
    return undefined;
  }

  private async client(): Promise<DocTranslateClient> {
    const state = await this.clients.get();
    if (state.kind !== 'ready')
      throw new Error(
        state.missing === 'apiKey' ? vscode.l10n.t('Set your API key to see the library.') : vscode.l10n.t('Set the service URL to see the library.'),
      );
    return state.client;
  }

  private async load(node: LibraryNode): Promise<LibraryNode[]> {
    const client = await this.client();
    if (node instanceof ProjectNode || node instanceof TagNode) {
      const ids = (node instanceof ProjectNode ? node.project.document_ids : node.tag.document_ids) ?? [];
      const docs = await this.documentsById();
      const parent = node.id ?? '';
      const container =
        node instanceof ProjectNode
          ? { kind: 'project' as const, id: node.project.id, name: node.project.name ?? node.project.id }
          : { kind: 'tag' as const, id: node.tag.id, name: node.tag.name ?? node.tag.id };
      const rows = ids.map((id) => new DocumentNode(docs.get(id) ?? { id, basename: id }, parent, container));
      return rows.length > 0 ? rows : [new MessageNode(vscode.l10n.t('No documents yet'))];
    }
    const section = (node as SectionNode).section;
    switch (section) {
      case 'documents': {
        this.documents = undefined;
        const docs = [...(await this.documentsById()).values()];
        return docs.length > 0
          ? docs.map((d) => new DocumentNode(d, 'library:documents'))
          : [new MessageNode(vscode.l10n.t('No library documents; Translate Files… uploads are under Storage'))];
      }
      case 'projects': {
        const list = await client.projects.list({ limit: 100 });
        return list.items.length > 0 ? list.items.map((p) => new ProjectNode(p)) : [new MessageNode(vscode.l10n.t('No projects'))];
      }
      case 'tags': {
        const list = await client.tags.list({ limit: 100 });
        return list.items.length > 0 ? list.items.map((t) => new TagNode(t)) : [new MessageNode(vscode.l10n.t('No tags'))];
      }
      case 'shares': {
        const list = await client.shares.list({ limit: 100 });
        const now = Date.now();
        return list.items.length > 0 ? list.items.map((s) => new ShareNode(s, now)) : [new MessageNode(vscode.l10n.t('No share links'))];
      }
      case 'storage': {
        if (!this.storage.loaded) {
          const page = await client.storage.list({ offset: 0, limit: STORAGE_PAGE_SIZE });
          this.storage.apply(page, 0);
        }
        return this.storageRows();
      }
      case 'apps': {
        const list = await client.workspace.apps();
        return list.items.length > 0
          ? list.items.map((a) => new AppNode(a, typeof a.code === 'string' ? APP_VIEWS[a.code] : undefined))
          : [new MessageNode(vscode.l10n.t('No apps'))];
      }
    }
  }

  private storageRows(): LibraryNode[] {
    const rows: LibraryNode[] = this.storage.items.map((f) => new FileNode(f));
    if (this.storage.hasMore) rows.push(new LoadMoreNode(this.storage.items.length));
    return rows.length > 0 ? rows : [new MessageNode(vscode.l10n.t('No files'))];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
