// The coverage table of test/emulator/README.md stays true: every spec endpoint has an emulator
// route, a client method and an editor entry point (or is pending in PENDING_EDITOR with a reason),
// the checked-in endpoint list matches the spec, and the README shows what the code gives now.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PENDING_EDITOR, ROOT, coverageRows, readmeWithTable, specEndpoints } from '../../coverage-table.ts';

describe('emulator: spec coverage table (test/emulator/README.md)', () => {
  const rows = coverageRows();

  it('reads every endpoint of the spec copy (70 rows, 80 method and path pairs)', () => {
    assert.equal(rows.length, specEndpoints().length);
    assert.ok(rows.length >= 80, String(rows.length));
    assert.ok(rows.some((r) => r.key === 'GET /jobs' && r.path === '/jobs'));
    assert.ok(rows.some((r) => r.key === 'PUT <upload_url>'));
  });

  it("the checked-in endpoint lines are the spec's (when ../shared/spec is there)", function () {
    const spec = join(ROOT, '..', 'shared', 'spec', 'service-api.md');
    if (!existsSync(spec)) this.skip();
    const lines = (text: string): string[] => text.split('\n').filter((l) => /^\| (GET|POST|PUT|PATCH|DELETE)/.test(l));
    const part4 = readFileSync(spec, 'utf8');
    const endpoints = part4.slice(part4.indexOf('## 4. Endpoints'), part4.indexOf('## 5. Authentication'));
    assert.deepEqual(lines(readFileSync(join(ROOT, 'test/emulator/spec-endpoints.md'), 'utf8')), lines(endpoints));
  });

  it('every endpoint has an emulator route and a client method', () => {
    assert.deepEqual(
      rows.filter((r) => r.emulator.length === 0).map((r) => r.key),
      [],
      'no emulator route',
    );
    assert.deepEqual(
      rows.filter((r) => r.client.length === 0).map((r) => r.key),
      [],
      'no client method',
    );
  });

  it('every endpoint has an editor entry point, except those pending with a reason', () => {
    const missing = rows.filter((r) => r.editor.length === 0 && r.pending === undefined).map((r) => r.key);
    assert.deepEqual(missing, [], 'no editor entry point and not in PENDING_EDITOR');
    for (const [key, reason] of Object.entries(PENDING_EDITOR)) {
      assert.ok(
        rows.some((r) => r.key === key),
        `PENDING_EDITOR names ${key}, which is not a spec endpoint`,
      );
      assert.ok(reason.length > 10, `a reason for ${key}`);
    }
  });

  it("the README's table is what the code gives now (regenerate: npx tsx test/coverage-table.ts)", () => {
    const readme = readFileSync(join(ROOT, 'test/emulator/README.md'), 'utf8');
    assert.equal(readme, readmeWithTable(readme));
  });
});
