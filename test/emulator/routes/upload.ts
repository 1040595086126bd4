import type { EmulatorApp } from '../app.ts';
import { finalize } from '../documents/finalize.ts';
import { presign } from '../documents/presign.ts';

/** Spec 4.2: presign and finalize on the API origin; the PUT itself is on the storage origin (routes/storage.ts). */
export function register(app: EmulatorApp): void {
  app.api.post('/upload/presign', (ctx) => presign(app, ctx));
  app.api.post('/upload/finalize', (ctx) => finalize(app, ctx));
}
