// Text of a PDF, page by page, with positions: the basis of the emulator's extraction, visual
// extraction and PDF to HTML. pdf-lib parses the file and decodes the content streams; this module
// reads their text operators (BT/ET, Tf, Td, TD, Tm, T*, TL, Tj, TJ, ', ") and groups the pieces
// into lines and blocks. Single-byte strings are read as WinAnsi (what pdf-lib's standard fonts and
// most simple fonts write); two-byte (Type0) strings are read as UTF-16BE, which is right only
// for fonts whose glyph ids follow Unicode. Form XObjects and inline images are skipped.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';

export interface TextPiece {
  text: string;
  x: number;
  y: number;
  size: number;
}

export interface TextLine {
  text: string;
  x: number;
  y: number;
  size: number;
  /** Right edge, estimated from the character count (half an em per character). */
  x1: number;
}

export interface TextBlock {
  type: 'heading' | 'paragraph';
  text: string;
  /** [x0, y0, x1, y1] in PDF points, origin bottom left. */
  bbox: [number, number, number, number];
  font_size: number;
}

export interface PageText {
  page: number;
  width: number;
  height: number;
  lines: TextLine[];
  blocks: TextBlock[];
  text: string;
}

/** cp1252 characters of bytes 0x80-0x9F; the rest of WinAnsi is Latin-1. */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function winAnsi(bytes: number[]): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b);
  return out;
}

function utf16be(bytes: number[]): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return out;
}

type Token = { t: 'num'; v: number } | { t: 'str'; v: number[] } | { t: 'name'; v: string } | { t: 'op'; v: string } | { t: 'open' } | { t: 'close' };

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Tokens of a content stream; dictionaries are skipped as a whole (only operands of text operators matter). */
function* tokens(data: Uint8Array): Generator<Token> {
  let i = 0;
  const n = data.length;
  while (i < n) {
    const c = data[i]!;
    if (WS.has(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      const out: number[] = [];
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const b = data[i]!;
        if (b === 0x5c) {
          const e = data[i + 1];
          i += 2;
          if (e === undefined) break;
          const map: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
          if (map[e] !== undefined) out.push(map[e]);
          else if (e >= 0x30 && e <= 0x37) {
            let v = e - 0x30;
            for (let k = 0; k < 2 && data[i]! >= 0x30 && data[i]! <= 0x37; k++) v = v * 8 + (data[i++]! - 0x30);
            out.push(v & 0xff);
          } else if (e === 0x0d) {
            if (data[i] === 0x0a) i++;
          } else if (e !== 0x0a) out.push(e);
          continue;
        }
        if (b === 0x28) depth++;
        if (b === 0x29 && --depth === 0) {
          i++;
          break;
        }
        out.push(b);
        i++;
      }
      yield { t: 'str', v: out };
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      // A dictionary operand (BDC/DP properties, inline image parameters): skipped with its nesting.
      let depth = 0;
      while (i < n) {
        if (data[i] === 0x3c && data[i + 1] === 0x3c) {
          depth++;
          i += 2;
        } else if (data[i] === 0x3e && data[i + 1] === 0x3e) {
          depth--;
          i += 2;
          if (depth === 0) break;
        } else i++;
      }
    } else if (c === 0x3c) {
      let hex = '';
      i++;
      while (i < n && data[i] !== 0x3e) {
        const ch = String.fromCharCode(data[i]!);
        if (/[0-9a-fA-F]/.test(ch)) hex += ch;
        i++;
      }
      i++;
      if (hex.length % 2 === 1) hex += '0';
      const out: number[] = [];
      for (let k = 0; k < hex.length; k += 2) out.push(parseInt(hex.slice(k, k + 2), 16));
      yield { t: 'str', v: out };
    } else if (c === 0x5b) {
      i++;
      yield { t: 'open' };
    } else if (c === 0x5d) {
      i++;
      yield { t: 'close' };
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && !WS.has(data[j]!) && !DELIM.has(data[j]!)) j++;
      yield { t: 'name', v: Buffer.from(data.subarray(i + 1, j)).toString('latin1') };
      i = j;
    } else {
      let j = i;
      while (j < n && !WS.has(data[j]!) && !DELIM.has(data[j]!)) j++;
      if (j === i) {
        i++;
        continue;
      }
      const word = Buffer.from(data.subarray(i, j)).toString('latin1');
      i = j;
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) yield { t: 'num', v: Number(word) };
      else if (word === 'ID') {
        // Inline image data runs to the next whitespace-delimited EI.
        while (i < n && !(WS.has(data[i]!) && data[i + 1] === 0x45 && data[i + 2] === 0x49 && (i + 3 >= n || WS.has(data[i + 3]!)))) i++;
        i += 3;
      } else yield { t: 'op', v: word };
    }
  }
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/** Fonts of the page whose strings are two bytes per character (Type0). */
function twoByteFonts(page: PDFPage): Set<string> {
  const out = new Set<string>();
  const resources = page.node.Resources();
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return out;
  for (const [name, ref] of fonts.entries()) {
    const font = page.doc.context.lookup(ref);
    if (font instanceof PDFDict && font.lookup(PDFName.of('Subtype'))?.toString() === '/Type0') out.add(name.decodeText());
  }
  return out;
}

function contentStreams(page: PDFPage): Uint8Array[] {
  const contents = page.node.Contents();
  if (contents === undefined) return [];
  const items = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const out: Uint8Array[] = [];
  for (const s of items) {
    if (s instanceof PDFRawStream) out.push(decodePDFRawStream(s).decode());
    else if (s instanceof PDFStream) out.push(s.getContents());
  }
  return out;
}

/** The text pieces of one page, in content order. */
export function pagePieces(page: PDFPage): TextPiece[] {
  const pieces: TextPiece[] = [];
  const wide = twoByteFonts(page);
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let tlm: Matrix = [1, 0, 0, 1, 0, 0];
  let leading = 0;
  let size = 12;
  let font = '';
  let operands: (Token | Token[])[] = [];
  let array: Token[] | undefined;
  const decode = (bytes: number[]): string => (wide.has(font) ? utf16be(bytes) : winAnsi(bytes));
  const emit = (text: string): void => {
    const m = multiply(tm, ctm);
    const scale = Math.hypot(m[2], m[3]) || 1;
    if (text.trim() !== '') pieces.push({ text, x: m[4], y: m[5], size: size * scale });
    // Advance roughly half an em per character, so later pieces on the same line sort after this one.
    tm = multiply([1, 0, 0, 1, text.length * size * 0.5, 0], tm);
  };
  const nextLine = (tx: number, ty: number): void => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const num = (k: number): number => {
    const tok = operands[operands.length - k];
    return tok !== undefined && !Array.isArray(tok) && tok.t === 'num' ? tok.v : 0;
  };
  for (const data of contentStreams(page)) {
    for (const tok of tokens(data)) {
      if (tok.t === 'open') {
        array = [];
        continue;
      }
      if (tok.t === 'close') {
        operands.push(array ?? []);
        array = undefined;
        continue;
      }
      if (array !== undefined) {
        array.push(tok);
        continue;
      }
      if (tok.t !== 'op') {
        operands.push(tok);
        continue;
      }
      switch (tok.v) {
        case 'q':
          stack.push(ctm);
          break;
        case 'Q':
          ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
          break;
        case 'cm':
          ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], ctm);
          break;
        case 'BT':
          tm = [1, 0, 0, 1, 0, 0];
          tlm = tm;
          break;
        case 'Tf': {
          const name = operands[operands.length - 2];
          font = name !== undefined && !Array.isArray(name) && name.t === 'name' ? name.v : '';
          size = num(1) || size;
          break;
        }
        case 'TL':
          leading = num(1);
          break;
        case 'Td':
          nextLine(num(2), num(1));
          break;
        case 'TD':
          leading = -num(1);
          nextLine(num(2), num(1));
          break;
        case 'Tm':
          tlm = [num(6), num(5), num(4), num(3), num(2), num(1)];
          tm = tlm;
          break;
        case 'T*':
          nextLine(0, -leading);
          break;
        case 'Tj':
        case "'":
        case '"': {
          if (tok.v !== 'Tj') nextLine(0, -leading);
          const s = operands[operands.length - 1];
          if (s !== undefined && !Array.isArray(s) && s.t === 'str') emit(decode(s.v));
          break;
        }
        case 'TJ': {
          const arr = operands[operands.length - 1];
          if (Array.isArray(arr)) {
            let text = '';
            for (const item of arr) {
              if (item.t === 'str') text += decode(item.v);
              else if (item.t === 'num' && item.v < -200) text += ' ';
            }
            emit(text);
          }
          break;
        }
        default:
          break;
      }
      operands = [];
    }
  }
  return pieces;
}

/** Pieces on (about) the same baseline become one line, top to bottom, left to right. */
export function linesOf(pieces: TextPiece[]): TextLine[] {
  const sorted = [...pieces].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { pieces: TextPiece[]; y: number; size: number }[] = [];
  for (const p of sorted) {
    const last = lines[lines.length - 1];
    if (last !== undefined && Math.abs(last.y - p.y) <= Math.max(1, Math.min(last.size, p.size) * 0.4)) {
      last.pieces.push(p);
      last.size = Math.max(last.size, p.size);
    } else {
      lines.push({ pieces: [p], y: p.y, size: p.size });
    }
  }
  return lines
    .map((l) => {
      const ordered = l.pieces.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      for (const p of ordered) {
        if (text !== '' && !/\s$/.test(text) && !/^\s/.test(p.text) && p.x - end > p.size * 0.15) text += ' ';
        text += p.text;
        end = p.x + p.text.length * p.size * 0.5;
      }
      const x = ordered[0]!.x;
      const trimmed = text.replace(/\s+/g, ' ').trim();
      return { text: trimmed, x: round(x), y: round(l.y), size: round(l.size), x1: round(Math.max(end, x + trimmed.length * l.size * 0.5)) };
    })
    .filter((l) => l.text !== '');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Lines close together with the same size form a block; a block whose size is clearly above the
 * page's most common size is a heading.
 */
export function blocksOf(lines: TextLine[]): TextBlock[] {
  if (lines.length === 0) return [];
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(l.size, (counts.get(l.size) ?? 0) + l.text.length);
  const body = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const blocks: { lines: TextLine[] }[] = [];
  for (const line of lines) {
    const last = blocks[blocks.length - 1];
    const prev = last?.lines[last.lines.length - 1];
    if (last !== undefined && prev !== undefined && prev.size === line.size && prev.y - line.y <= line.size * 1.8) last.lines.push(line);
    else blocks.push({ lines: [line] });
  }
  return blocks.map(({ lines: ls }) => {
    const size = ls[0]!.size;
    const top = ls[0]!;
    const bottom = ls[ls.length - 1]!;
    return {
      type: size >= body * 1.25 ? 'heading' : 'paragraph',
      text: ls.map((l) => l.text).join(' '),
      bbox: [Math.min(...ls.map((l) => l.x)), round(bottom.y - size * 0.25), Math.max(...ls.map((l) => l.x1)), round(top.y + size)],
      font_size: size,
    };
  });
}

/** Every page of the PDF with its lines, blocks and plain text (lines joined by newlines). */
export async function readPdfText(bytes: Uint8Array): Promise<PageText[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return doc.getPages().map((page, index) => {
    let lines: TextLine[] = [];
    try {
      lines = linesOf(pagePieces(page));
    } catch {
      // A content stream this reader cannot decode leaves the page without text.
    }
    const { width, height } = page.getSize();
    return { page: index + 1, width: round(width), height: round(height), lines, blocks: blocksOf(lines), text: lines.map((l) => l.text).join('\n') };
  });
}
