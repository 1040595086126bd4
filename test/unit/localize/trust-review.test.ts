/**
 * Review state and reader labels. Pure parts: labels added and removed byte for byte in YAML, TOML
 * and pages without front matter; review records; a lock in main's format (no reviews) loads and
 * reads as machine or human-edited. End to end, on a copy of the MkDocs site in test/sites, with the
 * command line against the emulator: an update without labels (main's output), labels turned on
 * and written without a request, `review` (the git user name or --by) removes machine_translated,
 * a source change marks pages outdated without sending, the update clears it, a reviewed
 * paragraph whose source changed is a conflict (never overwritten), a selection review marks only
 * its paragraphs, and status shows the reviewed share.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, parseLock, provenance, resolveConflict, review, reviewSummary, serializeLock, update } from '../../../src/localize/index.ts';
import { shortHash } from '../../../src/localize/hash.ts';
import { DEFAULT_LABEL_KEYS } from '../../../src/localize/trust/labelKeys.ts';
import { labelsIn, stripLabels, withLabels } from '../../../src/localize/trust/labels.ts';
import { encodeReviews, parseReviews } from '../../../src/localize/trust/provenance.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';

const KEYS = DEFAULT_LABEL_KEYS;
const STRIP = [KEYS.machineTranslated, KEYS.outdated];
const BOTH = { machine: true, outdated: true };

describe('trust: reader labels in front matter', () => {
  it('adds the lines before the closing fence of YAML and strips them back exactly, other keys untouched', () => {
    const page = '---\ntitle: "Hallo: Welt"\ndescription: |\n  zwei\n  Zeilen\n---\n\n# Hallo\n';
    const labelled = withLabels(page, BOTH, KEYS, true);
    assert.equal(
      labelled,
      '---\ntitle: "Hallo: Welt"\ndescription: |\n  zwei\n  Zeilen\nmachine_translated: true\ntranslation_outdated: true\n---\n\n# Hallo\n',
    );
    assert.deepEqual(labelsIn(labelled, KEYS), BOTH);
    assert.equal(stripLabels(labelled, STRIP), page);
    assert.equal(withLabels(page, { machine: false, outdated: false }, KEYS, true), page);
  });

  it('TOML (Hugo +++): key = true, placed before the first table so it stays a top-level key', () => {
    const page = '+++\r\ntitle = "Hallo"\r\n[params]\r\nicon = "x"\r\n+++\r\n\r\nText\r\n';
    const labelled = withLabels(page, { machine: true, outdated: false }, KEYS, true);
    assert.equal(labelled, '+++\r\ntitle = "Hallo"\r\nmachine_translated = true\r\n[params]\r\nicon = "x"\r\n+++\r\n\r\nText\r\n');
    assert.equal(stripLabels(labelled, STRIP), page);
  });

  it('a Markdown page without front matter gets a minimal YAML block, removed whole when no label is left; other formats get none', () => {
    const page = '# Titel\n\nText.\n';
    const labelled = withLabels(page, { machine: true, outdated: false }, KEYS, true);
    assert.equal(labelled, `---\nmachine_translated: true\n---\n\n${page}`);
    assert.equal(stripLabels(labelled, STRIP), page);
    assert.equal(withLabels(page, BOTH, KEYS, false), page, 'create off (not Markdown): unchanged');
    const json = '{\n  "title": "x"\n}\n\nText\n';
    assert.equal(withLabels(json, BOTH, KEYS, true), json, 'Hugo JSON front matter: no YAML block in front of it');
  });

  it('a byte order mark stays first (it decides the encoding the page is written in)', () => {
    const page = '\uFEFF# Titel\n';
    const labelled = withLabels(page, { machine: true, outdated: false }, KEYS, true);
    assert.equal(labelled, '\uFEFF---\nmachine_translated: true\n---\n\n# Titel\n');
    assert.equal(stripLabels(labelled, STRIP), page);
    assert.deepEqual(labelsIn(labelled, KEYS), { machine: true, outdated: false });
  });

  it("a key the page sets otherwise is the author's: not added, not stripped; renamed keys are used as given", () => {
    const page = '---\ntitle: x\nmachine_translated: false\n---\n\nText\n';
    assert.equal(withLabels(page, { machine: true, outdated: false }, KEYS, true), page);
    assert.equal(stripLabels(page, STRIP), page);
    const renamed = withLabels('---\ntitle: x\n---\n', BOTH, { machineTranslated: 'mt', outdated: 'stale_translation' }, true);
    assert.equal(renamed, '---\ntitle: x\nmt: true\nstale_translation: true\n---\n');
  });
});

describe('trust: review records and old locks', () => {
  it('groups reviews by (when, who) and reads them back; a name may hold spaces', () => {
    const m = new Map([
      ['aaaaaaaaaaaa', { by: 'Ada Lovelace', at: '2026-01-02T03:04:05Z' }],
      ['bbbbbbbbbbbb', { by: 'Ada Lovelace', at: '2026-01-02T03:04:05Z' }],
      ['cccccccccccc', { by: 'Grace', at: '2026-02-01T00:00:00Z' }],
    ]);
    const lines = encodeReviews(m)!;
    assert.deepEqual(lines, ['2026-01-02T03:04:05Z aaaaaaaaaaaa,bbbbbbbbbbbb Ada Lovelace', '2026-02-01T00:00:00Z cccccccccccc Grace']);
    assert.deepEqual(parseReviews({ reviewed: lines }), m);
  });

  it("a lock in main's format (no reviews) loads, serializes unchanged, and reads as machine or human-edited", () => {
    const text = '# Titel\n\nErster Absatz.\n\nZweiter Absatz.\n';
    const blocks = ['# Titel', 'Erster Absatz.', 'Zweiter Absatz.'];
    const line = (b: string, src: string): string => `${shortHash(src)} ${shortHash(b)} ${shortHash(`s-${src}`)}@0+${b.length}`;
    const old = `${JSON.stringify(
      {
        version: 1,
        files: {
          'docs/a.de.md': {
            source: 'docs/a.md',
            lang: 'de',
            sourceHash: '0123456789abcdef',
            output: '0123456789abcdef',
            blocks: blocks.map((b, i) => line(b, `src${i}`)),
          },
        },
      },
      null,
      2,
    )}\n`;
    const lock = parseLock(old);
    assert.equal(serializeLock(lock), old, 'nothing added to an entry without reviews');
    const entry = lock.files.get('docs/a.de.md')!;
    assert.deepEqual(
      provenance(entry, text)!.map((b) => b.kind),
      ['machine', 'machine', 'machine'],
    );
    const edited = text.replace('Zweiter Absatz.', 'Zweiter Absatz, von Hand.');
    assert.deepEqual(
      provenance(entry, edited)!.map((b) => b.kind),
      ['machine', 'machine', 'human-edited'],
    );
  });
});

describe('trust: review and labels end to end (MkDocs site, emulator)', function () {
  this.timeout(300_000);
  let emu: TestEmulator;
  let tmp: string;
  let site: string;
  const env = (): Record<string, string> => ({ DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
  const read = (rel: string): string => readFileSync(join(site, rel), 'utf8');
  const sent = async (): Promise<number> => (await emu.requests('/api/v1/ai/')).length;
  const setLabels = (value: unknown): void => {
    const cfg = JSON.parse(read('doc-translate.json')) as Record<string, unknown>;
    if (value === undefined) delete cfg['labels'];
    else cfg['labels'] = value;
    writeFileSync(join(site, 'doc-translate.json'), JSON.stringify(cfg, null, 2));
  };
  const QUICK = 'docs/getting-started/quick-start.nl.md';
  const INSTALL = 'docs/getting-started/installation.nl.md';
  const HOME = 'docs/index.nl.md';

  before(async () => {
    emu = await TestEmulator.start();
    await emu.control('POST', `/accounts/${emu.emu.accountId}/credits`, { millicredits: 500_000_000 });
    tmp = mkdtempSync(join(tmpdir(), 'dt-trust-'));
    site = join(tmp, 'site');
    cpSync(join(process.cwd(), 'test/sites/mkdocs-static-i18n'), site, { recursive: true });
    const init = await runLocalizeCli(['init', site, '--yes', '--lang', 'nl']);
    assert.equal(init.code, 0, init.stderr);
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  let plain: Map<string, string>;
  it('labels off: the update writes pages and a lock as before (no labels, no reviews)', async () => {
    setLabels(false);
    const up = await runLocalizeCli([site, '--json'], env());
    assert.equal(up.code, 0, up.stderr);
    const written = (JSON.parse(up.stdout) as { written: number }).written;
    assert.ok(written >= 15, `pages written: ${written}`);
    const lock = parseLock(read('doc-translate.lock'));
    plain = new Map([...lock.files.keys()].map((t) => [t, read(t)]));
    for (const [t, text] of plain) assert.ok(!text.includes('machine_translated'), t);
    assert.ok(![...lock.files.values()].some((e) => e.reviewed !== undefined));
    assert.ok(!read('doc-translate.lock').includes('reviewed'));
  });

  it('labels on later: the labels command writes machine_translated on every page without a request; status stays up to date', async () => {
    setLabels(undefined);
    await emu.control('DELETE', '/requests');
    const r = await runLocalizeCli(['labels', site, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const got = JSON.parse(r.stdout) as { checked: number; labelled: string[] };
    assert.equal(got.labelled.length, plain.size);
    assert.equal(await sent(), 0);
    // Minimal edits: the front matter that was there gains one line; a page without one gets a small block.
    assert.equal(read(HOME), plain.get(HOME)!.replace(/\n---\n/, '\nmachine_translated: true\n---\n'));
    assert.ok(!plain.get(QUICK)!.startsWith('---'));
    assert.equal(read(QUICK), `---\nmachine_translated: true\n---\n\n${plain.get(QUICK)!}`);
    const status = await runLocalizeCli(['status', site, '--json']);
    const s = JSON.parse(status.stdout) as { total: { up_to_date: number; edited: number }; reviewed: { lang: string; segments: number; reviewed: number }[] };
    assert.equal(s.total.up_to_date, plain.size, 'labels never make a page look edited');
    assert.equal(s.total.edited, 0);
    assert.equal(s.reviewed[0]!.reviewed, 0);
    assert.ok(s.reviewed[0]!.segments > 0);
    const again = await runLocalizeCli(['labels', site, '--json']);
    assert.deepEqual((JSON.parse(again.stdout) as { labelled: string[] }).labelled, [], 'a second run changes nothing');
  });

  it('review (name from git config user.name) removes machine_translated; the lock records who and when; status shows the share', async () => {
    const gitconfig = join(tmp, 'gitconfig');
    writeFileSync(gitconfig, '[user]\n\tname = Ada Lovelace\n');
    const r = await runLocalizeCli(['review', join(site, QUICK), '--json'], { GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: '1' });
    assert.equal(r.code, 0, r.stderr);
    const got = JSON.parse(r.stdout) as { by: string; files: { target: string; segments: number; reviewed: number; marked: number }[] };
    assert.equal(got.by, 'Ada Lovelace');
    assert.equal(got.files.length, 1);
    assert.equal(got.files[0]!.reviewed, got.files[0]!.segments);
    assert.equal(got.files[0]!.marked, got.files[0]!.segments);
    assert.equal(read(QUICK), plain.get(QUICK), 'the label block is gone, the page is as translated');
    const entry = parseLock(read('doc-translate.lock')).files.get(QUICK)!;
    assert.match(entry.reviewed![0]!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-f,]+ Ada Lovelace$/);
    const status = await runLocalizeCli(['status', site]);
    assert.match(status.stdout, new RegExp(`reviewed: nl \\d+% \\(${got.files[0]!.segments} of \\d+ segments\\)`));
    const check = await runLocalizeCli(['check', site]);
    assert.equal(check.code, 0, check.stdout);
    // Without a name: a clear message, nothing recorded.
    const none = await runLocalizeCli(['review', join(site, INSTALL)], { GIT_CONFIG_GLOBAL: join(tmp, 'none'), GIT_CONFIG_NOSYSTEM: '1', HOME: tmp });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--by/);
  });

  it('a selection review marks only the paragraphs it covers; the page keeps its label', async () => {
    const config = await loadConfig(site);
    const text = read(INSTALL);
    const lines = text.split('\n');
    const at = lines.length - 1 - [...lines].reverse().findIndex((l) => l.startsWith('NL·'));
    assert.ok(at > 0 && at < lines.length - 1);
    const r = await review({ config, paths: [INSTALL], by: 'Grace Hopper', lines: { start: at, end: at } });
    assert.equal(r.files.length, 1);
    assert.ok(r.files[0]!.reviewed > 0 && r.files[0]!.reviewed < r.files[0]!.segments, JSON.stringify(r.files[0]));
    assert.ok(read(INSTALL).includes('machine_translated: true'));
  });

  it('an edit to a reviewed paragraph makes it human-edited: the reviewed share drops; put back, it counts again', async () => {
    const config = await loadConfig(site);
    const before = (await reviewSummary({ config }, new Set([INSTALL]))).targets[INSTALL]!;
    assert.ok(before.reviewed > 0);
    const text = read(INSTALL);
    const lines = text.split('\n');
    const at = lines.length - 1 - [...lines].reverse().findIndex((l) => l.startsWith('NL·'));
    lines[at] = `${lines[at]} (edited)`;
    writeFileSync(join(site, INSTALL), lines.join('\n'));
    assert.equal((await reviewSummary({ config })).targets[INSTALL]!.reviewed, 0);
    const entry = parseLock(read('doc-translate.lock')).files.get(INSTALL)!;
    assert.deepEqual(
      provenance(entry, stripLabels(read(INSTALL), STRIP))!
        .filter((b) => b.kind === 'human-edited')
        .map((b) => b.segments),
      [before.reviewed],
    );
    writeFileSync(join(site, INSTALL), text);
    assert.deepEqual((await reviewSummary({ config }, new Set([INSTALL]))).targets[INSTALL], before);
  });

  it('a source change marks pages outdated without sending; the update clears it, and a reviewed paragraph becomes a conflict, not an overwrite', async () => {
    const reviewedBefore = read(QUICK);
    const installBefore = read(INSTALL);
    for (const f of ['docs/getting-started/quick-start.md', 'docs/getting-started/installation.md']) {
      const src = readFileSync(join(site, f), 'utf8');
      const first = src.split('\n\n').find((p) => /^[A-Z]/.test(p))!;
      writeFileSync(join(site, f), src.replace(first, `${first} This sentence is new.`));
    }
    await emu.control('DELETE', '/requests');
    const l = await runLocalizeCli(['labels', site, '--json']);
    assert.equal(l.code, 0, l.stderr);
    assert.equal(await sent(), 0);
    assert.deepEqual((JSON.parse(l.stdout) as { labelled: string[] }).labelled.sort(), [INSTALL, QUICK].sort());
    assert.ok(read(INSTALL).includes('translation_outdated: true'));
    assert.equal(read(QUICK), `---\ntranslation_outdated: true\n---\n\n${reviewedBefore}`, 'reviewed: only outdated');

    const up = await runLocalizeCli([site, '--json'], env());
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stderr, /quick-start\.nl\.md block \d+: the source changed and the translation was reviewed \(by Ada Lovelace/);
    assert.ok(!read(INSTALL).includes('translation_outdated'), 'updated: no longer outdated');
    assert.ok(read(INSTALL).includes('machine_translated: true'));
    const paras = (t: string): string[] => stripLabels(t, STRIP).split('\n\n');
    const changed = paras(read(INSTALL)).filter((p, i) => p !== paras(installBefore)[i]);
    assert.equal(changed.length, 1, 'exactly the changed paragraph was translated again');
    // The reviewed paragraph stands as reviewed; the page stays outdated until the conflict is resolved.
    const quick = read(QUICK);
    assert.ok(!quick.includes('This sentence is new'));
    assert.equal(stripLabels(quick, STRIP), reviewedBefore);
    assert.deepEqual(labelsIn(quick, KEYS), { machine: false, outdated: true });
    const check = await runLocalizeCli(['check', site]);
    assert.equal(check.code, 1);
    assert.match(check.stdout, /conflict\s+docs\/getting-started\/quick-start\.nl\.md/);

    // Keeping the reviewed paragraph settles the page: no longer outdated, and still fully reviewed.
    const config = await loadConfig(site);
    const again = await update({ config, client: emu.client() });
    const conflict = again.conflicts.find((c) => c.target === QUICK);
    assert.ok(conflict !== undefined && conflict.reviewed?.by === 'Ada Lovelace', JSON.stringify(again.conflicts));
    await resolveConflict(config, conflict, 'keep');
    assert.equal(read(QUICK), reviewedBefore, 'kept as reviewed, without labels');
    assert.equal((await runLocalizeCli(['check', site])).code, 0);
  });
});
