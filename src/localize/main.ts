/**
 * Command-line entry: the `doc-translate` bin of the npm package (cli/, dist/doc-translate.js, which
 * loads dist/doc-translate-engine.js for real commands only) and `npm run localize`
 * (dist/localize.js, one file); see cli.ts. `--version` and `--help` are answered before the engine
 * is loaded: its modules are only evaluated by the first real command.
 */
import * as nodeModule from 'node:module';
import { COMMANDS, COMMAND_HELP, MAIN_HELP, VERSION, type CommandName } from './cliHelp.ts';

const argv = process.argv.slice(2);
const print = (text: string): void => void process.stdout.write(`${text}\n`);

// Node 22.1+ keeps the compiled bundle on disk between runs (a no-op where it is missing).
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) print(VERSION);
else if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) print(MAIN_HELP);
else if (argv.length === 2 && (COMMANDS as readonly string[]).includes(argv[0]!) && (argv[1] === '--help' || argv[1] === '-h'))
  print(COMMAND_HELP[argv[0] as CommandName]);
else void start();

/**
 * Loaded here, not at the top: the answers above need none of it (the npm package ships it as its
 * own file, which they never read). A status, check, dry run or update statts every file of the
 * set-up: the stat cache's worker threads start first, before the engine's modules are evaluated
 * (statCacheStat.ts).
 */
async function start(): Promise<void> {
  const { parseArgs, prestartScan, loadCli } = await import('./cliEngine.ts');
  try {
    const args = parseArgs(argv);
    if ((args.command === 'run' || args.command === 'status') && args.help !== true && args.version !== true) prestartScan(args.folder);
  } catch {
    // Words runCli refuses, with its usage line.
  }
  const { runCli } = await loadCli();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const tty = process.stdout.isTTY === true && process.stderr.isTTY === true;
  try {
    const code = await runCli(argv, {
      env: process.env,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      signal: controller.signal,
      fixedCwd: true,
      terminal: tty ? { write: (text: string) => process.stderr.write(text), columns: () => process.stderr.columns || 80 } : undefined,
    });
    process.exit(code);
  } catch (err) {
    process.stderr.write(`doc-translate: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
}
