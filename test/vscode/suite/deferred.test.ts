// The platform's stand-ins for feature parts loaded on first use (src/platform/deferred.ts), in the
// real extension host: commands, tree data and document content load the part once and forward.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Deferred, type Part } from '../../../src/platform/deferred.ts';
import { CommandId } from '../../../src/shared/ids.ts';

interface FakePart extends Part {
  readonly tree: vscode.TreeDataProvider<string> & { fire(node?: string): void };
  readonly content: vscode.TextDocumentContentProvider;
  disposed: boolean;
}

function fakePart(ids: readonly string[]): FakePart {
  const changed = new vscode.EventEmitter<string | undefined>();
  const part: FakePart = {
    commands: ids.map((id) => ({ id: id as CommandId, run: (...args: unknown[]) => ({ ran: id, args }) })),
    tree: {
      onDidChangeTreeData: changed.event,
      getChildren: (node?: string) => (node === undefined ? ['a', 'b'] : [`${node}.1`]),
      getTreeItem: (node: string) => new vscode.TreeItem(node.toUpperCase()),
      getParent: (node: string) => (node.includes('.') ? node.split('.')[0] : undefined),
      fire: (node?: string) => changed.fire(node),
    },
    content: { provideTextDocumentContent: (uri) => `content of ${uri.path}` },
    disposed: false,
    dispose: () => {
      part.disposed = true;
    },
  };
  return part;
}

const IDS = [CommandId.libraryRefresh, CommandId.librarySearch] as const;

describe('platform Deferred: feature parts loaded on first use', () => {
  it('loads the part once, on the first command, and forwards every run with its arguments', async () => {
    let loads = 0;
    const deferred = new Deferred(IDS, async () => {
      loads++;
      return fakePart(IDS);
    });
    const [refresh, search] = deferred.commands();
    assert.equal(loads, 0, 'nothing loads before first use');
    assert.equal(deferred.loaded, undefined);
    assert.deepEqual(await refresh!.run(1, 'x'), { ran: CommandId.libraryRefresh, args: [1, 'x'] });
    assert.deepEqual(await search!.run(), { ran: CommandId.librarySearch, args: [] });
    await Promise.all([refresh!.run(), search!.run()]);
    assert.equal(loads, 1);
    assert.ok(deferred.loaded !== undefined);
    deferred.dispose();
  });

  it('tries a failed load again on the next use', async () => {
    let loads = 0;
    const deferred = new Deferred(IDS, async () => {
      loads++;
      if (loads === 1) throw new Error('bundle missing');
      return fakePart(IDS);
    });
    const [refresh] = deferred.commands();
    await assert.rejects(Promise.resolve(refresh!.run()), /bundle missing/);
    assert.deepEqual(await refresh!.run(), { ran: CommandId.libraryRefresh, args: [] });
    assert.equal(loads, 2);
    deferred.dispose();
  });

  it('refuses a part whose commands differ from the stand-ins, naming them', async () => {
    const part = fakePart([CommandId.libraryRefresh, CommandId.libraryRename]);
    const deferred = new Deferred(IDS, async () => part);
    await assert.rejects(deferred.get(), /missing docTranslate\.library\.search, not registered docTranslate\.library\.rename/);
    assert.equal(part.disposed, true, 'the refused part is disposed');
    deferred.dispose();
  });

  it('disposes the part with the feature, and a part that finishes loading after that at once', async () => {
    const first = fakePart(IDS);
    const loaded = new Deferred(IDS, async () => first);
    await loaded.get();
    loaded.dispose();
    assert.equal(first.disposed, true);

    const late = fakePart(IDS);
    let finish: () => void = () => undefined;
    const slow = new Deferred(IDS, () => new Promise<FakePart>((resolve) => (finish = () => resolve(late))));
    const pending = slow.get();
    slow.dispose();
    finish();
    await assert.rejects(pending, /shutting down/);
    assert.equal(late.disposed, true);
  });

  it("tree data: the first getChildren loads the part; items, parents and change events are the part's", async () => {
    let loads = 0;
    const deferred = new Deferred(IDS, async () => {
      loads++;
      return fakePart(IDS);
    });
    const tree = deferred.tree((p) => p.tree);
    assert.equal(loads, 0);
    assert.deepEqual(await tree.getChildren(), ['a', 'b']);
    assert.deepEqual(await tree.getChildren('a'), ['a.1']);
    assert.equal(loads, 1);
    assert.equal((await tree.getTreeItem('a')).label, 'A');
    assert.equal(await tree.getParent('a.1'), 'a');
    const seen: unknown[] = [];
    const sub = tree.onDidChangeTreeData((e) => seen.push(e));
    deferred.loaded!.tree.fire('b');
    deferred.loaded!.tree.fire();
    assert.deepEqual(seen, ['b', undefined], 'one node, then the whole tree');
    sub.dispose();
    tree.dispose();
    deferred.dispose();
  });

  it('document content: a registered scheme loads the part when such a document opens', async () => {
    let loads = 0;
    const deferred = new Deferred(IDS, async () => {
      loads++;
      return fakePart(IDS);
    });
    const scheme = 'doc-translate-deferred-test';
    const registration = vscode.workspace.registerTextDocumentContentProvider(
      scheme,
      deferred.content((p) => p.content),
    );
    try {
      assert.equal(loads, 0);
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme, path: '/x/readme.md' }));
      assert.equal(doc.getText(), 'content of /x/readme.md');
      assert.equal(loads, 1);
    } finally {
      registration.dispose();
      deferred.dispose();
    }
  });
});
