export type { CheckKind, Part, Segment, Segmented, SegmentationMode, TranslatePart } from './types.ts';
export { FALLBACK_SEPARATOR, MAX_SEGMENT_CHARS, sourceOf } from './types.ts';
export { segmentMarkdown, segmentWithStats, type BlockStats, type SegmentMarkdownOptions } from './markdown.ts';
export { DEFAULT_FRONT_MATTER_KEYS } from './frontmatter.ts';
export { segmentPlainText } from './plaintext.ts';
export { DEFAULT_BATCH_LIMITS, minimumRequests, planBatches, type BatchLimits } from './batches.ts';
export { reassemble, reassembleWithReport, toFragments, type TranslationReport } from './reassemble.ts';
export { verifyTranslation } from './verify.ts';
export { translateSegmented, translateSegmentedWithReport, type TranslateBatchFn, type TranslateSegmentedOptions } from './run.ts';
