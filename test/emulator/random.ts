import { randomBytes } from 'node:crypto';

/** Seeded PRNG (mulberry32): fault rates and generated keys repeat for a given seed. */
export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }
}

export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** Request ids are not seeded: they only need to be unique. */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

/** Unguessable tokens (finalize tokens, SSE tickets, upload addresses). */
export function secretToken(prefix: string): string {
  return `${prefix}${randomBytes(18).toString('base64url')}`;
}
