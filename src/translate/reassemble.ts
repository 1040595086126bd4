import type { Segmented } from './types.ts';

/** Joins kept text and translations; a segment without a translation keeps its original text. */
export function reassemble(doc: Segmented, translations: ReadonlyMap<string, string>): string {
  let out = '';
  for (const part of doc.parts) {
    out += part.kind === 'translate' ? (translations.get(part.id) ?? part.text) : part.text;
  }
  return out;
}
