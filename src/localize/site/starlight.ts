/** Starlight: a site configured by a JS/TS module, read with `readJsModule` (never run). */
import { Computed, get, findCalls, isObject, readJsModule } from './literal.ts';
import { COMMON_EXCLUSIONS, join, unreadable, type Exclusion, type SiteLocale, type SiteModel, type SourceSet, type Unreadable } from './model.ts';
import type { SiteContext } from './context.ts';

import { finish, locationsGlob, parseModule, str } from './jsconfig.ts';

export async function readStarlight(ctx: SiteContext, configFile: string): Promise<SiteModel | undefined> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const mod = parseModule(configFile, text, bad);
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
      lang: lang !== k ? lang : undefined,
      label,
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
