// The three versions of a conflict as one read-only Markdown page. Pure (no vscode import).
import type { Conflict } from '../../localize/index.ts';

const fence = (text: string): string => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}markdown\n${text}\n${f}`;
};

export function conflictPage(c: Conflict, merged: { text: string; clean: boolean } | undefined): string {
  const where = c.block < 0 ? 'the whole file' : `paragraph ${c.block + 1}`;
  const why =
    c.reason === 'untracked'
      ? 'This translation exists but was never written by an update, so it may be a human\'s work.'
      : c.reason === 'restructured'
        ? 'Paragraphs were added to or removed from this translation by hand.'
        : 'The source paragraph changed after its translation was edited by hand.';
  const lines = [`# Conflict in ${c.target} (${where})`, '', `${why} The update left the file as it is. Choose what to keep:`, ''];
  lines.push('## Base: the translation as the last update wrote it', '', c.base !== undefined ? fence(c.base) : '_Not kept (keepBase is off, or the file was never written by an update)._', '');
  lines.push('## Yours: as it stands in the file (Keep Mine)', '', fence(c.theirs), '');
  lines.push('## New: the translation of the changed source (Use New Translation)', '', c.ours !== undefined ? fence(c.ours) : '_Not translated yet: run Update Translations on this file._', '');
  if (merged !== undefined) {
    lines.push(`## Merged word by word (Merge)${merged.clean ? '' : ': both sides changed the same words, check the result'}`, '', fence(merged.text), '');
  }
  return lines.join('\n');
}
