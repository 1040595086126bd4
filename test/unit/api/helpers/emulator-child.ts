/**
 * The emulator in its own process for the memory test, so its buffers never count toward the
 * client's RSS. Prints one JSON line, stops on SIGTERM or when stdin closes. Adds one test-only
 * control route: `POST /_emulator/test/document-download-url { document_id }` → `{ url }`, a
 * storage-origin address streaming the uploaded document (the kind of address download-link gives).
 */
import { startEmulator } from '../../../emulator/index.ts';
import { issueDownloadUrl } from '../../../emulator/storage.ts';

async function main(): Promise<void> {
  const emu = await startEmulator({ port: 0, storagePort: 0, seed: 5 });
  emu.app.control.post('/test/document-download-url', async (ctx) => {
    const body = (await ctx.object()) as { document_id?: unknown };
    const doc = typeof body.document_id === 'string' ? emu.app.state.documents.get(body.document_id) : undefined;
    if (!doc) return { status: 404, body: { error: { code: 'not_found', message: 'no such document' } } };
    const { url } = issueDownloadUrl(emu.app, { path: doc.storagePath, filename: doc.basename, contentType: doc.mime_type, ttlSeconds: 3600 });
    return { status: 200, body: { url } };
  });
  process.stdout.write(`${JSON.stringify({ base_url: emu.baseUrl, api_key: emu.apiKey, control_url: emu.controlUrl })}\n`);
  const stop = (): void => void emu.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
