/** The spec does not show the supported sets; these are the emulator's choice (see README). */
export const SUPPORTED_LANGUAGES: readonly string[] = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'da',
  'fi',
  'cs',
  'ja',
  'ko',
  'zh',
  'zh-Hans',
  'zh-Hant',
  'ru',
  'uk',
  'tr',
  'ar',
  'he',
  'hi',
];

export const DEFAULT_ENGINE = 'xr-397b';

/** Known engines; `xr-offline` exists but is unavailable (400 engine_unavailable). */
export const ENGINES: Readonly<Record<string, { available: boolean }>> = {
  'xr-397b': { available: true },
  'xr-lite': { available: true },
  'xr-offline': { available: false },
};

export function isSupportedLanguage(code: string): boolean {
  return SUPPORTED_LANGUAGES.includes(code);
}

export function isAvailableEngine(engine: string): boolean {
  return ENGINES[engine]?.available === true;
}

/** Auto-detection stand-in: the pseudo engine only ever "detects" English. */
export function detectLanguage(_text: string): string {
  return 'en';
}
