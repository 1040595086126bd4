// A job remembers its source as sent; save and diff say when the file changed since.
import * as assert from 'node:assert/strict';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSourceState, sourceChanged } from '../../../src/features/jobs/sourceState.ts';

describe('source as sent', () => {
  it('tells a changed source from one only touched, and a deleted one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dt-source-')), 'guide.md');
    writeFileSync(file, 'Original text.\n');
    const sent = await readSourceState(file);
    assert.equal(await sourceChanged(file, sent), false);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    assert.equal(await sourceChanged(file, sent), false, 'same bytes, newer mtime: unchanged');
    writeFileSync(file, 'Edited text.\n');
    assert.equal(await sourceChanged(file, sent), true);
    assert.equal(await sourceChanged(join(file, '..', 'gone.md'), sent), true);
  });
});
