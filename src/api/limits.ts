/**
 * Per-request limits of spec part 8. Character counts are `string.length` (UTF-16 code units):
 * never more than the code-point count, so a request that passes here passes under either reading.
 */
export const LIMITS = {
  snippetMinChars: 1,
  snippetMaxChars: 5000,
  batchMinSegments: 1,
  batchMaxSegments: 64,
  batchMaxSegmentChars: 4000,
  /** 2 MB, read as 2,000,000 bytes of serialised JSON. */
  batchMaxBodyBytes: 2_000_000,
  /** The batch endpoint may take up to 180 s; the client waits at least this long per attempt. */
  batchTimeoutMs: 180_000,
  idempotencyKeyMaxLength: 128,
} as const;
