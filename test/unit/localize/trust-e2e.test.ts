/**
 * Terms and pending segments end to end: the command line against the emulator on real sites
 * (copies of test/sites/mkdocs-static-i18n and test/sites/nodejs-api, translated into German).
 *
 * - `keep: ["MkDocs"]` stays byte for byte in every translation (the engine would accent it);
 *   `prefer: { de: { plugin: "Erweiterung" } }` is broken by every answer of the pseudo-engine: the
 *   violation is reported by the update, `status` (state `terms`, file and line) and `check --format
 *   github` (an `::error file=…,line=…::` on the line that holds the translation); the next update
 *   sends those paragraphs once more, the one after sends nothing and still reports them; a
 *   paragraph fixed by hand is no longer a violation and is kept.
 * - With the engine mangling every segment (the Node.js API pages: the damaged markup of many
 *   paragraphs sits in their fragments too), the segments that end in the source language are
 *   pending (status counts them, check fails); the next run with mangling off translates exactly
 *   those and every count goes to 0.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLock } from '../../../src/localize/index.ts';
import { countKeep } from '../../../src/localize/trust/terms.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';

const SITES = join(process.cwd(), 'test/sites');

interface StatusJson {
  total: { up_to_date: number; stale: number; terms: number; pending: number; segments: number };
}

describe('localize: protected and preferred terms, pending segments (emulator, real site)', function () {
  this.timeout(300_000);
  let emu: TestEmulator;
  let tmp: string;
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl,
    DOC_TRANSLATE_API_KEY: emu.emu.apiKey,
    ...extra,
  });
  const copy = (site: string, settings: Record<string, unknown>): string => {
    const dir = join(tmp, `${site}-${Math.random().toString(36).slice(2, 8)}`);
    cpSync(join(SITES, site), dir, { recursive: true });
    const config = { targetLanguages: ['de'], sourceLanguage: 'en', ...settings };
    writeFileSync(join(dir, 'doc-translate.json'), `${JSON.stringify(config, null, 2)}\n`);
    return dir;
  };
  type UpdateJson = { segments_sent: number; written: number; pending?: number; terms?: number };
  const updateJson = async (dir: string): Promise<UpdateJson & { stderr: string }> => {
    const r = await runLocalizeCli(['update', dir, '--json'], env());
    assert.equal(r.code, 0, r.stderr);
    return { ...(JSON.parse(r.stdout) as UpdateJson), stderr: r.stderr };
  };
  const status = async (dir: string): Promise<StatusJson> => JSON.parse((await runLocalizeCli(['status', dir, '--json'])).stdout) as StatusJson;
  const sourceOf = (target: string): string => target.replace(/\.de\.md$/, '.md');
  const lockOf = (dir: string) => parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));

  before(async () => {
    emu = await TestEmulator.start();
    await emu.control('POST', `/accounts/${emu.emu.accountId}/credits`, { millicredits: 500_000_000 });
    tmp = mkdtempSync(join(tmpdir(), 'dt-trust-e2e-'));
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps a protected term byte for byte, reports a preferred-term violation with file and line, retries it once, and drops it when fixed by hand', async () => {
    const dir = copy('mkdocs-static-i18n', { layout: 'mkdocs-suffix', terms: { keep: ['MkDocs'], prefer: { de: { plugin: 'Erweiterung' } } } });
    const first = await updateJson(dir);
    assert.ok(first.written > 10, `${first.written} translations written`);
    assert.match(first.stderr, /^terms: docs\/\S+\.de\.md:\d+: "plugin" is not translated as "Erweiterung"$/m);
    const lock = lockOf(dir);
    const targets = [...lock.files.keys()];

    // Protected: as many "MkDocs" in each translation as in its source, and translated prose around them.
    let kept = 0;
    for (const t of targets) {
      const de = readFileSync(join(dir, t), 'utf8');
      const en = readFileSync(join(dir, sourceOf(t)), 'utf8');
      assert.equal(countKeep(de, 'MkDocs'), countKeep(en, 'MkDocs'), t);
      assert.ok(!/MkD[öo]cs/.test(de.replace(/MkDocs/g, '')), `${t}: no translated MkDocs`);
      kept += de.split('\n').filter((l) => l.includes('DE· ') && l.includes('MkDocs')).length;
    }
    assert.ok(kept >= 5, `${kept} translated lines keep MkDocs`);

    // status: the state `terms`, the term, the file and the line.
    const s = await status(dir);
    assert.ok(s.total.terms > 0);
    assert.equal(s.total.up_to_date + s.total.terms, targets.length);
    assert.ok(first.terms! >= s.total.terms, 'update --json counts the violations');
    const checkJson = await runLocalizeCli(['check', dir, '--json']);
    assert.equal(checkJson.code, 1);
    assert.equal((JSON.parse(checkJson.stdout) as { terms: number }).terms, s.total.terms);
    const text = await runLocalizeCli(['status', dir]);
    assert.equal(text.code, 0);
    const listed = text.stdout.split('\n').filter((l) => l.startsWith('terms      '));
    assert.ok(listed.length >= s.total.terms, text.stdout);
    assert.match(text.stdout, /^language\s+up to date\s+stale\s+missing\s+edited\s+conflicts\s+terms\s+segments\s+characters$/m);

    // check --format github: an error on the line of the translation, exit 1.
    const check = await runLocalizeCli(['check', dir, '--format', 'github'], { GITHUB_WORKSPACE: dir });
    assert.equal(check.code, 1, check.stderr);
    const annotations = check.stdout.split('\n').filter((l) => l.startsWith('::error '));
    assert.ok(annotations.length >= s.total.terms);
    for (const a of annotations) {
      const m =
        /^::error file=(docs\/[^,]+\.de\.md),line=(\d+),title=Term not as configured::"plugin" is not translated as "Erweiterung" \(de\); source (\S+);/.exec(
          a,
        );
      assert.ok(m !== null, a);
      const line = readFileSync(join(dir, m[1]!), 'utf8').split('\n')[Number(m[2]) - 1]!;
      assert.match(line, /plügíñ/i, `${m[1]}:${m[2]} holds the translation of "plugin": ${line}`);
      assert.equal(m[3], sourceOf(m[1]!));
    }
    assert.ok(listed.every((l) => annotations.some((a) => a.includes(`file=${l.slice(11).split(':')[0]},line=${l.split(':')[1]},`))));

    // The next update sends those paragraphs once more; the one after sends nothing, and they are still reported.
    const second = await updateJson(dir);
    assert.ok(second.segments_sent > 0 && second.segments_sent <= annotations.length, `${second.segments_sent} sent again`);
    const third = await updateJson(dir);
    assert.equal(third.segments_sent, 0);
    assert.equal(third.written, 0);
    assert.equal((await status(dir)).total.terms, s.total.terms);
    assert.equal((await runLocalizeCli(['check', dir])).code, 1);

    // A person fixes one page: its violations are gone and the edit is kept by the next update.
    const fixed = /file=(docs\/[^,]+\.de\.md)/.exec(annotations[0]!)![1]!;
    const edited = readFileSync(join(dir, fixed), 'utf8').replace(/plügíñ/gi, 'Erweiterung');
    writeFileSync(join(dir, fixed), edited);
    const afterFix = await runLocalizeCli(['status', dir]);
    assert.ok(!afterFix.stdout.includes(`terms      ${fixed}:`), afterFix.stdout);
    assert.equal((await status(dir)).total.terms, s.total.terms - 1);
    await updateJson(dir);
    assert.equal(readFileSync(join(dir, fixed), 'utf8'), edited);
    const fixedEntry = lockOf(dir).files.get(fixed)!;
    assert.equal(fixedEntry.terms, undefined);
    assert.notEqual(fixedEntry.sourceHash, null);
  });

  it('with the engine mangling every segment, the failed ones stay pending; the next run with mangling off translates them and the counts go to 0', async () => {
    const dir = copy('nodejs-api', { source: 'doc/api', layout: { pattern: 'doc/api/${lang}/${rel}' } });
    await emu.control('POST', '/engine', { mangle_rate: 1, clear_log: true });
    let first;
    try {
      first = await updateJson(dir);
    } finally {
      await emu.control('POST', '/engine', { mangle_rate: 0 });
    }
    const lock = lockOf(dir);
    const pendingHashes = new Set([...lock.files.values()].flatMap((e) => e.pending ?? []));
    const pendingCount = [...lock.files.values()].reduce((n, e) => n + (e.pending?.length ?? 0), 0);
    assert.ok(pendingHashes.size > 0, 'some segments failed');
    assert.equal(first.pending, pendingCount);
    assert.match(first.stderr, new RegExp(`^doc-translate: ${pendingCount} segments pending: their translation failed`, 'm'));
    for (const e of lock.files.values()) if ((e.pending?.length ?? 0) > 0) assert.equal(e.sourceHash, null, 'never recorded as up to date');

    const s = await status(dir);
    assert.equal(s.total.pending, pendingCount);
    assert.equal(s.total.up_to_date, [...lock.files.values()].filter((e) => (e.pending?.length ?? 0) === 0).length);
    const text = await runLocalizeCli(['status', dir]);
    assert.match(text.stdout, new RegExp(`^de: ${pendingCount} segments? pending \\(their translation failed`, 'm'));
    const check = await runLocalizeCli(['check', dir, '--format', 'github'], { GITHUB_WORKSPACE: dir });
    assert.equal(check.code, 1);
    assert.ok(
      check.stdout.split('\n').some((l) => /^::error file=doc\/api\/de\/\S+\.md,title=Translation failed::\d+ segments? of doc\/api\/\S+\.md pending/.test(l)),
      check.stdout,
    );

    const second = await updateJson(dir);
    assert.equal(second.segments_sent, pendingHashes.size, 'exactly the pending segments are sent again');
    const after = await status(dir);
    assert.deepEqual([after.total.pending, after.total.stale, after.total.terms, after.total.segments], [0, 0, 0, 0]);
    assert.equal(after.total.up_to_date, lock.files.size);
    assert.equal((await runLocalizeCli(['check', dir])).code, 0);
    assert.ok([...lockOf(dir).files.values()].every((e) => e.pending === undefined && e.sourceHash !== null));
  });
});
