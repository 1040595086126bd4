/**
 * The command line: `doc-translate <command> [folder] [options]` (the npm package's bin, built from
 * cli/) and `npm run localize -- …` in this repository, both dist/… bundles of main.ts.
 *
 *   update [folder]   (the default; `<folder> [--check] [--dry-run] [--json] [--shard k/n] [--lang de,fr]` as before)
 *   check [folder]    [--links] [--format github] [--json] [--shard k/n] [--lang de,fr]
 *   status [folder]   [--json] [--shard k/n] [--lang de,fr]
 *   init [folder]     [--lang de,fr] [--yes] [--json]
 *   adopt [folder]    [--lang de,fr] [--json]
 *   merge-locks <lock>... [--folder f]   (and `<folder> --merge-locks <lock>...` as before)
 *   review <file>... [--lang de] [--by name] [--folder f] [--json]
 *   labels [folder]   [--json] [--shard k/n] [--lang de,fr]
 *
 * A folder named like a command is given as ./check. `--help` for each command, `--version`.
 * Reads <folder>/doc-translate.json; the service URL from DOC_TRANSLATE_BASE_URL and the key from
 * DOC_TRANSLATE_API_KEY (needed only to update). Exit 0: done or up to date; 1: check found
 * stale, missing or conflicting translations; 2: an error (one clear line on stderr); 3: an update
 * stopped at --max-credits with work left.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXPECT_ANY, GuardedRoot } from '../shared/guardedFs.ts';
import { DocTranslateClient, DocTranslateError } from '../api/index.ts';
import { adopt } from './adopt.ts';
import { COMMAND_HELP, MAIN_HELP, PROGRAM, VERSION } from './cliHelp.ts';
import { annotationLine, annotations, appendSummary, byLanguage, conflictReason, repoPath, summaryMarkdown } from './cliGithub.ts';
import { UpdateProgressView, type ProgressTerminal } from './cliProgress.ts';
import { CONFIG_FILE, ConfigError, LOCK_FILE, loadConfig } from './config.ts';
import { localFs } from './fs.ts';
import { runInit, writeGitignore } from './init.ts';
import type { RunHolder } from './lockFile.ts';
import { LockError, mergeLocks, parseLock, serializeLock } from './lock.ts';
import { parseShard } from './listing.ts';
import { lastListing, type LocalizeOptions } from './scan.ts';
import { dryRun, planStatus, type StatusReport } from './status.ts';
import { update } from './update.ts';
import { BUDGET_EXIT } from './trust/budget.ts';
import { chargeMeter, costJson, costLines, stoppedLine } from './trust/charge.ts';
import { runLinkGate } from './trust/linkCli.ts';
import { reviewLine, runLabels, runReview } from './cliTrust.ts';
import { reviewShares } from './trust/relabel.ts';
import { termProblemText, trustLines, where, PENDING_HINT } from './trust/report.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  signal?: AbortSignal;
  /** stdin and stdout are a terminal (init writes without --yes); default: process.stdin/stdout.isTTY. */
  interactive?: boolean;
  /** Where an update's progress line is drawn (stdout and stderr are a terminal); without it, one line per language. */
  terminal?: ProgressTerminal;
  /** The working directory annotations' paths are relative to when GITHUB_WORKSPACE is not set (default process.cwd()). */
  cwd?: string;
  /** Nothing else in the process changes its working directory while a command runs (main.ts's own process). */
  fixedCwd?: boolean;
}

import { parseArgs, USAGE, UsageError, type Args } from './cliArgs.ts';

export { parseArgs, type Args } from './cliArgs.ts';

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`${PROGRAM}: ${err.message}`);
    io.err(
      err.command !== undefined ? `usage: ${COMMAND_HELP[err.command].split('\n')[0]!.replace(/^Usage: /, '')} (${PROGRAM} ${err.command} --help)` : USAGE,
    );
    return 2;
  }
  if (args.version === true) {
    io.out(VERSION);
    return 0;
  }
  if (args.help === true) {
    for (const line of (args.name === 'update' && argv[0] !== 'update' ? MAIN_HELP : COMMAND_HELP[args.name]).split('\n')) io.out(line);
    return 0;
  }
  try {
    return await run(args, io);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError || err instanceof DocTranslateError || err instanceof RangeError) {
      io.err(`${PROGRAM}: ${err.message}`);
    } else {
      io.err(`${PROGRAM}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return 2;
  }
}

async function mergeLockFiles(folder: string, files: readonly string[], io: CliIo): Promise<number> {
  // Every shard's lock must be there: a missing one would silently drop that shard's entries.
  const locks = await Promise.all(
    files.map(async (p) => {
      let text: string;
      try {
        text = await readFile(resolve(p), 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new LockError(
          `${p}: ${code === 'ENOENT' ? "no such file (did the shard's artifact download fail?)" : `cannot be read (${code ?? String(err)})`}; nothing was merged or written`,
        );
      }
      try {
        return parseLock(text);
      } catch (err) {
        throw new LockError(`${p}: ${err instanceof Error ? err.message : String(err)}; nothing was merged or written`);
      }
    }),
  );
  const root = await GuardedRoot.open(folder);
  await root.write(LOCK_FILE, serializeLock(mergeLocks(locks)), EXPECT_ANY, { durable: true });
  io.out(`merged ${locks.length} shard locks into ${LOCK_FILE}`);
  return 0;
}

/** The translations a status found exactly as the tool wrote them (their review share needs no read). */
const upToDate = (s: StatusReport): Set<string> => new Set(s.targets.filter((t) => t.state === 'up-to-date').map((t) => t.target));

/** The message shown once while another update of the folder holds its update lock. */
const waitMessage =
  (io: CliIo) =>
  (h: RunHolder): void =>
    io.err(
      `${PROGRAM}: another update of this folder is running (${h.tool || 'process'} ${h.pid} on ${h.host}, since ${h.started}); waiting for it to finish (if that process is gone, delete .doc-translate/update.lock)`,
    );

const cell = (v: string | number, width: number, left = false): string => (left ? String(v).padEnd(width) : String(v).padStart(width));

async function run(args: Args, io: CliIo): Promise<number> {
  const folder = resolve(args.folder);
  if (args.command === 'init') {
    const interactive = io.interactive ?? (process.stdin.isTTY === true && process.stdout.isTTY === true);
    return runInit(folder, { langs: args.langs, yes: args.yes, interactive, json: args.json }, io);
  }
  if (args.command === 'merge') return mergeLockFiles(folder, args.mergeLocks ?? [], io);
  if (args.command === 'review')
    return runReview(
      {
        files: args.files ?? [],
        json: args.json,
        folder: args.reviewFolder,
        langs: args.langs,
        by: args.by,
      },
      io,
      waitMessage(io),
    );
  const config = await loadConfig(folder);
  const opts: LocalizeOptions = { config, fixedCwd: io.fixedCwd === true };
  if (args.shard !== undefined) opts.shard = parseShard(args.shard);
  if (args.langs !== undefined) {
    const unknown = args.langs.filter((l) => !config.targetLanguages.includes(l));
    if (unknown.length > 0)
      throw new ConfigError(`--lang ${unknown.join(',')}: not in targetLanguages of ${CONFIG_FILE} (${config.targetLanguages.join(', ')})`);
    opts.languages = args.langs;
  }
  const languages = opts.languages ?? config.targetLanguages;
  const onWait = waitMessage(io);
  if (args.command === 'labels') return runLabels(opts, args, io, onWait);

  if (args.command === 'adopt') {
    await writeGitignore(localFs(folder).root);
    const r = await adopt({ ...opts, tool: 'cli', onWait, signal: io.signal });
    const current = r.adopted.filter((a) => a.current).length;
    if (args.json)
      io.out(
        JSON.stringify({ adopted: r.adopted.length, current, partial: r.adopted.length - current, skipped: r.skipped, tracked: r.tracked, files: r.adopted }),
      );
    else {
      for (const a of r.adopted)
        if (!a.current)
          io.out(`partial    ${a.target}: ${a.aligned} of ${a.blocks} blocks align with the source; the rest is kept as written and reported as lagging`);
      for (const x of r.skipped) io.out(`untracked  ${x.target}: ${x.reason}`);
      io.out(
        `adopted ${r.adopted.length} existing translations (${current} up to date, ${r.adopted.length - current} partly aligned); ${r.skipped.length} left untracked; ${r.tracked} already in ${LOCK_FILE}`,
      );
    }
    return 0;
  }

  if (args.command === 'status') {
    const s = await planStatus(opts);
    const { rows, total } = byLanguage(s, languages);
    if (args.json) {
      const row = (r: typeof total): Record<string, unknown> => ({
        up_to_date: r.upToDate,
        stale: r.stale,
        missing: r.missing,
        edited: r.edited,
        conflicts: r.conflict,
        terms: r.terms,
        pending: r.pending,
        segments: r.segments,
        chars: r.chars,
      });
      const reviewed = await reviewShares(opts, upToDate(s));
      io.out(JSON.stringify({ files: s.files, languages: rows.map((r) => ({ lang: r.lang, ...row(r) })), total: row(total), orphaned: s.orphaned, reviewed }));
      return 0;
    }
    // A `terms` column when a translation breaks a term rule (trust/report.ts).
    const terms = total.terms > 0;
    const head = ['language', 'up to date', 'stale', 'missing', 'edited', 'conflicts', ...(terms ? ['terms'] : []), 'segments', 'characters'];
    const w = head.map((h) => h.length);
    const values = (r: typeof total): (string | number)[] => [
      ...[r.lang, r.upToDate, r.stale, r.missing, r.edited, r.conflict],
      ...(terms ? [r.terms] : []),
      ...[r.segments, r.chars],
    ];
    for (const r of [...rows, total]) values(r).forEach((v, i) => (w[i] = Math.max(w[i]!, String(v).length)));
    const line = (vs: (string | number)[]): string => vs.map((v, i) => cell(v, w[i]!, i === 0)).join('  ');
    io.out(line(head));
    for (const r of rows) io.out(line(values(r)));
    io.out(line(values({ ...total, lang: 'all' })));
    io.out(
      `${s.files} source files; an update would send ${total.segments} segments (${total.chars} characters)${s.orphaned.length > 0 ? `; ${s.orphaned.length} lock entries whose source is gone` : ''}`,
    );
    io.out(reviewLine(await reviewShares(opts, upToDate(s))));
    for (const l of trustLines(s.targets)) io.out(l);
    return 0;
  }

  const summary = { files: 0, stale: 0, missing: 0, conflicts: 0, segments_sent: 0, chars_sent: 0, requests: 0, written: 0 };

  if (args.check && args.links === true) return runLinkGate(opts, { json: args.json, github: args.format === 'github' }, io);

  if (args.check) {
    const s = await planStatus(opts);
    Object.assign(summary, { files: s.files, stale: s.counts.stale, missing: s.counts.missing, conflicts: s.counts.conflict });
    const failed = s.counts.stale + s.counts.missing + s.counts.conflict + s.counts.terms > 0;
    const trust = `${s.counts.terms > 0 ? `, ${s.counts.terms} with term violations` : ''}`;
    const pending = s.targets.reduce((n, t) => n + (t.pending ?? 0), 0);
    // Term violations and pending segments are named when there are any.
    if (s.counts.terms > 0) Object.assign(summary, { terms: s.counts.terms });
    if (pending > 0) Object.assign(summary, { pending });
    if (args.json) io.out(JSON.stringify(summary));
    else if (args.format === 'github') {
      const base = io.env['GITHUB_WORKSPACE'] !== undefined && io.env['GITHUB_WORKSPACE'] !== '' ? io.env['GITHUB_WORKSPACE'] : (io.cwd ?? process.cwd());
      const root = await GuardedRoot.open(folder);
      for (const a of await annotations(s, repoPath(base, folder), (rel) => root.readText(rel).catch(() => undefined))) io.out(annotationLine(a));
      io.out(
        `${s.files} source files, ${s.targets.length} translations: ${s.counts['up-to-date']} up to date, ${s.counts.stale} stale, ${s.counts.missing} missing, ${s.counts.edited} edited, ${s.counts.conflict} in conflict${trust}`,
      );
      const file = io.env['GITHUB_STEP_SUMMARY'];
      if (file !== undefined && file !== '') {
        const where = repoPath(base, folder)('.').replace(/\/\.$|^\.$/, '') || '.';
        await appendSummary(file, summaryMarkdown(`${PROGRAM} check: ${where}`, s, languages));
      }
    } else {
      for (const t of s.targets)
        if (t.state !== 'up-to-date' && t.state !== 'terms')
          io.out(`${t.state.padEnd(10)} ${t.target}${t.state === 'stale' ? ` (${t.segments} segments)` : ''}`);
      for (const l of trustLines(s.targets)) io.out(l);
      io.out(
        `${s.files} source files, ${s.targets.length} translations: ${s.counts['up-to-date']} up to date, ${s.counts.stale} stale, ${s.counts.missing} missing, ${s.counts.edited} edited, ${s.counts.conflict} in conflict${trust}`,
      );
    }
    return failed ? 1 : 0;
  }

  if (args.dryRun) {
    const d = await dryRun(opts);
    const listing = lastListing(config);
    Object.assign(summary, { files: d.files, stale: d.counts.stale, missing: d.counts.missing, conflicts: d.counts.conflict });
    const leftOut = listing?.leftOut ?? [];
    if (args.json) {
      io.out(
        JSON.stringify({
          ...summary,
          languages: d.languages,
          estimate: d.estimate,
          sources: [...(listing?.pages ?? []), ...(listing?.files ?? [])].sort(),
          left_out: leftOut,
          undeclared: (listing?.undeclared ?? []).map((w) => ({ path: `${w.folder}/`, code: w.code, mirrored: w.mirrored, pages: w.pages })),
        }),
      );
    } else {
      for (const w of listing?.undeclared ?? []) io.out(`warning: ${w.message}; left out, never translated`);
      for (const l of d.languages) {
        io.out(
          `${l.lang}: ${l.files} files, ${l.segments} segments, ${l.chars} characters, ${l.requests} requests, about ${l.estimatedCredits} credits (estimate)`,
        );
      }
      if (leftOut.length > 0) {
        io.out(`${d.files} sources; left out ${leftOut.reduce((a, x) => a + x.files, 0)} files:`);
        for (const x of [...leftOut].sort((a, b) => b.files - a.files))
          io.out(`  ${String(x.files).padStart(5)}  ${x.reason}${x.glob !== undefined ? ` [${x.glob}]` : x.path !== undefined ? ` [${x.path}]` : ''}`);
      }
      io.out(`credits are an estimate at ${d.estimate.millicreditsPerChar} millicredits per character; the service decides the charge`);
    }
    return 0;
  }

  const baseUrl = io.env['DOC_TRANSLATE_BASE_URL'];
  const apiKey = io.env['DOC_TRANSLATE_API_KEY'];
  if (baseUrl === undefined || baseUrl === '') throw new ConfigError('DOC_TRANSLATE_BASE_URL is not set (the service address ending in /api/v1)');
  if (apiKey === undefined || apiKey === '') throw new ConfigError('DOC_TRANSLATE_API_KEY is not set');
  const client = new DocTranslateClient({ baseUrl, apiKey, userAgent: `${PROGRAM}/${VERSION}` });
  // Progress: the updating line on a terminal; off one, a line per language; none with --json or --quiet.
  const quiet = args.json || args.quiet;
  const view = quiet ? undefined : new UpdateProgressView(io.terminal !== undefined ? { terminal: io.terminal } : { log: io.out });
  const say = (line: string): void => {
    view?.clear();
    io.err(line);
  };
  try {
    await writeGitignore(localFs(folder).root);
    const meter = chargeMeter(client);
    const r = await update({
      ...opts,
      maxMillicredits: args.maxCredits,
      client: view !== undefined ? view.track(meter.client) : meter.client,
      tool: 'cli',
      signal: io.signal,
      onWait: (h) => {
        view?.clear();
        onWait(h);
      },
      onProgress: view?.onProgress,
    });
    view?.finish();
    Object.assign(summary, {
      files: r.files,
      stale: r.stale,
      missing: r.missing,
      conflicts: r.conflicts.length,
      segments_sent: r.segments_sent,
      chars_sent: r.chars_sent,
      requests: r.requests,
      written: r.written.length,
      // Kept: zero counts are left out of the summary (a value rule, not an undefined one).
      ...(r.pending > 0 ? { pending: r.pending } : {}),
      ...(r.terms.length > 0 ? { terms: r.terms.length } : {}),
      ...(r.failedJobs.length > 0 ? { failed_jobs: r.failedJobs.length } : {}),
    });
    for (const c of r.conflicts) {
      const text = `${c.target}${c.block >= 0 ? ` block ${c.block + 1}` : ''}: ${conflictReason(c)}`;
      if (args.format === 'github')
        io.out(
          annotationLine({
            level: 'error',
            file: repoPath(io.env['GITHUB_WORKSPACE'] || (io.cwd ?? process.cwd()), folder)(c.target),
            title: 'Translation conflict',
            message: `conflict: ${text}`,
          }),
        );
      say(`conflict: ${text}`);
    }
    if (r.pending > 0) say(`${PROGRAM}: ${r.pending} segments pending: ${PENDING_HINT}`);
    for (const t of r.terms) say(`terms: ${where(t.target, t.line)}: ${termProblemText(t)}`);
    for (const j of r.failedJobs) say(`${PROGRAM}: ${j.reason}; ${j.target} is not written (the next update runs it again)`);
    if (r.cancelled) {
      say(`${PROGRAM}: cancelled; files written so far are recorded in the lock`);
      return 2;
    }
    const charged = r.budget !== undefined ? await meter.charged() : undefined;
    if (args.json) io.out(JSON.stringify(r.budget !== undefined ? { ...summary, budget: costJson(r.budget, charged) } : summary));
    else {
      io.out(
        `${r.files} source files: wrote ${r.written.length} translations; sent ${r.segments_sent} segments (${r.chars_sent} characters) in ${r.requests} requests and ${r.fileJobs} file jobs; ${r.conflicts.length} conflicts`,
      );
      for (const line of r.budget !== undefined ? costLines(r.budget, charged) : []) io.out(line);
      if (args.format === 'github' && r.budget?.stopped === true) {
        const file = repoPath(io.env['GITHUB_WORKSPACE'] || (io.cwd ?? process.cwd()), folder)(CONFIG_FILE);
        io.out(annotationLine({ level: 'warning', file, title: 'Translation budget', message: stoppedLine(r.budget) }));
      }
    }
    return r.budget?.stopped === true ? BUDGET_EXIT : 0;
  } finally {
    view?.clear();
    await client.close();
  }
}
