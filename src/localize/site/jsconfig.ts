/** Docusaurus, Starlight and VitePress: sites configured by a JS/TS module, read with `readJsModule`. */
import { Computed, get, findCalls, isObject, ParseError, readJsModule, type JsModule, type Lit } from './literal.ts';
import {
  COMMON_EXCLUSIONS,
  dirOf,
  join,
  under,
  unreadable,
  type Exclusion,
  type SiteLocale,
  type SiteModel,
  type SourceSet,
  type Unreadable,
} from './model.ts';
import type { SiteContext } from './context.ts';

function parseModule(ctx: SiteContext, file: string, text: string, bad: Unreadable[]): JsModule | undefined {
  try {
    return readJsModule(text);
  } catch (err) {
    bad.push({
      file,
      key: '(file)',
      message: `${file} could not be parsed (${err instanceof ParseError ? err.message : String(err)}); set source, sourceLanguage, targetLanguages and layout in doc-translate.json`,
    });
    void ctx;
    return undefined;
  }
}

const str = (v: Lit): string | undefined => (typeof v === 'string' ? v : undefined);

function strings(v: Lit): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

function locationsGlob(locales: SiteLocale[]): string[] {
  return [...new Set(locales.flatMap((l) => l.locations))];
}

// ---------------------------------------------------------------------------------------------
// Docusaurus

export async function readDocusaurus(ctx: SiteContext, configFile: string): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const cfg = parseModule(ctx, configFile, text, bad)?.default;
  if (cfg instanceof Computed) unreadable(bad, configFile, '(config)', cfg, 'set source, sourceLanguage, targetLanguages and layout in doc-translate.json');

  const defaultLocaleV = get(cfg, 'i18n.defaultLocale');
  let sourceLanguage = str(defaultLocaleV) ?? 'en';
  if (defaultLocaleV instanceof Computed) {
    unreadable(bad, configFile, 'i18n.defaultLocale', defaultLocaleV, 'set "sourceLanguage" in doc-translate.json');
    sourceLanguage = 'auto';
  }
  const i18nPathV = get(cfg, 'i18n.path');
  const i18nPath = str(i18nPathV) ?? 'i18n';
  if (i18nPathV instanceof Computed)
    unreadable(bad, configFile, 'i18n.path', i18nPathV, 'the translations are assumed in i18n/; set "exclude" in doc-translate.json if they are elsewhere');

  const localesV = get(cfg, 'i18n.locales');
  let codes = strings(localesV);
  if (localesV instanceof Computed || (localesV !== undefined && codes === undefined)) {
    unreadable(
      bad,
      configFile,
      'i18n.locales',
      localesV instanceof Computed ? localesV : new Computed('not a list of strings', 0),
      'set "targetLanguages" in doc-translate.json',
    );
    codes = [...new Set(ctx.files.filter((f) => f.startsWith(`${i18nPath}/`)).map((f) => f.split('/')[i18nPath.split('/').length]!))];
    if (codes.length > 0) notes.push(`locales taken from the folders of ${i18nPath}/: ${codes.join(', ')}`);
  }
  codes ??= [sourceLanguage];

  const locales: SiteLocale[] = [];
  for (const code of codes) {
    if (code === sourceLanguage) continue;
    const pathV = get(cfg, `i18n.localeConfigs.${code}.path`);
    const folder = str(pathV) ?? code;
    const labelV = get(cfg, `i18n.localeConfigs.${code}.label`);
    locales.push({
      code,
      ...(folder !== code ? { lang: code } : {}),
      ...(typeof labelV === 'string' ? { label: labelV } : {}),
      locations: [`${i18nPath}/${folder}/**`],
    });
    if (folder !== code) notes.push(`locale ${code} lives in ${i18nPath}/${folder}/ (i18n.localeConfigs.${code}.path)`);
  }

  // Content plugins: the classic preset's docs and blog, and plugin-content-docs/blog instances.
  interface Instance {
    kind: 'docs' | 'blog';
    id: string;
    options: Lit;
    key: string;
  }
  const instances: Instance[] = [];
  const entries = (key: string): { name: string; options: Lit; key: string }[] => {
    const list = get(cfg, key);
    if (list instanceof Computed) {
      unreadable(bad, configFile, key, list, 'set "source" in doc-translate.json');
      return [];
    }
    if (!Array.isArray(list)) return [];
    return list.flatMap((e, i) => {
      if (typeof e === 'string') return [{ name: e, options: undefined, key: `${key}[${i}]` }];
      if (Array.isArray(e) && typeof e[0] === 'string') return [{ name: e[0], options: e[1], key: `${key}[${i}][1]` }];
      return [];
    });
  };
  for (const p of entries('presets')) {
    if (!/(?:^|\/|-)classic$/.test(p.name)) continue;
    for (const kind of ['docs', 'blog'] as const) {
      const o = get(p.options, kind);
      if (o === false) continue;
      instances.push({ kind, id: 'default', options: o, key: `${p.key}.${kind}` });
    }
  }
  for (const p of entries('plugins')) {
    const kind = /plugin-content-docs$|^content-docs$/.test(p.name) ? 'docs' : /plugin-content-blog$|^content-blog$/.test(p.name) ? 'blog' : undefined;
    if (kind === undefined) continue;
    const idV = get(p.options, 'id');
    instances.push({ kind, id: str(idV) ?? 'default', options: p.options, key: p.key });
  }

  const sourceSets: SourceSet[] = [];
  for (const inst of instances) {
    const pathV = get(inst.options, 'path');
    if (pathV instanceof Computed) unreadable(bad, configFile, `${inst.key}.path`, pathV, 'set "source" in doc-translate.json');
    const dir = str(pathV) ?? inst.kind;
    const pluginDir = `docusaurus-plugin-content-${inst.kind}${inst.id === 'default' ? '' : `-${inst.id}`}`;
    if (inst.kind === 'blog') {
      if (ctx.hasDir(dir))
        sourceSets.push({ dir, role: 'blog', layout: { pattern: `${i18nPath}/\${lang}/${pluginDir}/\${rel}` }, target: `${i18nPath}/<l>/${pluginDir}/<rel>` });
      continue;
    }
    const fits = inst.id === 'default' && i18nPath === 'i18n';
    sourceSets.push({
      dir,
      role: 'docs',
      layout: fits ? 'docusaurus' : { pattern: `${i18nPath}/\${lang}/${pluginDir}/current/\${rel}` },
      target: `${i18nPath}/<l>/${pluginDir}/current/<rel>`,
    });
    // Versions: versions.json (or <id>_versions.json) and the versioned_docs/version-<v>/ folders.
    const prefix = inst.id === 'default' ? '' : `${inst.id}_`;
    const versions = new Set<string>();
    const vText = await ctx.read(`${prefix}versions.json`);
    if (vText !== undefined) {
      try {
        const v: unknown = JSON.parse(vText);
        if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') versions.add(x);
      } catch {
        bad.push({
          file: `${prefix}versions.json`,
          key: '(file)',
          message: `${prefix}versions.json is not valid JSON; versioned docs are taken from the ${prefix}versioned_docs/ folders`,
        });
      }
    }
    for (const f of ctx.files) {
      const m = new RegExp(`^${prefix}versioned_docs/version-([^/]+)/`).exec(f);
      if (m) versions.add(m[1]!);
    }
    for (const v of versions) {
      sourceSets.push({
        dir: `${prefix}versioned_docs/version-${v}`,
        role: 'versioned-docs',
        layout: { pattern: `${i18nPath}/\${lang}/${pluginDir}/version-${v}/\${rel}` },
        target: `${i18nPath}/<l>/${pluginDir}/version-${v}/<rel>`,
      });
    }
  }
  if (!sourceSets.some((s) => s.role === 'docs') && !instances.some((i) => i.kind === 'docs')) {
    sourceSets.unshift({ dir: 'docs', role: 'docs', layout: 'docusaurus', target: `${i18nPath}/<l>/docusaurus-plugin-content-docs/current/<rel>` });
    notes.push('no docs plugin found in presets or plugins: docs/ assumed');
  }

  const exclusions: Exclusion[] = [
    { glob: under(i18nPath), reason: 'translations of every locale (code.json, theme and plugin JSON, translated pages)' },
    { glob: 'build/**', reason: 'build output' },
    { glob: '.docusaurus/**', reason: 'generated files' },
    { glob: 'static/**', reason: 'static assets copied as they are' },
    {
      glob: 'src/**',
      reason:
        'React pages, components and styles (Markdown pages in src/pages are translated under i18n/<l>/docusaurus-plugin-content-pages, not by this set-up)',
    },
    { glob: '*versioned_sidebars/**', reason: 'sidebar definitions (their labels are translated in current.json / version-*.json)' },
    ...COMMON_EXCLUSIONS,
  ];
  const main = sourceSets.find((s) => s.role === 'docs');
  return finish(
    {
      framework: 'docusaurus',
      siteRoot: ctx.root,
      configFile,
      sourceLanguage,
      sourceSets,
      locales,
      translationGlobs: [under(i18nPath)],
      exclusions,
      pageExtensions: ['md', 'mdx'],
      unreadable: bad,
      notes,
    },
    main,
    locales.every((l) => l.lang === undefined)
      ? undefined
      : 'a locale whose folder differs from its code (i18n.localeConfigs.<l>.path) needs a layout with a language → folder map',
  );
}

// ---------------------------------------------------------------------------------------------
// Starlight

export async function readStarlight(ctx: SiteContext, configFile: string): Promise<SiteModel | undefined> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const mod = parseModule(ctx, configFile, text, bad);
  const cfg = mod?.default;
  const names = new Set(['starlight']);
  for (const [local, from] of mod?.imports ?? []) if (from === '@astrojs/starlight') names.add(local);
  const integrations = get(cfg, 'integrations');
  const calls = findCalls(integrations instanceof Computed && !integrations.call ? undefined : (integrations ?? cfg), (n) => names.has(n));
  if (mod !== undefined && calls.length === 0) {
    if (!/@astrojs\/starlight/.test(text)) return undefined;
    if (integrations instanceof Computed)
      unreadable(bad, configFile, 'integrations', integrations, 'set sourceLanguage, targetLanguages and layout in doc-translate.json');
    else
      bad.push({
        file: configFile,
        key: 'integrations',
        message: `${configFile}: the starlight() integration was not found among literal integrations; set sourceLanguage, targetLanguages and layout in doc-translate.json`,
      });
  }
  const opts = calls[0]?.call?.args[0];
  const key = 'integrations[starlight]';

  // The docs collection: src/content/docs unless its loader is glob({ base: '<literal>' }).
  let contentDir = 'src/content/docs';
  for (const f of [
    'src/content.config.ts',
    'src/content.config.mts',
    'src/content.config.js',
    'src/content.config.mjs',
    'src/content/config.ts',
    'src/content/config.mjs',
    'src/content/config.js',
  ]) {
    const t = await ctx.read(f);
    if (t === undefined) continue;
    try {
      const m = readJsModule(t);
      const loader = get(m.named.get('collections'), 'docs.loader');
      if (loader instanceof Computed && loader.call?.name === 'glob') {
        const base = get(loader.call.args[0], 'base');
        if (typeof base === 'string') contentDir = join(base);
        else if (base instanceof Computed) unreadable(bad, f, 'collections.docs.loader.base', base, 'set "source" in doc-translate.json');
      }
    } catch {
      notes.push(`${f} could not be parsed: the docs are assumed in src/content/docs`);
    }
    break;
  }

  const localesV = get(opts, 'locales');
  const defaultV = get(opts, 'defaultLocale');
  if (localesV instanceof Computed) unreadable(bad, configFile, `${key}.locales`, localesV, 'set "targetLanguages" in doc-translate.json');
  if (defaultV instanceof Computed) unreadable(bad, configFile, `${key}.defaultLocale`, defaultV, 'set "sourceLanguage" and "source" in doc-translate.json');
  const localeObj = isObject(localesV) ? localesV : {};
  const keys = Object.keys(localeObj);
  const defaultKey = str(defaultV) ?? (keys.includes('root') ? 'root' : undefined);
  const langOf = (k: string): string | undefined => str(get(localeObj[k], 'lang'));
  const sourceFolder = defaultKey === undefined || defaultKey === 'root' ? contentDir : join(contentDir, defaultKey);
  const sourceLanguage =
    defaultKey === undefined ? (keys.length === 0 ? 'auto' : 'auto') : (langOf(defaultKey) ?? (defaultKey === 'root' ? 'auto' : defaultKey));
  if (defaultKey === 'root' && langOf('root') === undefined) notes.push('the root locale has no lang: the source language is not known');

  const locales: SiteLocale[] = [];
  for (const k of keys) {
    if (k === defaultKey || k === 'root') continue;
    const lang = langOf(k);
    const label = str(get(localeObj[k], 'label'));
    locales.push({
      code: k,
      ...(lang !== undefined && lang !== k ? { lang } : {}),
      ...(label !== undefined ? { label } : {}),
      locations: [`${contentDir}/${k}/**`, `src/content/i18n/${lang ?? k}.json`],
    });
  }
  const uiSource = `src/content/i18n/${sourceLanguage}.json`;
  const layout = defaultKey === undefined || defaultKey === 'root' ? ('starlight' as const) : { pattern: `${contentDir}/\${lang}/\${rel}` };
  if (layout === 'starlight' && contentDir !== 'src/content/docs') notes.push(`the docs collection's base is ${contentDir}`);
  const sourceSets: SourceSet[] = [{ dir: sourceFolder, role: 'content', layout, target: `${contentDir}/<l>/<rel>` }];
  const translationGlobs = [...locationsGlob(locales)];
  if (locales.some((l) => l.lang !== undefined))
    notes.push(
      `folder names differ from lang: ${locales
        .filter((l) => l.lang)
        .map((l) => `${l.code} → ${l.lang!}`)
        .join(', ')}; targetLanguages are the folder names`,
    );
  const exclusions: Exclusion[] = [
    { glob: 'public/**', reason: 'static assets copied as they are' },
    { glob: 'dist/**', reason: 'build output' },
    { glob: '.astro/**', reason: 'generated types' },
    { glob: 'src/content/i18n/**', reason: `UI strings (JSON, one file per language; ${uiSource} is the source's)` },
    ...COMMON_EXCLUSIONS,
  ];
  return finish(
    {
      framework: 'starlight',
      siteRoot: ctx.root,
      configFile,
      sourceLanguage,
      sourceSets,
      locales,
      translationGlobs,
      exclusions,
      pageExtensions: ['md', 'mdx', 'mdoc'],
      unreadable: bad,
      notes,
    },
    sourceSets[0],
    undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// VitePress

export async function readVitePress(ctx: SiteContext, configFile: string): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const cfg = parseModule(ctx, configFile, text, bad)?.default;
  if (cfg instanceof Computed) unreadable(bad, configFile, '(config)', cfg, 'set source, sourceLanguage, targetLanguages and layout in doc-translate.json');
  const srcDirV = get(cfg, 'srcDir');
  if (srcDirV instanceof Computed) unreadable(bad, configFile, 'srcDir', srcDirV, 'set "source" in doc-translate.json');
  const srcDir = join(str(srcDirV) ?? '.');
  const localesV = get(cfg, 'locales');
  if (localesV instanceof Computed) unreadable(bad, configFile, 'locales', localesV, 'set "targetLanguages" in doc-translate.json');
  const localeObj = isObject(localesV) ? localesV : {};
  const rootLangV = get(localeObj, 'root.lang');
  const langV = get(cfg, 'lang');
  const sourceLanguage = str(rootLangV) ?? str(langV) ?? 'en-US';
  if (rootLangV === undefined && langV === undefined) notes.push('no lang set: VitePress defaults to en-US');

  // rewrites { '<dir>/:rest*': ':rest*' } serve <dir>/ at the root: the root locale's pages live in <dir>/.
  let rootSub = '';
  const rewrites = get(cfg, 'rewrites');
  if (rewrites instanceof Computed)
    unreadable(bad, configFile, 'rewrites', rewrites, 'set "source" in doc-translate.json (the folder of the root locale\'s pages)');
  else if (isObject(rewrites)) {
    for (const [from, to] of Object.entries(rewrites)) {
      const m = /^([^:*()]+)\/:(\w+)(\*|\(\.\*\))$/.exec(from);
      if (m && typeof to === 'string' && (to === `:${m[2]!}${m[3]!}` || to === `:${m[2]!}`)) rootSub = m[1]!;
      else notes.push(`rewrite ${from} → ${String(to)} is not a folder move and was not followed`);
    }
  }
  const locales: SiteLocale[] = [];
  for (const [k, v] of Object.entries(localeObj)) {
    if (k === 'root') continue;
    const link = str(get(v, 'link'));
    const folder = link !== undefined && /^\/[^/]+\/?$/.test(link) ? link.replace(/\//g, '') : k;
    const lang = str(get(v, 'lang'));
    const label = str(get(v, 'label'));
    locales.push({
      code: folder,
      ...(lang !== undefined && lang !== folder ? { lang } : {}),
      ...(label !== undefined ? { label } : {}),
      locations: [under(join(srcDir, folder))],
    });
  }
  const sourceDir = join(srcDir, rootSub);
  const layout = rootSub === '' ? ('vitepress' as const) : { pattern: `${srcDir === '' ? '' : `${srcDir}/`}\${lang}/\${rel}` };
  const exclusions: Exclusion[] = [
    { glob: '.vitepress/cache/**', reason: 'generated cache' },
    { glob: '.vitepress/dist/**', reason: 'build output' },
    { glob: '.vitepress/theme/**', reason: 'theme components and styles (templates, not pages)' },
    { glob: under(join(srcDir, 'public')), reason: 'static assets copied as they are' },
    ...COMMON_EXCLUSIONS,
  ];
  const srcExclude = get(cfg, 'srcExclude');
  if (srcExclude instanceof Computed) unreadable(bad, configFile, 'srcExclude', srcExclude, 'add the excluded pages to "exclude" in doc-translate.json');
  for (const g of strings(srcExclude) ?? []) exclusions.push({ glob: join(srcDir, g.replace(/^\.?\//, '')), reason: 'srcExclude in the VitePress config' });
  if (locales.some((l) => l.lang))
    notes.push(
      `folder names differ from lang: ${locales
        .filter((l) => l.lang)
        .map((l) => `${l.code} → ${l.lang!}`)
        .join(', ')}; targetLanguages are the folder names`,
    );
  const sourceSets: SourceSet[] = [{ dir: sourceDir, role: 'content', layout, target: `${join(srcDir, '<l>')}/<rel>` }];
  return finish(
    {
      framework: 'vitepress',
      siteRoot: ctx.root,
      configFile,
      sourceLanguage,
      sourceSets,
      locales,
      translationGlobs: locationsGlob(locales),
      exclusions,
      pageExtensions: ['md'],
      unreadable: bad,
      notes,
    },
    sourceSets[0],
    undefined,
  );
}

/** Fills in the proposal for the main source set. */
export function finish(m: Omit<SiteModel, 'proposal' | 'layoutGap'>, main: SourceSet | undefined, gap: string | undefined): SiteModel {
  const model: SiteModel = { ...m };
  if (gap !== undefined) model.layoutGap = gap;
  if (main?.layout !== undefined && gap === undefined) {
    model.proposal = {
      source: main.dir === '' ? '.' : main.dir,
      sourceLanguage: m.sourceLanguage,
      targetLanguages: m.locales.filter((l) => l.built !== false).map((l) => l.code),
      layout: main.layout,
      exclude: [
        '**/node_modules/**',
        '**/.*/**',
        ...m.exclusions.map((e) => e.glob).filter((g) => !m.translationGlobs.includes(g) && g !== '**/node_modules/**'),
      ],
    };
  }
  if (m.sourceSets.length > 1)
    model.notes = [
      ...m.notes,
      `more source folders than one doc-translate.json covers: ${m.sourceSets
        .filter((s) => s !== main)
        .map((s) => s.dir)
        .join(', ')} (one doc-translate.json each, with the layout given)`,
    ];
  void dirOf;
  return model;
}
