/** What the readers of sites configured by a JS/TS module share (docusaurus.ts, starlight.ts, vitepress.ts). */
import { ParseError, readJsModule, type JsModule, type Lit } from './literal.ts';
import { type SiteLocale, type SiteModel, type SourceSet, type Unreadable } from './model.ts';

export function parseModule(file: string, text: string, bad: Unreadable[]): JsModule | undefined {
  try {
    return readJsModule(text);
  } catch (err) {
    bad.push({
      file,
      key: '(file)',
      message: `${file} could not be parsed (${err instanceof ParseError ? err.message : String(err)}); set source, sourceLanguage, targetLanguages and layout in doc-translate.json`,
    });
    return undefined;
  }
}

export const str = (v: Lit): string | undefined => (typeof v === 'string' ? v : undefined);

export function strings(v: Lit): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

export function locationsGlob(locales: SiteLocale[]): string[] {
  return [...new Set(locales.flatMap((l) => l.locations))];
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
  return model;
}
