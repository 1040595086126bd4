/** The tests' one way to wait for a condition (until.mjs), checked without depending on time. */
import assert from 'node:assert/strict';
import { deferred, until } from './until.mjs';

describe('test support: until', () => {
  it('resolves with the first result that is not undefined, null or false (0 and "" count)', async () => {
    let n = 0;
    assert.equal(await until(() => (++n === 3 ? 0 : undefined), { what: 'the third check', intervalMs: 1 }), 0);
    assert.equal(n, 3);
    assert.equal(await until(async () => '', { what: 'an empty string' }), '');
  });

  it('says what it waited for, with the last state, when the limit passes', async () => {
    let seen = 0;
    const err = await until(() => (seen++, false), { what: () => `seen ${seen} times`, timeoutMs: 0, intervalMs: 1 }).catch((e: unknown) => e);
    assert.equal(String(err), `Error: timed out after 0 ms waiting for seen ${seen} times`);
  });

  it('rethrows an error of the check at once, unless told to ignore it (then shows the last one)', async () => {
    await assert.rejects(
      until(
        () => {
          throw new Error('boom');
        },
        { what: 'x' },
      ),
      /boom/,
    );
    let calls = 0;
    const value = await until(
      () => {
        if (++calls < 3) throw new Error('detached');
        return calls;
      },
      { what: 'x', intervalMs: 1, ignore: (e) => /detached/.test(String(e)) },
    );
    assert.equal(value, 3);
    await assert.rejects(
      until(
        () => {
          throw new Error('detached');
        },
        { what: 'a frame', timeoutMs: 0, ignore: () => true },
      ),
      /waiting for a frame \(last error: Error: detached\)/,
    );
  });

  it('fails at once when `stop` settles and a check made afterwards still fails; a check that holds wins', async () => {
    const exited = deferred<number>();
    let checks = 0;
    const waiting = until(() => (checks++, false), { what: 'the request', intervalMs: 1, timeoutMs: 60_000, stop: exited.promise });
    exited.resolve(1);
    await assert.rejects(waiting, /^Error: it ended before the request$/);
    assert.ok(checks >= 1);
    assert.equal(await until(() => 'held', { what: 'x', stop: Promise.resolve() }), 'held');
  });
});
