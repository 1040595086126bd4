import assert from 'node:assert/strict';
import { segmentWithStats } from '../../../src/translate/index.ts';
import { readmes } from '../../bench/lib/readmes.ts';
import { assertWellFormed } from './helpers.ts';
import { careless, pseudo, structureOf, translateLocally } from './structure.ts';

describe('real Markdown: the READMEs in node_modules', function () {
  this.timeout(120_000);

  it('every other README keeps its structure (markdown-it) through translation, at about one segment per prose block', () => {
    // Half the corpus keeps the suite's time reasonable; `npm run bench` segments all of it.
    const docs = readmes().filter((_, i) => i % 2 === 0);
    assert.ok(docs.length >= 100, `${docs.length} READMEs`);
    const failed: string[] = [];
    let blocks = 0;
    let segments = 0;
    let fellBack = 0;
    for (const [i, { path, text }] of docs.entries()) {
      const { doc, stats } = segmentWithStats(text, { mdx: false, fast: true });
      assertWellFormed(text, doc);
      // The fast reader (fast.ts) and the parser alone agree.
      if (i % 4 === 0) assert.deepEqual(doc, segmentWithStats(text, { mdx: false, fast: false }).doc, path);
      blocks += stats.blocks;
      segments += stats.segments;
      // Every other document through a careless engine, so the fallback runs on real Markdown too.
      const out = translateLocally(doc, i % 2 === 0 ? pseudo : careless);
      fellBack += out.report.fellBack;
      if (structureOf(out.text).join('\n') !== structureOf(text).join('\n')) failed.push(path);
    }
    assert.deepEqual(failed, []);
    assert.ok(segments / blocks <= 1.05, `${segments} segments for ${blocks} blocks`);
    assert.ok(fellBack > 500, `${fellBack} blocks fell back`);
  });
});
