/** The labels a translation should carry, from its lock entry, applied to its text (see labels.ts). */
import type { LocalizeConfig } from '../config.ts';
import { fileHash } from '../hash.ts';
import type { LockEntry } from '../lock.ts';
import { strippedLabelKeys } from './labelKeys.ts';
import { takesFrontMatter, withLabels, type Labels } from './labels.ts';
import { hasUnreviewed } from './provenance.ts';

/** The label keys left out of every translation before it is aligned (also when labels are off). */
export function labelKeysToStrip(config: LocalizeConfig): string[] {
  return strippedLabelKeys(config.labels);
}

/**
 * What a page should say about itself: machine-translated while any translated paragraph is not
 * reviewed; outdated while its source changed since (`sourceChanged`), a paragraph is in conflict
 * or a segment is pending (the entry records no source hash then), not for a term violation alone.
 */
export function wantedLabels(entry: LockEntry, content: string, sourceChanged: boolean): Labels {
  // A term not used as configured leaves the page current (only the term is reported); a pending
  // segment (still in the source language) or a conflict does not.
  const termsOnly = (entry.terms?.length ?? 0) > 0 && (entry.pending?.length ?? 0) === 0 && (entry.reported?.length ?? 0) === 0;
  return { machine: hasUnreviewed(entry, content), outdated: sourceChanged || (entry.sourceHash === null && !termsOnly) };
}

/** `content` (no labels) with the labels it should carry; unchanged when labels are off. */
export function labelled(config: LocalizeConfig, target: string, content: string, want: Labels): string {
  if (config.labels === undefined || config.labels === false) return content;
  return withLabels(content, want, config.labels, takesFrontMatter(target));
}

/** A translation the update composed (no labels), labelled, with the entry's `output` the hash of the text written. */
export function labelComposed<T extends { text: string; entry: LockEntry }>(config: LocalizeConfig, target: string, composed: T): T {
  if (config.labels === undefined || config.labels === false) return composed;
  const text = labelled(config, target, composed.text, wantedLabels(composed.entry, composed.text, false));
  return text === composed.text ? composed : { ...composed, text, entry: { ...composed.entry, output: fileHash(text) } };
}
