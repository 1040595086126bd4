/**
 * Streaming counters of translatable characters (Unicode code points) per text format. They see
 * the decoded text chunk by chunk, so files of any size are measured without holding them whole.
 * A counter throws ContentError when the text does not fit its format.
 */
export class ContentError extends Error {}

export interface TextCounter {
  push(text: string): void;
  finish(): number;
}

const LOW_SURROGATES = /[\uDC00-\uDFFF]/g;

export function codePoints(s: string): number {
  const lows = s.match(LOW_SURROGATES);
  return s.length - (lows ? lows.length : 0);
}

const isBlank = (s: string): boolean => s.trim().length === 0;

/** Markdown and plain text: every code point counts (the UTF-8 BOM is already gone). */
export class PlainCounter implements TextCounter {
  private count = 0;
  push(text: string): void {
    this.count += codePoints(text);
  }
  finish(): number {
    return this.count;
  }
}

type MarkupState = 'text' | 'tag' | 'comment' | 'cdata';

/**
 * HTML and XML: the code points of text nodes (and CDATA) that are not whitespace only; tags,
 * comments, doctype and processing instructions do not count; entities count as written.
 */
export class MarkupCounter implements TextCounter {
  private state: MarkupState = 'text';
  private carry = '';
  private quote = '';
  private nodeChars = 0;
  private nodeHasText = false;
  private count = 0;
  private seenStart = false;

  constructor(private readonly strictXml: boolean) {}

  private text(s: string): void {
    if (s.length === 0) return;
    this.nodeChars += codePoints(s);
    if (!this.nodeHasText && !isBlank(s)) this.nodeHasText = true;
  }

  private endNode(): void {
    if (this.nodeHasText) this.count += this.nodeChars;
    this.nodeChars = 0;
    this.nodeHasText = false;
  }

  push(chunk: string, final = false): void {
    const buf = this.carry + chunk;
    this.carry = '';
    if (this.strictXml && !this.seenStart) {
      const first = buf.trimStart();
      if (first.length === 0) return;
      if (!first.startsWith('<')) throw new ContentError('XML content must start with a tag or declaration');
      this.seenStart = true;
    }
    let i = 0;
    while (i < buf.length) {
      if (this.state === 'text') {
        const j = buf.indexOf('<', i);
        if (j < 0) {
          this.text(buf.slice(i));
          return;
        }
        this.text(buf.slice(i, j));
        if (!final && buf.length - j < 9) {
          this.carry = buf.slice(j);
          return;
        }
        this.endNode();
        if (buf.startsWith('<!--', j)) [this.state, i] = ['comment', j + 4];
        else if (buf.startsWith('<![CDATA[', j)) [this.state, i] = ['cdata', j + 9];
        else [this.state, i] = ['tag', j + 1];
      } else if (this.state === 'comment' || this.state === 'cdata') {
        const close = this.state === 'comment' ? '-->' : ']]>';
        const k = buf.indexOf(close, i);
        const end = k < 0 ? Math.max(i, buf.length - 2) : k;
        if (this.state === 'cdata') this.text(buf.slice(i, end));
        if (k < 0) {
          this.carry = buf.slice(end);
          return;
        }
        if (this.state === 'cdata') this.endNode();
        [this.state, i] = ['text', k + 3];
      } else {
        i = this.scanTag(buf, i);
      }
    }
  }

  /** Skips to just after the tag's closing `>`, honouring quoted attribute values. */
  private scanTag(buf: string, from: number): number {
    for (let i = from; i < buf.length; i++) {
      const c = buf[i]!;
      if (this.quote) {
        if (c === this.quote) this.quote = '';
      } else if (c === '"' || c === "'") {
        this.quote = c;
      } else if (c === '>') {
        this.state = 'text';
        return i + 1;
      }
    }
    return buf.length;
  }

  finish(): number {
    if (this.carry) this.push('', true);
    if (this.strictXml && (this.state !== 'text' || !this.seenStart)) throw new ContentError('XML content is empty or truncated');
    this.endNode();
    return this.count;
  }
}

/**
 * JSON: the code points of string values (object keys do not count); an escape counts as one.
 * Checks the nesting as it goes; full syntax is checked separately (JSON.parse) when the file is small.
 */
export class JsonCounter implements TextCounter {
  private readonly stack: string[] = [];
  private inString = false;
  private isKey = false;
  private escape = false;
  private hexLeft = 0;
  private stringChars = 0;
  private expectKey = false;
  private count = 0;
  private sawValue = false;

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) this.stringChar(c);
      else this.structural(c);
    }
  }

  private stringChar(c: number): void {
    if (this.hexLeft > 0) {
      this.hexLeft -= 1;
    } else if (this.escape) {
      this.escape = false;
      this.stringChars += 1;
      if (c === 0x75) this.hexLeft = 4;
    } else if (c === 0x5c) {
      this.escape = true;
    } else if (c === 0x22) {
      this.inString = false;
      if (!this.isKey) this.count += this.stringChars;
    } else if (c < 0xdc00 || c > 0xdfff) {
      this.stringChars += 1;
    }
  }

  private structural(c: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (c) {
      case 0x7b: // {
        this.stack.push('}');
        this.expectKey = true;
        this.sawValue = true;
        break;
      case 0x5b: // [
        this.stack.push(']');
        this.expectKey = false;
        this.sawValue = true;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        if (this.stack.pop() !== String.fromCharCode(c)) throw new ContentError('JSON brackets do not match');
        this.expectKey = false;
        break;
      case 0x3a: // :
        this.expectKey = false;
        break;
      case 0x2c: // ,
        this.expectKey = top === '}';
        break;
      case 0x22: // "
        this.inString = true;
        this.isKey = top === '}' && this.expectKey;
        this.stringChars = 0;
        this.sawValue = true;
        break;
      default:
        if (c > 0x20) this.sawValue = true;
    }
  }

  finish(): number {
    if (!this.sawValue || this.inString || this.stack.length > 0) throw new ContentError('JSON content is empty or truncated');
    return this.count;
  }
}

const SRT_TIMING = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/;
const VTT_TIMING = /^\s*(\d+:)?\d{2}:\d{2}\.\d{3}\s*-->/;

/**
 * SRT and WebVTT: the code points of cue text lines; indexes, identifiers, timing lines, the
 * WEBVTT header and NOTE/STYLE/REGION blocks do not count. At least one cue timing is required.
 */
export class SubtitleCounter implements TextCounter {
  private carry = '';
  private lineNo = 0;
  private count = 0;
  private cues = 0;
  /** Block kind of the current block: its first line decides. */
  private block: 'none' | 'header' | 'skip' | 'cue' = 'none';
  /** First line of a block, held back until the next line shows whether it was an identifier. */
  private pending: number | null = null;

  constructor(private readonly vtt: boolean) {}

  push(text: string): void {
    const lines = (this.carry + text).split('\n');
    this.carry = lines.pop() ?? '';
    for (const line of lines) this.line(line.replace(/\r$/, ''));
  }

  private line(line: string): void {
    this.lineNo += 1;
    if (this.lineNo === 1 && this.vtt) {
      if (!/^WEBVTT([ \t].*)?$/.test(line)) throw new ContentError('WebVTT content must start with "WEBVTT"');
      this.block = 'header';
      return;
    }
    if (isBlank(line)) {
      this.commitPending();
      this.block = 'none';
      return;
    }
    const timing = (this.vtt ? VTT_TIMING : SRT_TIMING).test(line);
    if (timing) {
      this.pending = null;
      this.cues += 1;
      this.block = 'cue';
      return;
    }
    if (this.block === 'header' || this.block === 'skip') return;
    if (this.block === 'none') {
      if (this.vtt && /^(NOTE|STYLE|REGION)(\s|$)/.test(line)) {
        this.block = 'skip';
        return;
      }
      this.commitPending();
      this.block = 'cue';
      this.pending = /^\d+$/.test(line.trim()) ? 0 : codePoints(line);
      return;
    }
    this.commitPending();
    this.count += codePoints(line);
  }

  private commitPending(): void {
    if (this.pending !== null) this.count += this.pending;
    this.pending = null;
  }

  finish(): number {
    if (this.carry) this.line(this.carry.replace(/\r$/, ''));
    this.carry = '';
    this.commitPending();
    if (this.cues === 0) throw new ContentError(`${this.vtt ? 'WebVTT' : 'SRT'} content has no cue timings`);
    return this.count;
  }
}

export function counterFor(kind: 'plain' | 'markup' | 'json' | 'subtitle', format: string): TextCounter {
  switch (kind) {
    case 'plain':
      return new PlainCounter();
    case 'markup':
      return new MarkupCounter(format === 'xml');
    case 'json':
      return new JsonCounter();
    case 'subtitle':
      return new SubtitleCounter(format === 'vtt');
  }
}
