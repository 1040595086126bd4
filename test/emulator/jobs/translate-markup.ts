import { pseudoTranslate } from '../pseudo.ts';
import type { OutputMode } from './translate-text.ts';

/** Markup that is not a text node: comments, CDATA, doctype, processing instructions, tags (quoted `>` allowed). */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[\s\S]*?(?:\?>|$)|<\/?[A-Za-z](?:[^>"']|"[^"]*"|'[^']*')*>?/g;
/** HTML elements whose content is code or raw text: kept byte for byte. */
const HTML_RAW = new Set(['script', 'style', 'code', 'pre', 'textarea', 'kbd', 'samp']);

/** Bilingual text nodes read "source / translation", with the node's surrounding whitespace kept. */
function textNode(text: string, target: string, mode: OutputMode): string {
  if (text.trim().length === 0) return text;
  if (mode === 'single') return pseudoTranslate(text, target);
  const lead = /^\s*/.exec(text)![0];
  const trail = /\s*$/.exec(text)![0];
  const core = text.slice(lead.length, text.length - trail.length);
  return `${lead}${core} / ${pseudoTranslate(core, target)}${trail}`;
}

/**
 * HTML and XML: text nodes only. Tags, attributes, comments, CDATA and entities are kept; in HTML
 * the content of script, style, code, pre, textarea, kbd and samp is kept too.
 */
export function translateMarkup(text: string, target: string, mode: OutputMode, flavour: 'html' | 'xml'): string {
  let out = '';
  let last = 0;
  const re = new RegExp(MARKUP.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out += textNode(text.slice(last, m.index), target, mode) + m[0];
    last = m.index + m[0].length;
    const open = flavour === 'html' ? /^<([A-Za-z][A-Za-z0-9]*)/.exec(m[0]) : null;
    const name = open?.[1]?.toLowerCase();
    if (name && HTML_RAW.has(name) && !m[0].endsWith('/>')) {
      const close = new RegExp(`</${name}\\s*>`, 'ig');
      close.lastIndex = last;
      const end = close.exec(text);
      const stop = end ? end.index + end[0].length : text.length;
      out += text.slice(last, stop);
      last = stop;
      re.lastIndex = stop;
    }
  }
  return out + textNode(text.slice(last), target, mode);
}

function translateValue(value: unknown, target: string, mode: OutputMode): unknown {
  if (typeof value === 'string') {
    if (value.trim().length === 0) return value;
    const translated = pseudoTranslate(value, target);
    return mode === 'single' ? translated : `${value}\n${translated}`;
  }
  if (Array.isArray(value)) return value.map((v) => translateValue(v, target, mode));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = translateValue(v, target, mode);
    return out;
  }
  return value;
}

function hasStringValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.some(hasStringValue);
  if (value !== null && typeof value === 'object') return Object.values(value as Record<string, unknown>).some(hasStringValue);
  return false;
}

/** True when the JSON holds a string value that is not whitespace only; invalid JSON throws. */
export function jsonHasText(text: string): boolean {
  return hasStringValue(JSON.parse(text.replace(/^\uFEFF/, '')) as unknown);
}

/**
 * JSON: string values are translated, keys and other values kept, the source's indentation reused.
 * Bilingual values hold the source, a line break, then the translation. Invalid JSON throws.
 */
export function translateJson(text: string, target: string, mode: OutputMode): string {
  const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? (text.trim().includes('\n') ? '  ' : '');
  const body = JSON.stringify(translateValue(parsed, target, mode), null, indent);
  return /\r?\n$/.test(text) ? `${body}${text.endsWith('\r\n') ? '\r\n' : '\n'}` : body;
}
