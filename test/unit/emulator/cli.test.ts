import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

describe('emulator: CLI (npm run emulator)', () => {
  it('prints one JSON line with base_url, api_key and control_url, serves them, and exits on SIGTERM', async () => {
    const main = join(__dirname, '../../emulator/main.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [line] = (await once(lines, 'line')) as [string];
      const info = JSON.parse(line) as Record<string, string>;
      assert.deepEqual(Object.keys(info), ['base_url', 'api_key', 'control_url']);
      assert.match(info.base_url!, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      assert.match(info.control_url!, /^http:\/\/127\.0\.0\.1:\d+\/_emulator$/);
      const balance = await fetch(`${info.base_url}/billing/credits/balance`, { headers: { 'X-API-Key': info.api_key! } });
      assert.equal(balance.status, 200);
      let extra = '';
      child.stdout!.on('data', (chunk: Buffer) => (extra += chunk.toString()));
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 0);
      assert.equal(extra, '');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
