/**
 * The emulator in its own process, so that the client's timings and memory in the benchmark
 * process are the client's alone. Prints one JSON line; ends on SIGTERM or when stdin closes
 * (so it never outlives the benchmark). Adds one bench-only control route:
 * `POST /_emulator/bench/download-url { path, filename }` → `{ url }`, a storage-origin address
 * streaming that file, the same kind of address an artifact's download-link gives.
 */
import { startEmulator } from '../emulator/index.ts';
import { issueDownloadUrl } from '../emulator/storage.ts';

async function main(): Promise<void> {
  const emu = await startEmulator({ port: 0, seed: 7 });
  emu.app.control.post('/bench/download-url', async (ctx) => {
    const body = (await ctx.object()) as { path?: unknown; filename?: unknown };
    if (typeof body.path !== 'string' || typeof body.filename !== 'string') return { status: 422, body: { error: 'path and filename required' } };
    // A known ETag spares the emulator hashing a gigabyte before the first byte.
    const { url } = issueDownloadUrl(emu.app, {
      path: body.path,
      filename: body.filename,
      contentType: 'application/octet-stream',
      ttlSeconds: 3600,
      etag: '"bench"',
    });
    return { status: 200, body: { url } };
  });
  process.stdout.write(
    `${JSON.stringify({
      base_url: emu.baseUrl,
      api_key: emu.apiKey,
      control_url: emu.controlUrl,
      storage_url: emu.storageUrl,
      account_id: emu.accountId,
    })}\n`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void emu.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench emulator] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
