/**
 * Documentation dialects (issue 20): structure kept, what readers see translated. Material is the
 * real sites under test/sites (read only) and one pinned excerpt (fixtures/mkdocs-material-excerpt.md).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { segmentMarkdown, verifyTranslation, type Segmented } from '../../../src/translate/index.ts';
import { mangle } from '../../emulator/mangle.ts';
import { realCorpus, sitePage } from './corpus.ts';
import { assertWellFormed } from './helpers.ts';
import { pseudo, translateLocally } from './structure.ts';

const MATERIAL = readFileSync(join(__dirname, 'fixtures', 'mkdocs-material-excerpt.md'), 'utf8');

function translated(text: string, mdx = false): { out: string; doc: Segmented } {
  const doc = segmentMarkdown(text, { mdx });
  assertWellFormed(text, doc);
  const { text: out, report } = translateLocally(doc, pseudo);
  assert.deepEqual([report.fellBack, report.untranslated], [0, 0]);
  return { out, doc };
}
const sent = (doc: Segmented): string[] => doc.parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));

describe('dialects: MkDocs / Material', () => {
  it('admonitions: keyword and type kept, the body translated as Markdown (mkdocs-static-i18n quick-start.md)', () => {
    const { out } = translated(sitePage('mkdocs-static-i18n/docs/getting-started/quick-start.md'));
    assert.ok(out.includes('\n!!! warning\n    DE· Thís döçüméñtátíöñ ápplíés `mkdocs-static-i18n` fröm **vérsíöñ 1.0.0**.\n      Üsérs'), out);
    assert.ok(out.includes('[prévíöüs vérsíöñ 0.56 döçüméñtátíöñ](https://github.com/ultrabug/mkdocs-static-i18n/tree/0.56#readme)'), out);
  });

  it('quoted titles of admonitions and content tabs translated (setting-up-material.md, translating-content.md)', () => {
    assert.ok(translated(sitePage('mkdocs-static-i18n/docs/setup/setting-up-material.md')).out.includes('!!! failure "DE· Íñçömpátíbílítý"'));
    const { out } = translated(sitePage('mkdocs-static-i18n/docs/setup/translating-content.md'));
    assert.ok(out.includes('=== "DE· ádmöñítíöñs"\n    DE· Fröm:\n'), out);
    assert.ok(out.includes('    ```\n    !!! tip "Conseil"\n'), 'code inside a tab is kept');
  });

  it('a body after a blank line under the marker is Markdown, not indented code (the forms translating-content.md documents)', () => {
    // The page shows, inside code fences, the admonitions and collapsibles the plugin writes:
    // `!!! tip "Conseil"`, a blank line, the body indented by 4. Taken out of their fences here.
    const page = sitePage('mkdocs-static-i18n/docs/setup/translating-content.md');
    const examples = [...page.matchAll(/^ {4}```\n((?: {4}(?:!!!|\?\?\?).*\n)\n(?: {8}.*\n)+) {4}```$/gm)].map((m) => m[1]!.replace(/^ {4}/gm, ''));
    assert.equal(examples.length, 6, 'the page shows !!!, ??? and ???+, each without and with a title');
    for (const example of examples) {
      const body = `Before.\n\n${example}\n    Second *paragraph* of the body.\n\n        indented code in the body\n\nAfter.\n`;
      const { out, doc } = translated(body);
      const marker = example.split('\n')[0]!;
      assert.ok(
        out.includes(
          `\n${marker.replace('Conseil', 'DE· Çöñséíl')}\n\n    DE· Böñjöür lé möñdé\n\n    DE· Séçöñd *párágráph* öf thé bödý.\n\n        indented code in the body\n\nDE· Áftér.\n`,
        ),
        out,
      );
      assert.deepEqual(
        sent(doc).filter((s) => !/^(?:Before\.|After\.|Conseil)$/.test(s)),
        ['Bonjour le monde', 'Second *paragraph* of the body.'],
      );
    }
  });

  it('collapsibles, tabs, attribute lists, snippets and abbreviations (pinned Material excerpt)', () => {
    const { out, doc } = translated(MATERIAL);
    for (const kept of [
      '# DE· Förmáttíñg {#formatting}',
      'DE· [Sübsçríbé tö öür ñéwsléttér](#){ .md-button .md-button--primary }',
      '!!! note "DE· Pháséllüs pösüéré íñ sém üt çürsüs"',
      '??? question "DE· Höw dö Í íñstáll ít?"',
      '    DE· Rüñ thé íñstállér',
      '???+ tip\n    DE· Öpéñ bý défáült.',
      '=== "DE· Ç"\n',
      '--8<-- "includes/abbreviations.md"',
      '--8<--\nincludes/header.md\nincludes/footer.md\n--8<--',
      '*[HTML]: DE· Hýpér Téxt Márküp Láñgüágé',
      '*[W3C]: DE· Wörld Wídé Wéb Çöñsörtíüm',
    ]) {
      assert.ok(out.includes(kept), kept);
    }
    assert.ok(!sent(doc).some((s) => s.includes('includes/') || s.includes('!!!') || (s.includes('md-button') && !s.includes('Subscribe'))));
  });
});

describe('dialects: VitePress', () => {
  it('containers keep their type, titles translated; snippet imports, [[toc]] and {#id} kept (markdown.md)', () => {
    const { out, doc } = translated(sitePage('vitepress-docs/docs/en/guide/markdown.md'));
    for (const line of ['\n::: details\n', '\n::: danger DE· STÖP\n', '::: details DE· Çlíçk mé tö tögglé thé çödé', '\n[[toc]]\n', '\n<<< @/filepath\n'])
      assert.ok(out.includes(line), line);
    assert.ok(!sent(doc).some((s) => /^(?:code-group|details|tip|info|warning|danger)\b|\[\[toc\]\]|^@\//.test(s)));
    assert.ok(!/::: DE·|::: çödé-gröüp|<<< DE·/.test(out));
  });

  it('`::: code-group` and the [labels] of its code blocks are kept (getting-started.md, <<< @/snippets)', () => {
    const page = sitePage('vitepress-docs/docs/en/guide/getting-started.md');
    const { out } = translated(page);
    for (const line of page.split('\n').filter((l) => /^::: code-group|^:::$|^<<<|^```\w* \[/.test(l))) assert.ok(out.includes(`${line}\n`), line);
  });
});

describe('dialects: Hugo shortcodes', () => {
  it('kept anywhere, also inside a link destination; the link text translated (docsy-example site.md)', () => {
    const { out, doc } = translated(sitePage('hugo-docsy-example/content/en/site.md'));
    assert.ok(out.includes('v{{% param version %}} </span>][version]'), out);
    assert.ok(out.includes('[version]: <https://github.com/google/docsy/releases/v{{% param version %}}>'));
    assert.ok(out.includes('{{% td/site-build-info/netlify team="docsy-example" %}}'));
    assert.ok(!sent(doc).some((s) => s.includes('td/site-build-info')));
  });

  it('a shortcode in an inline link destination keeps the link one link; paired shortcodes translate their content', () => {
    const text =
      'See the [config file](https://github.com/x/y/blob/v{{% param vers %}}/config/site.toml) for details.\n\n{{% alert title="Note" %}}\nRead this first.\n{{% /alert %}}\n';
    const { out } = translated(text);
    assert.equal(
      out,
      'DE· Séé thé [çöñfíg fílé](https://github.com/x/y/blob/v{{% param vers %}}/config/site.toml) för détáíls.\n\n' +
        '{{% alert title="DE· Ñöté" %}}\nDE· Réád thís fírst.\n{{% /alert %}}\n',
    );
    const fragments = segmentMarkdown(text, { mode: 'fragments' });
    assert.ok(
      sent(fragments).every((s) => !s.includes('{{')),
      JSON.stringify(sent(fragments)),
    );
  });
});

describe('dialects: readable attributes of shortcodes and inline JSX (issue 20)', () => {
  it('Hugo alerts: the title translated, color kept, the text between the shortcodes one sentence (docsy example-page.md)', () => {
    const page = sitePage('hugo-docsy-example/content/en/docs/getting-started/example-page.md');
    for (const mode of ['wholeBlocks', 'fragments'] as const) {
      const doc = segmentMarkdown(page, { mode });
      assertWellFormed(page, doc);
      const { text: out, report } = translateLocally(doc, pseudo);
      assert.deepEqual([report.fellBack, report.untranslated], [0, 0]);
      assert.ok(out.includes('\n{{% alert title="DE· Álért títlé" color="secondary" %}} DE· Thís ís áñ álért wíth á\ntítlé. {{% /alert %}}\n'), mode);
      assert.ok(out.includes('\n{{% alert title="DE· Dáñgér!" color="danger" %}} '), mode);
      // Without a readable attribute, a paragraph with its shortcodes is sent whole, as before (the check keeps them).
      assert.ok(
        out.includes(
          mode === 'wholeBlocks'
            ? 'DE· {{% alert color="success" %}} Thís ís á süççéssfül álért. {{% /alert %}}\n'
            : '{{% alert color="success" %}} DE· Thís ís á süççéssfül álért. {{% /alert %}}\n',
        ),
        mode,
      );
      if (mode === 'wholeBlocks') assert.ok(sent(doc).includes('This is an alert with a\ntitle.'), 'the alert text is one segment, without the shortcodes');
      assert.ok(!sent(doc).some((s) => /"secondary"|"danger"/.test(s)), JSON.stringify(sent(doc).filter((s) => s.includes('{{'))));
    }
  });

  it('Hugo blocks/feature: the title translated on one line and over several lines, icon and url kept (docsy _index.md)', () => {
    const { out, doc } = translated(sitePage('hugo-docsy-example/content/en/_index.md'));
    assert.ok(out.includes('{{% blocks/feature title="DE· Ñéw çháír métríçs!" icon="fa-lightbulb" %}}\n'), out);
    assert.ok(
      out.includes('{{% blocks/feature\n  title="DE· Çöñtríbütíöñs wélçömé!" icon="fab fa-github"\n  url="https://github.com/google/docsy-example"\n%}}\n'),
      out,
    );
    assert.ok(out.includes('  title="DE· Föllöw üs öñ X!" icon="fab fa-x-twitter"\n'), out);
    assert.ok(!sent(doc).some((s) => /fa-github|fa-lightbulb|blocks\/feature|url=/.test(s)));
  });

  it('Starlight tabs: an inline <TabItem label> has its label and its text translated (tabs.mdx)', () => {
    const { out, doc } = translated(sitePage('starlight-docs/docs/src/content/docs/components/tabs.mdx'), true);
    assert.ok(
      out.includes('\t<TabItem label="DE· Stárs">DE· Síríüs, Végá, Bétélgéüsé</TabItem>\n\t<TabItem label="DE· Mööñs">DE· Íö, Éüröpá, Gáñýmédé</TabItem>\n'),
      out,
    );
    assert.ok(sent(doc).includes('Sirius, Vega, Betelgeuse') && !sent(doc).some((s) => s.includes('<TabItem label')));
  });

  it('inline <Card title> / <Aside title> in a paragraph or a blockquote; a tag in the middle of a sentence stays in it', () => {
    const text =
      '<Card title="Next steps" icon="rocket">Read the guide.</Card>\n\n> <Aside title=\'Careful\' type="caution">Back up\n> first.</Aside>\n\nPress <Kbd title="Control">Ctrl</Kbd> now.\n';
    const { out, doc } = translated(text, true);
    assert.equal(
      out,
      '<Card title="DE· Ñéxt stéps" icon="rocket">DE· Réád thé güídé.</Card>\n\n' +
        '> <Aside title=\'DE· Çáréfül\' type="caution">DE· Báçk üp\n> fírst.</Aside>\n\nDE· Préss <Kbd title="Control">Çtrl</Kbd> ñöw.\n',
    );
    assert.deepEqual(sent(doc), ['Next steps', 'Read the guide.', 'Careful', 'Back up\nfirst.', 'Press <Kbd title="Control">Ctrl</Kbd> now.']);
  });

  it("a translation that would hold the attribute's quote is refused and the value kept; the rest is translated", () => {
    for (const [text, mdx] of [
      ['{{< alert title="Note" color="info" >}}\nRead this.\n{{< /alert >}}\n', false],
      ['<Card title="Note">Read this.</Card>\n', true],
    ] as const) {
      const doc = segmentMarkdown(text, { mdx });
      const part = doc.parts.find((p) => p.kind === 'translate' && p.text === 'Note');
      assert.ok(part && part.kind === 'translate' && part.quote === '"', text);
      assert.ok(verifyTranslation(part, 'Hinweis'));
      assert.ok(!verifyTranslation(part, 'Ein "Hinweis"'));
      const { text: out, report } = translateLocally(doc, (s) => (s === 'Note' ? 'Ein "Hinweis"' : `X ${s}`));
      assert.equal(report.untranslated, 1);
      assert.ok(out.includes('title="Note"') && out.includes('X Read this.'), out);
    }
  });
});

describe('dialects: Docusaurus and Starlight (MDX)', () => {
  it('readable JSX attributes translated, the others kept (Starlight asides.mdx, tabs.mdx)', () => {
    const asides = translated(sitePage('starlight-docs/docs/src/content/docs/components/asides.mdx'), true).out;
    assert.ok(asides.includes('<Aside slot="preview" type="caution" title="DE· Wátçh öüt!">'), 'title translated, slot and type kept');
    const tabs = translated(sitePage('starlight-docs/docs/src/content/docs/components/tabs.mdx'), true).out;
    assert.ok(tabs.includes('<TabItem label="DE· Stárs">DE· Síríüs'), 'label of an inline tag translated');
  });

  it("a translation that would close the attribute's quote is refused and the value kept", () => {
    const text = '<Aside title="Watch out">\n\nBody.\n\n</Aside>\n';
    const doc = segmentMarkdown(text, { mdx: true });
    const part = doc.parts.find((p) => p.kind === 'translate' && p.text === 'Watch out');
    assert.ok(part && part.kind === 'translate');
    assert.ok(verifyTranslation(part, 'Achtung'));
    assert.ok(!verifyTranslation(part, 'Achtung "hier"'));
  });

  it('Docusaurus :::tip[Title] and :::note Title keep their marker, the title translated', () => {
    const { out } = translated(':::tip[Use the CLI]\n\nText.\n\n:::\n\n:::note Before you begin\n\nMore.\n\n:::\n', true);
    assert.ok(out.startsWith(':::tip[DE· Üsé thé ÇLÍ]\n\nDE· Téxt.\n\n:::\n\n:::note DE· Béföré ýöü bégíñ\n'), out);
  });
});

describe('Markdown is not MDX (issue 20 item 5)', () => {
  it('in .md, a paragraph line starting with import/export is prose and <Warning> is an HTML block (CommonMark #163)', () => {
    assert.deepEqual(sent(segmentMarkdown('Some text\nexport your data to CSV = easy.\n', { mdx: false })), ['Some text\nexport your data to CSV = easy.']);
    assert.deepEqual(sent(segmentMarkdown('<Warning>\n*bar*\n</Warning>\n', { mdx: false })), []);
    assert.deepEqual(sent(segmentMarkdown('<Warning>\n*bar*\n</Warning>\n', { mdx: true })), ['*bar*']);
  });

  it('MDX read as Markdown (it does not parse): a paragraph that opens with a component is kept (riverpod ko side_effects.mdx)', () => {
    const page = sitePage('docusaurus-riverpod/website/i18n/ko/docusaurus-plugin-content-docs/current/essentials/side_effects.mdx');
    const doc = segmentMarkdown(page, { mdx: true });
    const kept = doc.parts
      .filter((p) => p.kind !== 'translate')
      .map((p) => p.text)
      .join('');
    assert.ok(kept.includes('<AutoSnippet \n  raw={manualAddTodo} \n  translations={{'), 'the component with its attributes is kept');
    assert.equal(translateLocally(doc, pseudo).report.fellBack, 0);
    const text = 'Intro <b>bold</b> text.\n\n<Snippet\n  raw={x}\n  note="// a comment"\n/>\n\n<>\ninside\n</>\n\n<!-- not MDX -->\n\nClosing words.\n';
    assert.deepEqual(sent(segmentMarkdown(text, { mdx: true })), ['Intro <b>bold</b> text.', 'Closing words.']);
    assert.deepEqual(
      sent(segmentMarkdown(text, { mdx: false })),
      ['Intro <b>bold</b> text.', '<>\ninside\n</>', 'Closing words.'],
      'in Markdown `<>` opens no tag',
    );
  });

  it('MDX read as Markdown (it does not parse) keeps ESM blocks only, not paragraph lines starting with import', () => {
    const text = 'import X from "./x";\n\n<!-- comment -->\n\nWe import data\nimport it daily.\n';
    assert.deepEqual(sent(segmentMarkdown(text, { mdx: true })), ['We import data\nimport it daily.']);
  });

  it('prose after inline HTML is translated, the tag first on its line (list item)', () => {
    const { out } = translated('- <span style="text-decoration:underline">underline</span> - Make text underlined\n- <a href="#install">Installation</a>\n');
    assert.equal(
      out,
      '- DE· <span style="text-decoration:underline">üñdérliñé</span> - Máké téxt üñdérlíñéd\n- DE· <a href="#install">Íñstállátíöñ</a>\n'.replace(
        'üñdérliñé',
        'üñdérlíñé',
      ),
    );
  });
});

describe('the structure check over the real corpora (READMEs in node_modules, test/sites)', function () {
  this.timeout(300_000);
  it('accepts every honest answer (mangling off) and refuses every damaged one (mangled)', () => {
    // Every third document keeps the suite's time reasonable; `npm run bench` (fallback-rate) reads all.
    // Chosen by a hash of the path, so the choice does not shift when a package is added.
    const docs = realCorpus().filter(
      (d) =>
        createHash('sha1')
          .update(d.path.replace(/^.*node_modules\//, ''))
          .digest()[0]! %
          3 ===
        0,
    );
    let blocks = 0;
    let damaged = 0;
    const refused: string[] = [];
    const accepted: string[] = [];
    for (const d of docs) {
      const doc = segmentMarkdown(d.text, { mdx: d.mdx });
      const { report } = translateLocally(doc, pseudo);
      blocks += report.segments;
      if (report.fellBack + report.untranslated > 0) refused.push(d.path);
      for (const part of doc.parts) {
        if (part.kind !== 'translate' || !part.check) continue;
        const bad = mangle(part.text, pseudo(part.text));
        if (!bad) continue;
        damaged++;
        if (verifyTranslation(part, bad.text)) accepted.push(`${d.path}: ${bad.kind} ${JSON.stringify(bad.text).slice(0, 160)}`);
      }
    }
    assert.ok(blocks > 15_000 && damaged > 3_000, `${blocks} blocks, ${damaged} damaged`);
    assert.deepEqual(refused, []);
    assert.deepEqual(accepted, []);
  });
});
