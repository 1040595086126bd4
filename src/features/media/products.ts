// What each Media command may start, read against the service's catalog at run time. Pure (no
// vscode): tested in plain Node. The catalog decides; the names here are only for display.
import type { MediaCatalog } from '../../api/index.ts';
import { t } from '../../platform/l10n.ts';

export type ProductId = 'asr' | 'tts' | 'subtitle_translation' | 'basic_video' | 'full_video';

/** Fallback names when the catalog gives no display name. */
function fallbackName(product: ProductId): string {
  switch (product) {
    case 'asr':
      return t('Speech recognition');
    case 'tts':
      return t('Speech synthesis');
    case 'subtitle_translation':
      return t('Subtitle translation');
    case 'basic_video':
      return t('Basic video processing');
    case 'full_video':
      return t('Full video processing');
  }
}

/** Recordings Add Voice… offers in its file dialog (the Explorer menus follow the media catalog: menus.ts). */
export const AUDIO_VIDEO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.mp4'] as const;

/** Products that need a target language. */
export function needsTarget(product: ProductId): boolean {
  return product === 'subtitle_translation' || product === 'basic_video' || product === 'full_video';
}

export interface ProductOffer {
  product: ProductId;
  name: string;
  open: boolean;
  /** Why it is not open (the catalog's reason, or a plain statement when it gives none). */
  reason?: string;
}

/**
 * The catalog's view of the products a command could start: open ones are offered, the others
 * carry their reason. A product missing from the catalog is not open ("not in the catalog").
 */
export function offers(catalog: MediaCatalog, products: readonly ProductId[]): ProductOffer[] {
  return products.map((product) => {
    const entry = catalog.products.find((p) => p.product === product);
    const name = typeof entry?.display_name === 'string' && entry.display_name !== '' ? entry.display_name : fallbackName(product);
    if (entry?.open === true) return { product, name, open: true };
    const reason =
      entry === undefined ? t("not in the service's catalog") : typeof entry.reason === 'string' && entry.reason !== '' ? entry.reason : t('not open');
    return { product, name, open: false, reason };
  });
}

export function productName(product: string): string {
  const known: readonly string[] = ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'];
  return known.includes(product) ? fallbackName(product as ProductId) : product;
}

/** "1:05", "1:02:03" */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
