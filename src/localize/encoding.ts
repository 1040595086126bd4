/**
 * Decoding of the files the engine translates. UTF-8 (with or without a byte order mark) and
 * UTF-16 LE/BE with a byte order mark are read; anything else (Latin-1, Windows-1252, UTF-16
 * without a mark) is refused with an error naming the file, so no translation is ever written
 * from text full of U+FFFD replacement characters. The byte order mark stays in the text as
 * U+FEFF (the segmenter keeps it), so a UTF-8 file with a mark is written back with it; a
 * translation of a UTF-16 source is written in UTF-16 with the source's mark (`encodeText`,
 * `translationEncoding`), its write expectation compared on the decoded text (`decodedExpect`).
 */
import type { Expect } from '../shared/guardedPaths.ts';

export type TextEncoding = 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be';

export class EncodingError extends Error {
  override name = 'EncodingError';
  constructor(
    /** The file, as the caller named it. */
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** The encoding the bytes are in, by their byte order mark (UTF-8 when there is none). */
export function encodingOf(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf8bom';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return 'utf8';
}

/** The first offset where `bytes` stop being valid UTF-8, or -1 (a stray byte, a truncated or overlong sequence, a surrogate). */
export function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [n, min, max] =
      b >= 0xc2 && b <= 0xdf
        ? [1, 0x80, 0xbf]
        : b === 0xe0
          ? [2, 0xa0, 0xbf]
          : b === 0xed
            ? [2, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [2, 0x80, 0xbf]
              : b === 0xf0
                ? [3, 0x90, 0xbf]
                : b >= 0xf1 && b <= 0xf3
                  ? [3, 0x80, 0xbf]
                  : b === 0xf4
                    ? [3, 0x80, 0x8f]
                    : [0, 0, 0];
    if (n === 0) return i;
    // The second byte has the narrower range; the others are continuation bytes.
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      if (c === undefined || (k === 1 ? c < min || c > max : c < 0x80 || c > 0xbf)) return i;
    }
    i += n + 1;
  }
  return -1;
}

/**
 * The text of `bytes`, a file named `file` (named in the error): UTF-8, or UTF-8/UTF-16 with a
 * byte order mark (kept as U+FEFF). Throws EncodingError for anything else.
 */
export function decodeText(bytes: Uint8Array, file: string): string {
  const encoding = encodingOf(bytes);
  if (encoding === 'utf16le' || encoding === 'utf16be') {
    try {
      return new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw new EncodingError(
        file,
        `${file}: not valid ${encoding === 'utf16le' ? 'UTF-16 LE' : 'UTF-16 BE'} (it starts with that byte order mark); nothing was translated or written for it`,
      );
    }
  }
  const bad = invalidUtf8At(bytes);
  if (bad >= 0) {
    const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
    const line = 1 + bytes.subarray(0, bad).reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
    throw new EncodingError(
      file,
      `${file}: not valid UTF-8 (byte 0x${hex} on line ${line}; Latin-1 or Windows-1252?); save it as UTF-8 to translate it. Nothing was translated or written for it`,
    );
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/**
 * `text` as bytes in `encoding`. A UTF-16 file is written with its byte order mark (a leading
 * U+FEFF is that mark; it is added when the text has none, since a UTF-16 file without one is
 * never read back); UTF-8 is written as the text is (its U+FEFF, if any, is the UTF-8 mark).
 */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === 'utf8' || encoding === 'utf8bom') return Buffer.from(encoding === 'utf8bom' && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text, 'utf8');
  const le = Buffer.from(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`, 'utf16le');
  return encoding === 'utf16le' ? le : le.swap16();
}

/**
 * The encoding a translation of `source` is written in: the source's. Only a text that starts
 * with U+FEFF can come from a file with a byte order mark, so other sources are not read again.
 * Undefined for UTF-8 (with or without a mark: the text already carries it), so such a write is
 * exactly what it was before encodings were known.
 */
export async function translationEncoding(
  readBytes: ((path: string) => Promise<Uint8Array | undefined>) | undefined,
  source: string,
  text: string,
): Promise<TextEncoding | undefined> {
  if (!text.startsWith('\uFEFF') || readBytes === undefined) return undefined;
  const encoding = encodingOf((await readBytes(source)) ?? new Uint8Array());
  return encoding === 'utf16le' || encoding === 'utf16be' ? encoding : undefined;
}

/**
 * A write expectation made from decoded text (`asRead`/`content` with a string) for a file in
 * `encoding`: the file's bytes must decode to that text (a file the engine read as UTF-16 holds no
 * UTF-8 copy of it to compare byte for byte). Other expectations are returned as they are.
 */
export function decodedExpect(expect: Expect, encoding: TextEncoding | undefined, file: string): Expect {
  if (encoding === undefined || (expect.kind !== 'asRead' && expect.kind !== 'content') || (expect.content !== undefined && typeof expect.content !== 'string'))
    return expect;
  const want = expect.content;
  return {
    kind: 'check',
    matches: (now) => {
      if (now === undefined) return want === undefined && expect.kind === 'asRead';
      if (want === undefined) return false;
      try {
        return decodeText(now, file) === want;
      } catch {
        return false;
      }
    },
  };
}
