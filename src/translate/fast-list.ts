/**
 * A top-level list read item by item (fast.ts): simple items by `simpleList`, any other top-level
 * item alone by the parser. A top-level item's lines are those up to the next line that starts a
 * top-level item, and such a line closes every block of the item before it (a list item marker
 * with text always starts an item, even after a paragraph line). So the parser reads each such
 * item as it would in the whole list: only the list around it (its start number, whether it is
 * loose) differs, and no part depends on that.
 */
import type { FastRegion } from './fast.ts';
import { indentOf, lineAt, simpleList } from './fast-flow.ts';

// A list item marker with text after it, at column 0 to 3.
const ITEM_START = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Where the top-level item whose line starts at `start` (content column `column`) ends: before the
 * next line that starts a top-level item (`item`), or before a line after a blank line that is
 * left of its content and so ends the list. Null when a line left of its content follows a line of
 * it (lazy continuation, or a block that ends the list: only the parser can tell).
 */
function itemEnd(text: string, start: number, column: number): { end: number; item: boolean } | null {
  const first = lineAt(text, start);
  if (THEMATIC_BREAK.test(first.content)) return null;
  let afterBlank = false;
  for (let pos = first.next; pos < text.length;) {
    const line = lineAt(text, pos);
    const { content } = line;
    const indent = indentOf(content);
    if (indent === content.length) {
      afterBlank = true;
    } else if (indent >= column) {
      afterBlank = false;
    } else if (ITEM_START.test(content) && !THEMATIC_BREAK.test(content)) {
      return { end: pos, item: true };
    } else {
      return afterBlank ? { end: pos, item: false } : null;
    }
    pos = line.next;
  }
  return { end: text.length, item: false };
}

/**
 * The regions of a top-level list at `at` (a fresh line, its first item's): simple items as
 * `list` regions, each other top-level item as one `other` region; `next` is where the reader goes
 * on, `canStart` whether a block may start there. Null when the first item is none `simpleList`
 * knows and its end cannot be told.
 */
export function listRegions(
  text: string,
  at: number,
  defined: ReadonlySet<string> | undefined,
): { regions: FastRegion[]; next: number; canStart: boolean } | null {
  const regions: FastRegion[] = [];
  for (let pos = at; ;) {
    const read = simpleList(text, pos, defined);
    if (!read) return regions.length > 0 ? { regions, next: pos, canStart: false } : null;
    if (read.paragraphs.length > 0) regions.push({ kind: 'list', start: pos, end: read.end, paragraphs: read.paragraphs });
    if (!read.failed) return { regions, next: read.end, canStart: true };
    const item = itemEnd(text, read.failed.start, read.failed.column);
    if (!item) return regions.length > 0 || read.failed.start > at ? { regions, next: read.failed.start, canStart: false } : null;
    regions.push({ kind: 'other', start: read.failed.start, end: item.end });
    if (!item.item) return { regions, next: item.end, canStart: true };
    pos = item.end;
  }
}
