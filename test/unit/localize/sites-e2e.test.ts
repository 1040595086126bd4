/**
 * The command line end to end on real documentation sites (copies of test/sites/*, never written):
 * `init` reads the framework's config; the dry run lists exactly the source-language pages (compared
 * with `sourcePages` and with an independent count); `adopt` records the existing translations;
 * an update into a new language writes one file per source page and changes no other file; the
 * next run sends nothing; `--check` is clean for that language. Also: what is left out and why,
 * undeclared locale folders, subcommand parsing and bad input (exit 2, nothing written).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from '../../../src/localize/cli.ts';
import { createLayout, loadConfig } from '../../../src/localize/index.ts';
import { detectSites, nodeSiteIo, sourcePages } from '../../../src/localize/site/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';

const SITES = join(process.cwd(), 'test/sites');
const NEW = 'nl';

/** Every file below `dir` (dot folders included), relative, by walking the disk. */
function walk(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    return e.isDirectory() ? walk(dir, r) : e.isFile() ? [r] : [];
  });
}

function snapshot(dir: string): Map<string, string> {
  return new Map(
    walk(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}

interface Expected {
  name: string;
  framework: string;
  siteRoot: string;
  locales: string[];
  layout: unknown;
  /** Source pages counted independently from the folder structure (relative to the site root). */
  independent: (files: string[]) => string[];
}

const localeFolder = /^[a-z]{2}(?:-[a-z]{2})?$/;
const CASES: Expected[] = [
  {
    name: 'docusaurus-riverpod',
    framework: 'docusaurus',
    siteRoot: 'website',
    layout: 'docusaurus',
    locales: ['fr', 'ko', 'ja', 'es', 'bn', 'de', 'it', 'ru', 'tr', 'ar', 'zh-Hans'],
    independent: (files) => files.filter((f) => /^docs\/.+\.mdx?$/.test(f)),
  },
  {
    name: 'starlight-docs',
    framework: 'starlight',
    siteRoot: 'docs',
    layout: 'starlight',
    locales: ['de', 'es', 'ja', 'fr', 'it', 'id', 'zh-cn', 'pt-br', 'pt-pt', 'ko', 'tr', 'ru', 'hi', 'da', 'uk', 'fa'],
    independent: (files) => files.filter((f) => /^src\/content\/docs\/.+\.mdx?$/.test(f) && !localeFolder.test(f.split('/')[3]!)),
  },
  {
    name: 'vitepress-docs',
    framework: 'vitepress',
    siteRoot: 'docs',
    layout: { pattern: '${lang}/${rel}' },
    locales: ['zh', 'pt', 'ru', 'es', 'ko', 'fa', 'ja'],
    independent: (files) => files.filter((f) => /^en\/.+\.md$/.test(f)),
  },
  {
    name: 'mkdocs-static-i18n',
    framework: 'mkdocs',
    siteRoot: '',
    layout: 'mkdocs-suffix',
    locales: ['fr'],
    independent: (files) => files.filter((f) => /^docs\/.+\.md$/.test(f) && !/\.[a-z]{2}\.md$/.test(f) && !/(^|\/)changelog\.md$/i.test(f)),
  },
  {
    name: 'hugo-docsy-example',
    framework: 'hugo',
    siteRoot: '',
    layout: { pattern: 'content/${lang}/${rel}' },
    locales: ['no', 'fa'],
    independent: (files) => files.filter((f) => /^content\/en\/.+\.md$/.test(f)),
  },
];

describe('localize: the command line on real documentation sites', function () {
  this.timeout(300_000);
  let emu: TestEmulator;
  let tmp: string;
  const env = (): Record<string, string> => ({ DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
  const copy = (name: string): string => {
    const dir = join(tmp, `${name}-${Math.random().toString(36).slice(2, 8)}`);
    cpSync(join(SITES, name), dir, { recursive: true });
    return dir;
  };

  before(async () => {
    emu = await TestEmulator.start();
    await emu.control('POST', `/accounts/${emu.emu.accountId}/credits`, { millicredits: 500_000_000 });
    tmp = mkdtempSync(join(tmpdir(), 'dt-sites-e2e-'));
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(`${c.name}: init, dry run = the source pages, adopt, update into a new language, nothing else changed, then nothing to send`, async () => {
      const repo = copy(c.name);
      const site = c.siteRoot === '' ? repo : join(repo, c.siteRoot);

      const init = await runLocalizeCli(['init', repo, '--yes', '--json']);
      assert.equal(init.code, 0, init.stderr);
      const got = JSON.parse(init.stdout) as {
        site: { framework: string; siteRoot: string; locales: { code: string }[] };
        config: { layout: unknown; targetLanguages: string[] };
        file: string;
      };
      assert.equal(got.site.framework, c.framework);
      assert.equal(got.site.siteRoot, c.siteRoot);
      assert.deepEqual(
        got.site.locales.map((l) => l.code),
        c.locales,
      );
      assert.deepEqual(got.config.layout, c.layout);
      assert.deepEqual(got.config.targetLanguages, c.locales, 'the targets are the locales the site already has');
      assert.equal(readFileSync(join(site, '.doc-translate/.gitignore'), 'utf8'), '*\n');
      const again = await runLocalizeCli(['init', repo, '--yes']);
      assert.equal(again.code, 2);
      assert.match(again.stderr, /already exists; nothing written/);

      // The dry run's sources: exactly the source-language pages.
      const files = walk(site);
      const model = (await detectSites('', nodeSiteIo(site)))[0]!;
      const pages = sourcePages(model, files);
      assert.deepEqual(pages, c.independent(files).sort());
      const dry = await runLocalizeCli([site, '--dry-run', '--json']);
      assert.equal(dry.code, 0, dry.stderr);
      const d = JSON.parse(dry.stdout) as { files: number; sources: string[]; left_out: { reason: string; files: number }[] };
      assert.deepEqual(d.sources, pages);
      assert.equal(d.files, pages.length);

      // Adopt the site's translations, then add a language the site does not have.
      const adopted = await runLocalizeCli(['adopt', site, '--json']);
      assert.equal(adopted.code, 0, adopted.stderr);
      const a = JSON.parse(adopted.stdout) as {
        adopted: number;
        current: number;
        partial: number;
        skipped: { target: string }[];
        files: { target: string; current: boolean }[];
      };
      assert.ok(a.adopted > 0, 'existing translations adopted');
      const cfgPath = join(site, 'doc-translate.json');
      const cfg = JSON.parse(readFileSync(cfgPath, 'utf8')) as { targetLanguages: string[] };
      cfg.targetLanguages.push(NEW);
      writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));

      const before = snapshot(repo);
      await emu.control('DELETE', '/requests');
      const up = await runLocalizeCli([site, '--lang', NEW, '--json'], env());
      assert.equal(up.code, 0, up.stderr);
      const u = JSON.parse(up.stdout) as { written: number; requests: number; files: number };
      assert.equal(u.files, pages.length);
      assert.equal(u.written, pages.length, 'one file per source page');
      assert.ok(u.requests > 0);
      assert.equal((await emu.requests('/api/v1/ai/')).length, u.requests);
      const after = snapshot(repo);
      const config = await loadConfig(site);
      const layout = createLayout(config.layout, config.source, config.targetLanguages);
      const prefix = c.siteRoot === '' ? '' : `${c.siteRoot}/`;
      const expectedNew = new Set(pages.map((p) => prefix + layout.target(p, NEW)));
      const ownFile = (f: string): boolean => f === `${prefix}doc-translate.lock` || f.startsWith(`${prefix}.doc-translate/`);
      const changed = [...after]
        .filter(([f, h]) => before.get(f) !== h && !ownFile(f))
        .map(([f]) => f)
        .sort();
      assert.deepEqual(changed, [...expectedNew].sort(), "only the new language's files are new; no tracked file changed");
      assert.deepEqual(
        [...before.keys()].filter((f) => !after.has(f)),
        [],
        'nothing removed',
      );

      // Again: nothing to send, nothing written; --check is clean for the new language.
      await emu.control('DELETE', '/requests');
      const second = await runLocalizeCli([site, '--lang', NEW, '--json'], env());
      assert.equal(second.code, 0, second.stderr);
      assert.deepEqual(JSON.parse(second.stdout) as { written: number; requests: number }, { ...JSON.parse(second.stdout), written: 0, requests: 0 });
      assert.equal((await emu.requests('/api/v1/ai/')).length, 0);
      const check = await runLocalizeCli([site, '--check', '--lang', NEW]);
      assert.equal(check.code, 0, check.stdout + check.stderr);

      // The whole site: the adopted translations that align fully are up to date; only lagging pages are listed.
      const all = await runLocalizeCli([site, '--check']);
      const listed = all.stdout
        .split('\n')
        .filter((l) => /^(stale|missing|conflict|edited) /.test(l))
        .map((l) => l.split(/\s+/)[1]!);
      const current = new Set(a.files.filter((f) => f.current).map((f) => f.target));
      assert.deepEqual(
        listed.filter((t) => current.has(t)),
        [],
        'an adopted, aligned translation is never listed as lagging',
      );
      assert.ok(listed.every((t) => !t.includes(`/${NEW}/`) && !t.includes(`.${NEW}.`)));
      assert.equal(all.code, listed.length > 0 ? 1 : 0);
      process.stderr.write(
        `      ${c.name}: ${pages.length} source pages, adopted ${a.adopted} (${a.current} current, ${a.partial} partial), ${a.skipped.length} left untracked; ${u.requests} requests for ${NEW}; ${listed.length} lagging after adopt\n`,
      );
    });
  }

  it('a config with only a new language: every locale of the framework is left out with its reason, and adopt has nothing to record', async () => {
    const repo = copy('starlight-docs');
    const site = join(repo, 'docs');
    const init = await runLocalizeCli(['init', repo, '--lang', NEW, '--yes']);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /framework: +starlight/);
    assert.match(init.stdout, /locales: +de, es, ja, fr, it, id, zh-cn \(zh-CN\)/);
    assert.deepEqual((JSON.parse(readFileSync(join(site, 'doc-translate.json'), 'utf8')) as { targetLanguages: string[] }).targetLanguages, [NEW]);
    const dry = await runLocalizeCli([site, '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    const d = JSON.parse(dry.stdout) as { files: number; sources: string[]; left_out: { glob?: string; reason: string; files: number }[] };
    assert.equal(d.files, 21);
    const files = walk(site);
    const translations = files.filter((f) => /^src\/content\/docs\/[a-z-]+\/.+\.mdx?$/.test(f) && localeFolder.test(f.split('/')[3]!)).length;
    const byLocale = d.left_out.filter((x) => /^translation into /.test(x.reason));
    assert.equal(
      byLocale.reduce((s, x) => s + x.files, 0),
      translations,
      'every translation of every locale left out',
    );
    assert.ok(byLocale.some((x) => x.glob === 'src/content/docs/fr/**' && /a locale of astro\.config\.mjs/.test(x.reason)));
    const text = await runLocalizeCli([site, '--dry-run']);
    assert.match(text.stdout, new RegExp(`21 sources; left out ${translations} files:`));
    const adopted = await runLocalizeCli(['adopt', site, '--json']);
    assert.equal((JSON.parse(adopted.stdout) as { adopted: number }).adopted, 0);
  });

  it('a folder named like a language that mirrors the sources is flagged by init and the dry run, and never translated', async () => {
    const repo = copy('starlight-docs');
    const site = join(repo, 'docs');
    // A Polish copy of resources/ that no configuration declares.
    const from = join(site, 'src/content/docs/resources');
    mkdirSync(join(site, 'src/content/docs/pl/resources'), { recursive: true });
    const copied = readdirSync(from).filter((f) => /\.mdx?$/.test(f));
    for (const f of copied) writeFileSync(join(site, 'src/content/docs/pl/resources', f), readFileSync(join(from, f), 'utf8').replace(/^# /m, '# PL '));
    const init = await runLocalizeCli(['init', repo, '--yes']);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /warning: docs\/src\/content\/docs\/pl\/ looks like the pl translation .* never translated/);
    const dry = await runLocalizeCli([site, '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    const d = JSON.parse(dry.stdout) as {
      files: number;
      sources: string[];
      left_out: { path?: string; reason: string; files: number }[];
      undeclared: { path: string }[];
    };
    assert.equal(d.files, 21);
    assert.ok(d.sources.every((s) => !s.includes('/pl/')));
    assert.deepEqual(
      d.undeclared.map((w) => w.path),
      ['src/content/docs/pl/'],
    );
    const left = d.left_out.filter((x) => x.path === 'src/content/docs/pl/');
    assert.deepEqual(
      left.map((x) => x.files),
      [copied.length],
    );
    assert.match(left[0]!.reason, /not declared in astro\.config\.mjs: never translated/);
    const text = await runLocalizeCli([site, '--dry-run']);
    assert.match(text.stdout, /^warning: src\/content\/docs\/pl\/ looks like the pl translation/m);
  });

  it('subcommands: init and adopt take the folder (default .); a folder named "init" is reached as ./init; init off a terminal without --yes writes nothing', async () => {
    assert.deepEqual([parseArgs(['init']).command, parseArgs(['init']).folder], ['init', '.']);
    assert.deepEqual([parseArgs(['adopt', 'site', '--json']).command, parseArgs(['adopt', 'site']).folder], ['adopt', 'site']);
    assert.deepEqual([parseArgs(['./init', '--check']).command, parseArgs(['./init', '--check']).folder], ['run', './init']);
    assert.throws(() => parseArgs(['adopt', '--check']), /adopt takes only/);
    const named = join(tmp, `cwd-${Math.random().toString(36).slice(2, 8)}`);
    mkdirSync(named, { recursive: true });
    cpSync(join(SITES, 'mkdocs-static-i18n'), join(named, 'init'), { recursive: true });
    const preview = await runLocalizeCli(['init', join(named, 'init')]);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, /not written: not on a terminal; run again with --yes/);
    assert.ok(!walk(join(named, 'init')).includes('doc-translate.json'));
    const wrote = await runLocalizeCli(['init', join(named, 'init'), '--lang', 'de,fr', '--yes']);
    assert.equal(wrote.code, 0, wrote.stderr);
    // The run form with a folder named init, given relative to the working directory as ./…/init.
    const rel = `./${relative(process.cwd(), join(named, 'init'))}`;
    const r = await runLocalizeCli([rel, '--dry-run', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { files: number }).files, 16);
  });

  it('bad input: an invalid layout lists the valid ones, an unreadable framework config is named, exit 2 and nothing written', async () => {
    const repo = copy('mkdocs-static-i18n');
    writeFileSync(join(repo, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'jekyll' }));
    const before = snapshot(repo);
    const bad = await runLocalizeCli([repo, '--dry-run']);
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /doc-translate\.json: layout: must be one of "docusaurus", "starlight", "vitepress", "mkdocs-suffix", "mkdocs-folder", "hugo" or \{ "pattern"/,
    );
    assert.match(bad.stderr, /got "jekyll"/);
    writeFileSync(join(repo, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'mkdocs-suffix' }));
    writeFileSync(join(repo, 'mkdocs.yml'), 'site_name: [unclosed\n  plugins: {\n');
    const broken = await runLocalizeCli([repo], env());
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /mkdocs\.yml: the framework's config cannot be read/);
    assert.match(broken.stderr, /"detect": false/);
    const init = await runLocalizeCli(['init', repo, '--yes']);
    assert.equal(init.code, 2);
    assert.match(init.stderr, /mkdocs\.yml/);
    const changed = [...snapshot(repo)].filter(([f, h]) => before.get(f) !== h).map(([f]) => f);
    assert.deepEqual(
      changed.filter((f) => !f.startsWith('.doc-translate/')),
      ['doc-translate.json', 'mkdocs.yml'],
      "only the test's own edits",
    );
    assert.ok(![...snapshot(repo).keys()].some((f) => f.includes('.de.md')));
    // "detect": false leaves the framework's config unread.
    writeFileSync(join(repo, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'mkdocs-suffix', detect: false }));
    const off = await runLocalizeCli([repo, '--dry-run', '--json']);
    assert.equal(off.code, 0, off.stderr);
    const detectOff = await runLocalizeCli(['init', repo]);
    assert.equal(detectOff.code, 2);
    writeFileSync(join(repo, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'mkdocs-suffix', detect: 'no' }));
    const typo = await runLocalizeCli([repo, '--dry-run']);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /doc-translate\.json: detect: /);
  });
});
