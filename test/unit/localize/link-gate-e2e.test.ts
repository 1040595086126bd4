/**
 * The link gate end to end on a real site (a copy of test/sites/docusaurus-riverpod, never written):
 * translated into a new language with the emulator, `check --links` finds no broken path (the
 * update rewrote every relative link for the translation's folder) and reports exactly the
 * fragments whose heading the translation renamed, each naming the translated heading's anchor.
 * Pinned the way Docusaurus advises translators (`{#id}` on every translated heading, the source's
 * id), the site is clean (exit 0). Renaming one heading's id then breaks exactly the links to it,
 * reported with file, line and column (exit 1), also as GitHub annotations.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';

const NEW = 'nl';
const OUT = `i18n/${NEW}/docusaurus-plugin-content-docs/current`;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** ATX headings outside fenced code: [line index, text]. */
function headings(text: string): [number, string][] {
  const out: [number, string][] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f !== null) {
      if (fence === undefined) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = undefined;
      return;
    }
    const h = fence === undefined ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (h !== null && !/^---/.test(line)) out.push([i, h[1]!]);
  });
  return out;
}

/** GitHub's anchor for an English heading (ASCII: lower case, punctuation dropped, spaces to -), repeats -1, -2. */
function asciiSlugs(texts: string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((t) => {
    const base = t
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9 _-]/g, '')
      .replace(/ /g, '-');
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    return n === undefined ? base : `${base}-${n + 1}`;
  });
}

describe('link gate end to end: a Docusaurus site translated with the emulator', function () {
  this.timeout(600_000);
  let emu: TestEmulator;
  let tmp: string;

  before(async () => {
    emu = await TestEmulator.start();
    await emu.control('POST', `/accounts/${emu.emu.accountId}/credits`, { millicredits: 500_000_000 });
    tmp = mkdtempSync(join(tmpdir(), 'dt-links-e2e-'));
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('translated headings break their fragments (reported); pinned ids make the site clean; one renamed id is reported with file, line and column', async () => {
    const repo = join(tmp, 'riverpod');
    cpSync(join(process.cwd(), 'test/sites/docusaurus-riverpod'), repo, { recursive: true });
    const site = join(repo, 'website');
    assert.equal((await runLocalizeCli(['init', repo, '--lang', NEW, '--yes'])).code, 0);
    const up = await runLocalizeCli([site, '--json'], { DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
    assert.equal(up.code, 0, up.stderr);
    const pages = walk(join(site, OUT)).filter((f) => /\.mdx?$/.test(f));
    assert.ok(pages.length >= 10, 'the pages are translated');

    // 1. As translated: no broken path; every broken link is a fragment whose heading was translated.
    const first = await runLocalizeCli(['check', site, '--links']);
    assert.equal(first.code, 1, first.stdout);
    const lines = first.stdout.split('\n').filter((l) => l.includes(': broken link '));
    assert.ok(lines.length > 0);
    for (const l of lines) assert.match(l, /: no anchor #[^ ]+ in .*; its heading is #nl-[^ ]+ there$/, l);

    // 2. Every translated heading pinned to its source's id, as Docusaurus's i18n guide advises: clean, exit 0.
    for (const page of pages) {
      const rel = relative(join(site, OUT), page);
      const source = readFileSync(join(site, 'docs', rel), 'utf8');
      const ids = asciiSlugs(headings(source).map(([, t]) => t.replace(/\s*\{#[^}]+\}$/, '')));
      const text = readFileSync(page, 'utf8').split('\n');
      const hs = headings(text.join('\n'));
      assert.equal(hs.length, ids.length, `${rel}: the translation has the source's headings`);
      hs.forEach(([i, t], k) => {
        if (!/\{#[^}]+\}$/.test(t)) text[i] = `${text[i]!.replace(/\s+$/, '')} {#${ids[k]!}}`;
      });
      writeFileSync(page, text.join('\n'));
    }
    const clean = await runLocalizeCli(['check', site, '--links']);
    assert.equal(clean.code, 0, clean.stdout);
    assert.match(clean.stdout, /^13 translated pages, \d+ links checked: none broken/m);
    const checked = Number(/(\d+) links checked/.exec(clean.stdout)![1]);
    assert.ok(checked >= 20, `${checked} links checked`);

    // 3. Rename one heading's id in the translation: exactly the links to it break, at their file, line and column.
    const target = join(site, OUT, 'whats_new.mdx');
    const anchor = 'automatic-retry';
    const before = readFileSync(target, 'utf8');
    assert.ok(before.includes(`{#${anchor}}`));
    writeFileSync(target, before.replace(`{#${anchor}}`, '{#automatische-herhaling}'));
    const expected: string[] = [];
    for (const page of pages) {
      readFileSync(page, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(new RegExp(`\\]\\(([^)\\s]*#${anchor})\\)`, 'g'))) {
            expected.push(`${relative(site, page)}:${i + 1}:${m.index + 2 + m[1]!.indexOf('#') + 2}: broken link ${m[1]}`);
          }
        });
    }
    assert.ok(expected.length >= 2, 'links to the heading from its own page and from another one');
    const broken = await runLocalizeCli(['check', site, '--links']);
    assert.equal(broken.code, 1);
    const got = broken.stdout
      .split('\n')
      .filter((l) => l.includes(': broken link '))
      .map((l) => l.replace(/: no anchor .*$/, ''));
    assert.deepEqual(got.sort(), expected.sort());
    const gh = await runLocalizeCli(['check', site, '--links', '--format', 'github'], { GITHUB_WORKSPACE: repo });
    assert.equal(gh.code, 1);
    const [file, line, col] = expected[0]!.split(':');
    assert.ok(gh.stdout.includes(`::error file=website/${file},line=${line},col=${col},title=Broken link::`), gh.stdout);
  });
});
