import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { segmentMarkdown, segmentWithStats, type TranslatePart } from '../../../src/translate/index.ts';
import { assertWellFormed } from './helpers.ts';
import { pseudo, structureOf, translateLocally } from './structure.ts';

const PAGE = readFileSync(join(__dirname, 'fixtures', 'docs-page.mdx'), 'utf8');
const FRONT = /^---\n[\s\S]*?\n---\n/;
const body = (text: string): string => text.replace(FRONT, '');
const front = (text: string): Record<string, unknown> => parseYaml(FRONT.exec(text)![0].slice(4, -4)) as Record<string, unknown>;
const sent = (text: string, opts = {}): string[] =>
  segmentMarkdown(text, opts).parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));

describe('documentation sites: a realistic docs page', () => {
  it('keeps its structure (markdown-it token streams) and sends one segment per prose block', () => {
    const { doc, stats } = segmentWithStats(PAGE);
    assertWellFormed(PAGE, doc);
    assert.ok(stats.blocks >= 30, `${stats.blocks} blocks`);
    assert.ok(stats.segments / stats.blocks <= 1.05, `${stats.segments} segments for ${stats.blocks} blocks`);
    const { text, report } = translateLocally(doc, pseudo);
    assert.deepEqual(structureOf(body(text), 'gfm', true), structureOf(body(PAGE), 'gfm', true));
    assert.equal(report.fellBack, 0);
    assert.equal(report.untranslated, 0);
    for (const line of PAGE.split('\n').filter((l) => /^(?:import|export) |^\s*<\/?[A-Z]|^:::|^\[[a-z]+\]:/i.test(l))) {
      assert.ok(text.includes(line.replace(/(:::\w+).*/, '$1')), `kept: ${line}`);
    }
    assert.ok(text.includes('{version}') && text.includes('# [de] Géttíñg stártéd {#getting-started}'));
    assert.ok(text.includes(':::note [de] Béföré ýöü bégíñ') && text.includes(':::tip[[de] Üsé éñvíröñméñt váríáblés íñ ÇÍ]'));
    const fm = front(text);
    assert.equal(fm.title, '[de] Géttíñg stártéd: íñstáll áñd lög íñ');
    assert.equal(fm.sidebar_label, '[de] Géttíñg stártéd');
    assert.deepEqual({ ...fm, title: 0, description: 0, sidebar_label: 0 }, { ...front(PAGE), title: 0, description: 0, sidebar_label: 0 });
  });

  it('the same page in fragment mode keeps its structure too, with more segments', () => {
    const { doc, stats } = segmentWithStats(PAGE, { mode: 'fragments' });
    assert.ok(stats.segments / stats.blocks > 1.3);
    assert.deepEqual(structureOf(body(translateLocally(doc, pseudo).text), 'gfm', true), structureOf(body(PAGE), 'gfm', true));
  });
});

describe('documentation sites: front matter', () => {
  it('translates reader-facing keys only, with valid YAML whatever the translation holds', () => {
    const input = '---\ntitle: Hello\ndescription: \'It\'\'s here\'\nsummary: |\n  Line one\nslug: /hello\nauthor: Jane Doe\n---\nText.\n';
    assert.deepEqual(sent(input), ['Hello', "It's here", 'Line one', 'Text.']);
    const tricky = (s: string): string => `${s}: "quoted" # not a comment`;
    const out = translateLocally(segmentMarkdown(input), tricky).text;
    const fm = front(out);
    assert.equal(fm.title, 'Hello: "quoted" # not a comment');
    assert.equal(fm.description, 'It\'s here: "quoted" # not a comment');
    assert.equal(fm.summary, 'Line one: "quoted" # not a comment\n');
    assert.ok(out.includes('\nslug: /hello\nauthor: Jane Doe\n---\n'));
  });

  it('the keys are configurable; nested and non-string values are kept', () => {
    const input = '---\ntitle: Hello\nauthor: Jane Doe\nsidebar: { label: Nested }\ndescription: 42\n---\n';
    assert.deepEqual(sent(input, { frontMatterKeys: ['author'] }), ['Jane Doe']);
    assert.deepEqual(sent(input), ['Hello']);
  });

  it('TOML front matter and invalid YAML are kept whole', () => {
    assert.deepEqual(sent('+++\ntitle = "Hi there"\n+++\nText here'), ['Text here']);
    assert.deepEqual(sent('---\ntitle: [unclosed\n---\nText here'), ['Text here']);
  });
});

describe('documentation sites: MDX', () => {
  it('keeps import/export lines, JSX tags and attributes and {expressions}; translates text children and Markdown inside JSX', () => {
    const input = 'import X from "./x";\nexport const meta = { a: 1 };\n\n<Card title="Keep me">\n\nSome **bold** text with {props.value}.\n\n</Card>\n\n<Note>Inline child text</Note>\n';
    const parts = segmentMarkdown(input).parts.filter((p): p is TranslatePart => p.kind === 'translate');
    assert.deepEqual(parts.map((p) => p.text), ['Some **bold** text with {props.value}.', '<Note>Inline child text</Note>']);
    assert.ok(parts.every((p) => p.mdx));
    const out = translateLocally(segmentMarkdown(input), pseudo).text;
    assert.ok(out.startsWith('import X from "./x";\nexport const meta = { a: 1 };\n\n<Card title="Keep me">\n\n[de] Sömé **böld** téxt wíth {props.value}.'), out);
    // A tag at the line start opens HTML/JSX: the marker moved in front of it fails the check, so fragments.
    assert.ok(out.includes('<Note>[de] Íñlíñé çhíld téxt</Note>'), out);
  });

  it('admonitions keep their markers; the title is translated', () => {
    assert.deepEqual(sent(':::note\n\nBody text.\n\n:::\n\n:::warning Watch out\nText\n:::\n\n:::tip[Title here]{.x}\n'), ['Body text.', 'Watch out', 'Text', 'Title here']);
  });

  it('MDX that does not parse (an HTML comment) is read as Markdown', () => {
    assert.deepEqual(sent('import X from "y";\n\n<!-- note -->\n\nSome text.\n'), ['Some text.']);
  });
});

describe('documentation sites: MDX detection', () => {
  it('a README whose code sample has an import line stays Markdown (indented code kept)', () => {
    const readme = '# Use\n\n```js\nimport x from "y";\n```\n\n    indented code\n\nText.\n';
    assert.deepEqual(sent(readme), ['Use', 'Text.']);
    assert.deepEqual(sent('import X from "./x";\n\n    not code in MDX\n'), ['not code in MDX']);
  });
});
