/**
 * `init`: reads the documentation framework's own config (site/), says what it read, and writes a
 * doc-translate.json for the site at the site's root (never over an existing one) and
 * `.doc-translate/.gitignore`, both through the guarded layer. The targets are `--lang`, else the
 * locales the site already has. Exclusions are not copied into doc-translate.json: every run reads
 * them from the framework's config (`"detect": false` turns that off).
 */
import { join } from 'node:path';
import { ChangedError, EXPECT_ABSENT, GuardedRoot } from '../shared/guardedFs.ts';
import { CONFIG_FILE, ConfigError, resolveConfig } from './config.ts';
import { isLanguageCode, sourcePages, type SiteModel } from './site/index.ts';
import { guardedSiteIo, siteRulesFor } from './site/rules.ts';

export const GITIGNORE = '.doc-translate/.gitignore';

export interface InitIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface InitOptions {
  langs?: string[];
  /** Write without asking (needed when not on a terminal). */
  yes: boolean;
  /** stdin and stdout are a terminal. */
  interactive: boolean;
  json: boolean;
}

/** Creates `.doc-translate/.gitignore` (`*`) unless it exists; true when written. */
export async function writeGitignore(root: GuardedRoot, dir = ''): Promise<boolean> {
  try {
    await root.write(join(dir, GITIGNORE), '*\n', EXPECT_ABSENT);
    return true;
  } catch (err) {
    if (err instanceof ChangedError || (err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

const layoutText = (l: unknown): string => (typeof l === 'string' ? l : JSON.stringify(l));

export async function runInit(folder: string, opts: InitOptions, io: InitIo): Promise<number> {
  let root: GuardedRoot;
  try {
    root = await GuardedRoot.open(folder);
  } catch {
    throw new ConfigError(`${folder} is not a folder`);
  }
  const readText = (rel: string): Promise<string | undefined> => root.readText(rel);
  const rules = await siteRulesFor(root, readText);
  const sites = rules.sites;
  if (rules.broken.length > 0) {
    for (const b of rules.broken) io.err(`localize: ${b.message}`);
    return 2;
  }
  if (sites.length === 0) {
    io.err(
      `localize: no documentation site found in ${folder} (looked for docusaurus.config.*, astro.config.* with Starlight, .vitepress/config.*, mkdocs.yml, hugo.* / config.*, at the top and one folder down); nothing written. Write ${CONFIG_FILE} by hand (see src/localize/README.md)`,
    );
    return 2;
  }
  if (sites.length > 1) {
    io.err(`localize: ${sites.length} documentation sites found; run init on one of them (nothing written):`);
    for (const s of sites) io.err(`  ${s.framework} at ${s.siteRoot === '' ? '.' : s.siteRoot}/ (${s.configFile})`);
    return 2;
  }
  const site: SiteModel = sites[0]!;
  const at = (p: string): string => (site.siteRoot === '' ? p : `${site.siteRoot}/${p}`);
  const files = await guardedSiteIo(root, readText).listFiles(site.siteRoot);
  const pages = sourcePages(site, files);
  const lines: string[] = [];
  lines.push(`framework:       ${site.framework}`);
  lines.push(`config file:     ${at(site.configFile)}`);
  lines.push(`source folder:   ${site.sourceSets.map((s) => `${at(s.dir || '.')} (${s.role})`).join(', ') || '(none)'}`);
  lines.push(`source language: ${site.sourceLanguage}`);
  lines.push(`source pages:    ${pages.length}`);
  lines.push(
    `locales:         ${site.locales.length === 0 ? '(none)' : site.locales.map((l) => `${l.code}${l.lang !== undefined ? ` (${l.lang})` : ''}${l.built === false ? ' [not built]' : ''}`).join(', ')}`,
  );
  lines.push(`layout:          ${site.proposal !== undefined ? layoutText(site.proposal.layout) : `(none: ${site.layoutGap ?? 'see below'})`}`);
  for (const l of site.locales) lines.push(`  ${l.code}: ${l.locations.map(at).join(', ')}`);
  if (site.exclusions.length > 0) {
    lines.push("left out on every run (from the framework's config):");
    for (const e of site.exclusions) lines.push(`  ${at(e.glob)}: ${e.reason}`);
  }
  for (const w of rules.undeclared) lines.push(`warning: ${w.message}; never translated`);
  for (const u of site.unreadable) lines.push(`unreadable: ${u.message}`);
  for (const n of site.notes) lines.push(`note: ${n}`);
  if (!opts.json) for (const l of lines) io.out(l);

  const target = at(CONFIG_FILE);
  if (site.proposal === undefined) {
    io.err(
      `localize: the layout or the locales could not be read (see above); nothing written. Write ${target} with source, sourceLanguage, targetLanguages and layout`,
    );
    return 2;
  }
  const langs = opts.langs ?? site.proposal.targetLanguages;
  if (langs.length === 0) {
    io.err('localize: the site has no locale besides its source language; give the languages to translate into with --lang de,fr (nothing written)');
    return 2;
  }
  const json: Record<string, unknown> = { source: site.proposal.source };
  // The language sent as source_lang: its primary subtag (en-US → en), which translation services take.
  const sourceLanguage = site.proposal.sourceLanguage === 'auto' ? 'auto' : site.proposal.sourceLanguage.split(/[-_]/)[0]!.toLowerCase();
  if (sourceLanguage !== 'auto' && !langs.includes(sourceLanguage)) json['sourceLanguage'] = sourceLanguage;
  json['targetLanguages'] = langs;
  json['layout'] = site.proposal.layout;
  try {
    resolveConfig(join(folder, site.siteRoot), json);
  } catch (err) {
    io.err(`localize: ${err instanceof Error ? err.message : String(err)} (as read from ${at(site.configFile)}); nothing written`);
    return 2;
  }
  for (const l of langs)
    if (!isLanguageCode(l) && !site.locales.some((x) => x.code === l)) io.err(`localize: warning: ${l} does not look like a language code`);
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (opts.json)
    io.out(
      JSON.stringify({
        site: {
          framework: site.framework,
          siteRoot: site.siteRoot,
          configFile: site.configFile,
          sourceLanguage: site.sourceLanguage,
          locales: site.locales,
          sourcePages: pages.length,
          unreadable: site.unreadable,
          undeclared: rules.undeclared,
        },
        config: json,
        file: target,
      }),
    );
  if ((await root.readText(target)) !== undefined) {
    io.err(`localize: ${target} already exists; nothing written (edit it, or delete it and run init again)`);
    return 2;
  }
  if (!opts.yes && !opts.interactive) {
    if (!opts.json) {
      io.out(`${target} (not written: not on a terminal; run again with --yes to write it):`);
      for (const l of text.trimEnd().split('\n')) io.out(l);
    }
    return 0;
  }
  try {
    await root.write(target, text, EXPECT_ABSENT);
  } catch (err) {
    if (err instanceof ChangedError) {
      io.err(`localize: ${target} appeared meanwhile; nothing written`);
      return 2;
    }
    throw err;
  }
  const ignored = await writeGitignore(root, site.siteRoot);
  if (!opts.json) {
    io.out(`wrote ${target}${ignored ? ` and ${at(GITIGNORE)}` : ''}:`);
    for (const l of text.trimEnd().split('\n')) io.out(l);
    const dir = join(folder, site.siteRoot);
    io.out(`next: localize adopt ${dir} (records the existing translations), then localize ${dir} --dry-run`);
  }
  return 0;
}
