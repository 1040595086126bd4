/** The site model's types and the small path helpers the framework readers share. */
import { posix } from 'node:path';
import type { LayoutSpec } from '../layouts.ts';
import { Computed } from './literal.ts';

export type Framework = 'starlight' | 'docusaurus' | 'vitepress' | 'mkdocs' | 'hugo';

/** File access, relative to the workspace root; a guarded file layer can be plugged in. */
export interface SiteIo {
  /** The file's text, or undefined when it does not exist (or may not be read). */
  readText(relPath: string): Promise<string | undefined>;
  /** Every file below `relDir` ('' = the root), recursively, relative to `relDir`, '/'-separated. */
  listFiles(relDir: string): Promise<string[]>;
}

export interface SiteLocale {
  /** The code as it appears in paths (folder name or file suffix), e.g. `zh-cn`, `pt-br`, `fr`. */
  code: string;
  /** The language tag the config gives it when it differs from `code` (e.g. Starlight `lang: 'zh-CN'`). */
  lang?: string;
  label?: string;
  /** Globs (relative to the site root) where this locale's translations live. */
  locations: string[];
  /** False when the config lists the language but it is not built (MkDocs `build: false`). */
  built?: boolean;
}

/** One folder of sources and where its translations go (a site can have several: docs, versions, blog). */
export interface SourceSet {
  /** Relative to the site root ('' = the site root itself). */
  dir: string;
  role: 'docs' | 'versioned-docs' | 'blog' | 'content';
  /** The doc-translate.json `layout` with `source: dir`, when an existing layout expresses it. */
  layout?: LayoutSpec;
  /** Where the translation of `<dir>/<rel>` into `<l>` goes, written with `<l>` and `<rel>`. */
  target: string;
}

export interface Exclusion {
  glob: string;
  reason: string;
}

export interface Unreadable {
  /** The config file, relative to the site root. */
  file: string;
  /** The setting, as a key path (`i18n.locales`, `integrations[starlight].locales`). */
  key: string;
  message: string;
}

/** What a doc-translate.json for this site would say. */
export interface Proposal {
  source: string;
  sourceLanguage: string;
  targetLanguages: string[];
  layout: LayoutSpec;
  exclude: string[];
}

export interface SiteModel {
  framework: Framework;
  /** Relative to the workspace root ('' = the root). Every other path is relative to it. */
  siteRoot: string;
  configFile: string;
  /** As configured (e.g. `en`, `en-US`); 'auto' when the configuration does not say. */
  sourceLanguage: string;
  sourceSets: SourceSet[];
  /** The locales other than the source language. */
  locales: SiteLocale[];
  /** Globs of every file that is the translation of any locale, configured as a target or not. */
  translationGlobs: string[];
  exclusions: Exclusion[];
  /** Page extensions this framework renders (without the dot). */
  pageExtensions: string[];
  /** doc-translate.json for the main source set, when the locales could be read. */
  proposal?: Proposal;
  /** Why the existing layouts do not fit, and what new layout would. */
  layoutGap?: string;
  unreadable: Unreadable[];
  notes: string[];
}

export function clean(p: string): string {
  const n = posix
    .normalize(p.replace(/\\/g, '/'))
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  return n === '.' ? '' : n;
}

export function join(...parts: string[]): string {
  return clean(parts.filter((p) => p !== '' && p !== '.').join('/'));
}

/** `dir/**` or `**` for the root. */
export function under(dir: string, rest = '**'): string {
  return dir === '' ? rest : `${dir}/${rest}`;
}

export function dirOf(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

/** Glob → RegExp: `**` any segments, `*` and `?` in one segment, `{a,b}`. No leading `/`. */
export function globRe(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      if (glob[i + 2] === '/') {
        re += '(?:[^/]*/)*';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else if (ch === '{') re += '(?:';
    else if (ch === '}') re += ')';
    else if (ch === ',') re += '|';
    else re += /[\\^$.+()[\]|]/.test(ch) ? `\\${ch}` : ch;
  }
  return new RegExp(`^${re}$`);
}

export function matcher(globs: readonly string[]): (path: string) => boolean {
  const res = globs.map(globRe);
  return (p) => res.some((r) => r.test(p));
}

/** Records a setting that could not be read; returns undefined so callers can fall back. */
export function unreadable(list: Unreadable[], file: string, key: string, value: Computed, instead: string): undefined {
  list.push({ file, key, message: `${file}: ${key} is ${value.reason} (line ${value.line}) and cannot be read without running the config; ${instead}` });
  return undefined;
}

/** Build output and dependencies, for every framework. */
export const COMMON_EXCLUSIONS: Exclusion[] = [
  { glob: '**/node_modules/**', reason: 'dependencies' },
  { glob: '**/{CHANGELOG,Changelog,changelog,CHANGES,HISTORY}.{md,mdx}', reason: 'changelog: a record of releases, not documentation to translate' },
  { glob: '**/changelog/**', reason: 'changelog: a record of releases, not documentation to translate' },
];
