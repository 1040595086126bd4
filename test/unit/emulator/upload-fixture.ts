import type { DocumentView } from '../../emulator/documents/records.ts';
import type { EmulatorFixture } from './helpers.ts';
import { obj } from './helpers.ts';
import type { Call } from './helpers.ts';

export interface Presigned {
  document_id: string;
  upload_url: string;
  upload_headers: Record<string, string>;
  finalize_token: string;
  expires_in: number;
}

/** The document view the emulator answers with. */
export type DocumentJson = DocumentView;

export async function presign(fx: EmulatorFixture, filename: string, fileSize: number, key?: string): Promise<Presigned> {
  const r = await fx.api('/upload/presign', { method: 'POST', body: { filename, file_size: fileSize }, ...(key ? { key } : {}) });
  if (r.status !== 200) throw new Error(`presign failed: ${r.status} ${JSON.stringify(r.body)}`);
  return obj(r) as unknown as Presigned;
}

/** PUT to the storage address with exactly the given headers (no credentials unless a test adds them). */
export async function put(url: string, body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, { method: 'PUT', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function finalize(fx: EmulatorFixture, token: string, key?: string): Promise<Call> {
  return fx.api('/upload/finalize', { method: 'POST', body: { finalize_token: token }, ...(key ? { key } : {}) });
}

/** The whole flow; returns the finalize call so tests can assert 400s as well as documents. */
export async function upload(fx: EmulatorFixture, filename: string, content: Buffer | string, key?: string): Promise<Call> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const p = await presign(fx, filename, bytes.length, key);
  const r = await put(p.upload_url, bytes, p.upload_headers);
  if (r.status !== 200) throw new Error(`PUT failed: ${r.status} ${r.text}`);
  return finalize(fx, p.finalize_token, key);
}

export async function uploadDocument(fx: EmulatorFixture, filename: string, content: Buffer | string, key?: string): Promise<DocumentJson> {
  const r = await upload(fx, filename, content, key);
  if (r.status !== 200) throw new Error(`finalize failed: ${r.status} ${JSON.stringify(r.body)}`);
  return obj(r).document as DocumentJson;
}

export async function advanceClock(fx: EmulatorFixture, seconds: number): Promise<void> {
  const r = await fx.control('/clock', { method: 'POST', body: { advance_seconds: seconds } });
  if (r.status !== 200) throw new Error(`clock failed: ${r.status}`);
}
