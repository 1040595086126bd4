/**
 * Real documentation as test material: the READMEs in node_modules and the pages of the real
 * documentation sites under test/sites (Starlight, VitePress, Docusaurus, MkDocs, Hugo; read only).
 * `.mdx` pages are MDX, every other page Markdown (the dialect a caller names by the file type).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readmes } from '../../bench/lib/readmes.ts';

export const SITES_ROOT = join(__dirname, '..', '..', 'sites');

export interface CorpusDoc {
  path: string;
  text: string;
  mdx: boolean;
}

function pages(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) pages(path, out);
    } else if (/\.(?:md|mdx|markdown)$/i.test(entry.name) && !/^(?:LICENSE|SOURCE)\.md$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every Markdown/MDX page of the sites under test/sites, sorted by path (relative to test/sites). */
export function sitePages(site?: string): CorpusDoc[] {
  const root = site ? join(SITES_ROOT, site) : SITES_ROOT;
  return pages(root, [])
    .sort()
    .map((p) => ({ path: relative(SITES_ROOT, p), text: readFileSync(p, 'utf8'), mdx: p.endsWith('.mdx') }));
}

/** One page of a site, by its path under test/sites. */
export function sitePage(path: string): string {
  return readFileSync(join(SITES_ROOT, path), 'utf8');
}

/** The READMEs of node_modules (Markdown) and the sites' pages. */
export function realCorpus(): CorpusDoc[] {
  return [...readmes().map((r) => ({ ...r, mdx: false })), ...sitePages()];
}
