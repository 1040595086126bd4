import assert from 'node:assert/strict';
import { MAX_SEGMENT_CHARS, reassemble, segmentMarkdown, sourceOf, type Segmented } from '../../../src/translate/index.ts';

export type Shape = ['K' | 'T', string][];

/** Compact view of the parts: ['K', kept] / ['T', prose]. */
export function shape(doc: Segmented): Shape {
  return doc.parts.map((p) => [p.kind === 'keep' ? 'K' : 'T', sourceOf(p)]);
}

export function proseOf(doc: Segmented): string[] {
  return doc.parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));
}

export function keptOf(doc: Segmented): string {
  return doc.parts.map((p) => (p.kind === 'keep' ? p.text : '\u0000')).join('');
}

/** Invariants every segmentation must hold. */
export function assertWellFormed(input: string, doc: Segmented): void {
  assert.equal(reassemble(doc, new Map()), input);
  const ids = new Set<string>();
  for (const [i, part] of doc.parts.entries()) {
    assert.ok(sourceOf(part).length > 0, 'no empty parts');
    if (i > 0) assert.ok(part.kind === 'translate' || doc.parts[i - 1]!.kind === 'translate', 'keep parts are merged');
    if (part.kind !== 'translate') continue;
    assert.ok(!ids.has(part.id), `unique id ${part.id}`);
    ids.add(part.id);
    assert.ok(part.text.trim().length > 0, 'translate part is not whitespace');
    assert.equal(part.text, part.text.trim(), 'translate part has no outer whitespace');
    assert.ok(part.text.length <= MAX_SEGMENT_CHARS, 'translate part fits one segment');
    if (part.fallback) assertWellFormed(sourceOf(part), { parts: part.fallback });
  }
}

/** Segments Markdown in fragment mode, checks the invariants, and compares the parts with `expected`. */
export function checkMarkdown(input: string, expected: Shape): void {
  const doc = segmentMarkdown(input, { mode: 'fragments' });
  assertWellFormed(input, doc);
  assert.deepEqual(shape(doc), expected);
}

/** The prose segments of a Markdown input in fragment mode, after checking the invariants. */
export function markdownProse(input: string): string[] {
  const doc = segmentMarkdown(input, { mode: 'fragments' });
  assertWellFormed(input, doc);
  return proseOf(doc);
}
