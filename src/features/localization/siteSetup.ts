// Set Up Localization… and Add Language… on a documentation site read from its framework's own
// config (the engine's site model): what was found, said as the CLI's `init` says it; the target
// languages preselected; doc-translate.json written or changed; and what the framework's config
// needs for a language it does not build yet. Pure (no vscode import).
import type { Proposal, SiteModel } from '../../localize/index.ts';
import { t } from '../../platform/l10n.ts';
import { languageName } from '../../platform/languages.ts';

export type SiteSummary = Pick<SiteModel, 'framework' | 'siteRoot' | 'configFile' | 'sourceLanguage' | 'locales' | 'unreadable' | 'layoutGap' | 'notes'> & {
  sourceSets: readonly Pick<SiteModel['sourceSets'][number], 'dir' | 'role'>[];
  proposal?: Pick<Proposal, 'source' | 'sourceLanguage' | 'targetLanguages' | 'layout'> | undefined;
};

const FRAMEWORK_NAMES: Record<SiteModel['framework'], string> = {
  docusaurus: 'Docusaurus',
  starlight: 'Starlight (Astro)',
  vitepress: 'VitePress',
  mkdocs: 'MkDocs',
  hugo: 'Hugo',
};

export function frameworkName(f: SiteModel['framework']): string {
  return FRAMEWORK_NAMES[f];
}

/** A path below the workspace folder the site was found in ('' = that folder). */
export function atSite(siteRoot: string, rel: string): string {
  if (siteRoot === '') return rel === '' ? '.' : rel;
  return rel === '' || rel === '.' ? siteRoot : `${siteRoot}/${rel}`;
}

/** "Docusaurus at website/ (docusaurus.config.js)". */
export function siteLabel(site: Pick<SiteModel, 'framework' | 'siteRoot' | 'configFile'>): string {
  return t('{0} at {1}/ ({2})', frameworkName(site.framework), site.siteRoot === '' ? '.' : site.siteRoot, site.configFile);
}

const layoutText = (l: unknown): string => (typeof l === 'string' ? l : JSON.stringify(l));

/**
 * What was read from the framework's config, one line each, as `localize init` prints it: the
 * framework, its config file, the source folder, the source language, the locales found, the
 * layout, and every value that could not be read with the setting of doc-translate.json to add.
 */
export function siteFindings(site: SiteSummary, sourcePages?: number): string[] {
  const at = (p: string): string => atSite(site.siteRoot, p);
  const lines = [
    t('Framework: {0}', frameworkName(site.framework)),
    t('Config file: {0}', at(site.configFile)),
    t('Source folder: {0}', site.sourceSets.length === 0 ? t('(none)') : site.sourceSets.map((s) => at(s.dir)).join(', ')),
    t('Source language: {0}', site.sourceLanguage),
    t(
      'Locales found: {0}',
      site.locales.length === 0 ? t('(none)') : site.locales.map((l) => `${l.code}${l.built === false ? ` (${t('not built')})` : ''}`).join(', '),
    ),
    t('Layout: {0}', site.proposal !== undefined ? layoutText(site.proposal.layout) : t('(none: {0})', site.layoutGap ?? t('see below'))),
  ];
  if (sourcePages !== undefined) lines.splice(3, 0, t('Source pages: {0}', sourcePages));
  for (const u of site.unreadable) lines.push(t('Not readable: {0}', u.message));
  for (const n of site.notes) lines.push(n);
  return lines;
}

/**
 * The target languages offered first and checked: what doc-translate.json already configures (a
 * second Set Up), else the site's own locales, else the user's target language (or German).
 */
export function preselectedLanguages(p: {
  configured?: readonly string[] | undefined;
  site?: SiteSummary | undefined;
  fallback: string;
  sourceLanguage: string;
}): string[] {
  if (p.configured !== undefined && p.configured.length > 0) return [...p.configured];
  const fromSite = p.site?.proposal?.targetLanguages ?? p.site?.locales.map((l) => l.code) ?? [];
  if (fromSite.length > 0) return [...fromSite];
  return [p.fallback !== p.sourceLanguage ? p.fallback : 'de'];
}

/** The language list of the picker: the preselected ones first (checked), then the site's other locales, then the common codes. */
export function languageChoices(p: {
  preselected: readonly string[];
  site?: SiteSummary | undefined;
  common: readonly string[];
  sourceLanguage: string;
  exclude?: readonly string[];
}): { code: string; picked: boolean; inSite: boolean }[] {
  const siteCodes = new Set(p.site?.locales.map((l) => l.code) ?? []);
  const skip = new Set([p.sourceLanguage, ...(p.exclude ?? [])]);
  const out: { code: string; picked: boolean; inSite: boolean }[] = [];
  const seen = new Set<string>();
  const add = (code: string, picked: boolean): void => {
    if (seen.has(code) || skip.has(code)) return;
    seen.add(code);
    out.push({ code, picked, inSite: siteCodes.has(code) });
  };
  for (const c of p.preselected) add(c, true);
  for (const c of siteCodes) add(c, false);
  for (const c of p.common) add(c, false);
  return out;
}

/** The doc-translate.json of a site from its proposal, as `localize init` writes it. */
export function siteConfig(proposal: Pick<Proposal, 'source' | 'sourceLanguage' | 'layout'>, targetLanguages: readonly string[]): Record<string, unknown> {
  const json: Record<string, unknown> = { source: proposal.source };
  // The language sent as source_lang: its primary subtag (en-US → en), which translation services take.
  const sourceLanguage = proposal.sourceLanguage === 'auto' ? 'auto' : proposal.sourceLanguage.split(/[-_]/)[0]!.toLowerCase();
  const langs = [...new Set(targetLanguages)].filter((l) => l !== sourceLanguage);
  if (sourceLanguage !== 'auto') json['sourceLanguage'] = sourceLanguage;
  json['targetLanguages'] = langs;
  json['layout'] = proposal.layout;
  return json;
}

/**
 * doc-translate.json with other target languages: every other key kept as written (order and
 * values); throws when the text is not a JSON object.
 */
export function withTargetLanguages(text: string, targetLanguages: readonly string[]): string {
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(t('doc-translate.json is not a JSON object'));
  const obj = parsed as Record<string, unknown>;
  const langs = [...new Set(targetLanguages)];
  const out: Record<string, unknown> = 'targetLanguages' in obj ? {} : { ...obj, targetLanguages: langs };
  if ('targetLanguages' in obj) for (const [k, v] of Object.entries(obj)) out[k] = k === 'targetLanguages' ? langs : v;
  const indent = /^[ \t]*\{\s*\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return `${JSON.stringify(out, null, indent)}\n`;
}

/** The target languages a doc-translate.json text names ([] when it names none or cannot be read). */
export function configuredLanguages(text: string | undefined): string[] {
  if (text === undefined) return [];
  try {
    const v = (JSON.parse(text) as { targetLanguages?: unknown }).targetLanguages;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
  } catch {
    return [];
  }
}

export interface FrameworkNeeds {
  /** The framework config to edit, relative to the workspace folder. */
  file: string;
  /** The setting, as a key path. */
  setting: string;
  /** The languages it does not declare yet. */
  languages: string[];
  /** What to add there. */
  snippet: string;
  /** The snippet's language for a Markdown fence. */
  fence: string;
}

const nativeName = (code: string): string => {
  const n = languageName(code, code);
  return n.length > 0 ? n.charAt(0).toLocaleUpperCase(code) + n.slice(1) : code;
};

/**
 * What the framework's own config must declare so the site builds these languages (nothing when it
 * declares them all): Docusaurus `i18n.locales`, Starlight `locales`, VitePress `locales`, Hugo
 * `languages`, MkDocs (i18n plugin) `languages`. Said, never written: a JS config is never run or
 * rewritten.
 */
export function frameworkNeeds(
  site: Pick<SiteModel, 'framework' | 'siteRoot' | 'configFile' | 'sourceLanguage' | 'locales'>,
  languages: readonly string[],
): FrameworkNeeds | undefined {
  const declared = new Set(site.locales.flatMap((l) => [l.code, ...(l.lang !== undefined ? [l.lang] : [])]).map((c) => c.toLowerCase()));
  const missing = languages.filter((l) => !declared.has(l.toLowerCase()) && l.toLowerCase() !== site.sourceLanguage.toLowerCase());
  if (missing.length === 0) return undefined;
  const file = atSite(site.siteRoot, site.configFile);
  const q = (s: string): string => JSON.stringify(s);
  switch (site.framework) {
    case 'docusaurus': {
      const all = [site.sourceLanguage, ...site.locales.map((l) => l.code), ...missing];
      return {
        file,
        setting: 'i18n.locales',
        languages: missing,
        fence: 'js',
        snippet: `i18n: {\n  defaultLocale: ${q(site.sourceLanguage)},\n  locales: [${all.map(q).join(', ')}],\n},`,
      };
    }
    case 'starlight':
      return {
        file,
        setting: 'starlight({ locales })',
        languages: missing,
        fence: 'js',
        snippet: `locales: {\n${missing.map((l) => `  ${q(l.toLowerCase())}: { label: ${q(nativeName(l))}, lang: ${q(l)} },`).join('\n')}\n},`,
      };
    case 'vitepress':
      return {
        file,
        setting: 'locales',
        languages: missing,
        fence: 'js',
        snippet: `locales: {\n${missing.map((l) => `  ${q(l.toLowerCase())}: { label: ${q(nativeName(l))}, lang: ${q(l)} },`).join('\n')}\n},`,
      };
    case 'hugo': {
      if (/\.ya?ml$/.test(site.configFile))
        return {
          file,
          setting: 'languages',
          languages: missing,
          fence: 'yaml',
          snippet: `languages:\n${missing.map((l) => `  ${l}:\n    languageName: ${nativeName(l)}`).join('\n')}`,
        };
      if (/\.json$/.test(site.configFile))
        return {
          file,
          setting: 'languages',
          languages: missing,
          fence: 'json',
          snippet: `"languages": {\n${missing.map((l) => `  ${q(l)}: { "languageName": ${q(nativeName(l))} }`).join(',\n')}\n}`,
        };
      return {
        file,
        setting: 'languages',
        languages: missing,
        fence: 'toml',
        snippet: missing.map((l) => `[languages.${l}]\nlanguageName = ${q(nativeName(l))}`).join('\n\n'),
      };
    }
    case 'mkdocs':
      return {
        file,
        setting: 'plugins: i18n: languages',
        languages: missing,
        fence: 'yaml',
        snippet: `plugins:\n  - i18n:\n      languages:\n${missing.map((l) => `        - locale: ${l}\n          name: ${nativeName(l)}\n          build: true`).join('\n')}`,
      };
  }
}

/** The Markdown page that says what to add where. */
export function frameworkNeedsPage(n: FrameworkNeeds, framework: SiteModel['framework']): string {
  return [
    `# ${t('Add {0} to {1}', n.languages.join(', '), n.file)}`,
    '',
    t(
      '{0} builds only the languages its own config declares. Add these to {1} in {2} (Doc Translate never runs or rewrites that file):',
      frameworkName(framework),
      `\`${n.setting}\``,
      `\`${n.file}\``,
    ),
    '',
    `\`\`\`${n.fence}`,
    n.snippet,
    '```',
    '',
  ].join('\n');
}
