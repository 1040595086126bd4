/**
 * zod/mini schemas for the response fields the spec shows. Objects are loose: unknown fields are kept
 * and passed through. Shapes the spec marks "not shown" are parsed as loose records or unknown,
 * never given invented fields. Section numbers refer to the spec.
 */
import * as z from 'zod/mini';

const timestamp = z.string();
const looseRecord = z.looseObject({});

/** 2.1 Upload presign response. */
export const PresignResponseSchema = z.looseObject({
  document_id: z.string(),
  upload_url: z.string(),
  upload_headers: z.record(z.string(), z.string()),
  finalize_token: z.string(),
  expires_in: z.number().check(z.int()),
});
export type PresignResponse = z.infer<typeof PresignResponseSchema>;

/** 2.2 Document. */
export const DocumentSchema = z.looseObject({
  id: z.string(),
  basename: z.string(),
  file_size: z.number().check(z.int()),
  mime_type: z.string(),
  created_at: timestamp,
});
export type Document = z.infer<typeof DocumentSchema>;

/** POST /upload/finalize: the document (2.2) inside `document`. */
export const FinalizeResponseSchema = z.looseObject({ document: DocumentSchema });
export type FinalizeResponse = z.infer<typeof FinalizeResponseSchema>;

/** Part 3: status decides whether the job has ended. */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JobStatusSchema = z.enum(JOB_STATUSES);
/** Part 3 stages; kept as a plain string in the schema since transitions are partly "not shown". */
export const JOB_STAGES = ['queued', 'accepted', 'preflight', 'translating', 'writing_artifacts', 'finalizing', 'completed', 'failed'] as const;

export function isJobEnded(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** 2.3 Translation job. */
export const JobSchema = z.looseObject({
  id: z.string(),
  document_id: z.string(),
  source_lang: z.nullable(z.string()),
  target_lang: z.string(),
  engine: z.string(),
  status: JobStatusSchema,
  stage: z.string(),
  stage_progress: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
  stage_message: z.string(),
  /** Unit not shown. */
  time_cost: z.number(),
  error_msg: z.nullable(z.string()),
  quota_exceeded: z.boolean(),
  queue_position: z.nullable(z.number().check(z.int())),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Job = z.infer<typeof JobSchema>;

/** 2.4 Artifact: only id and format are shown; format is the authoritative file type. */
export const ArtifactSchema = z.looseObject({
  id: z.string(),
  format: z.string(),
});
export type Artifact = z.infer<typeof ArtifactSchema>;

/** 2.5 Download link. `url: null` means use the direct download endpoint. */
export const DownloadLinkSchema = z.looseObject({
  mode: z.string(),
  url: z.nullable(z.string()),
  filename: z.string(),
});
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

/** 2.6 Credit balance, in millicredits (may carry one decimal; see credit_precision). */
export const BalanceSchema = z.looseObject({
  available: z.number(),
  debt: z.number(),
  spent: z.number(),
  expired: z.number(),
  today_charged: z.number(),
  /** Credit batches with expiry times; their field names are not shown. */
  lots: z.array(z.unknown()),
  credit_precision: z.number().check(z.int()),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** Receipt: carries operation id, status, billing basis, charged and refunded amounts; names not shown. */
export const ReceiptSchema = looseRecord;
export type Receipt = z.infer<typeof ReceiptSchema>;

/** 2.7 Usage: field names not shown. */
export const UsageSchema = looseRecord;

/** 2.8 Storage file (unified library item). */
export const StorageFileSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().check(z.int()),
  status: z.string(),
  publication_status: z.string(),
  origin: z.looseObject({ product_code: z.string(), display_name: z.string() }),
  capabilities: z.looseObject({
    can_view: z.boolean(),
    can_download: z.boolean(),
    can_update: z.boolean(),
    can_delete: z.boolean(),
    can_share: z.boolean(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type StorageFile = z.infer<typeof StorageFileSchema>;

/** 2.8 list envelope. */
export const StorageFileListSchema = z.looseObject({
  items: z.array(StorageFileSchema),
  has_more: z.boolean(),
  next_offset: z.nullable(z.number().check(z.int())),
});
export type StorageFileList = z.infer<typeof StorageFileListSchema>;

/** 2.9 Webhook as created; list field names are not shown, so lists are loose records. */
export const WebhookSchema = looseRecord;

/** 4.8 SSE ticket. */
export const SseTicketSchema = z.looseObject({ ticket: z.string() });

/** 6.1 job_update / job_done event data. */
export const JobEventDataSchema = z.looseObject({
  status: JobStatusSchema,
  stage: z.string(),
  stage_progress: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
  stage_message: z.string(),
});
export type JobEventData = z.infer<typeof JobEventDataSchema>;

/** 6.2 webhook delivery body. */
export const WebhookEventSchema = z.looseObject({
  event: z.string(),
  timestamp: z.number().check(z.int()),
  data: z.looseObject({
    job_id: z.string(),
    status: z.enum(['completed', 'failed']),
    file_name: z.string(),
    char_count: z.number().check(z.int()),
    error: z.optional(z.unknown()),
  }),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** 4.10 translate-snippet response. */
export const SnippetResponseSchema = z.looseObject({
  translated_text: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
});
export type SnippetResponse = z.infer<typeof SnippetResponseSchema>;

/** 4.10 translate-batch response: segments in request order. */
export const BatchResponseSchema = z.looseObject({
  segments: z.array(z.looseObject({ id: z.string(), translated_text: z.string() })),
});
export type BatchResponse = z.infer<typeof BatchResponseSchema>;

/** Bodies the spec leaves "not shown": accepted as they come. */
export const UnknownBodySchema = z.unknown();

/**
 * List responses whose envelope is "not shown" (jobs, artifacts, credit operations, usage,
 * webhooks): a bare array, or an object holding the array under `items`, one of `keys`, or
 * `data`. The result always has `items`; other envelope fields (has_more, cursors) pass through.
 */
export function looseListSchema<T extends z.ZodMiniType>(item: T, keys: readonly string[] = []) {
  // zod/mini has no preprocess(); this pipe is what classic zod's preprocess builds.
  return z.pipe(
    z.transform((value: unknown) => {
      if (Array.isArray(value)) return { items: value };
      if (typeof value !== 'object' || value === null) return value;
      const obj = value as Record<string, unknown>;
      for (const key of ['items', ...keys, 'data']) {
        if (Array.isArray(obj[key])) return { ...obj, items: obj[key] };
      }
      return value;
    }),
    z.looseObject({ items: z.array(item) }),
  );
}
export type LooseList<T> = { items: T[] } & Record<string, unknown>;
