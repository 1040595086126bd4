// The hand-written regexp glob matcher as it was before the automaton (src/localize/glob.ts at d5320d7),
// kept only as the reference the tests compare the new matcher with. It backtracks exponentially.
/**
 * A small glob matcher for `include` / `exclude` (POSIX paths relative to the config folder):
 * `**` any number of path segments, `*` and `?` within one segment, `{a,b}` alternatives, `[...]`
 * character classes. A pattern without `/` matches the file name in any folder, as in .gitignore.
 */
function escape(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

export function globToRegExp(glob: string): RegExp {
  const pattern = glob.includes('/') ? glob.replace(/^\.?\//, '') : `**/${glob}`;
  let re = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const slashAfter = pattern[i + 2] === '/';
        re += slashAfter ? '(?:[^/]*/)*' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        re += '[^/]*';
      }
    } else if (ch === '?') {
      re += '[^/]';
    } else if (ch === '{') {
      depth++;
      re += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth--;
      re += ')';
    } else if (ch === ',' && depth > 0) {
      re += '|';
    } else if (ch === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) {
        re += '\\[';
      } else {
        const body = pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = close;
      }
    } else {
      re += escape(ch);
    }
  }
  return new RegExp(`^${re}$`);
}

/** True when `path` matches any of the globs. */
export function matchesAny(path: string, globs: readonly RegExp[]): boolean {
  return globs.some((re) => re.test(path));
}
