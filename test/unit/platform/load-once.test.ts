// A view's list is read once until reset; a failed read is tried again and its reason reported.
import * as assert from 'node:assert/strict';
import { LoadOnce } from '../../../src/platform/loadOnce.ts';

describe('LoadOnce', () => {
  it('reads once for concurrent and later runs, again after reset, and again after a failure', async () => {
    let reads = 0;
    let fail = false;
    const once = new LoadOnce(async () => {
      reads++;
      if (fail) throw new Error('service down');
    });
    assert.deepEqual(await Promise.all([once.run(), once.run()]), [undefined, undefined]);
    assert.equal(await once.run(), undefined);
    assert.equal(reads, 1);
    once.reset();
    fail = true;
    assert.equal(await once.run(), 'service down');
    fail = false;
    assert.equal(await once.run(), undefined);
    assert.equal(reads, 3);
  });
});
