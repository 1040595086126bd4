/**
 * `check --links` on small sites of each framework (temporary folders): how each framework finds a
 * linked page (with or without `.md`, a folder's index, site-absolute under the language prefix,
 * relative to the page's URL), in which language a page is judged (its translation, the source where
 * the framework falls back, else "not translated"), fragments against that page's anchors, assets
 * by existence, what is not judged (external, templated, outside the documentation). Output: text
 * lines with file:line:column, GitHub annotations with the column, JSON; exit 1 on any, 0 when clean.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../../../src/localize/cli.ts';
import { loadConfig } from '../../../src/localize/config.ts';
import { checkLinks, type BrokenLink } from '../../../src/localize/trust/linkCheck.ts';

let tmp: string;
function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, 'site-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** `file:line url` of each broken link, sorted. */
async function broken(dir: string): Promise<string[]> {
  const r = await checkLinks({ config: await loadConfig(dir) });
  return r.broken.map((b: BrokenLink) => `${b.file}:${b.line} ${b.url}`).sort();
}

/** The 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

async function cli(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await runCli(argv, { env, out: (l) => out.push(l), err: (l) => out.push(`ERR ${l}`), interactive: false });
  return { code, out };
}

describe('link gate: check --links on small sites', function () {
  this.timeout(60_000);
  before(() => (tmp = mkdtempSync(join(tmpdir(), 'dt-links-'))));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const DE = 'i18n/de/docusaurus-plugin-content-docs/current';
  const docusaurusPage = [
    '# Einführung',
    '',
    'Siehe [Installieren](./guide/setup.md#install), [ohne Endung](guide/setup#install) und [absolut](/docs/guide/setup#install).',
    '',
    '## Eigene Überschrift {#custom}',
    '',
    'Hier [oben](#custom), [kaputt](#getting-started), [Bild](../../../../static/img/logo.png), [weg](./img/missing.png).',
    '',
    '[Blog](/blog/post) [extern](https://example.com/x#y) [Mail](mailto:a@b.c) [Vorlage]({{ site }}/x)',
    '',
    '[fehlt](./guide/nothing.md) [falscher Anker](./guide/setup.md#nope)',
    '',
  ].join('\n');
  const docusaurus = (): string =>
    site({
      'docusaurus.config.js': "module.exports = { title: 'x', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'de'] } };\n",
      'doc-translate.json': JSON.stringify({ layout: 'docusaurus', sourceLanguage: 'en', targetLanguages: ['de'] }),
      'static/img/logo.png': 'png',
      'docs/intro.md': '# Intro\n\n## Getting started\n\nSee [setup](./guide/setup.md#install).\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n\nText.\n',
      [`${DE}/intro.md`]: docusaurusPage,
    });

  it('Docusaurus: .md and extensionless links, /docs/ routes, {#id}; an untranslated page is judged as its source (fallback)', async () => {
    const dir = docusaurus();
    const f = `${DE}/intro.md`;
    assert.deepEqual(
      await broken(dir),
      [
        `${f}:${lineOf(docusaurusPage, '#getting-started')} #getting-started`,
        `${f}:${lineOf(docusaurusPage, 'missing.png')} ./img/missing.png`,
        `${f}:${lineOf(docusaurusPage, 'nothing.md')} ./guide/nothing.md`,
        `${f}:${lineOf(docusaurusPage, '#nope')} ./guide/setup.md#nope`,
      ].sort(),
    );
    // Once the page it links to is translated, the fragment is judged against the translation.
    mkdirSync(join(dir, `${DE}/guide`), { recursive: true });
    writeFileSync(join(dir, `${DE}/guide/setup.md`), '# Einrichtung\n\n## Installieren\n\nText.\n');
    const after = await broken(dir);
    for (const url of ['./guide/setup.md#install', 'guide/setup#install', '/docs/guide/setup#install']) {
      assert.ok(
        after.some((b) => b.endsWith(` ${url}`)),
        `${url} is broken once the target's heading is translated: ${after.join('\n')}`,
      );
    }
    const r = await checkLinks({ config: await loadConfig(dir) });
    const hint = r.broken.find((b) => b.url === './guide/setup.md#install')!;
    assert.match(hint.reason, /no anchor #install in i18n\/de\/docusaurus-plugin-content-docs\/current\/guide\/setup\.md; its heading is #installieren there/);
    assert.equal(
      hint.column,
      docusaurusPage.split('\n')[2]!.indexOf('./guide/setup.md#install') + './guide/setup.md#'.length + 1,
      'the column of the fragment',
    );
    assert.ok(r.unowned >= 1, '/blog/post is outside the docs: not judged');
  });

  it('VitePress: no fallback, so a link to a page without translation is broken and says so; folder index pages', async () => {
    const page = '# Anleitung\n\n[B](./b#part) [C](./c.md) [Start](../) [Start2](/de/) [Quelle](/guide/b#part)\n';
    const dir = site({
      '.vitepress/config.mts': "export default { locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch', lang: 'de' } } };\n",
      'doc-translate.json': JSON.stringify({ layout: 'vitepress', source: '.', sourceLanguage: 'en', targetLanguages: ['de'] }),
      'index.md': '# Home\n',
      'guide/a.md': '# Guide\n',
      'guide/b.md': '# B\n\n## Part\n',
      'guide/c.md': '# C\n',
      'de/index.md': '# Start\n',
      'de/guide/a.md': page,
      'de/guide/c.md': '# C\n',
    });
    const r = await checkLinks({ config: await loadConfig(dir) });
    assert.deepEqual(
      r.broken.map((b) => `${b.line} ${b.url}: ${b.reason}`),
      ['3 ./b#part: guide/b.md has no de translation (vitepress does not fall back to the source)'],
      '/guide/b#part names the source page on purpose: not broken',
    );
  });

  it('MkDocs (suffix): file links resolve to the language variant, ids by Python-Markdown (_1), ../ outside the docs is broken', async () => {
    const page = '# Accueil\n\n[Config](setup.md#configuration) [Deux](setup.md#configuration_1) [Non](setup.md#nope) [Dehors](../README.md)\n';
    const dir = site({
      'mkdocs.yml':
        'site_name: x\ndocs_dir: docs\nplugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n',
      'doc-translate.json': JSON.stringify({ layout: 'mkdocs-suffix', sourceLanguage: 'en', targetLanguages: ['fr'] }),
      'docs/index.md': '# Home\n',
      'docs/setup.md': '# Setup\n\n## Configuration\n',
      'docs/setup.fr.md': '# Installation\n\n## Configuration\n\n## Configuration\n',
      'docs/index.fr.md': page,
    });
    assert.deepEqual(await broken(dir), ['docs/index.fr.md:3 ../README.md', 'docs/index.fr.md:3 setup.md#nope']);
  });

  it('Hugo: language content folders, site-absolute links under the language prefix, page URLs as folders, no fallback; redirects and aliases', async () => {
    const page =
      '# Titre\n\n[B](/fr/docs/b/#partie) [B2](../b/#partie) [Faux](/fr/docs/b/#part) [Absent](/fr/docs/c/) [Image](/images/x.png)\n\n' +
      '[Redirigé](/fr/docs/ancien/#partie) [Alias](/fr/docs/vieux/#partie) [Netlify](/docs/toml/) [Mauvais alias](/fr/docs/jeune/)\n';
    const dir = site({
      'hugo.toml': 'defaultContentLanguage = "en"\n[languages.en]\ncontentDir = "content/en"\n[languages.fr]\ncontentDir = "content/fr"\n',
      'doc-translate.json': JSON.stringify({
        layout: { pattern: 'content/${lang}/${rel}' },
        source: 'content/en',
        sourceLanguage: 'en',
        targetLanguages: ['fr'],
      }),
      'static/images/x.png': 'png',
      'content/en/docs/a.md': '# A\n',
      'content/en/docs/b.md': '# B\n\n## Part\n',
      'content/en/docs/c.md': '# C\n',
      'content/fr/docs/a.md': page,
      'content/fr/docs/b.md': '---\naliases: [/docs/vieux/]\n---\n# B\n\n## Partie\n',
      'static/_redirects': '# moved\n/fr/docs/ancien/   /fr/docs/b/   301\n/fr/*  /fr/404/  404\n',
      'netlify.toml': '[[redirects]]\nfrom = "/docs/toml/"\nto = "https://example.com/"\n',
    });
    const r = await checkLinks({ config: await loadConfig(dir) });
    assert.deepEqual(
      r.broken.map((b) => `${b.url}: ${b.reason}`),
      [
        '/fr/docs/b/#part: no anchor #part in content/fr/docs/b.md; its heading is #partie there',
        '/fr/docs/c/: content/en/docs/c.md has no fr translation (hugo does not fall back to the source)',
        '/fr/docs/jeune/: no page or file at /fr/docs/jeune/',
      ],
      'a redirect (_redirects, netlify.toml) or an alias leads to its page; a 404 rule leads nowhere',
    );
  });

  it('the command line: text lines, --format github annotations with line and column, --json; exit 1, and 0 once fixed', async () => {
    const dir = docusaurus();
    const text = await cli(['check', dir, '--links']);
    assert.equal(text.code, 1);
    const f = `${DE}/intro.md`;
    const line = lineOf(docusaurusPage, '#getting-started');
    const col = docusaurusPage.split('\n')[line - 1]!.indexOf('#getting-started') + 2;
    // The translation's heading at the place of the source's "Getting started" is the one with {#custom}.
    const message = '#getting-started: no anchor #getting-started in this page; its heading is #custom there';
    assert.ok(text.out.includes(`${f}:${line}:${col}: broken link ${message}`), text.out.join('\n'));
    assert.match(text.out.at(-1)!, /^1 translated page, \d+ links checked: 4 broken; 1 site-absolute link outside/);

    const gh = await cli(['check', dir, '--links', '--format', 'github'], { GITHUB_WORKSPACE: dirname(dir) });
    assert.equal(gh.code, 1);
    const base = dir.slice(dirname(dir).length + 1);
    assert.ok(gh.out.includes(`::error file=${base}/${f},line=${line},col=${col},title=Broken link::${message}`), gh.out.join('\n'));
    const json = await cli(['check', dir, '--links', '--json']);
    const parsed = JSON.parse(json.out[0]!) as { pages: number; broken: BrokenLink[] };
    assert.equal(parsed.pages, 1);
    assert.equal(parsed.broken.length, 4);

    // Fix every broken link: exit 0.
    const fixed = docusaurusPage
      .replace('(#getting-started)', '(#custom)')
      .replace('(./img/missing.png)', '(../../../../static/img/logo.png)')
      .replace('(./guide/nothing.md)', '(./guide/setup.md)')
      .replace('#nope', '#install');
    writeFileSync(join(dir, f), fixed);
    const clean = await cli(['check', dir, '--links']);
    assert.equal(clean.code, 0, clean.out.join('\n'));
    assert.match(clean.out.at(-1)!, /: none broken/);
    assert.equal((await cli(['check', dir, '--links', '--lang', 'fr'])).code, 2, 'an unknown language is an error');
    assert.equal((await cli(['update', dir, '--links'])).code, 2, 'only check takes --links');
  });
});
