/**
 * Adoption of existing human translations (alignTranslation, adopt): by structure, the human text
 * clean only where it aligns; a later update sends only the source blocks without a counterpart and
 * never overwrites the human text; a file an update would cut is left untracked.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { adopt, alignTranslation, blockKind } from '../../../src/localize/adopt.ts';
import { KEPT_BLOCK, planFile } from '../../../src/localize/plan.ts';
import { fileHash } from '../../../src/localize/hash.ts';
import { loadConfig, planStatus, update, type BatchTranslator } from '../../../src/localize/index.ts';

const SOURCE = '---\ntitle: Guide\n---\n\n# Install\n\nRun the installer.\n\n```sh\nnpm i x\n```\n\n- one\n- two\n\n## Use\n\nCall it.\n';
const DE = '---\ntitle: Anleitung\n---\n\n# Installieren\n\nDen Installer ausführen.\n\n```sh\nnpm i x\n```\n\n- eins\n- zwei\n\n## Benutzen\n\nAufrufen.\n';

const sent: string[] = [];
const client: BatchTranslator = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    sent.push(...req.segments.map((s) => s.text));
    return Promise.resolve({ segments: req.segments.map((s) => ({ id: s.id, translated_text: `DE ${s.text}` })) } as BatchResponse);
  },
};

const align = (sourceText: string, targetText: string) =>
  alignTranslation({
    source: 'docs/a.md',
    target: 'i18n/de/a.md',
    lang: 'de',
    sourceText,
    targetText,
    frontMatterKeys: ['title'],
    sourceHash: fileHash(sourceText),
    outputHash: fileHash(targetText),
  });

describe('localize: adopt existing translations', () => {
  it('block kinds: front matter, headings by level, code by info string, lists, paragraphs', () => {
    assert.deepEqual(
      ['---\na: 1\n---', '## X', '```sh\nx\n```', '- a', '1. a', '| a |', '> q', ':::tip\nx\n:::', '<div>', 'Text'].map((t, i) => blockKind(t, i === 0)),
      ['front-matter', 'h2', 'code:sh', 'list', 'list', 'table', 'quote', 'admonition:tip', 'html:div', 'p'],
    );
  });

  it('the same structure: every block aligned, up to date', () => {
    const a = align(SOURCE, DE);
    assert.ok(a.ok);
    assert.equal(a.current, true);
    assert.equal(a.aligned, 7);
    assert.equal(a.entry.sourceHash, fileHash(SOURCE));
  });

  it('a paragraph the translation lacks: partial (stale, never a conflict); an extra human block: kept, and nothing lags', () => {
    const longer = SOURCE.replace('Call it.\n', 'Call it.\n\nThen check the result.\n');
    const a = align(longer, DE);
    assert.ok(a.ok);
    assert.equal(a.current, false);
    assert.equal(a.entry.sourceHash, null);
    const plan = planFile({
      source: 'docs/a.md',
      target: 'docs/de/a.md',
      lang: 'de',
      sourceText: longer,
      targetText: DE,
      entry: a.entry,
      frontMatterKeys: ['title'],
    });
    assert.equal(plan.state, 'stale');
    assert.deepEqual(plan.conflicts, []);
    assert.equal(plan.needed.length, 1, 'only the missing paragraph');
    // A block the human added (no source counterpart) is kept in place, never dropped.
    const withExtra = DE.replace('Aufrufen.\n', 'Aufrufen.\n\nEin Satz mehr.\n');
    const extra = align(SOURCE, withExtra);
    assert.ok(extra.ok);
    assert.ok(extra.entry.blocks.includes(`${KEPT_BLOCK} ${KEPT_BLOCK}`));
    const kept = planFile({
      source: 'docs/a.md',
      target: 'docs/de/a.md',
      lang: 'de',
      sourceText: SOURCE,
      targetText: withExtra,
      entry: extra.entry,
      frontMatterKeys: ['title'],
    });
    assert.equal(kept.needed.length, 0);
    assert.deepEqual(kept.conflicts, []);
    assert.equal(
      kept.compose?.(new Map(), { keep: (_s, t) => t, fresh: (t) => t }).text ?? withExtra,
      withExtra,
      'an update writes the human text as it stands',
    );
  });

  it('a section the human wrote in fewer blocks covers the rest of its source blocks: nothing sent, nothing inserted', () => {
    // The last section: a paragraph and a quote in English, one HTML block in German.
    const split = SOURCE.replace('Call it.\n', 'Call it.\n\n> Note it well.\n');
    const german = DE.replace('Aufrufen.\n', '<p>Aufrufen, und gut merken.</p>\n');
    const a = align(split, german);
    assert.ok(a.ok);
    assert.equal(a.entry.covered?.length, 1);
    const plan = planFile({
      source: 'docs/a.md',
      target: 'docs/de/a.md',
      lang: 'de',
      sourceText: split,
      targetText: german,
      entry: a.entry,
      frontMatterKeys: ['title'],
    });
    assert.deepEqual(plan.conflicts, []);
    assert.equal(plan.needed.length, 0, JSON.stringify(a.entry));
  });

  it('adopt, then update: sends only the missing paragraph, keeps every human block, check is clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-adopt-'));
    try {
      mkdirSync(join(dir, 'docs'), { recursive: true });
      mkdirSync(join(dir, 'docs/de'), { recursive: true });
      writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ source: 'docs', targetLanguages: ['de'], layout: 'vitepress', labels: false }));
      writeFileSync(join(dir, 'docs/a.md'), SOURCE.replace('Call it.\n', 'Call it.\n\nThen check the result.\n'));
      writeFileSync(join(dir, 'docs/de/a.md'), DE);
      writeFileSync(join(dir, 'docs/b.md'), SOURCE);
      writeFileSync(join(dir, 'docs/de/b.md'), DE);
      const config = await loadConfig(dir);
      assert.deepEqual(
        (await planStatus({ config })).targets.map((t) => t.conflicts[0]?.reason),
        ['untracked', 'untracked'],
      );
      const r = await adopt({ config });
      assert.deepEqual(
        r.adopted.map((x) => [x.target, x.current]),
        [
          ['docs/de/a.md', false],
          ['docs/de/b.md', true],
        ],
      );
      const s = await planStatus({ config });
      assert.deepEqual(
        s.targets.map((t) => [t.target, t.state, t.segments]),
        [
          ['docs/de/a.md', 'stale', 1],
          ['docs/de/b.md', 'up-to-date', 0],
        ],
      );
      sent.length = 0;
      const u = await update({ config, client });
      assert.deepEqual(sent, ['Then check the result.']);
      assert.deepEqual(u.written, ['docs/de/a.md']);
      assert.equal(readFileSync(join(dir, 'docs/de/a.md'), 'utf8'), DE.replace('Aufrufen.\n', 'Aufrufen.\n\nDE Then check the result.\n'));
      assert.deepEqual((await planStatus({ config })).counts, { 'up-to-date': 2, stale: 0, missing: 0, edited: 0, conflict: 0, terms: 0 });
      // A changed source paragraph whose human translation was adopted as is: re-sent only for that block and composed, since it aligned (clean).
      sent.length = 0;
      writeFileSync(join(dir, 'docs/b.md'), SOURCE.replace('Run the installer.', 'Run the new installer.'));
      await update({ config, client });
      assert.deepEqual(sent, ['Run the new installer.']);
      assert.match(readFileSync(join(dir, 'docs/de/b.md'), 'utf8'), /# Installieren\n\nDE Run the new installer\.\n\n```sh/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
