/**
 * Media (spec 4.7 catalog and estimates, 4.9 media jobs and voices). The spec names the products,
 * the request fields and that a job carries "task status, delivered files and a settlement
 * reference"; the response field names are not shown (4.14), so every schema here is loose: unknown
 * fields are kept, and the few fields the client needs are read under their likely names.
 */
import * as z from 'zod/mini';

const optionalString = z.optional(z.nullable(z.string()));
const optionalNumber = z.optional(z.nullable(z.number()));

/** Spec 4.9 product values. */
export const MEDIA_PRODUCTS = ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'] as const;
export type MediaProductName = (typeof MEDIA_PRODUCTS)[number];

export const MediaProductSchema = z.looseObject({
  product: z.string(),
  /** "Only products marked open can run": anything but `true` counts as not open. */
  open: z.optional(z.nullable(z.boolean())),
  display_name: optionalString,
  reason: optionalString,
});
export type MediaProduct = z.infer<typeof MediaProductSchema>;

export const MediaCatalogSchema = z.pipe(
  z.transform((value: unknown) => (Array.isArray(value) ? { products: value } : value)),
  z.looseObject({ products: z.array(MediaProductSchema) }),
);
export type MediaCatalog = z.infer<typeof MediaCatalogSchema>;

/** Request and response of credit-estimates are not shown (4.14): any object. */
export const MediaEstimateSchema = z.looseObject({ estimated_millicredits: optionalNumber });
export type MediaEstimate = z.infer<typeof MediaEstimateSchema>;

export const DeliveredFileSchema = z.looseObject({
  artifact_id: optionalString,
  document_id: optionalString,
  filename: optionalString,
  mime_type: optionalString,
  role: optionalString,
  size: optionalNumber,
});
export type DeliveredFile = z.infer<typeof DeliveredFileSchema>;

/** `operation_id` (or `id`) and a status are required; `files` may be absent until done. */
export const MediaJobSchema = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const o = value as Record<string, unknown>;
    return { ...o, operation_id: o['operation_id'] ?? o['id'], status: o['status'] ?? o['task_status'], files: Array.isArray(o['files']) ? o['files'] : [] };
  }),
  z.looseObject({
    operation_id: z.string(),
    status: z.string(),
    product: optionalString,
    files: z.array(DeliveredFileSchema),
    error_msg: optionalString,
    settlement: z.optional(z.nullable(z.looseObject({}))),
  }),
);
export type MediaJob = z.infer<typeof MediaJobSchema>;

/** Voice asset (bodies not shown): `asset_id` (or `id`) required, everything else kept as sent. */
export const VoiceSchema = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const o = value as Record<string, unknown>;
    return { ...o, asset_id: o['asset_id'] ?? o['id'] };
  }),
  z.looseObject({ asset_id: z.string(), status: optionalString, name: optionalString }),
);
export type Voice = z.infer<typeof VoiceSchema>;

/** Statuses after which a media job changes no more (the spec shows none; these are read loosely). */
const ENDED = new Set(['completed', 'succeeded', 'failed', 'cancelled', 'canceled', 'expired', 'error']);

export function isMediaJobEnded(job: Pick<MediaJob, 'status'>): boolean {
  return ENDED.has(job.status.toLowerCase());
}
