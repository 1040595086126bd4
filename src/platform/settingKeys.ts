/** Configuration section and keys, defined once; package.json contributes the same names. */
export const SECTION = 'docTranslate';

export const SettingKey = {
  baseUrl: 'baseUrl',
  targetLanguage: 'targetLanguage',
  sourceLanguage: 'sourceLanguage',
  engine: 'engine',
  selectionMode: 'selectionMode',
  saveNextToSourcePattern: 'saveNextToSource.pattern',
} as const;
export type SettingKey = (typeof SettingKey)[keyof typeof SettingKey];

export const SELECTION_MODES = ['replace', 'insertBelow', 'beside'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

export const DEFAULTS = {
  targetLanguage: 'de',
  sourceLanguage: 'auto',
  engine: 'xr-397b',
  selectionMode: 'replace' as SelectionMode,
  saveNextToSourcePattern: '${dir}/${lang}/${name}',
} as const;

/** Context keys for `when` clauses; set through ContextKeys so each is sent only on change. */
export const ContextKey = {
  hasServiceUrl: 'docTranslate.hasServiceUrl',
  hasApiKey: 'docTranslate.hasApiKey',
  hasTranslations: 'docTranslate.hasTranslations',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

/** Memento keys in globalState. */
export const StateKey = {
  recentTargetLanguages: 'docTranslate.recentTargetLanguages',
} as const;

/** SecretStorage key of the API key. */
export const SECRET_API_KEY = 'docTranslate.apiKey';
