// Which front matter values readers see, per documentation framework: one list shared by the
// editor (Translate Document, Translate Selection) and the localization engine (CLI and the
// Localization view). A key is a path: `hero.tagline` is `tagline` inside the map `hero`,
// `hero.actions[].text` is `text` in every element of the array `hero.actions`. Pure data.

/** Front matter keys per framework (the `layout` of doc-translate.json names the framework). */
export const FRAMEWORK_FRONT_MATTER_KEYS = {
  starlight: ['title', 'description', 'hero.tagline', 'hero.title', 'hero.actions[].text', 'banner.content', 'sidebar.label'],
  docusaurus: ['title', 'description', 'sidebar_label', 'pagination_label'],
  vitepress: ['title', 'description', 'hero.name', 'hero.text', 'hero.tagline', 'hero.actions[].text', 'features[].title', 'features[].details'],
  hugo: ['title', 'description', 'linkTitle', 'summary'],
  mkdocs: ['title', 'description'],
} as const satisfies Record<string, readonly string[]>;

export type FrontMatterFramework = keyof typeof FRAMEWORK_FRONT_MATTER_KEYS;

/** When the framework is not known (no doc-translate.json, or a `pattern` layout): every framework's keys. */
export const GENERIC_FRONT_MATTER_KEYS: readonly string[] = [...new Set(Object.values(FRAMEWORK_FRONT_MATTER_KEYS).flat())];

/** The framework of a doc-translate.json `layout` (`mkdocs-suffix` and `mkdocs-folder` are MkDocs), or undefined. */
export function frameworkOfLayout(layout: unknown): FrontMatterFramework | undefined {
  if (typeof layout !== 'string') return undefined;
  const name = layout.startsWith('mkdocs') ? 'mkdocs' : layout;
  return Object.prototype.hasOwnProperty.call(FRAMEWORK_FRONT_MATTER_KEYS, name) ? (name as FrontMatterFramework) : undefined;
}

/**
 * The keys translated for a document: the framework's defaults (the generic list when the
 * framework is unknown) followed by the user's `extra` keys, each once, empty ones dropped.
 */
export function frontMatterKeysFor(layout: unknown, extra: readonly string[] = []): string[] {
  const framework = frameworkOfLayout(layout);
  const defaults = framework !== undefined ? FRAMEWORK_FRONT_MATTER_KEYS[framework] : GENERIC_FRONT_MATTER_KEYS;
  return [...new Set([...defaults, ...extra.map((k) => k.trim()).filter((k) => k !== '')])];
}
