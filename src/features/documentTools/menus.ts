// The Explorer's Document Tools submenu follows what the service offers, through one context key
// per tool (the file extensions it is offered on) and one for the submenu itself.
import type { ContextKeys } from '../../platform/contextKeys.ts';
import { ContextKey } from '../../shared/ids.ts';
import { TOOL_IDS, menuExtensions, type Offer, type ToolId } from './tools.ts';

const CONTEXT_KEYS: Readonly<Record<ToolId, ContextKey>> = {
  extractText: ContextKey.toolsExtractText,
  pdfToHtml: ContextKey.toolsPdfToHtml,
  visualExtract: ContextKey.toolsVisualExtract,
  mergePdfs: ContextKey.toolsMergePdfs,
  splitPdf: ContextKey.toolsSplitPdf,
  compressPdf: ContextKey.toolsCompressPdf,
  convertImage: ContextKey.toolsConvertImage,
  compressImage: ContextKey.toolsCompressImage,
};

/** Sets the menus' context keys from each tool's offer: a tool the service lists as unavailable is not shown. */
export function applyMenus(keys: Pick<ContextKeys, 'set'>, offer: (tool: ToolId) => Offer): void {
  const any = new Set<string>();
  for (const tool of TOOL_IDS) {
    const extensions = menuExtensions(offer(tool));
    for (const e of extensions) any.add(e);
    keys.set(CONTEXT_KEYS[tool], extensions);
  }
  keys.set(ContextKey.toolsAny, [...any].sort());
}

/** What the menus' context keys hold now, by tool. */
export function menuValues(keys: Pick<ContextKeys, 'value'>): Record<string, unknown> {
  return Object.fromEntries(TOOL_IDS.map((t) => [t, keys.value(CONTEXT_KEYS[t])]));
}
