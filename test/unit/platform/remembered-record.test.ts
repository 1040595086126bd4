// What features remember per workspace (a job's or an operation's source file): kept in the
// workspace Memento, the newest entries only, and read back by the next window.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { RememberedRecord } from '../../../src/platform/rememberedRecord.ts';

/** A Memento that keeps values as VS Code stores them: as JSON. */
function memento(initial: Record<string, unknown> = {}): vscode.Memento & { raw: Record<string, string> } {
  const raw: Record<string, string> = Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    raw,
    keys: () => Object.keys(raw),
    get: <T>(key: string, fallback?: T) => (key in raw ? (JSON.parse(raw[key]!) as T) : fallback),
    update: async (key: string, value: unknown) => {
      raw[key] = JSON.stringify(value);
    },
  } as vscode.Memento & { raw: Record<string, string> };
}

describe('RememberedRecord', () => {
  it('keeps what was remembered for the next window, the newest entries only', async () => {
    const state = memento();
    const sources = new RememberedRecord<{ uri: string }>(state, 'test.sources', 3);
    for (const id of ['op_1', 'op_2', 'op_3', 'op_4']) await sources.remember(id, { uri: `file:///w/${id}.pdf` });
    const next = new RememberedRecord<{ uri: string }>(state, 'test.sources', 3);
    assert.equal(next.get('op_1'), undefined, 'the oldest went');
    assert.deepEqual(next.get('op_4'), { uri: 'file:///w/op_4.pdf' });
    assert.deepEqual(Object.keys(next.all()), ['op_2', 'op_3', 'op_4']);
    await next.remember('op_3', { uri: 'file:///w/again.pdf' });
    assert.deepEqual(next.all(), { op_2: { uri: 'file:///w/op_2.pdf' }, op_3: { uri: 'file:///w/again.pdf' }, op_4: { uri: 'file:///w/op_4.pdf' } });
    assert.deepEqual(Object.keys(JSON.parse(state.raw['test.sources']!) as object), ['op_2', 'op_3', 'op_4']);
  });

  it('reads a stored value that is not a record as none, and starts again from it', async () => {
    for (const stored of ['a string', 42, null]) {
      const state = memento({ 'test.sources': stored });
      const sources = new RememberedRecord<string>(state, 'test.sources', 5);
      assert.deepEqual(sources.all(), {}, JSON.stringify(stored));
      assert.equal(sources.get('0'), undefined, JSON.stringify(stored));
      await sources.remember('op_1', 'a.pdf');
      assert.deepEqual(sources.all(), { op_1: 'a.pdf' }, JSON.stringify(stored));
    }
  });
});
