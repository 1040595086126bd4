/**
 * Whether a translation holds merge conflict markers outside fenced code: a line starting
 * `<<<<<<< ` (or exactly `<<<<<<<`), then a `=======` line, then a line starting `>>>>>>>` (git's
 * form); or, within one block, `<<<<<<<` … `=======` … `>>>>>>>` inline (what a word-level
 * three-way merge with clashing edits leaves). Either is a decision nobody made yet.
 */
export function hasConflictMarkers(text: string): boolean {
  if (!text.includes('<<<<<<<')) return false;
  let fence: { char: string; len: number } | undefined;
  let step = 0;
  let block = '';
  const inline = (): boolean => /<{7}[^]*?={7}[^]*?>{7}/.test(block.replace(/(`+)[^`\n]*?\1/g, ''));
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (open !== null && open[1]![0] === fence.char && open[1]!.length >= fence.len && line.trim() === open[1]) fence = undefined;
      continue;
    }
    if (open !== null) {
      if (inline()) return true;
      block = '';
      fence = { char: open[1]![0]!, len: open[1]!.length };
      continue;
    }
    if (step === 0 && /^<{7}(?: |$)/.test(line)) step = 1;
    else if (step === 1 && /^={7}\s*$/.test(line)) step = 2;
    else if (step === 2 && /^>{7}(?: |$)/.test(line)) return true;
    if (line.trim() === '') {
      if (inline()) return true;
      block = '';
    } else block += `${line}\n`;
  }
  return inline();
}
