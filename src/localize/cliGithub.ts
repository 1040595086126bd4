/**
 * `check --format github`: GitHub workflow commands. One annotation per translation that needs
 * work, on the file a reviewer would open: stale (warning) on the translation, missing (notice) on
 * the source (the translation does not exist yet), conflict (error) on the translation at the
 * conflict's line. And a Markdown summary table by language for the job's summary page.
 */
import { basename, dirname, join, relative, sep } from 'node:path';
import { EXPECT_ANY, GuardedRoot } from '../shared/guardedFs.ts';
import type { Conflict } from './plan.ts';
import type { StatusReport, TargetStatus } from './status.ts';
import { pendingMessage, termProblemText, TERMS_HINT } from './trust/report.ts';

/** Why a conflict is one, in the words of the CLI's conflict lines. */
export function conflictReason(c: Pick<Conflict, 'reason'> & { reviewed?: Conflict['reviewed'] }): string {
  switch (c.reason) {
    case 'edited':
      if (c.reviewed !== undefined) return `the source changed and the translation was reviewed (by ${c.reviewed.by}, ${c.reviewed.at}); left as it stands`;
      return 'the source changed and the translation was edited; left as it stands';
    case 'untracked':
      return 'a translation not written by this tool exists; left as it stands';
    case 'changed':
      return 'the file changed while the update was running; left as it stands (run the update again)';
    case 'markers':
      return 'holds conflict markers; remove them and run again';
    default:
      return 'the translation was restructured by hand; left as it stands';
  }
}

/** A workflow command's message: %, CR and LF escaped. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: also : and , escaped. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  file: string;
  line?: number;
  /** 1-based column (the link gate's). */
  col?: number;
  title: string;
  message: string;
}

export function annotationLine(a: Annotation): string {
  const props = [
    `file=${escapeProperty(a.file)}`,
    ...(a.line !== undefined ? [`line=${a.line}`] : []),
    ...(a.col !== undefined ? [`col=${a.col}`] : []),
    `title=${escapeProperty(a.title)}`,
  ];
  return `::${a.level} ${props.join(',')}::${escapeData(a.message)}`;
}

/** 1-based line of `needle` in `text`, or undefined. */
function lineOf(text: string, needle: string): number | undefined {
  const at = needle === '' ? -1 : text.indexOf(needle);
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * The annotations of a status report. `path` turns a path relative to the set-up's folder into one
 * relative to the repository (GitHub places annotations by repository path); `readTarget` reads a
 * translation as it stands (relative to the folder), to put a conflict on its line.
 */
export async function annotations(
  report: StatusReport,
  path: (rel: string) => string,
  readTarget: (rel: string) => Promise<string | undefined>,
): Promise<Annotation[]> {
  const out: (Annotation & { missing?: TargetStatus[] })[] = [];
  const missing = new Map<string, TargetStatus[]>();
  for (const t of report.targets) {
    if (t.state === 'stale' && (t.pending ?? 0) > 0)
      out.push({ level: 'error', file: path(t.target), title: 'Translation failed', message: pendingMessage(t, path(t.source)) });
    else if (t.state === 'stale') out.push({ level: 'warning', file: path(t.target), title: 'Stale translation', message: staleMessage(t, path) });
    else if (t.state === 'terms') {
      for (const p of t.terms ?? [])
        out.push({
          level: 'error',
          file: path(t.target),
          line: p.line,
          title: 'Term not as configured',
          message: `${termProblemText(p)} (${t.lang}); source ${path(t.source)}; ${TERMS_HINT}`,
        });
    } else if (t.state === 'missing') {
      // One notice per source, naming every language it lacks (on the source: the translation does not exist).
      const seen = missing.get(t.source);
      if (seen !== undefined) seen.push(t);
      else {
        const list = [t];
        missing.set(t.source, list);
        out.push({ level: 'notice', file: path(t.source), title: 'Missing translation', message: '', missing: list } as Annotation);
      }
    } else if (t.state === 'conflict') {
      const text = await readTarget(t.target);
      for (const c of t.conflicts.length > 0 ? t.conflicts : [undefined]) {
        const line =
          text === undefined || c === undefined
            ? undefined
            : c.reason === 'markers'
              ? lineOf(text, '<<<<<<<')
              : c.block >= 0
                ? lineOf(text, c.theirs.trim())
                : undefined;
        const where = c !== undefined && c.block >= 0 ? ` (block ${c.block + 1})` : '';
        out.push({
          level: 'error',
          file: path(t.target),
          line,
          title: 'Translation conflict',
          message: `conflict${where}: ${c !== undefined ? conflictReason(c) : 'needs a person to decide'}; source ${path(t.source)}`,
        });
      }
    }
  }
  return out.map(({ missing: list, ...a }) =>
    list === undefined
      ? a
      : {
          ...a,
          message: `missing: no ${list.map((x) => x.lang).join(', ')} translation of ${path(list[0]!.source)} yet (${list.map((x) => path(x.target)).join(', ')}); an update writes ${list.length === 1 ? 'it' : 'them'}`,
        },
  );
}

function staleMessage(t: TargetStatus, path: (rel: string) => string): string {
  if (t.segments === 0) return `stale: ${path(t.source)} changed; nothing to translate again (an update rewrites the file)`;
  return `stale: ${plural(t.segments, 'paragraph')} changed in ${path(t.source)}`;
}

export interface LanguageRow {
  lang: string;
  upToDate: number;
  stale: number;
  missing: number;
  edited: number;
  conflict: number;
  /** Translations with a term violation (state `terms`). */
  terms: number;
  /** Segments pending (their last translation failed). */
  pending: number;
  segments: number;
  chars: number;
}

/** The report's counts by language (in `languages` order), and the total. */
export function byLanguage(report: StatusReport, languages: readonly string[]): { rows: LanguageRow[]; total: LanguageRow } {
  const empty = (lang: string): LanguageRow => ({
    lang,
    upToDate: 0,
    stale: 0,
    missing: 0,
    edited: 0,
    conflict: 0,
    terms: 0,
    pending: 0,
    segments: 0,
    chars: 0,
  });
  const rows = new Map(languages.map((l) => [l, empty(l)]));
  const total = empty('all');
  for (const t of report.targets) {
    let r = rows.get(t.lang);
    if (r === undefined) rows.set(t.lang, (r = empty(t.lang)));
    for (const x of [r, total]) {
      if (t.state === 'up-to-date') x.upToDate++;
      else x[t.state]++;
      x.segments += t.segments;
      x.pending += t.pending ?? 0;
      x.chars += t.chars;
    }
  }
  return { rows: [...rows.values()], total };
}

/** The job summary: a Markdown table by language. */
export function summaryMarkdown(title: string, report: StatusReport, languages: readonly string[]): string {
  const { rows, total } = byLanguage(report, languages);
  // Term violations and pending segments get their columns when there are any.
  const trust = total.terms + total.pending > 0;
  const line = (r: LanguageRow, bold = false): string => {
    const b = (s: string | number): string => (bold ? `**${s}**` : String(s));
    const extra = trust ? ` ${b(r.terms)} | ${b(r.pending)} |` : '';
    return `| ${b(r.lang)} | ${b(r.upToDate)} | ${b(r.stale)} | ${b(r.missing)} | ${b(r.edited)} | ${b(r.conflict)} |${extra} ${b(r.segments)} |`;
  };
  const work = total.stale + total.missing + total.conflict + total.terms;
  return [
    `### ${title}`,
    '',
    `| Language | Up to date | Stale | Missing | Edited | Conflicts |${trust ? ' Terms | Pending |' : ''} Segments to send |`,
    `| --- | ---: | ---: | ---: | ---: | ---: |${trust ? ' ---: | ---: |' : ''} ---: |`,
    ...rows.map((r) => line(r)),
    line(total, true),
    '',
    work === 0
      ? `${plural(report.files, 'source file')}: every translation is up to date.`
      : `${plural(report.files, 'source file')}: ${plural(work, 'translation')} need work${total.conflict > 0 ? `, ${total.conflict} of them a person's decision (conflicts)` : ''}.`,
    '',
  ].join('\n');
}

/**
 * Appends to the job summary file ($GITHUB_STEP_SUMMARY, outside the repository) through the guarded
 * layer: its folder opened as the root, the file read and written back with the text added.
 */
export async function appendSummary(file: string, text: string): Promise<void> {
  const root = await GuardedRoot.open(dirname(file));
  const name = basename(file);
  const before = (await root.readText(name)) ?? '';
  const gap = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  await root.write(name, `${before}${gap}${text}`, EXPECT_ANY);
}

/** A path relative to the set-up's folder as a repository path: relative to `base` (the workspace), with /. */
export function repoPath(base: string, folder: string): (rel: string) => string {
  return (rel) => {
    const r = relative(base, join(folder, rel));
    return (r.startsWith('..') ? join(folder, rel) : r).split(sep).join('/');
  };
}
