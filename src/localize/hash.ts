/** Short content hashes for the lock file: sha256, hex, truncated (collisions only matter within one file). */
import { createHash } from 'node:crypto';

/** 12 hex digits (48 bits) for blocks and segments. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** 16 hex digits (64 bits) for whole files. */
export function fileHash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}
