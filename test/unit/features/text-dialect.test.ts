/**
 * The file's name decides its dialect as much as the editor's language id (`.mdx` opened as plain
 * text is still MDX), and no file chosen for Translate Files is left out without its name and why.
 */
import assert from 'node:assert/strict';
import { describeNotSent, leftOutReason } from '../../../src/features/jobs/translateFiles/fileFormats.ts';
import { dialectOf } from '../../../src/features/textTranslation/dialect.ts';
import { segmentMarkdown, segmentPlainText } from '../../../src/translate/index.ts';

describe('text translation: dialect by file name and language id', () => {
  it('.md, .markdown and .mdx are Markdown or MDX whatever language VS Code assigned', () => {
    for (const lang of ['plaintext', 'markdown', 'mdx', 'html', 'unknown']) {
      assert.deepEqual(dialectOf('/ws/docs/page.mdx', lang), { kind: 'markdown', mdx: true }, lang);
      assert.deepEqual(dialectOf('/ws/docs/PAGE.MDX', lang), { kind: 'markdown', mdx: true }, lang);
    }
    for (const lang of ['plaintext', 'markdown', 'html']) {
      assert.deepEqual(dialectOf('/ws/docs/page.md', lang), { kind: 'markdown', mdx: false }, lang);
      assert.deepEqual(dialectOf('/ws/README.markdown', lang), { kind: 'markdown', mdx: false }, lang);
    }
    assert.deepEqual(dialectOf('/ws/page.md', 'mdx'), { kind: 'markdown', mdx: true });
  });

  it('other files follow the language id; an untitled document has no extension', () => {
    assert.deepEqual(dialectOf('/ws/notes.txt', 'plaintext'), { kind: 'plaintext', mdx: false });
    assert.deepEqual(dialectOf('/ws/notes.txt', 'markdown'), { kind: 'markdown', mdx: false });
    assert.deepEqual(dialectOf('Untitled-1', 'markdown'), { kind: 'markdown', mdx: false });
    assert.deepEqual(dialectOf('Untitled-1', 'plaintext'), { kind: 'plaintext', mdx: false });
  });

  it('an .mdx page opened as plain text: front matter keys, imports, the code fence and the admonition keyword are not sent', () => {
    const text =
      "---\ntitle: Deploy\nslug: deploy\n---\n\nimport { Tabs, TabItem } from '@astrojs/starlight/components';\n\nDeploy the site.\n\n```sh\nnpm run build\n```\n\n:::note\nRemember the key.\n:::\n";
    const { kind, mdx } = dialectOf('/ws/src/content/docs/deploy.mdx', 'plaintext');
    assert.equal(kind, 'markdown');
    const sent = segmentMarkdown(text, { mdx, frontMatterKeys: ['title'] }).parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));
    assert.deepEqual(sent, ['Deploy', 'Deploy the site.', 'Remember the key.']);
    // What the language id alone gave before: the whole text as prose.
    const plain = segmentPlainText(text).parts.flatMap((p) => (p.kind === 'translate' ? [p.text] : []));
    assert.ok(plain.some((t) => t.includes('import {')));
  });
});

describe('Translate Files: files left out are named with the reason', () => {
  const refusal = Object.assign(new Error('Unsupported file type .mdx; supported: md, markdown, txt'), { status: 415 });

  it("the service's refusal, with its status; MDX points to the commands that keep its JSX", () => {
    assert.equal(leftOutReason('guide.md', Object.assign(new Error('Empty document'), { status: 422 })), 'Empty document (HTTP 422)');
    const mdx = leftOutReason('page.mdx', refusal);
    assert.match(mdx, /^Unsupported file type \.mdx; supported: md, markdown, txt \(HTTP 415\)\. MDX keeps its JSX, imports and code with Translate Document/);
  });

  it('13 files chosen, one refused: the message says 1 of 13 and names it', () => {
    assert.equal(describeNotSent(13, []), undefined);
    const text = describeNotSent(13, [{ file: 'file:///ws/docs/tabs.mdx', reason: leftOutReason('tabs.mdx', refusal) }])!;
    assert.match(text, /^1 of 13 files were not sent\. tabs\.mdx: Unsupported file type \.mdx/);
    const jobs = describeNotSent(2, [{ file: '/ws/a.md', lang: 'fr', reason: 'Language not supported (HTTP 422)' }])!;
    assert.equal(jobs, 'Some translation jobs were not started. a.md (fr): Language not supported (HTTP 422)');
    const many = describeNotSent(
      20,
      Array.from({ length: 12 }, (_, i) => ({ file: `/ws/f${i}.md`, reason: 'r' })),
    )!;
    assert.match(many, /^12 of 20 files were not sent\. f0\.md: r; .*f9\.md: r … and 2 more \(see the log\)\.$/);
  });
});
