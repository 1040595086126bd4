/**
 * Look-ups over one inline text, each built in a single pass on first use, so that many unmatched
 * openers (`[`, `` ` ``, `$`) cost linear time instead of one forward scan each.
 */
export class InlineIndex {
  private runStarts: Map<number, number[]> | undefined;
  private brackets: Int32Array | undefined;
  private closers: Int32Array | undefined;
  private noDoubleDollarAfter = Infinity;

  constructor(private readonly text: string) {}

  runLength(i: number): number {
    let j = i;
    while (this.text[j] === '`') j++;
    return j - i;
  }

  /** End of the code span opening at `i`: the next backtick run of the same length, or -1. */
  codeSpanEnd(i: number): number {
    const len = this.runLength(i);
    const starts = this.backtickRuns().get(len);
    if (!starts) return -1;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid]! < i + len) low = mid + 1;
      else high = mid;
    }
    return low < starts.length ? starts[low]! + len : -1;
  }

  /** Index of the `]` matching the `[` at `i` (escapes and code spans skipped), or -1. */
  closingBracket(i: number): number {
    if (!this.brackets) {
      const match = new Int32Array(this.text.length).fill(-1);
      const stack: number[] = [];
      for (let j = 0; j < this.text.length; j++) {
        const c = this.text[j];
        if (c === '\\') j++;
        else if (c === '`') {
          const end = this.codeSpanEnd(j);
          j = end < 0 ? j + this.runLength(j) - 1 : end - 1;
        } else if (c === '[') stack.push(j);
        else if (c === ']' && stack.length > 0) match[stack.pop()!] = j;
      }
      this.brackets = match;
    }
    return this.brackets[i] ?? -1;
  }

  /** Index of the first `$` at or after `i` that can close inline math, or -1. */
  mathCloser(i: number): number {
    if (!this.closers) {
      const text = this.text;
      const next = new Int32Array(text.length + 1).fill(-1);
      const escaped = new Uint8Array(text.length + 1);
      for (let j = 1; j < text.length; j++) escaped[j] = text[j - 1] === '\\' && !escaped[j - 1] ? 1 : 0;
      for (let j = text.length - 1; j >= 0; j--) {
        const closes = text[j] === '$' && !escaped[j] && j > 0 && !/\s/.test(text[j - 1]!) && !/[0-9]/.test(text[j + 1] ?? '');
        next[j] = closes ? j : next[j + 1]!;
      }
      this.closers = next;
    }
    return this.closers[i] ?? -1;
  }

  /** Index of the next `$$` at or after `i`, or -1. */
  doubleDollar(i: number): number {
    if (i >= this.noDoubleDollarAfter) return -1;
    const found = this.text.indexOf('$$', i);
    if (found < 0) this.noDoubleDollarAfter = i;
    return found;
  }

  private backtickRuns(): Map<number, number[]> {
    if (!this.runStarts) {
      const runs = new Map<number, number[]>();
      for (let j = this.text.indexOf('`'); j >= 0; j = this.text.indexOf('`', j)) {
        const len = this.runLength(j);
        const list = runs.get(len);
        if (list) list.push(j);
        else runs.set(len, [j]);
        j += len;
      }
      this.runStarts = runs;
    }
    return this.runStarts;
  }
}
