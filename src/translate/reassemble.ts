import { yamlValue } from './frontmatter.ts';
import { tomlValue } from './toml.ts';
import { FALLBACK_SEPARATOR, sourceOf, type Part, type Segment, type Segmented, type TranslatePart } from './types.ts';
import { normalizeTranslation, verifyTranslation } from './verify.ts';

/** How the translations were used. */
export interface TranslationReport {
  /** Parts translated in the first pass (whole blocks in `wholeBlocks` mode). */
  segments: number;
  /** Whole blocks whose translation failed its check and that were put together from fragments. */
  fellBack: number;
  /** Parts (whole or fragment) whose translation was missing or failed its check: the source text stayed. */
  untranslated: number;
  /** Fragment segments sent again for the blocks that fell back (set by translateSegmented). */
  resent: number;
  /** Ids of the whole parts (as segmented) of which some text stayed untranslated; present only when there are any. */
  untranslatedIds?: string[];
}

/** A translation in the part's place: YAML and TOML values re-serialised, container prefixes after line breaks, references rewritten. */
function written(part: TranslatePart, translation: string): string {
  if (part.yaml) return yamlValue(translation, part.yaml, sourceOf(part));
  if (part.toml) return tomlValue(translation, part.toml, sourceOf(part));
  if (!part.check) return translation;
  let t = normalizeTranslation(part, translation);
  if (part.lineBreak) t = t.replace(/\r?\n/g, part.lineBreak);
  return part.wrap ? part.wrap[0] + t + part.wrap[1] : t;
}

function fallbackId(part: TranslatePart, sub: TranslatePart): string {
  return part.id + FALLBACK_SEPARATOR + sub.id;
}

/** The fragments of a whole block, with their ids as sent. */
export function fallbackSegments(part: TranslatePart): Segment[] {
  return (part.fallback ?? []).flatMap((sub) => (sub.kind === 'translate' ? [{ id: fallbackId(part, sub), text: sub.text }] : []));
}

/** True when a whole block's translation is missing or fails its check and it has fragments to fall back on. */
export function needsFallback(part: TranslatePart, translation: string | undefined): boolean {
  return part.fallback !== undefined && (translation === undefined || !verifyTranslation(part, translation));
}

/**
 * Joins kept text and translations. A translation is used only when it passes its check
 * (verify.ts); a whole block that fails is put together from its fragments' translations
 * (`<id>~<fragment id>`), and any part still without a usable translation keeps its source text.
 * So whatever the translations hold, the document's structure survives.
 */
export function reassembleWithReport(doc: Segmented, translations: ReadonlyMap<string, string>): { text: string; report: TranslationReport } {
  const report: TranslationReport = { segments: 0, fellBack: 0, untranslated: 0, resent: 0 };
  let whole = '';
  const one = (part: TranslatePart, translation: string | undefined): string => {
    if (translation !== undefined && verifyTranslation(part, translation)) return written(part, translation);
    report.untranslated++;
    const ids = (report.untranslatedIds ??= []);
    if (ids[ids.length - 1] !== whole) ids.push(whole);
    return sourceOf(part);
  };
  let out = '';
  for (const part of doc.parts) {
    if (part.kind === 'keep') {
      out += part.text;
      continue;
    }
    report.segments++;
    whole = part.id;
    const translation = translations.get(part.id);
    if (!needsFallback(part, translation)) {
      out += one(part, translation);
      continue;
    }
    const subs = part.fallback!;
    if (!subs.some((sub) => sub.kind === 'translate' && translations.has(fallbackId(part, sub)))) {
      out += one(part, translation);
      continue;
    }
    report.fellBack++;
    for (const sub of subs) out += sub.kind === 'keep' ? sub.text : one(sub, translations.get(fallbackId(part, sub)));
  }
  return { text: out, report };
}

/** Joins kept text and translations; a segment without a usable translation keeps its original text. */
export function reassemble(doc: Segmented, translations: ReadonlyMap<string, string>): string {
  return reassembleWithReport(doc, translations).text;
}

/** The same document in fragment mode: every whole block replaced by its fragments. */
export function toFragments(doc: Segmented): Segmented {
  const parts: Part[] = [];
  const push = (part: Part): void => {
    const last = parts[parts.length - 1];
    if (part.kind === 'keep' && last?.kind === 'keep') parts[parts.length - 1] = { kind: 'keep', text: last.text + part.text };
    else parts.push(part);
  };
  for (const part of doc.parts) {
    if (part.kind === 'translate' && part.fallback) {
      for (const sub of part.fallback) push(sub.kind === 'keep' ? sub : { ...sub, id: fallbackId(part, sub) });
    } else push(part);
  }
  return { parts };
}
