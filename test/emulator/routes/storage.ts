import type { EmulatorApp } from '../app.ts';
import { serveGrant } from '../storage.ts';

/**
 * The storage origin: download addresses from `issueDownloadUrl` (the trailing file name is
 * cosmetic) and the one-time upload addresses (registered in routes/upload.ts).
 */
export function register(app: EmulatorApp): void {
  const s = app.storage;
  s.get('/downloads/:token', (ctx) => serveGrant(app, ctx));
  s.get('/downloads/:token/:name', (ctx) => serveGrant(app, ctx));
}
