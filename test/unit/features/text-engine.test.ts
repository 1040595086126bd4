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
    assert.deepEqual(calls.map((c) => c.kind), ['snippet']);
    assert.deepEqual(calls[0]!.body, { text: 'hello world.', target_lang: 'de', source_lang: 'auto', engine: 'xr-397b' });
  });

  it('sends several selections in one shared batch and returns them in order', async () => {
    const calls: Call[] = [];
    const out = await translateTexts(fakeApi(calls), ['first one', 'second one', 'third\n\nfourth'], 'plaintext', params);
    assert.deepEqual(out, ['FIRST ONE', 'SECOND ONE', 'THIRD\n\nFOURTH']);
    assert.deepEqual(calls.map((c) => c.kind), ['batch']);
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
});
