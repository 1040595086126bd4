/** Command-line entry (bundled to dist/localize.js); see cli.ts. */
import { runCli } from './cli.ts';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  signal: controller.signal,
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`localize: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
