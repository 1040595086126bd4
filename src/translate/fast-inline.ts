/** Inline content simple enough to read exactly without the parser (fast.ts). */
import type { Item } from './inline.ts';

// Escapes, HTML, math, pipes and brackets outside `[text](destination)` need the parser.
const BARRED = '<\\$|]';

/**
 * Items of simple inline content (text, emphasis, code spans, `[text](destination)` and line
 * breaks) in [start, end), or null when the parser must read it.
 */
export function simpleInline(text: string, start: number, end: number): Item[] | null {
  const items: Item[] = [];
  let from = start;
  const textRun = (a: number, b: number): void => {
    for (let k = a; k < b; k++) {
      if (text[k] !== '\n') continue;
      const eolStart = text[k - 1] === '\r' ? k - 1 : k;
      if (eolStart > a) items.push({ cls: 'text', start: a, end: eolStart });
      items.push({ cls: 'break', start: eolStart, eolEnd: k + 1, cutEnd: k + 1, end: k + 1 });
      a = k + 1;
    }
    if (b > a) items.push({ cls: 'text', start: a, end: b });
  };
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (c === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      let close = -1;
      for (let k = text.indexOf('`', i + n); k >= 0 && k < end; k = text.indexOf('`', k)) {
        let m = 1;
        while (text[k + m] === '`') m++;
        if (m === n) {
          close = k;
          break;
        }
        k += m;
      }
      if (close < 0 || close + n > end) {
        i += n;
        continue;
      }
      textRun(from, i);
      items.push({ cls: 'kept', start: i, end: close + n, cuts: [] });
      i = from = close + n;
    } else if (c === '[') {
      let k = i + 1;
      while (k < end && !'[]`\\<'.includes(text[k]!)) k++;
      if (text[k] !== ']' || text[k + 1] !== '(') return null;
      let m = k + 2;
      while (m < end && !/[\s()<>`\\]/.test(text[m]!)) m++;
      if (text[m] !== ')') return null;
      textRun(from, i);
      items.push({ cls: 'kept', start: i, end: i + 1, cuts: [] });
      textRun(i + 1, k);
      items.push({ cls: 'kept', start: k, end: m + 1, cuts: [] });
      i = from = m + 1;
    } else if (c === '\n' || c === '\r') {
      i++;
    } else if (BARRED.includes(c) || (c === '!' && text[i + 1] === '[')) {
      return null;
    } else {
      i++;
    }
  }
  textRun(from, end);
  return items.filter((item) => item.start < item.end);
}
