// How text is split into requests: snippet for one short prose segment, shared batches otherwise.
import * as assert from 'node:assert/strict';
import { translateDocumentText, translateTexts, type TranslationApi } from '../../../src/features/textTranslation/engine.ts';

interface Call {
  kind: 'snippet' | 'batch';
  body: unknown;
}

/** A fake client that uppercases text and records every call. */
function fakeApi(calls: Call[]): TranslationApi {
  return {
    translateSnippet: (req) => {
      calls.push({ kind: 'snippet', body: req });
      return Promise.resolve({ translated_text: req.text.toUpperCase(), source_lang: 'en', target_lang: req.target_lang });
    },
    translateBatch: (req) => {
      calls.push({ kind: 'batch', body: req });
      return Promise.resolve({ segments: req.segments.map((s) => ({ id: s.id, translated_text: s.text.toUpperCase() })) });
    },
  } as TranslationApi;
}

const params = { targetLanguage: 'de', sourceLanguage: 'auto', engine: 'xr-397b', signal: new AbortController().signal };

describe('Text translation requests', () => {
  it('sends one short paragraph as a snippet and keeps surrounding whitespace', async () => {
    const calls: Call[] = [];
    const out = await translateTexts(fakeApi(calls), ['  hello world.\n'], 'plaintext', params);
    assert.deepEqual(out, ['  HELLO WORLD.\n']);
    assert.deepEqual(
      calls.map((c) => c.kind),
      ['snippet'],
    );
    assert.deepEqual(calls[0]!.body, { text: 'hello world.', target_lang: 'de', source_lang: 'auto', engine: 'xr-397b' });
  });

  it('sends several selections in one shared batch and returns them in order', async () => {
    const calls: Call[] = [];
    const out = await translateTexts(fakeApi(calls), ['first one', 'second one', 'third\n\nfourth'], 'plaintext', params);
    assert.deepEqual(out, ['FIRST ONE', 'SECOND ONE', 'THIRD\n\nFOURTH']);
    assert.deepEqual(
      calls.map((c) => c.kind),
      ['batch'],
    );
    const body = calls[0]!.body as { segments: { id: string }[]; source_lang?: string };
    assert.equal(new Set(body.segments.map((s) => s.id)).size, 4, 'segment ids are unique across selections');
    assert.equal(body.source_lang, undefined, 'auto is the default and is not sent with batches');
  });

  it('sends nothing for whitespace-only text', async () => {
    const calls: Call[] = [];
    assert.deepEqual(await translateTexts(fakeApi(calls), ['  \n\n '], 'markdown', params), ['  \n\n ']);
    assert.deepEqual(calls, []);
  });

  it('keeps Markdown code and other front matter byte-for-byte, and translates the reader-facing title', async () => {
    const calls: Call[] = [];
    const doc = '---\ntitle: x\nslug: x\n---\n\n# Title\n\n```sh\necho hi\n```\n\nSome prose.\n';
    const out = await translateDocumentText(fakeApi(calls), doc, 'markdown', params);
    assert.equal(out, '---\ntitle: X\nslug: x\n---\n\n# TITLE\n\n```sh\necho hi\n```\n\nSOME PROSE.\n');
    assert.ok(calls.every((c) => c.kind === 'batch'));
  });

  it('checks a snippet answer and sends a damaged one again through the batch path, as fragments', async () => {
    const calls: Call[] = [];
    const api = fakeApi(calls);
    // The snippet answer loses the code span's backticks: it must not be used.
    api.translateSnippet = (req) => {
      calls.push({ kind: 'snippet', body: req });
      return Promise.resolve({ translated_text: req.text.replace(/`/g, '').toUpperCase(), source_lang: 'en', target_lang: req.target_lang });
    };
    const reports: { fellBack: number }[] = [];
    const out = await translateTexts(api, ['Run `acme login` now.'], 'markdown', { ...params, onReport: (r) => reports.push(r) });
    assert.equal(out[0], 'RUN `acme login` NOW.', 'the code span is kept byte for byte');
    assert.equal(calls[0]!.kind, 'snippet');
    // This fake engine upper-cases code too, so the whole block fails its check again and goes as fragments.
    const last = calls.at(-1)!.body as { segments: { text: string }[] };
    assert.ok(
      last.segments.every((s) => !s.text.includes('`')),
      'the fragments leave the code span out',
    );
    assert.equal(reports.at(-1)?.fellBack, 1);
  });

  it('sends whole paragraphs by default and the prose between kept spans in fragments mode', async () => {
    const text = 'Run `acme login` and paste the key from your [account page](https://example.com/a).\n';
    const whole: Call[] = [];
    await translateDocumentText(fakeApi(whole), text, 'markdown', params);
    const wholeTexts = (whole[0]!.body as { segments: { text: string }[] }).segments.map((s) => s.text);
    assert.equal(wholeTexts.length, 1);
    assert.match(wholeTexts[0]!, /`acme login`.*\[account page\]\(https:\/\/example\.com\/a\)/);
    const pieces: Call[] = [];
    const out = await translateDocumentText(fakeApi(pieces), text, 'markdown', { ...params, mode: 'fragments' });
    const pieceTexts = (pieces[0]!.body as { segments: { text: string }[] }).segments.map((s) => s.text);
    assert.ok(pieceTexts.length > 1 && pieceTexts.every((t) => !t.includes('`') && !t.includes('https://')), pieceTexts.join(' | '));
    assert.equal(out, 'RUN `acme login` AND PASTE THE KEY FROM YOUR [ACCOUNT PAGE](https://example.com/a).\n');
  });
});
