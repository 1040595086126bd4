/**
 * The budget cap end to end, on a real site (a copy of test/sites/starlight-docs) and the emulator,
 * through the command line as CI runs it: `update --max-credits N` stops before the estimate of the
 * next file would pass N, exits 3, names what is left, charges no more than N (the emulator's
 * ledger) and leaves a lock that records exactly the files written; the next run sends only what
 * was left (the dry run after the first run, and the request log) and completes. A file job under a
 * cap carries max_credit_millicredits. Bad values are refused before anything is sent.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DocTranslateClient } from '../../../src/api/index.ts';
import { parseArgs } from '../../../src/localize/cli.ts';
import { LOCK_FILE, parseLock } from '../../../src/localize/index.ts';
import { BUDGET_EXIT, parseMaxCredits } from '../../../src/localize/trust/budget.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';

const SITE = join(process.cwd(), 'test/sites/starlight-docs');
const NEW = 'nl';

interface Budget {
  max_credits: number | null;
  estimated_credits: number;
  charged_credits: number | null;
  stopped: boolean;
  left: { files: string[]; segments: number; chars: number; estimated_credits: number; unestimated: string[] };
}
interface UpdateJson {
  files: number;
  written: number;
  requests: number;
  segments_sent: number;
  chars_sent: number;
  budget: Budget;
}
interface DryJson {
  languages: { lang: string; files: number; segments: number; chars: number; estimatedCredits: number }[];
}

describe('localize: a budget cap (--max-credits) on a real site', function () {
  this.timeout(300_000);
  let emu: TestEmulator;
  let tmp: string;
  const env = (): Record<string, string> => ({ DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
  /** A copy of the site set up for one new language (init reads the framework's config). */
  const setUp = async (): Promise<string> => {
    const repo = join(tmp, `site-${Math.random().toString(36).slice(2, 8)}`);
    cpSync(SITE, repo, { recursive: true });
    const init = await runLocalizeCli(['init', repo, '--lang', NEW, '--yes']);
    assert.equal(init.code, 0, init.stderr);
    return join(repo, 'docs');
  };
  const charged = async (): Promise<number> => (await emu.charges()).reduce((sum, e) => sum + e.amount_millicredits, 0);
  const dry = async (site: string): Promise<DryJson['languages'][number]> => {
    const d = await runLocalizeCli([site, '--dry-run', '--json']);
    assert.equal(d.code, 0, d.stderr);
    return (JSON.parse(d.stdout) as DryJson).languages.find((l) => l.lang === NEW)!;
  };

  before(async () => {
    emu = await TestEmulator.start();
    tmp = mkdtempSync(join(tmpdir(), 'dt-budget-e2e-'));
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('stops before the cap, charges no more than it, records exactly what it wrote; the next run sends only what was left', async () => {
    const site = await setUp();
    const whole = await dry(site);
    assert.ok(whole.files > 6 && whole.segments > 100, `a site with real work (${whole.files} files, ${whole.segments} segments)`);
    // About a third of the estimate: the run must stop with work left.
    const cap = Math.round((whole.estimatedCredits / 3) * 1000) / 1000;

    await emu.control('DELETE', '/requests');
    const before = await charged();
    const first = await runLocalizeCli([site, '--lang', NEW, '--json', '--max-credits', String(cap)], env());
    assert.equal(first.code, BUDGET_EXIT, first.stderr);
    const r1 = JSON.parse(first.stdout) as UpdateJson;
    const spent1 = (await charged()) - before;
    assert.ok(spent1 > 0, 'something was sent');
    assert.ok(spent1 <= parseMaxCredits(String(cap)), `charged ${spent1} millicredits, cap ${cap} credits`);
    assert.equal(r1.budget.max_credits, cap);
    assert.equal(r1.budget.stopped, true);
    assert.equal(Math.round(r1.budget.charged_credits! * 1000), spent1, 'the charge reported is the ledger');
    assert.ok(Math.round(r1.budget.estimated_credits * 1000) >= spent1, 'the estimate never undercounts the charge');
    assert.ok(r1.budget.estimated_credits <= cap);
    assert.equal((await emu.requests('/api/v1/ai/')).length, r1.requests);
    assert.ok(r1.written > 0 && r1.budget.left.files.length > 0);
    assert.equal(r1.written + r1.budget.left.files.length, whole.files, 'every file is written or left');

    // The lock records exactly the files written; nothing left exists on disk.
    const lock = parseLock(readFileSync(join(site, LOCK_FILE), 'utf8'));
    const recorded = [...lock.files.keys()].filter((t) => lock.files.get(t)!.lang === NEW);
    assert.equal(recorded.length, r1.written);
    for (const t of r1.budget.left.files) {
      assert.ok(!recorded.includes(t), `${t} is not in the lock`);
      assert.ok(!existsSync(join(site, t)), `${t} was not written`);
    }
    for (const t of recorded) assert.ok(existsSync(join(site, t)), `${t} was written`);

    // What is left is what the next run would send (the dry run agrees), and it is not recorded as done.
    const rest = await dry(site);
    assert.equal(rest.files, r1.budget.left.files.length);
    assert.equal(rest.segments, r1.budget.left.segments);
    assert.equal(rest.chars, r1.budget.left.chars);
    const check = await runLocalizeCli([site, '--check', '--lang', NEW]);
    assert.equal(check.code, 1, 'check still sees the files left');

    // The text output names what is left and shows the estimate next to the charge.
    const status = await runLocalizeCli(['status', site, '--lang', NEW, '--json']);
    const st = JSON.parse(status.stdout) as { total: { up_to_date: number; missing: number } };
    assert.equal(st.total.up_to_date, r1.written);
    assert.equal(st.total.missing, r1.budget.left.files.length);

    // The next run (no cap this time) goes on where the first stopped, sends only what was left and finishes.
    await emu.control('DELETE', '/requests');
    const before3 = await charged();
    const last = await runLocalizeCli([site, '--lang', NEW], env());
    assert.equal(last.code, 0, last.stderr);
    const spent3 = (await charged()) - before3;
    const sentNow = (await emu.requests('/api/v1/ai/')).length;
    assert.match(
      last.stdout,
      new RegExp(`wrote ${rest.files} translations; sent ${rest.segments} segments \\(${rest.chars} characters\\) in ${sentNow} requests`),
    );
    const cost = /cost: estimated ([\d.]+) credits, charged ([\d.]+) credits/.exec(last.stdout);
    assert.ok(cost !== null, last.stdout);
    assert.equal(Math.round(Number(cost[2]) * 1000), spent3);
    assert.ok(Math.round(Number(cost[1]) * 1000) >= spent3);
    assert.doesNotMatch(last.stdout, /stopped at the budget/);
    const done = await runLocalizeCli([site, '--check', '--lang', NEW]);
    assert.equal(done.code, 0, done.stdout);
    process.stderr.write(
      `      budget: ${whole.files} files, ${whole.segments} segments, about ${whole.estimatedCredits} credits; cap ${cap}: wrote ${r1.written}, charged ${spent1 / 1000} (estimated ${r1.budget.estimated_credits}); rest: ${rest.files} files, ${rest.segments} segments in ${sentNow} requests, charged ${spent3 / 1000}\n`,
    );
  });

  it('text output: what is left is listed, the exit code is 3; a budget of 0 sends nothing and writes nothing', async () => {
    const site = await setUp();
    const whole = await dry(site);
    await emu.control('DELETE', '/requests');
    const zero = await runLocalizeCli([site, '--lang', NEW, '--max-credits', '0'], env());
    assert.equal(zero.code, BUDGET_EXIT, zero.stderr);
    assert.equal((await emu.requests('/api/v1/ai/')).length, 0);
    assert.ok(!existsSync(join(site, LOCK_FILE)), 'no lock: nothing was written');
    assert.match(zero.stdout, /cost: estimated 0 credits of --max-credits 0, charged 0 credits/);
    assert.match(
      zero.stdout,
      new RegExp(`stopped at the budget: ${whole.files} translation files left \\(${whole.segments} segments, ${whole.chars} characters`),
    );
    assert.equal(zero.stdout.split('\n').filter((l) => l.startsWith('left ')).length, Math.min(whole.files, 11));
    // In a GitHub workflow the stop is also a warning annotation on the set-up's doc-translate.json.
    const gh = await runLocalizeCli([site, '--lang', NEW, '--max-credits', '0', '--format', 'github'], { ...env(), GITHUB_WORKSPACE: dirname(site) });
    assert.equal(gh.code, BUDGET_EXIT, gh.stderr);
    assert.match(
      gh.stdout,
      new RegExp(`^::warning file=docs/doc-translate\\.json,title=Translation budget::stopped at the budget: ${whole.files} translation files left`, 'm'),
    );
  });

  it('a file job under a cap carries max_credit_millicredits: the budget left for it', async () => {
    const site = await setUp();
    // An HTML page among the sources: a file job (estimated at its characters, 1 credit each, at least 2).
    const html = '<!doctype html>\n<html><body><h1>Reference</h1><p>A page written in HTML.</p></body></html>\n';
    writeFileSync(join(site, 'src/content/docs/reference-table.html'), html);
    const cfgPath = join(site, 'doc-translate.json');
    const cfg = JSON.parse(readFileSync(cfgPath, 'utf8')) as { include?: string[] };
    writeFileSync(cfgPath, JSON.stringify({ ...cfg, include: ['**/index.mdx'] }, null, 2));
    const whole = await dry(site);
    const cap = whole.estimatedCredits - 2 + html.length + 50;
    const up = await runLocalizeCli([site, '--lang', NEW, '--json', '--max-credits', String(cap)], env());
    assert.equal(up.code, 0, up.stderr);
    const r = JSON.parse(up.stdout) as UpdateJson;
    assert.equal(r.budget.stopped, false);
    const client = new DocTranslateClient({ baseUrl: emu.emu.baseUrl, apiKey: emu.emu.apiKey });
    try {
      const jobs = (await client.jobs.list({ limit: 5 })) as unknown as { items?: Record<string, unknown>[] } | Record<string, unknown>[];
      const list = Array.isArray(jobs) ? jobs : (jobs.items ?? []);
      assert.equal(list.length, 1);
      const markdown = Math.round((r.budget.estimated_credits - html.length) * 1000);
      assert.equal(list[0]!['max_credit_millicredits'], parseMaxCredits(String(cap)) - markdown, 'the cap minus what the batches took');
    } finally {
      await client.close();
    }
  });

  it('bad values are refused with a clear message before anything is read or sent', async () => {
    for (const [value, message] of [
      ['-1', /--max-credits "-1": it cannot be negative/],
      ['abc', /--max-credits "abc": it must be a number of credits such as 10 or 2\.5/],
      ['NaN', /must be a number/],
      ['1.0005', /at most 3 decimals/],
      ['', /--max-credits needs a value/],
    ] as const)
      assert.throws(() => parseArgs(['docs', `--max-credits=${value}`]), message);
    assert.throws(() => parseArgs(['docs', '--dry-run', '--max-credits', '5']), /--max-credits is for an update that sends/);
    assert.throws(() => parseArgs(['check', 'docs', '--max-credits', '5']), /check does not take --max-credits/);
    assert.equal(parseArgs(['update', 'docs', '--max-credits', '2.5']).maxCredits, 2500);
    // As CI sees it: exit 2, one line naming the problem, nothing sent or written.
    const site = await setUp();
    await emu.control('DELETE', '/requests');
    const r = await runLocalizeCli([site, '--max-credits', '-2.5'], env());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^doc-translate: --max-credits "-2\.5": it cannot be negative\n/);
    assert.equal((await emu.requests('/api/v1/')).length, 0);
    assert.ok(!existsSync(join(site, LOCK_FILE)));
  });

  it('parses credits into millicredits', () => {
    assert.equal(parseMaxCredits('2.5'), 2500);
    assert.equal(parseMaxCredits('10'), 10_000);
    assert.equal(parseMaxCredits('0.001'), 1);
    assert.equal(parseMaxCredits('.5'), 500);
    assert.equal(parseMaxCredits('3.1400'), 3140);
    assert.equal(parseMaxCredits('0'), 0);
    assert.throws(() => parseMaxCredits('1e3'), /must be a number/);
    assert.throws(() => parseMaxCredits('Infinity'), /must be a number/);
  });
});
