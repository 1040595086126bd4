// The platform's command runner (src/platform/commandRunner.ts) in the real extension host: the
// client asked for once, a missing URL or key ending the command, every failure reported once
// (by the feature's own reporter when it set one) and turned into the command's declared result;
// and what a command was invoked on (src/platform/invokedOn.ts), the Explorer's and the views' arguments.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import type { ClientService, ClientState } from '../../../src/platform/clientService.ts';
import { defineCommand, failedAs, type Failure } from '../../../src/platform/commandRunner.ts';
import { invokedOn, invokedOnUris } from '../../../src/platform/invokedOn.ts';
import { CommandId } from '../../../src/shared/ids.ts';

const fakeClient = { marker: 'client' } as unknown as DocTranslateClient;

function clients(state: ClientState): { service: ClientService; reads: () => number } {
  let reads = 0;
  const service = {
    baseUrl: '',
    get: async () => {
      reads++;
      return state;
    },
  } as unknown as ClientService;
  return { service, reads: () => reads };
}

const ready: ClientState = { kind: 'ready', client: fakeClient, baseUrl: 'http://127.0.0.1:1' };

describe('platform command runner', () => {
  it('gives the body the client and returns what the body returns', async () => {
    const c = clients(ready);
    const command = defineCommand(
      { clients: c.service },
      {
        id: CommandId.libraryRefresh,
        operation: () => 'Testing',
        failed: failedAs('done'),
        run: async (ctx, a, b) => ({ done: true, same: (await ctx.client()) === fakeClient, args: [a, b] }),
      },
    );
    assert.deepEqual(await command.run('x', 2), { done: true, same: true, args: ['x', 2] });
    assert.equal(c.reads(), 1);
  });

  it('ends with notConfigured when the key is missing, without running the rest of the body', async () => {
    const c = clients({ kind: 'missing', missing: 'apiKey' });
    let after = false;
    const command = defineCommand(
      { clients: c.service },
      {
        id: CommandId.libraryRefresh,
        operation: () => 'Testing',
        failed: (why: Failure) => ({ done: false, ...why }),
        run: async (ctx) => {
          await ctx.client();
          after = true;
          return { done: true };
        },
      },
    );
    assert.deepEqual(await command.run(), { done: false, reason: 'notConfigured' });
    assert.equal(after, false);
  });

  it("reports a failure once through the feature's own reporter and returns the error's code", async () => {
    const reported: unknown[] = [];
    const boom = Object.assign(new Error('refused'), { code: 'format_not_supported' });
    const command = defineCommand(
      { clients: clients(ready).service },
      {
        id: CommandId.libraryRefresh,
        operation: () => 'Testing',
        failed: failedAs('done'),
        run: async (ctx) => {
          ctx.about({ targetLanguage: 'de' });
          ctx.reportWith(async (err) => void reported.push(err));
          await ctx.client();
          throw boom;
        },
      },
    );
    assert.deepEqual(await command.run(), { done: false, error: 'format_not_supported' });
    assert.deepEqual(reported, [boom]);
  });

  it("gives each run its own reporter: an earlier run's reporter never takes a later run's failure", async () => {
    const reported: unknown[] = [];
    let first = true;
    const command = defineCommand(
      { clients: clients(ready).service },
      {
        id: CommandId.libraryRefresh,
        operation: () => 'Testing',
        failed: failedAs('done'),
        run: async (ctx) => {
          if (first) {
            first = false;
            ctx.reportWith(async (err) => void reported.push(err));
            return { done: true };
          }
          throw Object.assign(new Error('second run'), { code: 'second' });
        },
      },
    );
    assert.deepEqual(await command.run(), { done: true });
    assert.deepEqual(await command.run(), { done: false, error: 'second' });
    assert.equal(reported.length, 0);
  });

  it('reads what a command was invoked on as VS Code passes it: the selection, else the clicked item, else a list given alone', () => {
    const [a, b, c] = ['/w/a.md', '/w/b.md', '/w/c.md'].map((p) => vscode.Uri.file(p));
    // The Explorer with several files selected: (clicked, selection); the selection wins.
    assert.deepEqual(invokedOnUris([a, [b, c]]), [b, c]);
    // One file clicked: the selection is that file alone, or absent when a caller passes only the Uri.
    assert.deepEqual(invokedOnUris([a, [a]]), [a]);
    assert.deepEqual(invokedOnUris([a]), [a]);
    // Another extension's list as the only argument.
    assert.deepEqual(invokedOnUris([[a, c]]), [a, c]);
    // A selection holding anything else, or empty, does not count; the clicked Uri does.
    assert.deepEqual(invokedOnUris([a, [b, 'x']]), [a]);
    assert.deepEqual(invokedOnUris([a, []]), [a]);
    // Nothing of the kind: the Command Palette, options objects, an empty list.
    assert.equal(invokedOnUris([]), undefined);
    assert.equal(invokedOnUris([{ languages: ['de'] }]), undefined);
    assert.equal(invokedOnUris([[]]), undefined);
    // Tree rows: any kind the command accepts.
    const isRow = (v: unknown): v is { id: number } => typeof v === 'object' && v !== null && 'id' in v;
    assert.deepEqual(invokedOn([{ id: 1 }, [{ id: 1 }, { id: 2 }]], isRow), [{ id: 1 }, { id: 2 }]);
    assert.deepEqual(invokedOn([{ id: 3 }, undefined], isRow), [{ id: 3 }]);
  });
});
