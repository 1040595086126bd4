import type { EmulatorApp } from '../app.ts';
import { putUpload } from '../documents/put.ts';
import { serveGrant } from '../storage.ts';

/**
 * The storage origin: one-time upload addresses from POST /upload/presign, and download addresses
 * from `issueDownloadUrl` (the trailing file name there is cosmetic; the token decides).
 */
export function register(app: EmulatorApp): void {
  const s = app.storage;
  s.put('/uploads/:token', (ctx) => putUpload(app, ctx));
  s.get('/downloads/:token', (ctx) => serveGrant(app, ctx));
  s.get('/downloads/:token/:name', (ctx) => serveGrant(app, ctx));
}
