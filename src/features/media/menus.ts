// The Explorer's media commands follow the service's media catalog (spec part 9: formats are read
// at run time), through one context key per command: the file extensions it is offered on. Before
// the catalog is read the menus use the lists below; once read, a command whose products are all
// closed is not offered, and a product that lists its input formats decides the extensions.
// Pure (no vscode import): tested in plain Node.
import type { MediaCatalog } from '../../api/index.ts';
import type { ContextKeys } from '../../platform/contextKeys.ts';
import { ContextKey } from '../../shared/ids.ts';
import type { ProductId } from './products.ts';

export type MediaMenu = 'transcribe' | 'translateSubtitles' | 'processVideo' | 'synthesizeSpeech';

interface MenuInfo {
  key: ContextKey;
  /** Products the command may start (its quick pick offers the open ones). */
  products: readonly ProductId[];
  /** Extensions before the catalog is known, or when it lists no formats for the products. */
  fallback: readonly string[];
}

export const MEDIA_MENUS: Readonly<Record<MediaMenu, MenuInfo>> = {
  transcribe: { key: ContextKey.mediaTranscribe, products: ['asr'], fallback: ['wav', 'mp3', 'm4a', 'mp4'] },
  translateSubtitles: { key: ContextKey.mediaTranslateSubtitles, products: ['subtitle_translation'], fallback: ['srt', 'vtt'] },
  processVideo: { key: ContextKey.mediaProcessVideo, products: ['basic_video', 'full_video'], fallback: ['wav', 'mp3', 'm4a', 'mp4'] },
  synthesizeSpeech: { key: ContextKey.mediaSynthesizeSpeech, products: ['tts'], fallback: ['txt', 'md'] },
};

const MENUS = Object.keys(MEDIA_MENUS) as MediaMenu[];

/** Field names under which a catalog entry may list its input formats (the spec does not name one). */
const FORMAT_FIELDS = ['input_formats', 'formats', 'accepted_formats', 'input_extensions', 'extensions'] as const;

/** The input formats a catalog entry lists (lower case, no dot), or [] when it lists none. */
export function listedFormats(entry: Record<string, unknown>): string[] {
  for (const field of FORMAT_FIELDS) {
    const value = entry[field];
    if (!Array.isArray(value)) continue;
    const formats = value.filter((f): f is string => typeof f === 'string' && f.trim() !== '').map((f) => f.trim().toLowerCase().replace(/^\./, ''));
    if (formats.length > 0) return [...new Set(formats)];
  }
  return [];
}

/** The extensions (without dot) a command is offered on: the fallback before the catalog is read. */
export function menuFormats(menu: MediaMenu, catalog: MediaCatalog | undefined): string[] {
  const info = MEDIA_MENUS[menu];
  if (catalog === undefined) return [...info.fallback];
  const open = info.products.map((p) => catalog.products.find((e) => e.product === p)).filter((e) => e?.open === true);
  if (open.length === 0) return [];
  const listed = new Set<string>();
  let unlisted = false;
  for (const entry of open) {
    const formats = listedFormats(entry as Record<string, unknown>);
    if (formats.length === 0) unlisted = true;
    for (const f of formats) listed.add(f);
  }
  if (unlisted) for (const f of info.fallback) listed.add(f);
  return [...listed].sort();
}

/** Extensions as `resourceExtname` shows them, in both cases (`in` compares exactly). */
function asExtnames(formats: readonly string[]): string[] {
  return formats.flatMap((f) => [`.${f}`, `.${f.toUpperCase()}`]);
}

/** Sets the Explorer menus' context keys from the catalog (or the fallback lists when it is undefined). */
export function applyMediaMenus(keys: Pick<ContextKeys, 'set'>, catalog: MediaCatalog | undefined): void {
  for (const menu of MENUS) keys.set(MEDIA_MENUS[menu].key, asExtnames(menuFormats(menu, catalog)));
}

/** What the menus' context keys hold now, by command. */
export function mediaMenuValues(keys: Pick<ContextKeys, 'value'>): Record<MediaMenu, unknown> {
  return Object.fromEntries(MENUS.map((m) => [m, keys.value(MEDIA_MENUS[m].key)])) as Record<MediaMenu, unknown>;
}
