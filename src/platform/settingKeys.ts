/** Configuration section and keys, defined once; package.json contributes the same names. */
export const SECTION = 'docTranslate';

export const SettingKey = {
  baseUrl: 'baseUrl',
  targetLanguage: 'targetLanguage',
  sourceLanguage: 'sourceLanguage',
  engine: 'engine',
  selectionMode: 'selectionMode',
  saveNextToSourcePattern: 'saveNextToSource.pattern',
  downloadCacheMaxSizeMb: 'downloadCache.maxSizeMB',
  downloadCacheMaxAgeDays: 'downloadCache.maxAgeDays',
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
  downloadCacheMaxSizeMb: 500,
  downloadCacheMaxAgeDays: 30,
} as const;
