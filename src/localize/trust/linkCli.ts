/**
 * `check --links`: the link gate on the command line. Text: one line per broken link
 * (`file:line:column: broken link <url>: <reason>`) and a summary; `--format github`: one error annotation per
 * broken link on its file, line and column, and a short summary appended to $GITHUB_STEP_SUMMARY;
 * `--json`: the report. Exit 1 when a link is broken, else 0.
 */
import { annotationLine, appendSummary, repoPath } from '../cliGithub.ts';
import type { LocalizeOptions } from '../scan.ts';
import { checkLinks, type LinkReport } from './linkCheck.ts';

export interface LinkGateIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  cwd?: string;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function linkSummary(r: LinkReport): string {
  const skipped = r.unowned > 0 ? `; ${plural(r.unowned, 'site-absolute link')} outside the documentation's pages and static files not checked` : '';
  return `${plural(r.pages, 'translated page')}, ${plural(r.checked, 'link')} checked: ${r.broken.length === 0 ? 'none broken' : `${r.broken.length} broken`}${skipped}`;
}

/** The job summary's Markdown: the count and the first broken links. */
export function linkSummaryMarkdown(title: string, r: LinkReport, path: (rel: string) => string, limit = 50): string {
  const lines = [`### ${title}`, '', `${linkSummary(r)}.`, ''];
  if (r.broken.length > 0) {
    lines.push('| File | Line | Link | Problem |', '| --- | ---: | --- | --- |');
    const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    for (const b of r.broken.slice(0, limit)) lines.push(`| ${cell(path(b.file))} | ${b.line} | \`${cell(b.url)}\` | ${cell(b.reason)} |`);
    if (r.broken.length > limit) lines.push('', `…and ${r.broken.length - limit} more (see the job's annotations).`);
    lines.push('');
  }
  return lines.join('\n');
}

export async function runLinkGate(opts: LocalizeOptions, format: { json: boolean; github: boolean }, io: LinkGateIo): Promise<number> {
  const r = await checkLinks(opts);
  const folder = opts.config.folder;
  if (format.json) io.out(JSON.stringify({ pages: r.pages, checked: r.checked, unowned: r.unowned, broken: r.broken }));
  else if (format.github) {
    const ws = io.env['GITHUB_WORKSPACE'];
    const path = repoPath(ws !== undefined && ws !== '' ? ws : (io.cwd ?? process.cwd()), folder);
    for (const b of r.broken) {
      io.out(annotationLine({ level: 'error', file: path(b.file), line: b.line, col: b.column, title: 'Broken link', message: `${b.url}: ${b.reason}` }));
    }
    io.out(linkSummary(r));
    const file = io.env['GITHUB_STEP_SUMMARY'];
    if (file !== undefined && file !== '') await appendSummary(file, linkSummaryMarkdown('doc-translate check --links', r, path));
  } else {
    for (const b of r.broken) io.out(`${b.file}:${b.line}:${b.column}: broken link ${b.url}: ${b.reason}`);
    io.out(linkSummary(r));
  }
  return r.broken.length > 0 ? 1 : 0;
}
