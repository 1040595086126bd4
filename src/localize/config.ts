/**
 * `doc-translate.json`: the localization set-up of one folder. Data only, validated with zod/mini and
 * never executed. Paths are POSIX and relative to the folder holding the file.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { LAYOUT_NAMES, type LayoutSpec } from './layouts.ts';
import { frontMatterKeysFor } from '../shared/frontMatter.ts';
import { labelKeysOf, type LabelKeys } from './trust/labelKeys.ts';
import { TermsSchema, resolveTerms, type Terms } from './trust/termsConfig.ts';

export const CONFIG_FILE = 'doc-translate.json';
export const LOCK_FILE = 'doc-translate.lock';

const languageCode = z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as de, fr or zh-Hans'));
const relPath = z.string().check(
  z.minLength(1),
  z.refine((p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split(/[\\/]/).includes('..'), 'must be a path inside the folder'),
);

/** Bounds of the glob lists a repository's doc-translate.json may give (`include`, `exclude`, `files`). */
export const GLOB_LIMITS = { patterns: 256, chars: 512, globstars: 16 } as const;

/** A pattern as quoted in a message: JSON, shortened to its start and end when long. */
function quotePattern(p: string): string {
  return JSON.stringify(p.length > 60 ? `${p.slice(0, 40)}…${p.slice(-15)}` : p);
}

const globPattern = z.string().check(
  z.superRefine((p, ctx) => {
    const globstars = p.split('**').length - 1;
    const problem =
      p.length > GLOB_LIMITS.chars
        ? `pattern ${quotePattern(p)} is ${p.length} characters long; at most ${GLOB_LIMITS.chars} are allowed (shorten it or split it into several patterns)`
        : globstars > GLOB_LIMITS.globstars
          ? `pattern ${quotePattern(p)} has ${globstars} "**"; at most ${GLOB_LIMITS.globstars} are allowed (one "**/" already matches any number of folders)`
          : undefined;
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: p });
  }),
);
const globList = z.array(globPattern).check(
  z.superRefine((list, ctx) => {
    if (list.length > GLOB_LIMITS.patterns) {
      ctx.addIssue({
        code: 'custom',
        message: `${list.length} patterns given; at most ${GLOB_LIMITS.patterns} are allowed (combine them with {a,b} or "**/")`,
        input: list,
      });
    }
  }),
);

const labelKey = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'must be a plain front matter key (letters, digits, _ and -)'));
const labelsSetting = z.union([z.boolean(), z.strictObject({ machineTranslated: z.optional(labelKey), outdated: z.optional(labelKey) })]);

export const ConfigSchema = z.strictObject({
  $schema: z.optional(z.string()),
  source: z.optional(relPath),
  include: z.optional(globList),
  exclude: z.optional(globList),
  /** Non-Markdown files translated as file jobs (HTML, PDF, DOCX, images). */
  files: z.optional(globList),
  sourceLanguage: z.optional(z.union([z.literal('auto'), languageCode])),
  targetLanguages: z.array(languageCode).check(z.minLength(1)),
  layout: z.union([
    z.enum(LAYOUT_NAMES),
    z.strictObject({
      pattern: z.string().check(
        z.includes('${lang}', 'must contain ${lang}'),
        z.refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'must stay inside the folder (no leading / and no ..)'),
      ),
    }),
  ]),
  engine: z.optional(z.string().check(z.minLength(1))),
  frontMatterKeys: z.optional(z.array(z.string())),
  /** Keep a copy of every translation as last written under `.doc-translate/base/` (the "base" of a conflict). */
  keepBase: z.optional(z.boolean()),
  /** Rate used only for the dry run's credit estimate; the service decides the real charge. */
  estimateMillicreditsPerChar: z.optional(z.number().check(z.nonnegative())),
  /** Read the documentation framework's own config (locales, exclusions); false turns it off. */
  detect: z.optional(z.boolean()),
  /** Reader labels in the translations' front matter (trust/labels.ts): on by default, false turns them off, an object renames the keys. */
  labels: z.optional(labelsSetting),
  /** Protected (`keep`) and preferred (`prefer`, per language) terms (trust/terms.ts). */
  terms: z.optional(TermsSchema),
});
export type ConfigFile = z.infer<typeof ConfigSchema>;

/** The set-up with every default applied. */
export interface LocalizeConfig {
  /** Absolute path of the folder holding doc-translate.json. */
  folder: string;
  source: string;
  include: string[];
  exclude: string[];
  files: string[];
  sourceLanguage: string;
  targetLanguages: string[];
  layout: LayoutSpec;
  engine: string;
  frontMatterKeys: string[];
  keepBase: boolean;
  estimateMillicreditsPerChar: number;
  /** Whether the framework's own config is read to leave out every locale's translations and its non-documentation files. */
  detect?: boolean;
  /** The front matter keys of the reader labels; false or absent: no labels (see trust/labels.ts). */
  labels?: LabelKeys | false;
  /** Terms never translated and translations to use; checked after every answer (trust/terms.ts). */
  terms?: Terms;
}

export const DEFAULT_SOURCE: Record<string, string> = {
  docusaurus: 'docs',
  starlight: 'src/content/docs',
  vitepress: 'docs',
  'mkdocs-suffix': 'docs',
  'mkdocs-folder': 'docs/en',
  hugo: 'content',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates parsed JSON and applies defaults; throws ConfigError naming the offending field. */
export function resolveConfig(folder: string, raw: unknown): LocalizeConfig {
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown setting ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : field === 'layout'
          ? `must be one of ${LAYOUT_NAMES.map((n) => JSON.stringify(n)).join(', ')} or { "pattern": "…\${lang}…" }, got ${JSON.stringify((raw as { layout?: unknown } | null)?.layout)}`
          : issue.message;
    throw new ConfigError(`${CONFIG_FILE}: ${field}: ${message}`);
  }
  const c = parsed.data;
  const layout: LayoutSpec = typeof c.layout === 'string' ? c.layout : { pattern: c.layout.pattern };
  const source = (c.source ?? (typeof layout === 'string' ? DEFAULT_SOURCE[layout] : '.') ?? '.').replace(/\/+$/, '') || '.';
  const langs = [...new Set(c.targetLanguages)];
  if (c.sourceLanguage !== undefined && langs.includes(c.sourceLanguage)) {
    throw new ConfigError(`${CONFIG_FILE}: targetLanguages: must not include the source language ${c.sourceLanguage}`);
  }
  return {
    folder,
    source,
    include: c.include ?? ['**/*.md', '**/*.mdx'],
    exclude: c.exclude ?? ['**/node_modules/**', '**/.*/**'],
    files: c.files ?? ['**/*.{html,htm,pdf,docx}'],
    sourceLanguage: c.sourceLanguage ?? 'auto',
    targetLanguages: langs,
    layout,
    engine: c.engine ?? 'xr-397b',
    frontMatterKeys: frontMatterKeysFor(layout, c.frontMatterKeys),
    keepBase: c.keepBase ?? true,
    estimateMillicreditsPerChar: c.estimateMillicreditsPerChar ?? 1,
    detect: c.detect ?? true,
    labels: labelKeysOf(c.labels),
    terms: c.terms === undefined ? undefined : resolveTerms(c.terms, langs, (m) => new ConfigError(`${CONFIG_FILE}: ${m}`)),
  };
}

/** Reads and validates `<folder>/doc-translate.json`; a relative folder is taken from the current directory, as it is now. */
export async function loadConfig(folder: string): Promise<LocalizeConfig> {
  const root = resolve(folder);
  let text: string;
  try {
    text = await readFile(join(root, CONFIG_FILE), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `no ${CONFIG_FILE} in ${folder}` : `cannot read ${CONFIG_FILE}: ${String(err)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${CONFIG_FILE} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return resolveConfig(root, raw);
}
