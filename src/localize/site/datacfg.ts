/** MkDocs (mkdocs.yml with mkdocs-static-i18n) and Hugo (TOML / YAML / JSON, every config location). */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { SiteContext } from './context.ts';
import { finish } from './jsconfig.ts';
import { COMMON_EXCLUSIONS, join, under, type Exclusion, type SiteLocale, type SiteModel, type SourceSet, type Unreadable } from './model.ts';

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * YAML as MkDocs writes it: tags the `yaml` package does not know (`!!python/name:...`,
 * `!!python/object/apply:...`, `!ENV [VAR, default]`, `!relative`) are tolerated and read as the
 * plain value under them (a `!!python/name:x` scalar is empty; `!ENV [A, b]` is the list).
 */
export function parseMkdocsYaml(text: string): unknown {
  return parseYaml(text, { logLevel: 'error', uniqueKeys: false, maxAliasCount: 1000 });
}

// ---------------------------------------------------------------------------------------------
// MkDocs

export async function readMkdocs(ctx: SiteContext, configFile: string): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  let cfg: unknown;
  try {
    cfg = parseMkdocsYaml((await ctx.read(configFile)) ?? '');
  } catch (err) {
    bad.push({
      file: configFile,
      key: '(file)',
      message: `${configFile} is not valid YAML (${err instanceof Error ? err.message : String(err)}); set source, sourceLanguage, targetLanguages and layout in doc-translate.json`,
    });
  }
  const c = isData(cfg) ? cfg : {};
  const docsDir = join(str(c.docs_dir) ?? 'docs');
  const siteDir = join(str(c.site_dir) ?? 'site');
  // plugins: a list of names or { name: options }, or a mapping name → options.
  let i18n: unknown;
  const plugins = c.plugins;
  if (Array.isArray(plugins)) {
    for (const p of plugins)
      if (isData(p) && 'i18n' in p) i18n = p.i18n ?? {};
      else if (p === 'i18n') i18n = {};
  } else if (isData(plugins) && 'i18n' in plugins) i18n = plugins.i18n ?? {};

  const structure = isData(i18n) && i18n.docs_structure === 'folder' ? 'folder' : 'suffix';
  const locales: SiteLocale[] = [];
  let sourceLanguage = 'auto';
  const theme = isData(c.theme) ? c.theme : {};
  if (i18n === undefined) {
    sourceLanguage = str(theme.language) ?? 'auto';
    notes.push('no i18n plugin: a single-language site');
  } else if (isData(i18n)) {
    // mkdocs-static-i18n 1.x: languages: [{ locale, default, name, build }]; 0.x: default_language + languages: { code: name }.
    const list: { code: string; def: boolean; name?: string; build: boolean }[] = [];
    if (Array.isArray(i18n.languages)) {
      for (const l of i18n.languages) {
        if (isData(l) && typeof l.locale === 'string') {
          const name = str(l.name);
          list.push({ code: l.locale, def: l.default === true, name, build: l.build !== false });
        }
      }
    } else if (isData(i18n.languages)) {
      for (const [code, v] of Object.entries(i18n.languages)) {
        const name = str(v) ?? (isData(v) ? str(v.name) : undefined);
        list.push({ code, def: code === i18n.default_language, name, build: !(isData(v) && v.build === false) });
      }
    }
    const def = list.find((l) => l.def) ?? list.find((l) => l.code === i18n.default_language) ?? list[0];
    sourceLanguage = def?.code ?? 'auto';
    for (const l of list) {
      if (l === def) continue;
      const locations = structure === 'folder' ? [`${docsDir}/${l.code}/**`] : [under(docsDir, `**/*.${l.code}.*`)];
      locales.push({ code: l.code, label: l.name, locations, built: l.build });
    }
    if (list.length === 0) notes.push('the i18n plugin lists no languages');
  }

  const exclusions: Exclusion[] = [{ glob: under(siteDir), reason: 'build output (site_dir)' }];
  const customDir = str(theme.custom_dir);
  if (customDir !== undefined) exclusions.push({ glob: under(join(customDir)), reason: 'theme overrides (theme.custom_dir): templates, never sources' });
  const excludeDocs = str(c.exclude_docs);
  for (const line of (excludeDocs ?? '').split(/\r?\n/)) {
    const g = gitignoreLine(line, docsDir);
    if (g !== undefined) exclusions.push({ glob: g, reason: 'exclude_docs in mkdocs.yml' });
  }
  if (excludeDocs !== undefined && /^\s*!/m.test(excludeDocs)) notes.push('exclude_docs has negated (!) lines: they were not applied');
  exclusions.push(...COMMON_EXCLUSIONS);

  const sourceDir = structure === 'folder' && sourceLanguage !== 'auto' ? `${docsDir}/${sourceLanguage}` : docsDir;
  const layout = structure === 'folder' ? 'mkdocs-folder' : 'mkdocs-suffix';
  const sourceSets: SourceSet[] = [
    {
      dir: sourceDir,
      role: 'content',
      layout,
      target: structure === 'folder' ? `${docsDir}/<l>/<rel>` : `${docsDir}/<rel, with .<l> before its extension>`,
    },
  ];
  if (structure === 'suffix' && sourceLanguage !== 'auto')
    notes.push(`pages named *.${sourceLanguage}.md are sources too (the plugin's fallback for the default language)`);
  const model = finish(
    {
      framework: 'mkdocs',
      siteRoot: ctx.root,
      configFile,
      sourceLanguage,
      sourceSets,
      locales,
      translationGlobs: [...new Set(locales.flatMap((l) => l.locations))],
      exclusions,
      pageExtensions: ['md'],
      unreadable: bad,
      notes,
    },
    i18n === undefined ? undefined : sourceSets[0],
    undefined,
  );
  return model;
}

/** One .gitignore-style line of exclude_docs → a glob relative to the site root (undefined for blanks, comments, negations). */
function gitignoreLine(raw: string, docsDir: string): string | undefined {
  const line = raw.trim();
  if (line === '' || line.startsWith('#') || line.startsWith('!')) return undefined;
  const dirOnly = line.endsWith('/');
  let body = line.replace(/\/+$/, '');
  const anchored = body.startsWith('/') || body.includes('/');
  body = body.replace(/^\/+/, '');
  const pattern = anchored ? body : `**/${body}`;
  return join(docsDir, dirOnly ? `${pattern}/**` : `{${pattern},${pattern}/**}`);
}

// ---------------------------------------------------------------------------------------------
// Hugo

const HUGO_ROOT_FILES = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json'];
const EXTS = ['toml', 'yaml', 'yml', 'json'];

export function hugoConfigFiles(files: ReadonlySet<string> | readonly string[]): string[] {
  const has = (f: string): boolean => (Array.isArray(files) ? files.includes(f) : (files as ReadonlySet<string>).has(f));
  const out: string[] = [];
  const root = HUGO_ROOT_FILES.find(has); // Hugo reads the first of these it finds
  if (root !== undefined) out.push(root);
  for (const base of ['hugo', 'config', 'languages']) for (const e of EXTS) if (has(`config/_default/${base}.${e}`)) out.push(`config/_default/${base}.${e}`);
  return out;
}

function parseData(file: string, text: string): unknown {
  if (file.endsWith('.toml')) return parseToml(text);
  if (file.endsWith('.json')) return JSON.parse(text);
  return parseYaml(text, { logLevel: 'error' });
}

/** Hugo's keys are case-insensitive: merges with lower-cased keys, later files winning key by key. */
function mergeLower(into: Data, from: Data): void {
  for (const [k, v] of Object.entries(from)) {
    const key = k.toLowerCase();
    if (isData(v)) {
      const cur = isData(into[key]) ? (into[key] as Data) : {};
      mergeLower(cur, v);
      into[key] = cur;
    } else into[key] = v;
  }
}

export async function readHugo(ctx: SiteContext, configFiles: string[]): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const cfg: Data = {};
  for (const f of configFiles) {
    let data: unknown;
    try {
      data = parseData(f, (await ctx.read(f)) ?? '');
    } catch (err) {
      bad.push({
        file: f,
        key: '(file)',
        message: `${f} could not be parsed (${err instanceof Error ? err.message : String(err)}); set source, sourceLanguage, targetLanguages and layout in doc-translate.json`,
      });
      continue;
    }
    if (!isData(data)) continue;
    if (/^config\/_default\/languages\./.test(f)) mergeLower(cfg, { languages: data });
    else mergeLower(cfg, data);
  }
  const contentDir = join(str(cfg.contentdir) ?? 'content');
  const sourceLanguage = (str(cfg.defaultcontentlanguage) ?? 'en').toLowerCase();
  const languages = isData(cfg.languages) ? cfg.languages : {};
  const dirOf = (code: string): string => {
    const l = languages[code];
    return join((isData(l) ? str(l.contentdir) : undefined) ?? contentDir);
  };
  const sourceDir = dirOf(sourceLanguage);
  const locales: SiteLocale[] = [];
  const byFolder: { code: string; dir: string }[] = [];
  for (const [code, v] of Object.entries(languages)) {
    if (code === sourceLanguage) continue;
    const dir = dirOf(code);
    const lc = isData(v) ? (str(v.languagecode) ?? str(v.locale)) : undefined;
    const label = isData(v) ? (str(v.languagename) ?? str(v.label)) : undefined;
    const disabled = isData(v) && v.disabled === true;
    const locations = dir === sourceDir ? [under(sourceDir, `**/*.${code}.*`)] : [under(dir)];
    locations.push(`i18n/${code}.{toml,yaml,yml,json}`);
    locales.push({
      code,
      lang: lc !== undefined && lc.toLowerCase() !== code ? lc : undefined,
      label,
      locations,
      built: !disabled,
    });
    if (dir !== sourceDir) byFolder.push({ code, dir });
  }
  if (Object.keys(languages).length > 0 && !(sourceLanguage in languages)) notes.push(`defaultContentLanguage ${sourceLanguage} is not among languages`);
  if (cfg.defaultcontentlanguageinsubdir === true)
    notes.push(`defaultContentLanguageInSubdir: the ${sourceLanguage} pages are served under /${sourceLanguage}/ (paths of the sources do not change)`);
  if (isData(cfg.module) && Array.isArray(cfg.module.mounts)) notes.push('module.mounts are set: content mounted from other folders is not followed');

  // Two schemes: one content folder per language (languages.<l>.contentDir), or x.<l>.md beside x.md.
  let layout: SourceSet['layout'];
  let gap: string | undefined;
  const parent = sourceDir.includes('/') ? sourceDir.slice(0, sourceDir.lastIndexOf('/')) : '';
  if (byFolder.length === 0) layout = 'hugo';
  else if (byFolder.length === locales.length && byFolder.every((l) => l.dir === join(parent, l.code)))
    layout = { pattern: `${parent === '' ? '' : `${parent}/`}\${lang}/\${rel}` };
  else
    gap = `languages use content folders that are not <parent>/<code> (${byFolder.map((l) => `${l.code} → ${l.dir}`).join(', ')}) or mix both schemes: a layout with a language → folder map is needed`;
  const sourceSets: SourceSet[] = [
    {
      dir: sourceDir,
      role: 'content',
      layout,
      target: byFolder.length === 0 ? `${sourceDir}/<rel, with .<l> before its extension>` : `<languages.<l>.contentDir>/<rel>`,
    },
  ];
  const exclusions: Exclusion[] = [
    { glob: 'public/**', reason: 'build output (Hugo writes the site to public/)' },
    { glob: 'resources/_gen/**', reason: 'generated resources' },
    { glob: 'layouts/**', reason: 'templates' },
    { glob: 'themes/**', reason: 'themes (templates)' },
    { glob: 'archetypes/**', reason: 'templates for new content' },
    { glob: 'static/**', reason: 'static assets copied as they are' },
    { glob: 'assets/**', reason: 'assets processed by Hugo Pipes' },
    { glob: 'data/**', reason: 'data files' },
    { glob: 'i18n/**', reason: 'UI strings, one file per language' },
    ...COMMON_EXCLUSIONS,
  ];
  const translationGlobs = [...new Set(locales.flatMap((l) => l.locations))];
  return finish(
    {
      framework: 'hugo',
      siteRoot: ctx.root,
      configFile: configFiles[0] ?? '',
      sourceLanguage,
      sourceSets,
      locales,
      translationGlobs,
      exclusions,
      pageExtensions: ['md', 'markdown'],
      unreadable: bad,
      notes,
    },
    sourceSets[0],
    gap,
  );
}
