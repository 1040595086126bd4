/** VitePress: a site configured by a JS/TS module, read with `readJsModule` (never run). */
import { Computed, get, isObject } from './literal.ts';
import { COMMON_EXCLUSIONS, join, under, unreadable, type Exclusion, type SiteLocale, type SiteModel, type SourceSet, type Unreadable } from './model.ts';
import type { SiteContext } from './context.ts';

import { finish, locationsGlob, parseModule, str, strings } from './jsconfig.ts';

export async function readVitePress(ctx: SiteContext, configFile: string): Promise<SiteModel> {
  const bad: Unreadable[] = [];
  const notes: string[] = [];
  const text = (await ctx.read(configFile)) ?? '';
  const cfg = parseModule(configFile, text, bad)?.default;
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
      lang: lang !== folder ? lang : undefined,
      label,
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
