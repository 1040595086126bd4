// Language codes and display names for the target-language picker. Pure (no vscode import).
// The service's set of supported codes is not published, so the list is a broad common set
// and the picker also accepts any code typed in.

export const COMMON_LANGUAGES: readonly string[] = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
  'zh-Hans',
  'zh-Hant',
];

const CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export function isLanguageCode(value: string): boolean {
  return CODE.test(value);
}

/** "German" for "de" in the given UI locale; the code itself when the runtime has no name. */
export function languageName(code: string, locale = 'en'): string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'code' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Recently used first (most recent first), then every other code by display name. */
export function orderLanguages(all: readonly string[], recent: readonly string[], nameOf: (code: string) => string): { recent: string[]; others: string[] } {
  const seen = new Set<string>();
  const first: string[] = [];
  for (const code of recent) {
    if (isLanguageCode(code) && !seen.has(code)) {
      seen.add(code);
      first.push(code);
    }
  }
  const others = all
    .filter((c) => !seen.has(c))
    .map((c) => ({ c, name: nameOf(c) }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((x) => x.c);
  return { recent: first, others };
}

/** Moves `code` to the front of the recent list, keeping at most `max` entries. */
export function rememberRecent(recent: readonly string[], code: string, max = 5): string[] {
  return [code, ...recent.filter((c) => c !== code)].slice(0, max);
}
