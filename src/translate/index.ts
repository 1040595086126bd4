export type { Part, Segment, Segmented } from './types.ts';
export { MAX_SEGMENT_CHARS } from './types.ts';
export { segmentMarkdown } from './markdown.ts';
export { segmentPlainText } from './plaintext.ts';
export { DEFAULT_BATCH_LIMITS, minimumRequests, planBatches, type BatchLimits } from './batches.ts';
export { reassemble } from './reassemble.ts';
export { translateSegmented, type TranslateBatchFn, type TranslateSegmentedOptions } from './run.ts';
