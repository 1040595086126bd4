/**
 * Generated documentation folders for the localize tests and benchmarks: Markdown and MDX pages
 * with front matter, headings, paragraphs, lists, code, links to other pages and an image.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WORDS = (
  'install configure project server client request response module option value default folder file page guide ' +
  'build deploy release version update document section example command setting language translation output input cache ' +
  'network account key token limit error message status report review change branch commit merge test check'
).split(' ');

/** Deterministic pseudo-random words (mulberry32). */
export function wordSource(seed: number): (n: number) => string {
  let a = seed >>> 0;
  const rand = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (n) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!).join(' ');
}

export interface DocsOptions {
  files: number;
  languages?: string[];
  layout?: unknown;
  source?: string;
  /** Paragraphs per page (default 5). */
  paragraphs?: number;
  seed?: number;
}

export function pagePath(i: number, source = 'docs'): string {
  const folder = i % 3 === 0 ? '' : i % 3 === 1 ? 'guide/' : 'reference/';
  return `${source}/${folder}page-${String(i).padStart(3, '0')}.${i % 4 === 3 ? 'mdx' : 'md'}`;
}

/**
 * The text of page i: paragraph k reads "Paragraph k of page i: <words>" so tests can find it.
 * Paragraphs hold inline code but no relative link: the emulator's pseudo-translation alters
 * relative link destinations, so a paragraph with one fails its check and is re-sent as
 * fragments; links live in a "See also" list instead.
 */
export function pageText(i: number, opts: DocsOptions): string {
  const words = wordSource((opts.seed ?? 1) * 100_003 + i);
  const paragraphs = opts.paragraphs ?? 5;
  const self = pagePath(i, opts.source);
  const other = pagePath((i + 1) % opts.files, opts.source);
  const rel = (to: string): string => {
    const from = dirname(self).split('/');
    const parts = to.split('/');
    let k = 0;
    while (k < from.length && k < parts.length - 1 && from[k] === parts[k]) k++;
    return [...Array<string>(from.length - k).fill('..'), ...parts.slice(k)].join('/') || '.';
  };
  const out = [`---\ntitle: Page ${i} ${words(3)}\ndescription: About ${words(6)}\n---\n`, `# Page ${i}: ${words(3)}\n`];
  for (let k = 1; k <= paragraphs; k++) {
    out.push(`Paragraph ${k} of page ${i}: ${words(20)}, see \`npm run ${words(1)}\` for ${words(4)}.\n`);
    if (k === 2) out.push(`- ${words(5)}\n- ${words(6)}\n- ${words(4)}\n`);
    if (k === 3) out.push('```sh\nnpm install --save doc-translate\n```\n');
  }
  out.push(`## See also\n`, `- [Next page](${rel(other)})\n- [Home](https://example.com/docs)\n`);
  out.push(`![Logo](${rel(`${opts.source ?? 'docs'}/img/logo.svg`)})\n`);
  return out.join('\n');
}

/** Writes doc-translate.json, the pages and the image into `dir`; returns the page paths. */
export function writeDocs(dir: string, opts: DocsOptions): string[] {
  const source = opts.source ?? 'docs';
  const config = { source, targetLanguages: opts.languages ?? ['de', 'fr'], layout: opts.layout ?? 'vitepress', sourceLanguage: 'en' };
  writeFileSync(join(dir, 'doc-translate.json'), `${JSON.stringify(config, null, 2)}\n`);
  mkdirSync(join(dir, source, 'img'), { recursive: true });
  writeFileSync(join(dir, source, 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  const paths: string[] = [];
  for (let i = 0; i < opts.files; i++) {
    const p = pagePath(i, source);
    mkdirSync(join(dir, dirname(p)), { recursive: true });
    writeFileSync(join(dir, p), pageText(i, { ...opts, source }));
    paths.push(p);
  }
  return paths;
}
