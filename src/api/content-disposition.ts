/**
 * File names from Content-Disposition (RFC 6266 with RFC 5987/8187 `filename*`), reduced to a
 * basename that is safe to create inside a chosen folder on Linux, macOS and Windows.
 *
 * A download's name is chosen by the server, so it is treated as hostile: whatever the header
 * holds, the result has no path separators, no `..`, no control or bidi characters, no characters
 * Windows refuses, no reserved device name, no trailing dot or space, at most 200 UTF-8 bytes
 * (keeping the extension), and is never empty.
 */

export const MAX_FILENAME_BYTES = 200;
export const DEFAULT_FALLBACK_FILENAME = 'download';

const RESERVED_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)$/i;
/** C0, DEL, C1 controls; Windows-forbidden punctuation; bidi overrides and isolates (spoofed extensions). */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MAX_EXTENSION_BYTES = 32;

export interface DispositionParams {
  type?: string;
  /** The `filename` parameter as sent (quoted-string unescaped). */
  filename?: string;
  /** The decoded `filename*` parameter; absent when missing or undecodable. */
  filenameStar?: string;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const EXT_VALUE = /^([A-Za-z0-9!#$%&+\-^_`{}~]+)'[^']*'((?:%[0-9A-Fa-f]{2}|[\x21-\x24\x26-\x7e])*)$/s;

/** Decodes `charset'lang'pct-encoded`; UTF-8 must be valid, ISO-8859-1 maps bytes 1:1. */
export function decodeExtValue(value: string): string | undefined {
  const m = EXT_VALUE.exec(value.trim());
  if (!m) return undefined;
  const charset = m[1]!.toLowerCase();
  const encoded = m[2]!;
  const bytes = Buffer.allocUnsafe(encoded.length);
  let n = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    if (code === 0x25) {
      bytes[n++] = (hexDigit(encoded.charCodeAt(i + 1)) << 4) | hexDigit(encoded.charCodeAt(i + 2));
      i += 2;
    } else {
      bytes[n++] = code;
    }
  }
  return decodeBytes(charset, bytes.subarray(0, n));
}

function hexDigit(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x57;
}

function decodeBytes(charset: string, bytes: Buffer): string | undefined {
  if (charset === 'utf-8') {
    try {
      return UTF8.decode(bytes);
    } catch {
      return undefined;
    }
  }
  if (charset === 'iso-8859-1' || charset === 'latin1') return bytes.toString('latin1');
  return undefined;
}

/**
 * Header values arrive as Latin-1 strings; a raw UTF-8 name in `filename` then looks like
 * mojibake. When the code units form valid multi-byte UTF-8, read them as such (as browsers do).
 */
function repairLatin1Utf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return UTF8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** Splits a Content-Disposition value into its type and filename parameters (first occurrence wins). */
export function parseContentDisposition(header: string | undefined | null): DispositionParams {
  const out: DispositionParams = {};
  if (typeof header !== 'string') return out;
  const s = header;
  const semi = s.indexOf(';');
  const type = (semi === -1 ? s : s.slice(0, semi)).trim();
  if (type !== '') out.type = type.toLowerCase();
  let i = semi === -1 ? s.length : semi;
  while (i < s.length) {
    i++; // the ';'
    const eq = s.indexOf('=', i);
    const nextSemi = s.indexOf(';', i);
    if (eq === -1 || (nextSemi !== -1 && nextSemi < eq)) {
      i = nextSemi === -1 ? s.length : nextSemi;
      continue;
    }
    const name = s.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
    let value: string;
    if (s[i] === '"') {
      const parts: string[] = [];
      let j = i + 1;
      while (j < s.length && s[j] !== '"') {
        if (s[j] === '\\' && j + 1 < s.length) j++;
        parts.push(s[j]!);
        j++;
      }
      value = parts.join('');
      const after = s.indexOf(';', j);
      i = after === -1 ? s.length : after;
    } else {
      const end = s.indexOf(';', i);
      value = s.slice(i, end === -1 ? s.length : end).trim();
      i = end === -1 ? s.length : end;
    }
    if (name === 'filename' && out.filename === undefined) out.filename = repairLatin1Utf8(value);
    if (name === 'filename*' && out.filenameStar === undefined) {
      const decoded = decodeExtValue(value);
      if (decoded !== undefined) out.filenameStar = decoded;
    }
  }
  return out;
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a code point. */
function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Step back over continuation bytes (10xxxxxx) to the start of the cut code point.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

function tidy(name: string): string {
  return name
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
}

function splitExtension(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, ext: '' };
  const ext = name.slice(dot);
  return utf8Bytes(ext) <= MAX_EXTENSION_BYTES ? { stem: name.slice(0, dot), ext } : { stem: name, ext: '' };
}

function sanitizeOnce(raw: string): string {
  const segments = raw
    .replace(LONE_SURROGATE, '_')
    .normalize('NFC')
    .split(/[\\/]+/)
    .map((seg) => seg.trim())
    .filter((seg) => seg !== '' && seg !== '.' && seg !== '..');
  let name = tidy((segments[segments.length - 1] ?? '').replace(UNSAFE_CHARS, '_'));
  if (name === '') return '';
  const { stem: fullStem, ext } = splitExtension(name);
  if (utf8Bytes(name) > MAX_FILENAME_BYTES) {
    const stem = tidy(truncateUtf8(fullStem, MAX_FILENAME_BYTES - utf8Bytes(ext)));
    name = stem === '' ? tidy(truncateUtf8(ext, MAX_FILENAME_BYTES)) : stem + ext;
  }
  const firstStem = name.split('.')[0]!.trim();
  if (RESERVED_DEVICE.test(firstStem)) name = `_${name}`;
  if (utf8Bytes(name) > MAX_FILENAME_BYTES) name = tidy(truncateUtf8(name, MAX_FILENAME_BYTES));
  return name;
}

/** Reduces any string to a safe basename; `fallback` (itself sanitised) when nothing usable is left. */
export function sanitizeFilename(raw: string, fallback: string = DEFAULT_FALLBACK_FILENAME): string {
  const name = sanitizeOnce(typeof raw === 'string' ? raw : '');
  if (name !== '') return name;
  const alt = fallback === DEFAULT_FALLBACK_FILENAME ? '' : sanitizeOnce(fallback);
  return alt !== '' ? alt : DEFAULT_FALLBACK_FILENAME;
}

/** `filename*` first, then `filename`, then the fallback; always a safe basename. */
export function filenameFromContentDisposition(header: string | undefined | null, fallback?: string): string {
  const params = parseContentDisposition(header);
  for (const candidate of [params.filenameStar, params.filename]) {
    if (candidate === undefined) continue;
    const name = sanitizeOnce(candidate);
    if (name !== '') return name;
  }
  return sanitizeFilename(fallback ?? '', DEFAULT_FALLBACK_FILENAME);
}
