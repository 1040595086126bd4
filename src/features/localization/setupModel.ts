// Set Up Localization…: the layouts offered (detected one first) and the doc-translate.json written.
// Pure (no vscode import).
import type { Detected, LayoutName } from '../../localize/index.ts';
import { t } from '../../platform/l10n.ts';

export interface LayoutChoice {
  layout: LayoutName | 'pattern';
  label: string;
  /** The mapping, as in src/localize/README.md. */
  mapping: string;
  /** The source folder proposed with it. */
  source: string;
  detected?: string;
}

/** The layouts offered (a function: the generic one's label follows the display language). */
const layouts = (): readonly LayoutChoice[] => [
  { layout: 'docusaurus', label: 'Docusaurus', mapping: 'docs/a/b.md → i18n/<lang>/docusaurus-plugin-content-docs/current/a/b.md', source: 'docs' },
  { layout: 'starlight', label: 'Starlight (Astro)', mapping: 'src/content/docs/a.md → src/content/docs/<lang>/a.md', source: 'src/content/docs' },
  { layout: 'vitepress', label: 'VitePress', mapping: 'docs/a.md → docs/<lang>/a.md', source: 'docs' },
  { layout: 'mkdocs-suffix', label: 'MkDocs (i18n suffix)', mapping: 'docs/a.md → docs/a.<lang>.md', source: 'docs' },
  { layout: 'mkdocs-folder', label: 'MkDocs (i18n folders)', mapping: 'docs/en/a.md → docs/<lang>/a.md', source: 'docs/en' },
  { layout: 'hugo', label: 'Hugo', mapping: 'content/a.md → content/a.<lang>.md', source: 'content' },
  {
    layout: 'pattern',
    label: t('A folder per language next to each file'),
    mapping: 'docs/a.md → docs/<lang>/a.md (pattern ${dir}/${lang}/${name})',
    source: 'docs',
  },
];

/** Every layout, the detected one first and marked with the file that gave it away. */
export function layoutChoices(detected: Detected | undefined): LayoutChoice[] {
  const LAYOUTS = layouts();
  if (detected === undefined) return [...LAYOUTS];
  const found = LAYOUTS.find((l) => l.layout === detected.layout)!;
  return [{ ...found, source: detected.source, detected: detected.evidence }, ...LAYOUTS.filter((l) => l !== found)];
}

export interface SetupAnswers {
  layout: LayoutName | 'pattern';
  source: string;
  sourceLanguage: string;
  targetLanguages: string[];
}

/** The doc-translate.json text: data only, stable key order, two-space indent, final newline. */
export function configText(a: SetupAnswers): string {
  const config = {
    source: normalizeSource(a.source),
    sourceLanguage: a.sourceLanguage,
    targetLanguages: [...new Set(a.targetLanguages)].filter((l) => l !== a.sourceLanguage),
    layout: a.layout === 'pattern' ? { pattern: '${dir}/${lang}/${name}' } : a.layout,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function normalizeSource(source: string): string {
  const s = source
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '');
  return s === '' ? '.' : s;
}

/** Why a source folder is refused, or undefined when fine. */
export function validateSource(source: string): string | undefined {
  const s = normalizeSource(source);
  if (s.startsWith('/') || /^[A-Za-z]:/.test(s) || s.split('/').includes('..')) return t('Enter a folder inside the workspace folder, such as docs.');
  return undefined;
}
