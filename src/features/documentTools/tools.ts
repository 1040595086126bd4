// The eight document tools of the editor and what the service's capabilities say about each at
// run time (spec part 9): open or not (with the reason), input formats, cost and limits. The
// capability shapes are not shown in the spec, so everything is read loosely with the spec's
// values as the fallback. Pure (no vscode import).
import type { ToolCapabilities, ToolCapability } from '../../api/index.ts';
import { t } from '../../platform/l10n.ts';

export type ToolId = 'extractText' | 'pdfToHtml' | 'visualExtract' | 'mergePdfs' | 'splitPdf' | 'compressPdf' | 'convertImage' | 'compressImage';

export interface ToolInfo {
  id: ToolId;
  /** Operations run asynchronously (spec 4.5); file tools answer with a file (4.6). */
  group: 'operation' | 'file';
  /** The service's kind (document operations: spec 4.5; file tools: the emulator's names, matched loosely). */
  kind: string;
  /** Other names and the path a capability item may use for the same tool. */
  aliases: readonly string[];
  path?: string;
  readonly title: string;
  /** Input formats when the capabilities do not say (spec 4.5 and 4.6). */
  defaultFormats: readonly string[];
}

// Titles are getters: they follow the display language when read.
export const TOOLS: Readonly<Record<ToolId, ToolInfo>> = {
  extractText: {
    id: 'extractText',
    group: 'operation',
    kind: 'extract',
    aliases: ['extraction'],
    get title() {
      return t('Extract Text');
    },
    defaultFormats: ['pdf'],
  },
  pdfToHtml: {
    id: 'pdfToHtml',
    group: 'operation',
    kind: 'pdf_to_html',
    aliases: [],
    get title() {
      return t('Convert PDF to HTML');
    },
    defaultFormats: ['pdf'],
  },
  visualExtract: {
    id: 'visualExtract',
    group: 'operation',
    kind: 'visual_extract',
    aliases: [],
    get title() {
      return t('Visual Extract');
    },
    defaultFormats: ['pdf'],
  },
  mergePdfs: {
    id: 'mergePdfs',
    group: 'file',
    kind: 'pdf_merge',
    aliases: ['merge', 'pdf-merge', 'merge_pdf'],
    path: '/file-tools/pdf/merge',
    get title() {
      return t('Merge PDFs');
    },
    defaultFormats: ['pdf'],
  },
  splitPdf: {
    id: 'splitPdf',
    group: 'file',
    kind: 'pdf_split',
    aliases: ['split', 'pdf-split', 'split_pdf'],
    path: '/file-tools/pdf/split',
    get title() {
      return t('Split PDF');
    },
    defaultFormats: ['pdf'],
  },
  compressPdf: {
    id: 'compressPdf',
    group: 'file',
    kind: 'pdf_compress',
    aliases: ['pdf-compress', 'compress_pdf'],
    path: '/file-tools/pdf/compress',
    get title() {
      return t('Compress PDF');
    },
    defaultFormats: ['pdf'],
  },
  convertImage: {
    id: 'convertImage',
    group: 'file',
    kind: 'image_convert',
    aliases: ['image-convert', 'convert_image'],
    path: '/file-tools/image/convert',
    get title() {
      return t('Convert Image');
    },
    defaultFormats: ['png', 'jpg'],
  },
  compressImage: {
    id: 'compressImage',
    group: 'file',
    kind: 'image_compress',
    aliases: ['image-compress', 'compress_image'],
    path: '/file-tools/image/compress',
    get title() {
      return t('Compress Image');
    },
    defaultFormats: ['png', 'jpg'],
  },
};

export const TOOL_IDS = Object.keys(TOOLS) as ToolId[];

/** Spec 4.5 / part 8: visual extraction costs 1 credit per page, at most 20 pages. */
export const SPEC_VISUAL_MILLICREDITS_PER_PAGE = 1000;
export const SPEC_VISUAL_MAX_PAGES = 20;

export interface Offer {
  tool: ToolId;
  open: boolean;
  /** Why it is not offered (the service's reason, or a plain statement). */
  reason?: string;
  /** Lower-case extensions without the dot (jpg brings jpeg). */
  formats: string[];
  capability?: ToolCapability;
  /** Whether the capabilities were read (false: the spec's defaults stand in). */
  known: boolean;
}

function matches(info: ToolInfo, item: { kind: string; [k: string]: unknown }): boolean {
  const kind = item.kind.toLowerCase();
  if (kind === info.kind || info.aliases.includes(kind)) return true;
  const path = item['path'];
  return info.path !== undefined && typeof path === 'string' && path.replace(/\/+$/, '').endsWith(info.path);
}

function withAliases(formats: readonly string[]): string[] {
  const out = new Set(formats.map((f) => f.toLowerCase().replace(/^\./, '')));
  if (out.has('jpg')) out.add('jpeg');
  if (out.has('jpeg')) out.add('jpg');
  if (out.has('htm')) out.add('html');
  return [...out];
}

/** What the capabilities (undefined: not read yet) say about `tool`. */
export function offerOf(tool: ToolId, caps: ToolCapabilities | undefined): Offer {
  const info = TOOLS[tool];
  if (caps === undefined) return { tool, open: true, formats: withAliases(info.defaultFormats), known: false };
  const closed = caps.unavailable.find((u) => matches(info, u));
  if (closed !== undefined) {
    return { tool, open: false, reason: closed.reason ?? t('the service lists it as unavailable'), formats: [], known: true };
  }
  const capability = caps.operations.find((o) => matches(info, o));
  if (capability === undefined) return { tool, open: false, reason: t('the service does not offer it'), formats: [], known: true };
  const formats = capability.input_formats.length > 0 ? capability.input_formats : info.defaultFormats;
  return { tool, open: true, formats: withAliases(formats), capability, known: true };
}

/** Values of the Explorer menu's context key: extensions as `resourceExtname` shows them. */
export function menuExtensions(offer: Offer): string[] {
  if (!offer.open) return [];
  return offer.formats.flatMap((f) => [`.${f}`, `.${f.toUpperCase()}`]);
}

export function takes(offer: Offer, fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && offer.formats.includes(fileName.slice(dot + 1).toLowerCase());
}

/** Why a tool may not run on these files before anything is sent: closed (with the service's reason) or a type it does not take. */
export function offerRefusal(offer: Offer, fileNames: readonly string[]): { reason: 'unavailable' | 'wrongType'; message: string } | undefined {
  const title = TOOLS[offer.tool].title;
  if (!offer.open) {
    return {
      reason: 'unavailable',
      message: t('{0} is not available: {1}. Nothing was sent.', title, offer.reason ?? t('the service lists it as unavailable')),
    };
  }
  const wrong = fileNames.filter((name) => !takes(offer, name));
  if (wrong.length === 0) return undefined;
  const formats = offer.formats
    .filter((f) => f !== 'jpeg')
    .map((f) => f.toUpperCase())
    .join(t(' and '));
  return { reason: 'wrongType', message: t('{0} takes {1} files, not {2}.', title, formats, wrong.join(', ')) };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function positiveNumber(...values: unknown[]): number | undefined {
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  return undefined;
}

export interface Pricing {
  /** `free`, `per_page`, … as the service says; `unknown` when it says nothing. */
  mode: string;
  free: boolean;
  /** Millicredits per page, when the tool is charged per page. */
  perPageMillicredits?: number;
}

/** The tool's billing as listed; visual extraction falls back to the spec's 1 credit per page, extract and PDF to HTML to free. */
export function pricing(offer: Offer): Pricing {
  const billing = record(offer.capability?.['billing']);
  const mode =
    typeof billing?.['mode'] === 'string'
      ? billing['mode']
      : typeof offer.capability?.['billing'] === 'string'
        ? (offer.capability['billing'] as string)
        : undefined;
  const rate = positiveNumber(
    billing?.['millicredits_per_unit'],
    billing?.['millicredits_per_page'],
    billing?.['rate_millicredits'],
    offer.capability?.['millicredits_per_page'],
  );
  if (offer.tool === 'visualExtract') {
    if (mode === 'free') return { mode, free: true };
    return { mode: mode ?? 'per_page', free: false, perPageMillicredits: rate ?? SPEC_VISUAL_MILLICREDITS_PER_PAGE };
  }
  if (mode !== undefined) return { mode, free: mode === 'free', perPageMillicredits: rate };
  // Spec 4.5: extract and pdf_to_html are free; file tools name no price.
  return offer.tool === 'extractText' || offer.tool === 'pdfToHtml' ? { mode: 'free', free: true } : { mode: 'unknown', free: false };
}

/** The page limit of visual extraction: the capability's, else the spec's 20. */
export function maxPages(offer: Offer): number {
  const limits = record(offer.capability?.['limits']);
  const n = positiveNumber(limits?.['max_pages'], offer.capability?.['max_pages']);
  return n !== undefined && n >= 1 ? n : SPEC_VISUAL_MAX_PAGES;
}

export interface QualityRange {
  min: number;
  max: number;
  default?: number;
}

/** The image quality range the service lists; the spec shows none, so without it any positive integer is sent. */
export function qualityRange(offer: Offer): QualityRange | undefined {
  const q = record(offer.capability?.['quality']);
  const min = positiveNumber(q?.['min']);
  const max = positiveNumber(q?.['max']);
  if (min === undefined || max === undefined || max < min) return undefined;
  const def = positiveNumber(q?.['default']);
  return { min, max, ...(def !== undefined && def >= min && def <= max ? { default: def } : {}) };
}

/** Target formats of Convert Image: the capability's, else PNG and JPEG. */
export function targetFormats(offer: Offer): string[] {
  const listed = offer.capability?.['target_formats'] ?? offer.capability?.['output_formats'];
  const formats = Array.isArray(listed)
    ? listed.filter((f): f is string => typeof f === 'string' && f.trim() !== '').map((f) => f.toLowerCase().replace(/^\./, ''))
    : [];
  return formats.length > 0 ? [...new Set(formats)] : ['png', 'jpg'];
}
