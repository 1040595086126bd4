// In-host mocha runner: VS Code calls run() inside the extension host once the extension under
// development is loaded. It runs every *.test.js bundled next to this file (BDD globals), prints
// the spec reporter to the console (the harness streams it), and writes a result file, because
// the workbench's exit code alone cannot tell a finished suite from a crashed extension host.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export interface TestOutcome {
  title: string;
  file?: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export interface SuiteResult {
  passes: number;
  failures: number;
  pending: number;
  tests: TestOutcome[];
}

function writeResult(result: SuiteResult): void {
  const file = process.env.DOC_TRANSLATE_TEST_RESULT_FILE;
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write then rename so a half-written file is never read as a verdict.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(result, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: Number(process.env.DOC_TRANSLATE_TEST_TIMEOUT_MS) || 60_000,
    color: false,
    reporter: 'spec',
  });
  const grep = process.env.DOC_TRANSLATE_TEST_GREP;
  if (grep) mocha.grep(grep);

  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  // The harness starts echoing extension-host console output at this line (SUITE_START_MARKER).
  console.log(`extension-host suite: ${files.length} file(s)${grep ? `, grep /${grep}/` : ''}`);

  const tests: TestOutcome[] = [];
  return new Promise((resolve, reject) => {
    let runner: Mocha.Runner;
    try {
      runner = mocha.run((failures) => {
        const result: SuiteResult = {
          passes: tests.filter((t) => t.state === 'passed').length,
          failures,
          pending: tests.filter((t) => t.state === 'pending').length,
          tests,
        };
        try {
          writeResult(result);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
        else resolve();
      });
    } catch (err) {
      // A test file that throws while loading: report it as a failure with its stack.
      writeResult({ passes: 0, failures: 1, pending: 0, tests: [{ title: 'loading test files', state: 'failed', error: errorText(err) }] });
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), file: t.file, state: 'passed', durationMs: t.duration }));
    runner.on('pending', (t) => tests.push({ title: t.fullTitle(), file: t.file, state: 'pending' }));
    runner.on('fail', (t, err) =>
      tests.push({
        title: t.fullTitle(),
        file: t.file,
        state: 'failed',
        durationMs: t.duration,
        error: errorText(err),
      }),
    );
  });
}
