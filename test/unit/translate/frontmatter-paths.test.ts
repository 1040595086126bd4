/**
 * Front matter keys as paths (`hero.tagline`, `hero.actions[].text`, `features[].title`), in YAML
 * and TOML, on real front matter from test/sites; per-framework defaults shared by the editor and
 * the CLI (src/shared/frontMatter.ts). Everything but the named values stays byte for byte.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { resolveConfig } from '../../../src/localize/config.ts';
import { FRAMEWORK_FRONT_MATTER_KEYS, GENERIC_FRONT_MATTER_KEYS, frameworkOfLayout, frontMatterKeysFor } from '../../../src/shared/frontMatter.ts';
import { parseKeyPath, plainAsIs, yamlValue } from '../../../src/translate/frontmatter.ts';
import { reassemble, segmentMarkdown, type TranslatePart } from '../../../src/translate/index.ts';
import { assertWellFormed } from './helpers.ts';

const SITES = 'test/sites';
const site = (path: string): string => readFileSync(`${SITES}/${path}`, 'utf8');

function frontOf(text: string): { body: string; rest: string; yaml: boolean } {
  const m = /^(---|\+\+\+)\r?\n([\s\S]*?)\r?\n\1\r?\n([\s\S]*)$/.exec(text)!;
  return { body: m[2]!, rest: m[3]!, yaml: m[1] === '---' };
}

/** The front matter values sent for `keys`. */
function sentFront(text: string, keys: readonly string[]): string[] {
  const doc = segmentMarkdown(text, { frontMatterKeys: keys });
  assertWellFormed(text, doc);
  const end = text.indexOf('\n', text.indexOf('\n') + 1 + frontOf(text).body.length);
  let at = 0;
  const out: string[] = [];
  for (const p of doc.parts) {
    if (p.kind === 'translate' && at < end) out.push(p.text);
    at += (p.kind === 'translate' ? (p.source ?? p.text) : p.text).length;
  }
  return out;
}

/** Translates every front matter value for `keys` with `f`; the body is left as it is. */
function translateFront(text: string, keys: readonly string[], f: (s: string) => string): string {
  const doc = segmentMarkdown(text, { frontMatterKeys: keys });
  const head = frontOf(text).body.length + 8;
  const translations = new Map<string, string>();
  let at = 0;
  for (const p of doc.parts) {
    if (p.kind === 'translate' && at < head) translations.set(p.id, f(p.text));
    at += (p.kind === 'translate' ? (p.source ?? p.text) : p.text).length;
  }
  return reassemble(doc, translations);
}

/** Sets the value at every path (`[]`: each element) of `data` to f(value) where it is a string. */
function mapPaths(data: unknown, keys: readonly string[], f: (s: string) => string): unknown {
  const copy = structuredClone(data);
  const visit = (node: unknown, steps: { name: string; arrays: number }[]): void => {
    if (steps.length === 0 || node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const [step, ...rest] = steps;
    const obj = node as Record<string, unknown>;
    if (!(step!.name in obj)) return;
    const apply = (value: unknown, arrays: number, set: (v: unknown) => void): void => {
      if (arrays > 0) {
        if (Array.isArray(value)) value.forEach((v, i) => apply(v, arrays - 1, (n) => (value[i] = n)));
        return;
      }
      if (rest.length === 0) {
        if (typeof value === 'string' && /\p{L}/u.test(value)) set(value.replace(value.trim(), f(value.trim())));
      } else visit(value, rest);
    };
    apply(obj[step!.name], step!.arrays, (v) => (obj[step!.name] = v));
  };
  for (const k of keys) visit(copy, parseKeyPath(k)!);
  return copy;
}

const mark = (s: string): string => `«${s}, with: commas, [brackets] {braces} # and a hash»`;

describe('front matter: keys as paths', () => {
  it('parses paths: dotted steps, [] for every element of an array; a malformed path matches nothing', () => {
    assert.deepEqual(parseKeyPath('hero.actions[].text'), [
      { name: 'hero', arrays: 0 },
      { name: 'actions', arrays: 1 },
      { name: 'text', arrays: 0 },
    ]);
    assert.deepEqual(parseKeyPath('tags[]'), [{ name: 'tags', arrays: 1 }]);
    assert.deepEqual(parseKeyPath('title'), [{ name: 'title', arrays: 0 }]);
    for (const bad of ['', 'a..b', 'a[', 'a[0]', '.a']) assert.equal(parseKeyPath(bad), undefined, bad);
  });

  it('Starlight home page (index.mdx): title, description, banner.content, hero.title, hero.tagline, hero.actions[].text; head and links kept', () => {
    const text = site('starlight-docs/docs/src/content/docs/index.mdx');
    const keys = frontMatterKeysFor('starlight');
    assert.deepEqual(sentFront(text, keys), [
      'Starlight 🌟 Build documentation sites with Astro',
      'Starlight helps you build beautiful, high-performance documentation websites with Astro.',
      'Updating to Astro 7?\n<a href="https://github.com/withastro/starlight/releases/tag/%40astrojs/starlight%400.41.0">\n  Learn how to upgrade\n</a>',
      'Make your docs shine with Starlight',
      'Everything you need to build a stellar documentation website. Fast, accessible, and easy-to-use.',
      'Get started',
      'View on GitHub',
    ]);
    const out = translateFront(text, keys, mark);
    const before = parseYaml(frontOf(text).body) as unknown;
    const after = parseYaml(frontOf(out).body) as unknown;
    // banner.content is a literal block: its value keeps the block's final line break.
    assert.deepEqual(after, mapPaths(before, keys, mark));
    assert.equal(frontOf(out).rest, frontOf(text).rest, 'the page after the front matter is untouched');
    assert.match(frontOf(out).body, /^  - tag: title\n    content: Starlight 🌟 Build documentation sites with Astro$/m);
  });

  it("Starlight 404: a value without a letter (hero.title '404') is kept, an HTML tagline is sent", () => {
    const text = site('starlight-docs/docs/src/content/docs/404.md');
    assert.deepEqual(sentFront(text, frontMatterKeysFor('starlight')), [
      'Not found',
      '<strong>Houston, we have a problem.</strong> We couldn’t find that page.<br>Check the URL or try using the search bar.',
      'Go home',
    ]);
  });

  it('VitePress home page: hero.name/text/tagline, hero.actions[].text, features[].title/details; theme, link, icon and image kept', () => {
    const text = site('vitepress-docs/docs/en/index.md');
    const keys = frontMatterKeysFor('vitepress');
    const sent = sentFront(text, keys);
    assert.deepEqual(sent.slice(0, 7), [
      'VitePress is a Vite & Vue powered static site generator that lets you create beautiful documentation sites from Markdown.',
      'VitePress',
      'Vite & Vue Powered Static Site Generator',
      'Markdown to beautiful docs in minutes',
      'What is VitePress?',
      'Quickstart',
      'GitHub',
    ]);
    assert.equal(sent.length, 7 + 8);
    const out = translateFront(text, keys, mark);
    assert.deepEqual(parseYaml(frontOf(out).body), mapPaths(parseYaml(frontOf(text).body), keys, mark));
    // Every line without a translated value is the same line.
    const changed = frontOf(out)
      .body.split('\n')
      .filter((l) => !l.includes('«'));
    assert.deepEqual(
      changed,
      frontOf(text)
        .body.split('\n')
        .filter((l) => changed.includes(l)),
    );
    assert.equal(changed.length, frontOf(text).body.split('\n').length - sent.length);
  });

  it('Hugo (Docsy) section page: linkTitle is a Hugo default; a flow mapping menu is kept', () => {
    const text = site('hugo-docsy-example/content/en/docs/_index.md');
    assert.deepEqual(sentFront(text, frontMatterKeysFor('hugo')), ['Documentation', 'Docs']);
    const out = translateFront(text, frontMatterKeysFor('hugo'), (s) => s.toUpperCase());
    assert.ok(out.startsWith('---\ntitle: DOCUMENTATION\nlinkTitle: DOCS\nmenu: { main: { weight: 20 } }\n---\n'), out.slice(0, 120));
  });

  it('Starlight sidebar.label and Docusaurus sidebar_label/pagination_label; a key of another framework is kept', () => {
    const star = '---\ntitle: Cards\nsidebar:\n  label: Card grids\n  order: 2\nsidebar_label: not Starlight\n---\n\nText.\n';
    assert.deepEqual(sentFront(star, frontMatterKeysFor('starlight')), ['Cards', 'Card grids']);
    const docu = '---\nid: intro\ntitle: Intro\nsidebar_label: Start here\npagination_label: Next up\nsidebar:\n  label: not Docusaurus\n---\n';
    assert.deepEqual(sentFront(docu, frontMatterKeysFor('docusaurus')), ['Intro', 'Start here', 'Next up']);
  });

  it('values inside flow collections ([…], {…}) stay one item whatever the translation holds', () => {
    const text = '---\nhero: { tagline: Fast docs, actions: [{ text: Go, link: / }, { text: \'Read it\' }] }\ntags: [alpha, "beta"]\n---\n\nBody\n';
    const keys = [...frontMatterKeysFor('vitepress'), 'tags[]'];
    assert.deepEqual(sentFront(text, keys), ['Fast docs', 'Go', 'Read it', 'alpha', 'beta']);
    const unit = fc.constantFrom(
      'a',
      ' ',
      ',',
      ', ',
      ':',
      ': ',
      '[',
      ']',
      '{',
      '}',
      '#',
      ' #',
      '"',
      "'",
      '\\',
      '&',
      '*',
      '!',
      '|',
      '>',
      '-',
      '? ',
      '%',
      '@',
      '`',
      'ß',
    );
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 1, maxLength: 24 }).filter((s) => s.trim() !== ''),
        (t) => {
          const out = translateFront(text, keys, () => t);
          const data = parseYaml(frontOf(out).body) as { hero: { tagline: string; actions: { text: string; link?: string }[] }; tags: string[] };
          assert.equal(data.hero.tagline, t.trim());
          assert.deepEqual(
            data.hero.actions.map((a) => a.text),
            [t.trim(), t.trim()],
          );
          assert.equal(data.hero.actions[0]!.link, '/');
          assert.deepEqual(data.tags, [t.trim(), t.trim()]);
          assert.equal(frontOf(out).rest, '\nBody\n');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('nested block values keep their style and indentation; any translation reads back', () => {
    const text =
      '---\nhero:\n  tagline: >-\n    Folded\n    tagline\n  actions:\n    - text: "Quoted"\n      link: /a\n    - text: |\n        Literal\n      link: /b\nfeatures:\n  - title: Plain\n    details: \'Single\'\n---\n';
    const keys = frontMatterKeysFor('vitepress');
    const unit = fc.constantFrom('a', ' ', '\n', ': ', '#', ' #', '"', "'", '- ', '---', '...', '\\', '|', 'ß');
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''),
        (t) => {
          const out = translateFront(text, keys, () => t);
          const data = parseYaml(frontOf(out).body) as {
            hero: { tagline: string; actions: { text: string; link: string }[] };
            features: { title: string; details: string }[];
          };
          const v = t.trim();
          assert.equal(data.hero.tagline, v);
          assert.deepEqual(
            data.hero.actions.map((a) => [a.text.replace(/\n$/, ''), a.link]),
            [
              [v, '/a'],
              [v, '/b'],
            ],
          );
          assert.deepEqual(data.features, [{ title: v, details: v }]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a plain value written as it is (plainAsIs) is what the YAML library writes unquoted and reads back', () => {
    const unit = fc.constantFrom(
      'a',
      'Z',
      'é',
      'ß',
      '日',
      '7',
      ' ',
      '.',
      ',',
      ';',
      '(',
      ')',
      '!',
      '?',
      "'",
      '’',
      '/',
      '-',
      ':',
      '#',
      '"',
      '[',
      '{',
      '&',
      '*',
      '|',
      '>',
      '%',
      '@',
      '`',
      '\t',
    );
    const words = fc.constantFrom('true', 'True', 'FALSE', 'null', 'Null', 'NULL', 'yes', 'no', 'on', 'Off');
    let asIs = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit, minLength: 1, maxLength: 24 }),
          words,
          fc.tuple(words, fc.string({ unit, maxLength: 4 })).map(([w, t]) => w + t),
        ),
        (t) => {
          const v = t.trim();
          if (v === '' || !plainAsIs(v)) return;
          asIs++;
          assert.equal(stringifyYaml(v, { defaultStringType: 'PLAIN', lineWidth: 0, minContentWidth: 0 }).replace(/\r?\n$/, ''), v);
          assert.equal((parseYaml(`k: ${v}\n`) as { k: unknown }).k, v);
          assert.equal(yamlValue(v, 'PLAIN', 'Source'), v);
        },
      ),
      { numRuns: 3000 },
    );
    assert.ok(asIs > 300, `${asIs} values written as they are`);
    for (const v of ['Note: read this', 'C# guide', 'true', '- item', '7 steps', 'a\tb']) assert.ok(!plainAsIs(v), v);
  });

  it('TOML: paths through [tables], [[arrays of tables]], dotted keys, inline tables and arrays; every other byte kept', () => {
    const body = [
      'title = "Install"',
      "linkTitle = 'Setup'",
      'weight = 20',
      'meta.subtitle = "Dotted"',
      'tags = ["one", "two"]',
      'hero = { tagline = "Inline", actions = [{ text = "Go", link = "/" }] }',
      '',
      '[params]',
      'title = "Not a default"',
      'date = 1979-05-27 07:32:00 # a date',
      '',
      '[[menu.main]]',
      'name = "First"   # c',
      'weight = 1',
      '[[menu.main]]',
      'name = """',
      'Second',
      '"""',
      '[menu.main.params]',
      'note = "In the second"',
    ].join('\n');
    const text = `+++\n${body}\n+++\n\nBody.\n`;
    const keys = ['title', 'linkTitle', 'meta.subtitle', 'tags[]', 'hero.tagline', 'hero.actions[].text', 'menu.main[].name', 'menu.main[].params.note'];
    assert.deepEqual(sentFront(text, keys), ['Install', 'Setup', 'Dotted', 'one', 'two', 'Inline', 'Go', 'First', 'Second', 'In the second']);
    const out = translateFront(text, keys, (s) => `${s.toUpperCase()} "q" 'a' """ # x`);
    const before = parseToml(frontOf(text).body);
    const after = parseToml(frontOf(out).body);
    const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
    assert.deepEqual(plain(after), plain(mapPaths(plain(before), keys, (s) => `${s.toUpperCase()} "q" 'a' """ # x`)));
    assert.equal((after['params'] as Record<string, unknown>)['title'], 'Not a default');
    assert.deepEqual(sentFront(text, ['title']), ['Install'], 'a [table] key is not a top-level key');
    const same = translateFront(text, keys, (s) => s);
    assert.equal(same, text);
  });

  it('TOML that the scan and the library read differently is kept whole', () => {
    assert.deepEqual(sentFront('+++\n[[a]]\ntext = "x"\n[a]\ntext = "y"\n+++\n', ['a[].text', 'a.text']), []);
  });
});

describe('front matter: defaults per framework, one list for the editor and the CLI', () => {
  it('per layout, merged with the configured keys; mkdocs-* is MkDocs; a pattern layout gets the generic list', () => {
    assert.deepEqual(frontMatterKeysFor('starlight'), [
      'title',
      'description',
      'hero.tagline',
      'hero.title',
      'hero.actions[].text',
      'banner.content',
      'sidebar.label',
    ]);
    assert.deepEqual(frontMatterKeysFor('hugo', ['author', 'title', ' ']), ['title', 'description', 'linkTitle', 'summary', 'author']);
    assert.equal(frameworkOfLayout('mkdocs-suffix'), 'mkdocs');
    assert.equal(frameworkOfLayout('mkdocs-folder'), 'mkdocs');
    assert.equal(frameworkOfLayout({ pattern: '${dir}/${lang}/${name}' }), undefined);
    assert.deepEqual(frontMatterKeysFor({ pattern: 'x/${lang}' }), [...GENERIC_FRONT_MATTER_KEYS]);
    for (const keys of Object.values(FRAMEWORK_FRONT_MATTER_KEYS)) for (const k of keys) assert.ok(GENERIC_FRONT_MATTER_KEYS.includes(k), k);
    assert.ok(GENERIC_FRONT_MATTER_KEYS.includes('summary') && GENERIC_FRONT_MATTER_KEYS.includes('sidebar_label'));
  });

  it('doc-translate.json gets the same list (summary for Hugo, linkTitle too), its frontMatterKeys added', () => {
    const cfg = (layout: unknown, frontMatterKeys?: string[]) =>
      resolveConfig('/x', { targetLanguages: ['de'], layout, ...(frontMatterKeys ? { frontMatterKeys } : {}) }).frontMatterKeys;
    for (const layout of ['docusaurus', 'starlight', 'vitepress', 'mkdocs-suffix', 'mkdocs-folder', 'hugo'])
      assert.deepEqual(cfg(layout), frontMatterKeysFor(layout));
    assert.ok(cfg('hugo').includes('summary') && cfg('hugo').includes('linkTitle'));
    assert.deepEqual(cfg('mkdocs-folder', ['author']), ['title', 'description', 'author']);
    assert.deepEqual(cfg({ pattern: '${dir}/${lang}/${name}' }), [...GENERIC_FRONT_MATTER_KEYS]);
  });

  it("README lists every framework's defaults as src/shared/frontMatter.ts has them", () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const keys of Object.values(FRAMEWORK_FRONT_MATTER_KEYS)) assert.ok(readme.includes(keys.map((k) => `\`${k}\``).join(', ')), keys.join(', '));
  });
});

// The part type is exported for tests that look at YAML styles.
export type { TranslatePart };
