// The command line's words: `parseArgs` turns argv into the command and its options (node:util
// parseArgs underneath; `--` ends the options), refusing what a command does not take with a
// usage line.
import { parseArgs as parseNodeArgs, type ParseArgsConfig } from 'node:util';
import { COMMANDS, PROGRAM, type CommandName } from './cliHelp.ts';
import { parseMaxCredits } from './trust/budget.ts';

export const USAGE = `usage: ${PROGRAM} [update|check|status|init|adopt|labels] [folder] [options] | review <file>... | merge-locks <lock>... | --help | --version`;

export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: CommandName,
  ) {
    super(message);
  }
}

export type Format = 'text' | 'github';

export interface Args {
  /** `run`: update, check (`check` or --check) and the dry run. */
  command: 'run' | 'status' | 'init' | 'adopt' | 'merge' | 'review' | 'labels';
  /** The command as named (`update` when none was). */
  name: CommandName;
  folder: string;
  yes: boolean;
  check: boolean;
  dryRun: boolean;
  json: boolean;
  quiet: boolean;
  format: Format;
  shard?: string;
  langs?: string[];
  mergeLocks?: string[];
  /** --max-credits, in millicredits. */
  maxCredits?: number;
  /** review: the files named, --by, and --folder when given (its positionals are files, not the folder). */
  files?: string[];
  by?: string;
  reviewFolder?: string;
  /** --help: print the command's help. */
  help?: boolean;
  /** --version */
  version?: boolean;
  /** check --links: the link and anchor gate instead of the translations' state. */
  links?: boolean;
}

/** The options each command takes (besides --help). */
const TAKES: Record<CommandName, readonly string[]> = {
  update: ['--dry-run', '--json', '--quiet', '--format', '--shard', '--lang', '--check', '--merge-locks', '--max-credits'],
  check: ['--json', '--quiet', '--format', '--shard', '--lang', '--links'],
  status: ['--json', '--quiet', '--shard', '--lang'],
  init: ['--lang', '--yes', '--json'],
  adopt: ['--lang', '--json'],
  'merge-locks': ['--folder'],
  review: ['--lang', '--by', '--folder', '--json'],
  labels: ['--json', '--shard', '--lang'],
};

/**
 * Every option of every command, for node:util parseArgs, which splits the words (`--x=v`, `-h`,
 * a value in the next word, `--` ending the options). Which command takes which is checked here
 * (TAKES), so that the error names the command; parseArgs runs non-strict for that reason.
 */
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  check: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  yes: { type: 'boolean' },
  'merge-locks': { type: 'boolean' },
  links: { type: 'boolean' },
  format: { type: 'string' },
  shard: { type: 'string' },
  lang: { type: 'string' },
  folder: { type: 'string' },
  'max-credits': { type: 'string' },
  by: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;
const isOption = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name);

export function parseArgs(argv: readonly string[]): Args {
  const args: Omit<Args, 'folder'> & { folder?: string } = {
    command: 'run',
    name: 'update',
    check: false,
    dryRun: false,
    json: false,
    quiet: false,
    yes: false,
    format: 'text',
  };
  const first = argv[0];
  const named = first !== undefined && (COMMANDS as readonly string[]).includes(first);
  if (named) args.name = first as CommandName;
  const name = args.name;
  const words = argv.slice(named ? 1 : 0);
  const { tokens } = parseNodeArgs({ args: words, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const positional: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positional.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    // As written, for the error: `--nope=x`, `-q`.
    const written = token.inlineValue === true ? `${token.rawName}=${token.value ?? ''}` : token.rawName;
    if (!isOption(token.name)) throw new UsageError(`unknown option ${written}`, name);
    if (token.name === 'help') {
      args.help = true;
      continue;
    }
    if (token.name === 'version') {
      // A command's --version is not an option of it.
      if (named) throw new UsageError(`unknown option ${written}`, name);
      args.version = true;
      continue;
    }
    const flag = `--${token.name}`;
    if (!TAKES[name].includes(flag)) {
      throw new UsageError(
        name === 'init' || name === 'adopt' ? `${name} takes only [folder] ${TAKES[name].join(' ')}` : `${name} does not take ${flag}`,
        name,
      );
    }
    const value = (): string => {
      if (token.value === undefined || token.value === '') throw new UsageError(`${flag} needs a value`, name);
      return token.value;
    };
    switch (token.name) {
      case 'check':
        args.check = true;
        break;
      case 'dry-run':
        args.dryRun = true;
        break;
      case 'json':
        args.json = true;
        break;
      case 'quiet':
        args.quiet = true;
        break;
      case 'links':
        args.links = true;
        break;
      case 'yes':
        args.yes = true;
        break;
      case 'shard':
        args.shard = value();
        break;
      case 'lang':
        args.langs = value()
          .split(',')
          .map((x) => x.trim());
        break;
      case 'folder':
        args.folder = value();
        break;
      case 'by':
        args.by = value();
        break;
      case 'format': {
        const f = value();
        if (f !== 'text' && f !== 'github') throw new UsageError(`--format: text or github, not ${f}`, name);
        args.format = f;
        break;
      }
      case 'max-credits':
        try {
          args.maxCredits = parseMaxCredits(value());
        } catch (err) {
          throw new UsageError((err as Error).message, name);
        }
        break;
      case 'merge-locks':
        // The legacy `<folder> --merge-locks <lock>...`: every word after it is a lock.
        args.mergeLocks = words.slice(token.index + 1);
        break;
    }
    if (token.name === 'merge-locks') break;
  }
  if (args.help === true || args.version === true) return { ...args, folder: args.folder ?? '.' };
  if (name === 'review') {
    args.command = 'review';
    args.files = positional;
    if (args.folder !== undefined) args.reviewFolder = args.folder;
    if (positional.length === 0) throw new UsageError('review needs the translation files (or their sources with --lang) to mark reviewed', name);
  } else if (name === 'merge-locks') {
    args.command = 'merge';
    args.mergeLocks = positional;
    if (positional.length === 0) throw new UsageError('merge-locks needs the lock of every shard, in shard order', name);
  } else {
    if (positional.length > 1) throw new UsageError(`unexpected argument ${positional[1]}`, name);
    args.folder = positional[0];
    if (!named && args.folder === undefined && argv.length === 0) throw new UsageError('name a command, or the folder holding doc-translate.json');
    if (!named && args.folder === undefined) throw new UsageError('the folder holding doc-translate.json is required');
    if (name === 'check') args.check = true;
    if (name === 'status') args.command = 'status';
    if (name === 'init' || name === 'adopt' || name === 'labels') args.command = name;
    if (args.mergeLocks !== undefined) {
      if (args.check || args.dryRun || args.shard !== undefined) throw new UsageError('--merge-locks takes only the locks', name);
      if (args.mergeLocks.length === 0) throw new UsageError('--merge-locks needs the lock of every shard, in shard order', name);
      args.command = 'merge';
    }
  }
  if (args.check && args.dryRun) throw new UsageError('--check and --dry-run exclude each other', name);
  if (args.maxCredits !== undefined && (args.check || args.dryRun || args.command !== 'run'))
    throw new UsageError('--max-credits is for an update that sends (not --check or --dry-run)', name);
  if (args.json && args.format === 'github') throw new UsageError('--json and --format github exclude each other', name);
  if (args.format === 'github' && args.dryRun) throw new UsageError('--format github is for check and update', name);
  return { ...args, folder: args.folder ?? '.' };
}
