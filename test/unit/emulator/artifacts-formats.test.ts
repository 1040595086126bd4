import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translateDocx } from '../../emulator/jobs/docx.ts';
import { readZip, writeZip } from '../../emulator/zip.ts';
import { artifactFilename, jobFormat } from '../../emulator/jobs/formats.ts';
import { hasTranslatableText, streamTranslate, translateText } from '../../emulator/jobs/produce.ts';

const MD = [
  '---',
  'title: Hello',
  '---',
  '',
  '# Guide',
  '',
  'Some text with `code` and {name}.',
  '',
  '```js',
  "const greeting = 'hello';",
  '',
  'console.log(greeting);',
  '```',
  '',
  '| a | b |',
  '|---|---|',
  '| one | 2 |',
  '',
].join('\n');

describe('emulator: artifact content per format', () => {
  it('Markdown single: prose translated, front matter, code, inline code and placeholders kept', () => {
    const out = translateText('markdown', 'md', MD, 'de', 'single');
    assert.ok(out.startsWith('---\ntitle: DE· Héllö\n---\n\n# DE· Güídé\n'), out);
    assert.ok(out.includes("```js\nconst greeting = 'hello';\n\nconsole.log(greeting);\n```\n"));
    assert.ok(out.includes('DE· Sömé téxt wíth `code`'));
    assert.ok(out.includes('áñd {name}.'));
    assert.ok(out.includes('| DE· öñé | 2 |'));
    assert.ok(out.includes('|---|---|'));
  });

  it('Markdown bilingual: each translated block follows its source block; code appears once', () => {
    const out = translateText('markdown', 'md', MD, 'de', 'bilingual');
    assert.ok(out.includes('# Guide\n\n# DE· Güídé\n\n'));
    assert.ok(out.includes('Some text with `code` and {name}.\n\nDE· Sömé'));
    assert.equal(out.split('```js').length - 1, 1);
    assert.ok(out.endsWith('| one | 2 |\n\n| DE· á | DE· b |\n|---|---|\n| DE· öñé | 2 |\n'));
  });

  it('plain text by paragraphs; bilingual interleaves paragraph by paragraph', () => {
    const text = 'First paragraph,\nsecond line.\n\nSecond paragraph.\n';
    assert.equal(translateText('text', 'txt', text, 'fr', 'single'), 'FR· Fírst párágráph,\nséçöñd líñé.\n\nFR· Séçöñd párágráph.\n');
    assert.equal(
      translateText('text', 'txt', text, 'fr', 'bilingual'),
      'First paragraph,\nsecond line.\n\nFR· Fírst párágráph,\nséçöñd líñé.\n\nSecond paragraph.\n\nFR· Séçöñd párágráph.\n',
    );
  });

  it('SRT: only cue text translated, numbers and timings kept; bilingual adds the translation under the source lines', () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>world</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye\r\n';
    assert.equal(
      translateText('subtitles', 'srt', srt, 'de', 'single'),
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nDE· Héllö <i>wörld</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nDE· Býé\r\n',
    );
    assert.equal(
      translateText('subtitles', 'srt', srt, 'de', 'bilingual'),
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>world</i>\r\nDE· Héllö <i>wörld</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye\r\nDE· Býé\r\n',
    );
  });

  it('WebVTT: header, NOTE blocks, cue identifiers and settings kept', () => {
    const vtt = 'WEBVTT\n\nNOTE a comment here\n\nintro\n00:01.000 --> 00:02.000 align:start\nHello\n';
    assert.equal(
      translateText('subtitles', 'vtt', vtt, 'es', 'single'),
      'WEBVTT\n\nNOTE a comment here\n\nintro\n00:01.000 --> 00:02.000 align:start\nES· Héllö\n',
    );
  });

  it('HTML: text nodes only; tags, attributes, entities, script, style, pre and code kept', () => {
    const html =
      '<!DOCTYPE html><title>Hi there</title><style>p{color:red}</style><p class="x>y" title="Keep">Hello &amp; bye</p>' +
      "<script>if (a<b) alert('x')</script><pre>keep me</pre><p>Use <code>npm test</code> now</p><!-- a comment -->";
    assert.equal(
      translateText('markup', 'html', html, 'de', 'single'),
      '<!DOCTYPE html><title>DE· Hí théré</title><style>p{color:red}</style><p class="x>y" title="Keep">DE· Héllö &amp; býé</p>' +
        "<script>if (a<b) alert('x')</script><pre>keep me</pre><p>DE· Üsé <code>npm test</code> DE· ñöw</p><!-- a comment -->",
    );
    assert.equal(translateText('markup', 'html', '<p>Hi</p>', 'de', 'bilingual'), '<p>Hi / DE· Hí</p>');
  });

  it('XML: text nodes translated, CDATA and processing instructions kept', () => {
    const xml = '<?xml version="1.0"?>\n<doc><t>Text</t><![CDATA[raw <b>text</b>]]></doc>\n';
    assert.equal(translateText('markup', 'xml', xml, 'de', 'single'), '<?xml version="1.0"?>\n<doc><t>DE· Téxt</t><![CDATA[raw <b>text</b>]]></doc>\n');
  });

  it('JSON: string values translated, keys, numbers and indentation kept; bilingual values carry both', () => {
    const json = '{\n    "greeting": "Hello {name}",\n    "count": 3,\n    "list": ["one", " "]\n}\n';
    const out = translateText('json', 'json', json, 'de', 'single');
    assert.deepEqual(JSON.parse(out), { greeting: 'DE· Héllö {name}', count: 3, list: ['DE· öñé', ' '] });
    assert.ok(out.startsWith('{\n    "greeting"'));
    assert.ok(out.endsWith('}\n'));
    assert.equal(translateText('json', 'json', '{"a":"b"}', 'de', 'bilingual'), '{"a":"b\\nDE· b"}');
  });

  it('detects documents without translatable text', () => {
    assert.equal(hasTranslatableText('markdown', 'md', '```\ncode\n```\n'), false);
    assert.equal(hasTranslatableText('markdown', 'md', '  \n\n'), false);
    assert.equal(hasTranslatableText('json', 'json', '{"n": 1, "xs": [2, 3]}'), false);
    assert.equal(hasTranslatableText('json', 'json', '{not json'), false);
    assert.equal(hasTranslatableText('markup', 'html', '<p> </p><script>var a = 1</script>'), false);
    assert.equal(hasTranslatableText('text', 'txt', 'Hello'), true);
  });

  it('DOCX: text runs translated inside a valid archive; other entries copied', () => {
    const xml = '<w:document><w:body><w:p><w:r><w:t>Hello world</w:t></w:r><w:r><w:t xml:space="preserve"> </w:t></w:r></w:p></w:body></w:document>';
    const zip = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from(xml) },
    ]);
    const out = readZip(translateDocx(zip, 'de', 'single'));
    assert.deepEqual(
      out.map((f) => f.name),
      ['[Content_Types].xml', 'word/document.xml'],
    );
    assert.equal(out[0]!.data.toString(), '<Types/>');
    assert.ok(out[1]!.data.toString().includes('<w:t xml:space="preserve">DE· Héllö wörld</w:t>'));
    assert.ok(out[1]!.data.toString().includes('<w:t xml:space="preserve"> </w:t>'));
  });

  it('huge text files are translated line by line while streaming, line endings and multi-byte characters intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-stream-'));
    try {
      const line = 'Grüße aus Köln, ünd so weiter. 日本語\r\n';
      const source = line.repeat(60_000) + '\nlast line';
      writeFileSync(join(dir, 'in.txt'), source);
      await streamTranslate(join(dir, 'in.txt'), join(dir, 'out.txt'), 'de');
      const expected = source
        .split(/(\r?\n)/)
        .map((p, i) => (i % 2 === 1 ? p : translateText('text', 'txt', p, 'de', 'single')))
        .join('');
      assert.equal(readFileSync(join(dir, 'out.txt'), 'utf8'), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names artifacts after the source with the target language and the output format', () => {
    assert.equal(artifactFilename('guide.md', 'de', 'md'), 'guide.de.md');
    assert.equal(artifactFilename('Report.final.htm', 'fr', 'html'), 'Report.final.fr.html');
    assert.equal(artifactFilename('README', 'ja', 'txt'), 'README.ja.txt');
    assert.equal(jobFormat('JPEG')?.output, 'jpg');
    assert.equal(jobFormat('markdown')?.output, 'md');
    assert.equal(jobFormat('csv'), undefined);
  });
});
