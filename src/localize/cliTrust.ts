/** The command line's `review` and `labels` commands and the review share `status` prints (see trust/). */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILE, ConfigError, loadConfig } from './config.ts';
import type { LocalizeOptions } from './scan.ts';
import { relabel, type ReviewShare } from './trust/relabel.ts';
import { review, ReviewError } from './trust/review.ts';
import { gitUserName } from './trust/reviewer.ts';
import type { RunHolder } from './lockFile.ts';

interface TrustIo {
  out: (line: string) => void;
  err: (line: string) => void;
  signal?: AbortSignal;
}

/** The folder holding doc-translate.json: `--folder`, else the nearest one above the first file. */
function findFolder(files: readonly string[], folder: string | undefined): string {
  if (folder !== undefined) return resolve(folder);
  for (let dir = dirname(resolve(files[0]!)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG_FILE))) return dir;
    if (dirname(dir) === dir) throw new ConfigError(`no ${CONFIG_FILE} above ${files[0]}: give the folder with --folder`);
  }
}

export async function runReview(
  args: { files: readonly string[]; folder?: string; langs?: string[]; by?: string; json: boolean },
  io: TrustIo,
  onWait: (h: RunHolder) => void,
): Promise<number> {
  const folder = findFolder(args.files, args.folder);
  const config = await loadConfig(folder);
  const by = args.by ?? (await gitUserName(folder));
  if (by === undefined) throw new ReviewError('who reviewed is not known: set it with git config user.name "Your Name", or pass --by "Your Name"');
  const paths = args.files.map((f) => {
    const rel = relative(folder, resolve(f));
    if (rel.startsWith('..') || isAbsolute(rel)) throw new ConfigError(`${f} is outside ${folder}`);
    return rel.split(sep).join('/') || '.';
  });
  const r = await review({ config, paths, languages: args.langs, by, tool: 'cli', onWait });
  if (args.json) io.out(JSON.stringify({ by, files: r.files, refused: r.refused }));
  else {
    for (const x of r.refused) io.err(`not reviewed: ${x.path}: ${x.reason}`);
    for (const f of r.files) io.out(`reviewed   ${f.target}: ${f.reviewed} of ${f.segments} segments reviewed (${f.marked} marked now)`);
    io.out(`${r.files.length} translations marked reviewed by ${by}; nothing was sent`);
  }
  return r.refused.length > 0 && r.files.length === 0 ? 1 : 0;
}

export async function runLabels(opts: LocalizeOptions, args: { json: boolean }, io: TrustIo, onWait: (h: RunHolder) => void): Promise<number> {
  const r = await relabel({ ...opts, tool: 'cli', onWait, signal: io.signal });
  const off = opts.config.labels === false;
  if (args.json) io.out(JSON.stringify({ checked: r.checked, labelled: r.labelled, labels: !off }));
  else {
    for (const t of r.labelled) io.out(`labelled   ${t}`);
    io.out(`${r.checked} translations checked; ${off ? 'labels removed from' : 'labels written in'} ${r.labelled.length}; nothing was sent`);
  }
  return 0;
}

const percent = (s: ReviewShare): string => (s.segments === 0 ? '-' : `${Math.floor((100 * s.reviewed) / s.segments)}%`);

/** One line for `status`: the share of translated segments reviewed per language. */
export function reviewLine(shares: readonly ReviewShare[]): string {
  return `reviewed: ${shares.map((s) => `${s.lang} ${percent(s)} (${s.reviewed} of ${s.segments} segments)`).join(', ')}`;
}
