// What the two capabilities endpoints list (spec 4.5; their shapes are "not shown", so these are the
// emulator's choices): the document operations and the file tools, each with its input formats,
// billing mode and technical limits, and an `unavailable` list of the closed ones. The control API
// closes and reopens any of them; a closed one cannot be created (422 operation_unavailable).
import type { EmulatorApp } from '../app.ts';
import { HttpError } from '../errors.ts';

/** Spec 4.5 / part 8: visual_extract costs 1 credit per page, at most 20 pages per operation. */
export const VISUAL_EXTRACT_MILLICREDITS_PER_PAGE = 1000;
export const VISUAL_EXTRACT_MAX_PAGES = 20;
/** Emulator's limits where the spec shows none (part 8: "page-count and size bounds for PDF tools: not shown"). */
export const MERGE_MAX_DOCUMENTS = 20;
export const SPLIT_MAX_RANGES = 50;
export const IMAGE_MAX_PIXELS = 50_000_000;
export const QUALITY_MIN = 1;
export const QUALITY_MAX = 100;
export const CONVERT_DEFAULT_QUALITY = 85;
export const COMPRESS_DEFAULT_QUALITY = 60;
export const PDF_COMPRESS_LEVELS = ['low', 'medium', 'high'] as const;

export type OperationKind = 'extract' | 'pdf_to_html' | 'visual_extract';
export type FileToolKind = 'pdf_merge' | 'pdf_split' | 'pdf_compress' | 'image_convert' | 'image_compress';
export type ToolKind = OperationKind | FileToolKind;

export const OPERATION_KINDS: readonly OperationKind[] = ['extract', 'pdf_to_html', 'visual_extract'];
export const FILE_TOOL_KINDS: readonly FileToolKind[] = ['pdf_merge', 'pdf_split', 'pdf_compress', 'image_convert', 'image_compress'];

type Listing = Record<string, unknown> & { kind: ToolKind };

const FREE = { mode: 'free' } as const;

/**
 * File tools are charged by usage (spec part 8 rule 5; the prices are not shown, so the
 * emulator's): PDF tools per page of their input, image tools per image. The cost is also the
 * start threshold (rule 1).
 */
export const FILE_TOOL_PDF_PAGE_MILLICREDITS = 100;
export const FILE_TOOL_IMAGE_MILLICREDITS = 200;
const PDF_TOOL_BILLING = { mode: 'per_page', unit: 'page', millicredits_per_unit: FILE_TOOL_PDF_PAGE_MILLICREDITS } as const;
const IMAGE_TOOL_BILLING = { mode: 'per_file', unit: 'image', millicredits_per_unit: FILE_TOOL_IMAGE_MILLICREDITS } as const;

const OPERATIONS: readonly Listing[] = [
  {
    kind: 'extract',
    display_name: 'Structured extraction',
    input_formats: ['pdf', 'docx'],
    output_format: 'json',
    billing: FREE,
    limits: { max_pages: null },
  },
  {
    kind: 'pdf_to_html',
    display_name: 'PDF to HTML',
    input_formats: ['pdf'],
    output_format: 'html',
    billing: FREE,
    limits: { max_pages: null },
  },
  {
    kind: 'visual_extract',
    display_name: 'Visual structured extraction',
    input_formats: ['pdf'],
    output_format: 'json',
    billing: {
      mode: 'per_page',
      unit: 'page',
      millicredits_per_unit: VISUAL_EXTRACT_MILLICREDITS_PER_PAGE,
      minimum_balance_millicredits: VISUAL_EXTRACT_MILLICREDITS_PER_PAGE,
    },
    limits: { max_pages: VISUAL_EXTRACT_MAX_PAGES },
  },
];

const quality = (fallback: number): Record<string, number> => ({ min: QUALITY_MIN, max: QUALITY_MAX, default: fallback });

const FILE_TOOLS: readonly Listing[] = [
  {
    kind: 'pdf_merge',
    display_name: 'Merge PDFs',
    method: 'POST',
    path: '/file-tools/pdf/merge',
    input_formats: ['pdf'],
    output_format: 'pdf',
    billing: PDF_TOOL_BILLING,
    limits: { min_documents: 2, max_documents: MERGE_MAX_DOCUMENTS },
  },
  {
    kind: 'pdf_split',
    display_name: 'Split PDF',
    method: 'POST',
    path: '/file-tools/pdf/split',
    input_formats: ['pdf'],
    output_format: 'pdf',
    output_format_multiple: 'zip',
    billing: PDF_TOOL_BILLING,
    limits: { max_ranges: SPLIT_MAX_RANGES },
  },
  {
    kind: 'pdf_compress',
    display_name: 'Compress PDF',
    method: 'POST',
    path: '/file-tools/pdf/compress',
    input_formats: ['pdf'],
    output_format: 'pdf',
    options: { level: [...PDF_COMPRESS_LEVELS], default_level: 'medium' },
    billing: PDF_TOOL_BILLING,
    limits: {},
  },
  {
    kind: 'image_convert',
    display_name: 'Convert image',
    method: 'POST',
    path: '/file-tools/image/convert',
    input_formats: ['png', 'jpg'],
    target_formats: ['png', 'jpg'],
    quality: quality(CONVERT_DEFAULT_QUALITY),
    billing: IMAGE_TOOL_BILLING,
    limits: { max_pixels: IMAGE_MAX_PIXELS },
  },
  {
    kind: 'image_compress',
    display_name: 'Compress image',
    method: 'POST',
    path: '/file-tools/image/compress',
    input_formats: ['png', 'jpg'],
    quality: quality(COMPRESS_DEFAULT_QUALITY),
    billing: IMAGE_TOOL_BILLING,
    limits: { max_pixels: IMAGE_MAX_PIXELS },
  },
];

/** Closed tools and their reason (reset with the state). */
function closed(app: EmulatorApp): Map<ToolKind, string> {
  return app.state.ext('doctools.closed', () => new Map<ToolKind, string>());
}

export function isToolKind(value: unknown): value is ToolKind {
  return typeof value === 'string' && ([...OPERATION_KINDS, ...FILE_TOOL_KINDS] as string[]).includes(value);
}

function listing(app: EmulatorApp, all: readonly Listing[]): Record<string, unknown> {
  const shut = closed(app);
  return {
    operations: all.filter((o) => !shut.has(o.kind)),
    unavailable: all.filter((o) => shut.has(o.kind)).map((o) => ({ kind: o.kind, display_name: o.display_name, reason: shut.get(o.kind) })),
    credit_precision: 1,
  };
}

/** GET /document-operations/capabilities. */
export function operationCapabilities(app: EmulatorApp): Record<string, unknown> {
  return listing(app, OPERATIONS);
}

/** GET /artifacts/convert/capabilities: the same kind of listing for the file tools. */
export function fileToolCapabilities(app: EmulatorApp): Record<string, unknown> {
  return listing(app, FILE_TOOLS);
}

/** Input formats (document `format` values) a tool takes. */
export function inputFormats(kind: ToolKind): readonly string[] {
  const found = [...OPERATIONS, ...FILE_TOOLS].find((o) => o.kind === kind);
  return (found?.input_formats as string[] | undefined) ?? [];
}

/** Items under `unavailable` cannot be created: 422 operation_unavailable, with the reason. */
export function assertOpen(app: EmulatorApp, kind: ToolKind, field?: string): void {
  const reason = closed(app).get(kind);
  if (reason === undefined) return;
  const message = `The ${kind} operation is currently unavailable: ${reason}`;
  throw new HttpError(422, 'operation_unavailable', message, field !== undefined ? [{ field, message: `${kind} is unavailable: ${reason}` }] : undefined);
}

/** Control API: close (`open: false`, with a reason) or reopen a tool. */
export function setToolOpen(app: EmulatorApp, kind: ToolKind, open: boolean, reason: string): void {
  if (open) closed(app).delete(kind);
  else closed(app).set(kind, reason);
}

export function closedTools(app: EmulatorApp): Record<string, string> {
  return Object.fromEntries(closed(app));
}
