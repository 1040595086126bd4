/**
 * Structure checks from outside the segmenter: markdown-it token streams (a different parser
 * from the one the segmenter uses), local "translation" through reassembly, and segment counts.
 */
import MarkdownIt from 'markdown-it';
import { reassembleWithReport, toFragments, type Segmented, type TranslationReport } from '../../../src/translate/index.ts';
import { pseudoTranslate } from '../../emulator/pseudo.ts';

type Token = ReturnType<MarkdownIt['parse']>[number];

const parsers = {
  commonmark: new MarkdownIt('commonmark'),
  gfm: new MarkdownIt({ html: true, linkify: false }),
};

// Content that must survive byte for byte; text tokens only count.
const VERBATIM = new Set(['code_inline', 'code_block', 'fence', 'html_block', 'html_inline']);

function describe(token: Token, out: string[], tagsOnly: boolean): void {
  const attrs = (token.attrs ?? [])
    .filter(([name]) => name !== 'alt')
    .map(([n, v]) => `${n}=${v}`)
    .join(',');
  let content = VERBATIM.has(token.type) ? `:${token.content}` : '';
  // MDX: a JSX element's lines are an HTML block to markdown-it, but its text children are prose.
  // Readable attributes (`title`, `label`, …) are translated; their values are not structure.
  if (tagsOnly && token.type === 'html_block') {
    content = `:${(token.content.match(/<\/?[A-Za-z][^<>]*>/g) ?? []).join('').replace(/\b(title|label|alt|aria-label|description)="[^"]*"/g, '$1=""')}`;
  }
  if (token.type === 'text') return;
  out.push(`${token.type}/${token.tag}/${token.nesting}/${token.markup}/${token.info}/${attrs}${content}`);
  for (const child of token.children ?? []) describe(child, out, tagsOnly);
}

/**
 * The token stream without text content: block and inline structure, destinations, code and
 * HTML (with `htmlTagsOnly`, only the tags of HTML blocks).
 */
export function structureOf(markdown: string, flavour: keyof typeof parsers = 'gfm', htmlTagsOnly = false): string[] {
  const out: string[] = [];
  for (const token of parsers[flavour].parse(markdown, {})) describe(token, out, htmlTagsOnly);
  return out;
}

/** Every id a run may send (whole parts and their fragments), translated by `f`. */
export function translationsOf(doc: Segmented, f: (s: string) => string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of [...doc.parts, ...toFragments(doc).parts]) if (part.kind === 'translate') map.set(part.id, f(part.text));
  return map;
}

/** The emulator's engine (keeps inline Markdown, reorders a word around code). */
export const pseudo = (s: string): string => pseudoTranslate(s, 'de', { reorder: true });

/** A careless engine: every letter changes, code and URLs included. */
export const careless = (s: string): string => s.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 1) % 26) + 97));

export function translateLocally(doc: Segmented, f: (s: string) => string): { text: string; report: TranslationReport } {
  return reassembleWithReport(doc, translationsOf(doc, f));
}
