import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { segmentMarkdown, segmentWithStats, type TranslatePart } from '../../../src/translate/index.ts';
import { assertWellFormed } from './helpers.ts';
import { pseudo, structureOf, translateLocally } from './structure.ts';

const PAGE = readFileSync(join(__dirname, 'fixtures', 'docs-page.mdx'), 'utf8');
const HUGO = readFileSync(join(__dirname, 'fixtures', 'hugo-page.md'), 'utf8');
const TOML_FRONT = /^\+\+\+\r?\n([\s\S]*?)\r?\n\+\+\+\r?\n/;
const FRONT = /^---\n[\s\S]*?\n---\n/;
const body = (text: string): string => text.replace(FRONT, '');
const front = (text: string): Record<string, unknown> => parseYaml(FRONT.exec(text)![0].slice(4, -4)) as Record<string, unknown>;
const sent = (text: string, opts = {}): string[] => segmentMarkdown(text, opts).parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));

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
      assert.ok(text.includes(line.replace(/(:::\w+).*/, '$1').replace(/\b(label|title)="[^"]*".*/, '$1="')), `kept: ${line}`);
    }
    assert.ok(text.includes('{version}') && text.includes('# DE· Géttíñg stártéd {#getting-started}'));
    assert.ok(text.includes(':::note DE· Béföré ýöü bégíñ') && text.includes(':::tip[DE· Üsé éñvíröñméñt váríáblés íñ ÇÍ]'));
    const fm = front(text);
    assert.equal(fm.title, 'DE· Géttíñg stártéd: íñstáll áñd lög íñ');
    assert.equal(fm.sidebar_label, 'DE· Géttíñg stártéd');
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
    const input = "---\ntitle: Hello\ndescription: 'It''s here'\nsummary: |\n  Line one\nslug: /hello\nauthor: Jane Doe\n---\nText.\n";
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

  it('invalid YAML and invalid TOML front matter are kept whole', () => {
    assert.deepEqual(sent('---\ntitle: [unclosed\n---\nText here'), ['Text here']);
    assert.deepEqual(sent('+++\ntitle = "unclosed\n+++\nText here'), ['Text here']);
    assert.deepEqual(sent('+++\ntitle = "Hi there"\ntitle = "Twice"\n+++\nText here'), ['Text here']);
    assert.deepEqual(sent('+++\ntitle = "Hi there" trailing\n+++\nText here'), ['Text here']);
  });
});

describe('documentation sites: TOML front matter (Hugo)', () => {
  const fenced = (text: string): string => TOML_FRONT.exec(text)![1]!;
  const toml = (text: string): Record<string, unknown> => parseToml(fenced(text));
  const afterFront = (text: string): string => text.slice(TOML_FRONT.exec(text)![0].length);
  // The front matter lines between the `+++` fences, translated by `f`.
  const translated = (lines: string, f: (s: string) => string, opts = {}): string =>
    fenced(translateLocally(segmentMarkdown(`+++\n${lines}\n+++\n\nText.\n`, opts), f).text);
  const to = (t: string) => (): string => t;

  it('a Hugo page: the reader-facing strings are translated, every other byte of the front matter is kept', () => {
    const { doc, stats } = segmentWithStats(HUGO);
    assertWellFormed(HUGO, doc);
    // One segment per block but for the alert, whose title="Note" is a segment of its own.
    assert.equal(stats.segments, stats.blocks + 1);
    const { text, report } = translateLocally(doc, pseudo);
    assert.equal(report.untranslated, 0);
    assert.ok(text.includes('\n{{< alert title="DE· Ñöté" >}}\nDE· Öñ Álpíñé Líñüx, `libc6-compat` íñstáll fírst.\n{{< /alert >}}\n'), text);
    const before = toml(HUGO);
    const after = toml(text);
    assert.equal(after.title, pseudo('Install the CLI'));
    assert.equal(after.description, pseudo('Install the "acme" command line tool on Linux, macOS or Windows'));
    assert.equal(after.summary, `${pseudo('Download the binary, put it on your PATH\nand log in with your API key.')}\n`);
    const others = (fm: Record<string, unknown>): Record<string, unknown> => ({ ...fm, title: 0, description: 0, summary: 0 });
    assert.deepEqual(others(after), others(before));
    // Outside the three values the front matter is the source's, byte for byte (comments, nested tables, quoting).
    const values = (fm: string): string =>
      fm
        .replace(/^title = "[^"\n]*"$/m, 'title = …')
        .replace(/^description = '[^'\n]*'$/m, 'description = …')
        .replace(/^summary = """\n[^"]*"""$/m, 'summary = …');
    assert.equal(values(fenced(text)), values(fenced(HUGO)));
    assert.equal((values(fenced(text)).match(/ = …$/gm) ?? []).length, 3);
    assert.deepEqual(structureOf(afterFront(text), 'gfm'), structureOf(afterFront(HUGO), 'gfm'));
  });

  it('a value keeps its quoting when it can hold the translation, else becomes a basic string', () => {
    assert.equal(translated('title = "Hello"', to('Sag "Hallo" \\ C:\\Temp\ttab\u0007\u007f')), 'title = "Sag \\"Hallo\\" \\\\ C:\\\\Temp\ttab\\u0007\\u007F"');
    assert.equal(translated('title = "Hello"', to('line one\nline two')), 'title = "line one\\nline two"');
    assert.equal(translated("title = 'Hello'", to('Hallo "Welt" C:\\Temp')), 'title = \'Hallo "Welt" C:\\Temp\'');
    assert.equal(translated("title = 'Hello'", to("C'est ici")), 'title = "C\'est ici"');
    assert.equal(translated("title = 'Hello'", to('two\nlines')), 'title = "two\\nlines"');
    assert.equal(translated('title = "  Hello  " # padded', to('Hallo')), 'title = "  Hallo  " # padded');
    assert.equal(translated('summary = """\nOne.\nTwo.\n"""', to('Eins.\nZwei """drei"""')), 'summary = """\nEins.\nZwei \\"\\""drei\\"\\""\n"""');
    assert.equal(translated('summary = """One."""', to('Say "x"')), 'summary = """Say "x\\""""');
    assert.equal(translated("summary = '''\nC:\\One\n'''", to("C:\\Eins, it's")), "summary = '''\nC:\\Eins, it's\n'''");
    assert.equal(translated("summary = '''\nOne\n'''", to("a ''' b")), 'summary = """\na \'\'\' b\n"""');
    assert.equal(translated("summary = '''One'''", to('\u0001')), 'summary = """\\u0001"""');
    // A line that would close the front matter goes on one line.
    assert.equal(translated('summary = """\nOne\n"""', to('a\n+++\nb')), 'summary = "a\\n+++\\nb\\n"');
  });

  it('the written value always reads back as the translation, whatever it holds; nothing else changes', () => {
    const unit = fc.constantFrom(
      'a',
      'ß',
      '漢',
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      "'",
      "'''",
      '"',
      '"""',
      '\\',
      '\\u0041',
      '#',
      '=',
      '\0',
      '\b',
      '\f',
      '\x7f',
      '\u2028',
      '\u2029',
      '+++',
      '\n+++\n',
    );
    const translation = fc.oneof(fc.string({ unit, maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
    const source = fc.constantFrom(
      '"Hello"',
      "'Hello'",
      '" Hello\\t"',
      '"""\nHello\n"""',
      '"""Hello"""',
      "'''\nHello\n'''",
      "'''Hello'''",
      '"""\\\n  Hello"""',
    );
    fc.assert(
      fc.property(source, translation, (value, t) => {
        const lines = `# kept\nslug = "a"\ntitle = ${value}  # after\n\n[params]\ntitle = "nested"`;
        const out = translated(lines, to(t));
        const before = parseToml(lines);
        const after = parseToml(out);
        const v = before.title as string;
        const lead = v.slice(0, v.indexOf(v.trim()));
        let wanted = lead + t.trim() + v.slice(lead.length + v.trim().length);
        if (/^(?:"""|''')/.test(value)) wanted = wanted.replace(/\r\n/g, '\n');
        assert.equal(after.title, wanted);
        assert.deepEqual({ ...after, title: 0 }, { ...before, title: 0 });
        assert.ok(out.startsWith('# kept\nslug = "a"\ntitle = '), out);
        assert.ok(out.endsWith('  # after\n\n[params]\ntitle = "nested"'), out);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps nested, dotted, non-string and letterless values; quoted keys count; the keys are configurable', () => {
    const lines =
      'title = 42\n"description" = "Quoted key"   # c\nparams.title = "Dotted, nested"\nsummary = ["an", "array"]\nlinkTitle = "Short"\nsidebar_label = "123"\n\n[menu.main]\ntitle = "In a table"';
    assert.deepEqual(sent(`+++\n${lines}\n+++\n`), ['Quoted key']);
    assert.deepEqual(sent(`+++\n${lines}\n+++\n`, { frontMatterKeys: ['linkTitle'] }), ['Short']);
    assert.equal(
      translated(lines, (s) => s.toUpperCase()),
      lines.replace('Quoted key', 'QUOTED KEY'),
    );
  });

  it('CRLF front matter keeps its line endings', () => {
    const input = '+++\r\ntitle = "Hello"\r\nsummary = """\r\nOne\r\nTwo\r\n"""\r\n+++\r\n\r\nText.\r\n';
    const out = translateLocally(segmentMarkdown(input), (s) => (s === 'Hello' ? 'Hallo' : s === 'Text.' ? s : 'Eins\nZwei')).text;
    assert.equal(out, '+++\r\ntitle = "Hallo"\r\nsummary = """\r\nEins\r\nZwei\r\n"""\r\n+++\r\n\r\nText.\r\n');
  });
});

describe('documentation sites: MDX', () => {
  it('keeps import/export lines, JSX tags, attributes other than readable ones and {expressions}; translates text children, readable attributes and Markdown inside JSX', () => {
    const input =
      'import X from "./x";\nexport const meta = { a: 1 };\n\n<Card title="Keep me">\n\nSome **bold** text with {props.value}.\n\n</Card>\n\n<Note>Inline child text</Note>\n';
    const parts = segmentMarkdown(input).parts.filter((p): p is TranslatePart => p.kind === 'translate');
    assert.deepEqual(
      parts.map((p) => p.text),
      ['Keep me', 'Some **bold** text with {props.value}.', '<Note>Inline child text</Note>'],
    );
    assert.ok(parts.every((p) => p.mdx));
    const out = translateLocally(segmentMarkdown(input), pseudo).text;
    assert.ok(
      out.startsWith('import X from "./x";\nexport const meta = { a: 1 };\n\n<Card title="DE· Kéép mé">\n\nDE· Sömé **böld** téxt wíth {props.value}.'),
      out,
    );
    // A tag that starts a line of prose stays inline: the marker in front of it passes the check.
    assert.ok(out.includes('DE· <Note>Íñlíñé çhíld téxt</Note>'), out);
  });

  it('admonitions keep their markers; the title is translated', () => {
    assert.deepEqual(sent(':::note\n\nBody text.\n\n:::\n\n:::warning Watch out\nText\n:::\n\n:::tip[Title here]{.x}\n'), [
      'Body text.',
      'Watch out',
      'Text',
      'Title here',
    ]);
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
