import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { reassembleWithReport, segmentMarkdown, translateSegmentedWithReport, type Segment, type TranslatePart } from '../../../src/translate/index.ts';
import { assertWellFormed } from './helpers.ts';
import { careless, pseudo, structureOf, translateLocally } from './structure.ts';

const md = new MarkdownIt({ html: true });
const links = (text: string): string[] =>
  md
    .parse(text, {})
    .flatMap((t) => t.children ?? [])
    .filter((t) => t.type === 'link_open' || t.type === 'image')
    .map((t) => t.attrGet('href') ?? t.attrGet('src') ?? '');
const whole = (text: string): TranslatePart[] => {
  const doc = segmentMarkdown(text);
  assertWellFormed(text, doc);
  return doc.parts.filter((p): p is TranslatePart => p.kind === 'translate');
};
/** Translates with the pseudo engine and checks the structure against the input. */
function roundTrip(input: string, f = pseudo): string {
  const { text } = translateLocally(segmentMarkdown(input), f);
  assert.deepEqual(structureOf(text), structureOf(input), text);
  return text;
}

describe('segmentMarkdown: whole blocks', () => {
  it('sends a sentence with code and a link as one segment, Markdown as written', () => {
    const parts = whole('Run `acme login` and paste the key from your [account page](https://acme.io/keys).\n');
    assert.deepEqual(
      parts.map((p) => p.text),
      ['Run `acme login` and paste the key from your [account page](https://acme.io/keys).'],
    );
    assert.equal(
      roundTrip('Run `acme login` and paste the key from your [account page](https://acme.io/keys).\n'),
      'DE· `acme login` Rüñ áñd pásté thé kéý fröm ýöür [áççöüñt págé](https://acme.io/keys).\n',
    );
  });

  it('one segment per heading, list item paragraph, table cell and blockquote paragraph', () => {
    const input = '# A *b* `c`\n\n- item `x` one\n  two\n\n| a `b` c | d |\n|---|---|\n\n> quote `q`\n> more\n';
    assert.deepEqual(
      whole(input).map((p) => p.text),
      ['A *b* `c`', 'item `x` one\ntwo', 'a `b` c', 'd', 'quote `q`\nmore'],
    );
    roundTrip(input);
  });

  it('splits a block over 4000 characters by sentence', () => {
    const para = `${'A sentence with `code` in it. '.repeat(200).trim()}\n`;
    const parts = whole(para);
    assert.equal(parts.length, 2);
    assert.ok(parts.every((p) => p.text.length <= 4000 && p.text.endsWith('in it.') && p.check === 'paragraph'));
    roundTrip(para);
  });

  it('fragments mode: kept spans split the prose as before', () => {
    const doc = segmentMarkdown('Run `acme login` now.\n', { mode: 'fragments' });
    assert.deepEqual(
      doc.parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : [])),
      ['Run', 'now.'],
    );
  });
});

describe('segmentMarkdown: bugs found on published READMEs', () => {
  it('inline constructs across blockquote lines keep their destinations, code, HTML and references', () => {
    for (const input of [
      '> [a\n> b](#c)\n',
      '> `code\n> span` text\n',
      '> <span\n> class="x">t</span> text\n',
      '> ![alt\n> text](img.png) x\n',
      '> [text\n> here][ref] x\n\n[ref]: /r\n',
    ]) {
      for (const mode of ['wholeBlocks', 'fragments'] as const) {
        const { text } = translateLocally(segmentMarkdown(input, { mode }), pseudo);
        assert.deepEqual(structureOf(text), structureOf(input), `${mode}: ${text}`);
        assert.deepEqual(links(text), links(input));
      }
    }
    assert.equal(roundTrip('> [a\n> b](#c)\n'), '> DE· [á\n> b](#c)\n');
  });

  it('a paragraph back in the outer list item after a nested list is translated, not taken for code', () => {
    const input = '- a\n    - b\n\n    Back in a.\n';
    assert.ok(whole(input).some((p) => p.text === 'Back in a.'));
    roundTrip(input);
  });

  it('multi-line reference definitions are kept whole', () => {
    const input = '[foo]:\n  /url\n  "the title"\n\nSee [foo].\n';
    assert.deepEqual(
      whole(input).map((p) => p.text),
      ['See [foo][foo].'],
    );
    assert.ok(roundTrip(input).startsWith('[foo]:\n  /url\n  "the title"\n\n'));
  });

  it('list items whose content starts with indented code keep the code', () => {
    const input = '1.      indented code\n\n   paragraph\n\n       more code\n';
    assert.deepEqual(
      whole(input).map((p) => p.text),
      ['paragraph'],
    );
    roundTrip(input);
  });

  it('collapsed and shortcut references are translated and rewritten to full references', () => {
    const input = 'Read the [Permissions documentation][] and the [guide].\n\n[permissions documentation]: https://x.io/p\n[guide]: ./guide.md\n';
    assert.deepEqual(
      whole(input).map((p) => p.text),
      ['Read the [Permissions documentation][Permissions documentation] and the [guide][guide].'],
    );
    const out = roundTrip(input);
    assert.ok(
      out.startsWith('DE· Réád thé [Péríssíöñs döçüméñtátíöñ][Permissions documentation] áñd thé [güídé][guide].') || out.includes('[güídé][guide]'),
      out,
    );
    assert.deepEqual(links(out), links(input));
    const fragments = translateLocally(segmentMarkdown(input, { mode: 'fragments' }), pseudo).text;
    assert.ok(fragments.includes('[DE· güídé][guide]'), fragments);
    assert.deepEqual(links(fragments), links(input));
  });
});

describe('checked translations and the fragment fallback', () => {
  const input = 'Run `acme login` and open [the page](https://a.io/x).\n\n# Title\n\nPlain text here.\n';

  it('a translation that damages code, a URL or a placeholder falls back to fragments; structure kept', () => {
    const { text, report } = translateLocally(segmentMarkdown(input), careless);
    assert.deepEqual(structureOf(text), structureOf(input));
    assert.ok(text.includes('`acme login`') && text.includes('(https://a.io/x)'), text);
    assert.equal(report.fellBack, 1);
  });

  it('without fragment translations the block keeps its source text', () => {
    const doc = segmentMarkdown(input);
    const first = doc.parts.find((p) => p.kind === 'translate')!;
    const { text, report } = reassembleWithReport(doc, new Map([[first.id, 'Broken `code and [x](y)']]));
    assert.ok(text.startsWith('Run `acme login` and open [the page](https://a.io/x).'));
    assert.equal(report.fellBack, 0);
    assert.ok(report.untranslated >= 1);
  });

  it('translateSegmented re-sends failed blocks as fragments and reports them', async () => {
    const sent: Segment[][] = [];
    const reports: unknown[] = [];
    const { text, report } = await translateSegmentedWithReport(segmentMarkdown(input), {
      translateBatch: async (segments) => {
        sent.push(segments);
        return segments.map((s) => ({ id: s.id, translated_text: careless(s.text) }));
      },
      onReport: (r) => reports.push(r),
    });
    assert.equal(sent.length, 2);
    assert.deepEqual(
      sent[1]!.map((s) => s.text),
      ['Run', 'and open', 'the page'],
    );
    assert.ok(sent[1]!.every((s) => s.id.startsWith('s0~')));
    assert.deepEqual(report, { segments: 3, fellBack: 1, untranslated: 0, resent: 3 });
    assert.deepEqual(reports, [report]);
    assert.deepEqual(structureOf(text), structureOf(input));
  });

  it('mode: fragments on translateSegmented sends fragments from the start', async () => {
    const sent: string[] = [];
    await translateSegmentedWithReport(segmentMarkdown(input), {
      mode: 'fragments',
      translateBatch: async (segments) => {
        sent.push(...segments.map((s) => s.text));
        return segments.map((s) => ({ id: s.id, translated_text: s.text }));
      },
    });
    assert.deepEqual(sent, ['Run', 'and open', 'the page', 'Title', 'Plain text here.']);
  });
});
