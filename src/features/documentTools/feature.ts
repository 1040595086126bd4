import * as vscode from 'vscode';
import type { DocTranslateClient, ToolCapabilities } from '../../api/index.ts';
import { loadApi } from '../../platform/api.ts';
import type { Platform } from '../../platform/platform.ts';
import { Services } from '../../platform/services.ts';
import { CommandId } from '../../shared/ids.ts';
import { applyMenus } from './menus.ts';
import { fromApiOperation, kindTitle, type TrackedOperation } from './model.ts';
import { OutputFiles } from './outputs.ts';
import { OperationStore } from './store.ts';
import { OperationsTreeProvider } from './tree.ts';
import { TOOLS, TOOL_IDS, offerOf, type Offer, type ToolId } from './tools.ts';
import { DisposableStore } from '../../platform/disposables.ts';

/** What the document tools use of the platform. */
export type ToolsPlatform = Pick<Platform, 'context' | 'clients' | 'settings' | 'logger' | 'prompter' | 'writer' | 'downloads' | 'balance' | 'contextKeys'>;

/** Operations listed per load of the view. */
const LIST_LIMIT = 50;
/** Capabilities read longer ago than this are read again before a tool runs. */
export const CAPABILITIES_TTL_MS = 60_000;

interface Capabilities {
  operations: ToolCapabilities;
  files: ToolCapabilities;
  at: number;
}

/**
 * Document tools: what the service offers (its two capabilities listings, read at run time and
 * reflected in the Explorer menus through context keys), the Operations view and the pollers that
 * follow operations to their end (operations send no events). Nothing talks to the service until
 * the view is shown or a tool runs; until then the menus offer what the spec describes.
 */
export class DocumentToolsFeature extends Services<ToolsPlatform>() implements vscode.Disposable {
  readonly store: OperationStore;
  readonly tree: OperationsTreeProvider;
  readonly outputs: OutputFiles;
  private caps: Capabilities | undefined;
  private reading: Promise<Capabilities> | undefined;
  private readonly pollers = new Map<string, AbortController>();
  private readonly disposables = new DisposableStore();

  /** `view`: the Operations view, made at activation with a stand-in for this feature's tree. */
  constructor(
    p: ToolsPlatform,
    readonly view: vscode.TreeView<unknown>,
  ) {
    super(p);
    this.store = new OperationStore(p.context.workspaceState);
    this.outputs = new OutputFiles(p);
    this.tree = new OperationsTreeProvider({
      store: this.store,
      configured: async () => (await p.clients.get()).kind === 'ready',
      load: () => this.load(),
      unavailable: () => TOOL_IDS.map((t) => this.offer(t)).filter((o) => o.known && !o.open),
    });
    this.disposables.add(
      this.tree,
      this.store,
      this.store.onDidChange(() => this.tree.refresh()),
      p.clients.onDidChange(() => {
        // Another service or key: what it offers is read again; the menus fall back to the spec's until then.
        this.caps = undefined;
        this.reading = undefined;
        this.applyOffers();
        this.tree.reload();
      }),
    );
    this.applyOffers();
  }

  /** What the capabilities read last say about `tool` (the spec's defaults before the first read). */
  offer(tool: ToolId): Offer {
    const caps = this.caps === undefined ? undefined : TOOLS[tool].group === 'operation' ? this.caps.operations : this.caps.files;
    return offerOf(tool, caps);
  }

  /** Both capabilities listings (free), read again when older than the TTL or when forced. */
  async capabilities(client: DocTranslateClient, force = false): Promise<void> {
    if (!force && this.caps !== undefined && Date.now() - this.caps.at < CAPABILITIES_TTL_MS) return;
    this.reading ??= (async () => {
      const [operations, files] = await Promise.all([client.documentOperations.capabilities(), client.fileTools.capabilities()]);
      return { operations, files, at: Date.now() };
    })();
    try {
      this.caps = await this.reading;
    } finally {
      this.reading = undefined;
    }
    this.applyOffers();
    this.tree.refresh();
  }

  /** The Explorer menus follow the offers: a tool the service lists as unavailable is not shown. */
  private applyOffers(): void {
    applyMenus(this.contextKeys, (tool) => this.offer(tool));
  }

  /** Capabilities and this key's operations from the service; the ones still running are followed. */
  async load(): Promise<void> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return;
    const client = state.client;
    const [caps, list] = await Promise.allSettled([this.capabilities(client, true), client.documentOperations.list({ limit: LIST_LIMIT })]);
    if (caps.status === 'rejected') this.logger.warn(`Document tools: capabilities could not be read: ${String(caps.reason)}`);
    if (list.status === 'rejected') throw list.reason;
    const { operationOutcome } = await loadApi();
    const ops = list.value.items.map((op) => fromApiOperation(op, operationOutcome(op)));
    this.store.merge(ops);
    for (const op of ops) if (op.outcome === 'running') this.follow(op.id);
  }

  /** Polls an operation not followed by a running command until it ends, updating the view. */
  follow(id: string): void {
    if (this.pollers.has(id)) return;
    const controller = new AbortController();
    this.pollers.set(id, controller);
    void (async () => {
      try {
        const state = await this.clients.get();
        if (state.kind !== 'ready') return;
        const { operationOutcome } = await loadApi();
        const done = await state.client.documentOperations.waitFor(id, {
          signal: controller.signal,
          intervalMs: 500,
          maxIntervalMs: 5000,
          onUpdate: (op) => this.store.upsert(fromApiOperation(op, operationOutcome(op))),
        });
        this.notify(fromApiOperation(done, operationOutcome(done)));
      } catch (err) {
        if (!controller.signal.aborted) this.logger.warn(`Following document operation ${id} stopped: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.pollers.delete(id);
      }
    })();
  }

  get following(): number {
    return this.pollers.size;
  }

  private notify(op: TrackedOperation): void {
    const source = this.store.source(op.id);
    const of = source?.fileName ?? (op.documentId !== undefined ? vscode.l10n.t('document {0}', op.documentId) : op.id);
    const what = vscode.l10n.t('{0} of {1}', kindTitle(op.kind), of);
    if (op.outcome !== 'completed') {
      const message =
        op.error !== undefined
          ? vscode.l10n.t('Doc Translate: {0} ended {1}: {2}.', what, op.status, op.error)
          : vscode.l10n.t('Doc Translate: {0} ended {1}.', what, op.status);
      void vscode.window.showWarningMessage(message);
      return;
    }
    const open = vscode.l10n.t('Open');
    void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} is ready.', what), open)).then((picked) => {
      if (picked === open) void vscode.commands.executeCommand(CommandId.operationsOpenOutput, { operationId: op.id });
    });
  }

  dispose(): void {
    for (const controller of this.pollers.values()) controller.abort();
    this.pollers.clear();
    this.disposables.dispose();
  }
}
