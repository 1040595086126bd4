/** Docusaurus: a site configured by a JS/TS module, read with `readJsModule` (never run). */
import { Computed, get, type Lit } from './literal.ts';
import { COMMON_EXCLUSIONS, under, unreadable, type Exclusion, type SiteLocale, type SiteModel, type SourceSet, type Unreadable } from './model.ts';
import type { SiteContext } from './context.ts';

import { finish, parseModule, str, strings } from './jsconfig.ts';

export async function readDocusaurus(ctx: SiteContext, configFile: string): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const cfg = parseModule(configFile, text, bad)?.default;
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
      lang: folder !== code ? code : undefined,
      label: str(labelV),
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
