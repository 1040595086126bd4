/**
 * `npm run localize -- <folder> [--check] [--dry-run] [--json] [--shard k/n] [--lang de,fr]`
 * `npm run localize -- <folder> --merge-locks <lock of shard 1> ... <lock of shard n>`
 * `npm run localize -- init [folder] [--lang de,fr] [--yes] [--json]`: reads the framework's config, writes doc-translate.json
 * `npm run localize -- adopt [folder] [--lang de,fr] [--json]`: records the existing translations in the lock
 * (a folder named `init` or `adopt` is given as `./init`).
 *
 * Reads <folder>/doc-translate.json; the service URL from DOC_TRANSLATE_BASE_URL and the key from
 * DOC_TRANSLATE_API_KEY (needed only to update). Exit 0: done or up to date; 1: --check found
 * stale, missing or conflicting translations; 2: an error (one clear line on stderr).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXPECT_ANY, GuardedRoot } from '../shared/guardedFs.ts';
import { DocTranslateClient, DocTranslateError } from '../api/index.ts';
import { adopt } from './adopt.ts';
import { CONFIG_FILE, ConfigError, LOCK_FILE, loadConfig } from './config.ts';
import { localFs } from './fs.ts';
import { runInit, writeGitignore } from './init.ts';
import type { RunHolder } from './lockFile.ts';
import { LockError, mergeLocks, parseLock, serializeLock } from './lock.ts';
import { lastListing, parseShard, type LocalizeOptions } from './scan.ts';
import { dryRun, planStatus } from './status.ts';
import { update } from './update.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  signal?: AbortSignal;
  /** stdin and stdout are a terminal (init writes without --yes); default: process.stdin/stdout.isTTY. */
  interactive?: boolean;
}

export const USAGE = 'usage: localize <folder> [--check] [--dry-run] [--json] [--shard k/n] [--lang de,fr] | <folder> --merge-locks <lock>... | init [folder] [--lang de,fr] [--yes] [--json] | adopt [folder] [--lang de,fr] [--json]';

class UsageError extends Error {}

interface Args {
  command: 'run' | 'init' | 'adopt';
  folder: string;
  yes: boolean;
  check: boolean;
  dryRun: boolean;
  json: boolean;
  shard?: string;
  langs?: string[];
  mergeLocks?: string[];
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Partial<Args> & { command: Args['command']; check: boolean; dryRun: boolean; json: boolean; yes: boolean } = { command: 'run', check: false, dryRun: false, json: false, yes: false };
  let start = 0;
  if (argv[0] === 'init' || argv[0] === 'adopt') {
    args.command = argv[0];
    start = 1;
  }
  for (let i = start; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--check') args.check = true;
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--json') args.json = true;
    else if (a === '--yes' && args.command === 'init') args.yes = true;
    else if (a === '--shard' || a.startsWith('--shard=')) args.shard = value();
    else if (a === '--lang' || a.startsWith('--lang=')) args.langs = value().split(',').map((s) => s.trim());
    else if (a === '--merge-locks') {
      args.mergeLocks = argv.slice(i + 1);
      break;
    }
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (args.folder === undefined) args.folder = a;
    else throw new UsageError(`unexpected argument ${a}`);
  }
  if (args.command !== 'run') {
    const name = args.command;
    if (args.check || args.dryRun || args.shard !== undefined || args.mergeLocks !== undefined) throw new UsageError(`${name} takes only [folder]${name === 'init' ? ' --lang --yes' : ' --lang'} --json`);
    args.folder ??= '.';
  }
  if (args.folder === undefined) throw new UsageError('the folder holding doc-translate.json is required');
  if (args.check && args.dryRun) throw new UsageError('--check and --dry-run exclude each other');
  return args as Args;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(parseArgs(argv), io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`localize: ${err.message}`);
      io.err(USAGE);
    } else if (err instanceof ConfigError || err instanceof LockError || err instanceof DocTranslateError || err instanceof RangeError) {
      io.err(`localize: ${err.message}`);
    } else {
      io.err(`localize: ${err instanceof Error ? err.message : String(err)}`);
    }
    return 2;
  }
}

async function run(args: Args, io: CliIo): Promise<number> {
  const folder = resolve(args.folder);
  if (args.command === 'init') {
    const interactive = io.interactive ?? (process.stdin.isTTY === true && process.stdout.isTTY === true);
    return runInit(folder, { ...(args.langs !== undefined ? { langs: args.langs } : {}), yes: args.yes, interactive, json: args.json }, io);
  }
  if (args.mergeLocks !== undefined) {
    if (args.mergeLocks.length === 0) throw new UsageError('--merge-locks needs the lock of every shard, in shard order');
    // Every shard's lock must be there: a missing one would silently drop that shard's entries.
    const locks = await Promise.all(args.mergeLocks.map(async (p) => {
      let text: string;
      try {
        text = await readFile(resolve(p), 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new LockError(`${p}: ${code === 'ENOENT' ? 'no such file (did the shard\'s artifact download fail?)' : `cannot be read (${code ?? String(err)})`}; nothing was merged or written`);
      }
      try {
        return parseLock(text);
      } catch (err) {
        throw new LockError(`${p}: ${err instanceof Error ? err.message : String(err)}; nothing was merged or written`);
      }
    }));
    const root = await GuardedRoot.open(folder);
    await root.write(LOCK_FILE, serializeLock(mergeLocks(locks)), EXPECT_ANY, { durable: true });
    io.out(`merged ${locks.length} shard locks into ${LOCK_FILE}`);
    return 0;
  }
  const config = await loadConfig(folder);
  const opts: LocalizeOptions = { config };
  if (args.shard !== undefined) opts.shard = parseShard(args.shard);
  if (args.langs !== undefined) {
    const unknown = args.langs.filter((l) => !config.targetLanguages.includes(l));
    if (unknown.length > 0) throw new ConfigError(`--lang ${unknown.join(',')}: not in targetLanguages of ${CONFIG_FILE} (${config.targetLanguages.join(', ')})`);
    opts.languages = args.langs;
  }
  const onWait = (h: RunHolder): void => io.err(`localize: another update of this folder is running (${h.tool || 'process'} ${h.pid} on ${h.host}, since ${h.started}); waiting for it to finish (if that process is gone, delete .doc-translate/update.lock)`);

  if (args.command === 'adopt') {
    await writeGitignore(localFs(folder).root);
    const r = await adopt({ ...opts, tool: 'cli', onWait, ...(io.signal !== undefined ? { signal: io.signal } : {}) });
    const current = r.adopted.filter((a) => a.current).length;
    if (args.json) io.out(JSON.stringify({ adopted: r.adopted.length, current, partial: r.adopted.length - current, skipped: r.skipped, tracked: r.tracked, files: r.adopted }));
    else {
      for (const a of r.adopted) if (!a.current) io.out(`partial    ${a.target}: ${a.aligned} of ${a.blocks} blocks align with the source; the rest is kept as written and reported as lagging`);
      for (const x of r.skipped) io.out(`untracked  ${x.target}: ${x.reason}`);
      io.out(`adopted ${r.adopted.length} existing translations (${current} up to date, ${r.adopted.length - current} partly aligned); ${r.skipped.length} left untracked; ${r.tracked} already in ${LOCK_FILE}`);
    }
    return 0;
  }
  const summary = { files: 0, stale: 0, missing: 0, conflicts: 0, segments_sent: 0, chars_sent: 0, requests: 0, written: 0 };

  if (args.check) {
    const s = await planStatus(opts);
    Object.assign(summary, { files: s.files, stale: s.counts.stale, missing: s.counts.missing, conflicts: s.counts.conflict });
    if (args.json) io.out(JSON.stringify(summary));
    else {
      for (const t of s.targets) if (t.state !== 'up-to-date') io.out(`${t.state.padEnd(10)} ${t.target}${t.state === 'stale' ? ` (${t.segments} segments)` : ''}`);
      io.out(`${s.files} source files, ${s.targets.length} translations: ${s.counts['up-to-date']} up to date, ${s.counts.stale} stale, ${s.counts.missing} missing, ${s.counts.edited} edited, ${s.counts.conflict} in conflict`);
    }
    return s.counts.stale + s.counts.missing + s.counts.conflict > 0 ? 1 : 0;
  }

  if (args.dryRun) {
    const d = await dryRun(opts);
    const listing = lastListing(config);
    Object.assign(summary, { files: d.files, stale: d.counts.stale, missing: d.counts.missing, conflicts: d.counts.conflict });
    const leftOut = listing?.leftOut ?? [];
    if (args.json) {
      io.out(JSON.stringify({
        ...summary, languages: d.languages, estimate: d.estimate, sources: [...(listing?.pages ?? []), ...(listing?.files ?? [])].sort(), left_out: leftOut,
        undeclared: (listing?.undeclared ?? []).map((w) => ({ path: `${w.folder}/`, code: w.code, mirrored: w.mirrored, pages: w.pages })),
      }));
    } else {
      for (const w of listing?.undeclared ?? []) io.out(`warning: ${w.message}; left out, never translated`);
      for (const l of d.languages) {
        io.out(`${l.lang}: ${l.files} files, ${l.segments} segments, ${l.chars} characters, ${l.requests} requests, about ${l.estimatedCredits} credits (estimate)`);
      }
      if (leftOut.length > 0) {
        io.out(`${d.files} sources; left out ${leftOut.reduce((a, x) => a + x.files, 0)} files:`);
        for (const x of [...leftOut].sort((a, b) => b.files - a.files)) io.out(`  ${String(x.files).padStart(5)}  ${x.reason}${x.glob !== undefined ? ` [${x.glob}]` : x.path !== undefined ? ` [${x.path}]` : ''}`);
      }
      io.out(`credits are an estimate at ${d.estimate.millicreditsPerChar} millicredits per character; the service decides the charge`);
    }
    return 0;
  }

  const baseUrl = io.env['DOC_TRANSLATE_BASE_URL'];
  const apiKey = io.env['DOC_TRANSLATE_API_KEY'];
  if (baseUrl === undefined || baseUrl === '') throw new ConfigError('DOC_TRANSLATE_BASE_URL is not set (the service address ending in /api/v1)');
  if (apiKey === undefined || apiKey === '') throw new ConfigError('DOC_TRANSLATE_API_KEY is not set');
  const client = new DocTranslateClient({ baseUrl, apiKey, userAgent: 'doc-translate-localize' });
  try {
    await writeGitignore(localFs(folder).root);
    const r = await update({ ...opts, client, tool: 'cli', ...(io.signal !== undefined ? { signal: io.signal } : {}), onWait });
    Object.assign(summary, {
      files: r.files, stale: r.stale, missing: r.missing, conflicts: r.conflicts.length,
      segments_sent: r.segments_sent, chars_sent: r.chars_sent, requests: r.requests, written: r.written.length,
    });
    for (const c of r.conflicts) io.err(`conflict: ${c.target}${c.block >= 0 ? ` block ${c.block + 1}` : ''}: ${c.reason === 'edited' ? 'the source changed and the translation was edited; left as it stands' : c.reason === 'untracked' ? 'a translation not written by this tool exists; left as it stands' : c.reason === 'changed' ? 'the file changed while the update was running; left as it stands (run the update again)' : 'the translation was restructured by hand; left as it stands'}`);
    if (r.untranslated > 0) io.err(`localize: ${r.untranslated} segments kept their source text (their translation failed its structure check)`);
    if (r.cancelled) {
      io.err('localize: cancelled; files written so far are recorded in the lock');
      return 2;
    }
    if (args.json) io.out(JSON.stringify(summary));
    else io.out(`${r.files} source files: wrote ${r.written.length} translations; sent ${r.segments_sent} segments (${r.chars_sent} characters) in ${r.requests} requests and ${r.fileJobs} file jobs; ${r.conflicts.length} conflicts`);
    return 0;
  } finally {
    await client.close();
  }
}
