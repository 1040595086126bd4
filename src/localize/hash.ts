/**
 * Short content hashes for the lock file: sha256, hex, truncated (collisions only matter within one
 * file). One-shot `crypto.hash` (Node 20.12+): no Hash object per call, and it runs for every block
 * and segment of every page an update or a status reads.
 */
import { hash } from 'node:crypto';

/** 12 hex digits (48 bits) for blocks and segments. */
export function shortHash(text: string): string {
  return hash('sha256', text, 'hex').slice(0, 12);
}

/** 16 hex digits (64 bits) for whole files. */
export function fileHash(data: string | Buffer): string {
  return hash('sha256', data, 'hex').slice(0, 16);
}
