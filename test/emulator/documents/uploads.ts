import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import type { FormatInfo } from '../formats.ts';

/** Upload addresses are valid 3600 s (spec 8); finalize tokens a little longer (emulator's choice). */
export const ADDRESS_TTL_SECONDS = 3600;
export const FINALIZE_TOKEN_TTL_SECONDS = 7200;
/** Emulator's choices for the "not shown" limits; control API `POST /_emulator/upload-limits` changes them. */
export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024 * 1024;
export const DEFAULT_PRESIGNS_PER_MINUTE = 300;

export type UploadState = 'pending' | 'writing' | 'uploaded' | 'finalizing' | 'finalized' | 'rejected';

export interface UploadRecord {
  documentId: string;
  accountId: string;
  keyId: string;
  /** As sent on presign; `basename` is the sanitised display name. */
  filename: string;
  basename: string;
  info: FormatInfo;
  declaredSize: number;
  uploadToken: string;
  finalizeToken: string;
  createdAt: number;
  addressExpiresAt: number;
  tokenExpiresAt: number;
  state: UploadState;
  receivedBytes: number;
  /** Final location of the bytes once the PUT completed. */
  filePath: string;
  /** While finalize runs, concurrent finalize calls wait for it. */
  finalizing?: Promise<void>;
  /** The 400 a rejected upload answers on every later finalize. */
  rejection?: { code: string; message: string };
}

export interface UploadLimits {
  maxFileSize: number;
  presignsPerMinute: number;
}

export interface UploadStore {
  byDocument: Map<string, UploadRecord>;
  byUploadToken: Map<string, UploadRecord>;
  byFinalizeToken: Map<string, UploadRecord>;
  /** Presign times per account within the last minute (virtual clock). */
  presignTimes: Map<string, number[]>;
  limits: UploadLimits;
  /** Finalize calls still to find their token expired (control `POST /_emulator/uploads/expire-finalize-tokens`). */
  expireNextFinalizeTokens: number;
}

/** Per-state store: a reset forgets every upload and restores the default limits. */
export function uploads(app: EmulatorApp): UploadStore {
  return app.state.ext('documents.uploads', () => ({
    byDocument: new Map(),
    byUploadToken: new Map(),
    byFinalizeToken: new Map(),
    presignTimes: new Map(),
    limits: { maxFileSize: DEFAULT_MAX_FILE_SIZE, presignsPerMinute: DEFAULT_PRESIGNS_PER_MINUTE },
    expireNextFinalizeTokens: 0,
  }));
}

export function uploadsDir(app: EmulatorApp): string {
  return join(app.state.dataDir, 'uploads');
}

export function documentsDir(app: EmulatorApp): string {
  return join(app.state.dataDir, 'documents');
}
