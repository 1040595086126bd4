import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import { Fields } from '../validation.ts';

/** One media product of the credit catalog (spec 4.7, 4.9); rates are the emulator's choice. */
export interface MediaProduct {
  product: MediaProductId;
  display_name: string;
  open: boolean;
  /** Why a product is not open (null while open). */
  reason: string | null;
  billing_unit: 'minute';
  millicredits_per_unit: number;
  minimum_millicredits: number;
}

export const MEDIA_PRODUCTS = ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'] as const;
export type MediaProductId = (typeof MEDIA_PRODUCTS)[number];

const NOT_OPEN = 'Full video processing is not open for this account yet';

const DEFAULTS: readonly MediaProduct[] = [
  {
    product: 'asr',
    display_name: 'Speech recognition',
    open: true,
    reason: null,
    billing_unit: 'minute',
    millicredits_per_unit: 1000,
    minimum_millicredits: 1000,
  },
  {
    product: 'tts',
    display_name: 'Speech synthesis',
    open: true,
    reason: null,
    billing_unit: 'minute',
    millicredits_per_unit: 2000,
    minimum_millicredits: 1000,
  },
  {
    product: 'subtitle_translation',
    display_name: 'Subtitle translation',
    open: true,
    reason: null,
    billing_unit: 'minute',
    millicredits_per_unit: 1500,
    minimum_millicredits: 1000,
  },
  {
    product: 'basic_video',
    display_name: 'Basic video processing',
    open: true,
    reason: null,
    billing_unit: 'minute',
    millicredits_per_unit: 3000,
    minimum_millicredits: 2000,
  },
  {
    product: 'full_video',
    display_name: 'Full video processing',
    open: false,
    reason: NOT_OPEN,
    billing_unit: 'minute',
    millicredits_per_unit: 8000,
    minimum_millicredits: 5000,
  },
];

/** The catalog of the current state (a reset restores the defaults). */
export function mediaCatalog(app: EmulatorApp): MediaProduct[] {
  return app.state.ext('media.catalog', () => DEFAULTS.map((p) => ({ ...p })));
}

export function findProduct(app: EmulatorApp, name: string): MediaProduct | undefined {
  return mediaCatalog(app).find((p) => p.product === name);
}

/** Started minutes (at least one) at the product's rate, never below its minimum. */
export function priceOf(product: MediaProduct, durationMs: number): { units: number; millicredits: number } {
  const units = Math.max(1, Math.ceil(durationMs / 60_000));
  return { units, millicredits: Math.max(product.minimum_millicredits, units * product.millicredits_per_unit) };
}

/** `POST /billing/media/credit-estimates` body: `{ product, duration_ms }` (or `max_duration_ms`). */
export function estimate(app: EmulatorApp, body: Record<string, unknown>, precision: number): Record<string, unknown> {
  const fields = new Fields(body);
  const name = fields.string('product', { minChars: 1 });
  const durationField = body.duration_ms === undefined && body.max_duration_ms !== undefined ? 'max_duration_ms' : 'duration_ms';
  const durationMs = fields.integer(durationField, { min: 1, max: 24 * 3600 * 1000 });
  const product = name === undefined ? undefined : findProduct(app, name);
  if (name !== undefined && !product) fields.add('product', `unknown product "${name}"`);
  if (fields.errors.length > 0) throw validationError(fields.errors);
  const { units, millicredits } = priceOf(product!, durationMs!);
  return {
    product: product!.product,
    duration_ms: durationMs,
    billing_unit: product!.billing_unit,
    units,
    estimated_millicredits: millicredits,
    open: product!.open,
    reason: product!.reason,
    display_only: true,
    credit_precision: precision,
  };
}

/** Control API: `{ product, open, reason? }` switches one product. */
export function setProductOpen(app: EmulatorApp, body: Record<string, unknown>): MediaProduct {
  const fields = new Fields(body);
  const name = fields.string('product', { minChars: 1 });
  const open = fields.boolean('open');
  if (open === undefined) fields.add('open', 'is required');
  const reason = fields.string('reason', { optional: true, minChars: 1, maxChars: 500 });
  if (fields.errors.length > 0) throw validationError(fields.errors);
  const product = findProduct(app, name!);
  if (!product) throw new HttpError(404, 'not_found', `Unknown media product "${name}"`);
  product.open = open!;
  product.reason = open ? null : (reason ?? `${product.display_name} is not open for this account`);
  return product;
}
