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
  downloadMaxSizeMb: 'download.maxSizeMB',
  segmentation: 'segmentation',
  frontMatterKeys: 'frontMatterKeys',
  localizeMaxCredits: 'localize.maxCredits',
} as const;
export type SettingKey = (typeof SettingKey)[keyof typeof SettingKey];

export const SEGMENTATION_MODES = ['wholeBlocks', 'fragments'] as const;
export type Segmentation = (typeof SEGMENTATION_MODES)[number];

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
  downloadMaxSizeMb: 2048,
  segmentation: 'wholeBlocks' as Segmentation,
  /** Keys added to the framework's defaults (src/shared/frontMatter.ts). */
  frontMatterKeys: [] as readonly string[],
} as const;
