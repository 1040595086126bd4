/**
 * Planning without HTTP (a fake translator): what an update sends for list items, moved
 * paragraphs, front matter (YAML and TOML), kept blocks; the lock's stable form; shards whose locks combine into
 * exactly the lock of one full run.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import {
  dryRun,
  loadConfig,
  mergeLocks,
  parseLock,
  planStatus,
  serializeLock,
  update,
  type BatchTranslator,
  type LocalizeConfig,
} from '../../../src/localize/index.ts';
import { splitBlocks } from '../../../src/localize/blocks.ts';
import { runLocalizeCli } from './support/cli.ts';
import { writeDocs } from './support/docs.ts';

const upper: BatchTranslator & { sent: string[] } = {
  sent: [],
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    upper.sent.push(...req.segments.map((s) => s.text));
    return Promise.resolve({
      segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang}: ${s.text.toUpperCase()}` })),
    } as BatchResponse);
  },
};

describe('localize: planning', () => {
  const dirs: string[] = [];
  let dir: string;
  let config: LocalizeConfig;
  const page = (text: string): void => writeFileSync(join(dir, 'docs/a.md'), text);
  const translation = (): string => readFileSync(join(dir, 'docs/de/a.md'), 'utf8');
  const run = async (): Promise<string[]> => {
    upper.sent = [];
    await update({ config, client: upper });
    return upper.sent;
  };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dt-localize-plan-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress', frontMatterKeys: ['title'], labels: false }));
    config = await loadConfig(dir);
  });
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('splits blocks at blank lines, never inside fenced code, front matter apart', () => {
    const text = '---\ntitle: T\n---\n# H\n\nPara one\nline two\n\n```\ncode\n\nmore\n```\n\n- a\n- b\n';
    assert.deepEqual(
      splitBlocks(text).map((r) => text.slice(r.start, r.end)),
      ['---\ntitle: T\n---', '# H', 'Para one\nline two', '```\ncode\n\nmore\n```', '- a\n- b'],
    );
  });

  it('one edited list item sends that item only; a moved paragraph sends nothing', async () => {
    page('# Title\n\n- first item\n- second item\n- third item\n\nAlpha paragraph.\n\nBeta paragraph.\n');
    assert.deepEqual(await run(), ['Title', 'first item', 'second item', 'third item', 'Alpha paragraph.', 'Beta paragraph.']);
    page('# Title\n\n- first item\n- second item, edited\n- third item\n\nBeta paragraph.\n\nAlpha paragraph.\n');
    assert.deepEqual(await run(), ['second item, edited']);
    assert.equal(
      translation(),
      '# de: TITLE\n\n- de: FIRST ITEM\n- de: SECOND ITEM, EDITED\n- de: THIRD ITEM\n\nde: BETA PARAGRAPH.\n\nde: ALPHA PARAGRAPH.\n',
    );
    page('# Title\n\nBeta paragraph.\n');
    assert.deepEqual(await run(), []);
    assert.equal(translation(), '# de: TITLE\n\nde: BETA PARAGRAPH.\n', 'removed blocks disappear');
  });

  it('front matter values are segments; a corrected title survives a body change', async () => {
    page('---\ntitle: Getting started\nslug: start\n---\n\nBody text.\n');
    await run();
    assert.match(translation(), /^---\ntitle: ["']?de: GETTING STARTED["']?\nslug: start\n---\n\nde: BODY TEXT\.\n$/);
    writeFileSync(join(dir, 'docs/de/a.md'), translation().replace(/^title: .*$/m, 'title: Erste Schritte'));
    page('---\ntitle: Getting started\nslug: start\n---\n\nBody text, changed.\n');
    assert.deepEqual(await run(), ['Body text, changed.']);
    assert.match(translation(), /^title: Erste Schritte$/m);
  });

  it('TOML front matter (Hugo) values are segments: an edited title is sent again, the description and the rest are not', async () => {
    writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'hugo', labels: false }));
    config = await loadConfig(dir);
    mkdirSync(join(dir, 'content'));
    const hugo = (title: string): string =>
      `+++\n# Shown in the sidebar\ntitle = "${title}"\ndescription = 'Install and log in'\ndate = 2024-05-01T10:00:00Z\nweight = 20   # order\n\n[params]\n  title = "Nested, kept"\n+++\n\nBody text.\n`;
    const out = (): string => readFileSync(join(dir, 'content/a.de.md'), 'utf8');
    writeFileSync(join(dir, 'content/a.md'), hugo('Getting started'));
    assert.deepEqual(await run(), ['Getting started', 'Install and log in', 'Body text.']);
    const first = hugo('de: GETTING STARTED').replace("'Install and log in'", "'de: INSTALL AND LOG IN'").replace('\nBody text.', '\nde: BODY TEXT.');
    assert.equal(out(), first);
    assert.deepEqual(await run(), []);
    writeFileSync(join(dir, 'content/a.md'), hugo('Getting started with \\"acme\\"'));
    const status = await planStatus({ config });
    assert.deepEqual(
      status.targets.map((t) => [t.state, t.segments]),
      [['stale', 1]],
    );
    assert.deepEqual(await run(), ['Getting started with "acme"']);
    assert.equal(out(), first.replace('"de: GETTING STARTED"', '"de: GETTING STARTED WITH \\"ACME\\""'));
    assert.equal((await planStatus({ config })).targets[0]!.state, 'up-to-date');
  });

  it('a translation written by hand (no lock entry) is never overwritten', async () => {
    page('# Title\n');
    mkdirSync(join(dir, 'docs/de'));
    writeFileSync(join(dir, 'docs/de/a.md'), '# Titel\n');
    const status = await planStatus({ config });
    assert.equal(status.targets[0]!.state, 'conflict');
    await run();
    assert.equal(translation(), '# Titel\n');
  });

  it('the dry run counts files, characters and an estimate without sending', async () => {
    page('# Title\n\nSome text here.\n');
    upper.sent = [];
    const d = await dryRun({ config });
    assert.deepEqual(upper.sent, []);
    assert.deepEqual(d.languages, [{ lang: 'de', files: 1, fileJobs: 0, segments: 2, chars: 20, requests: 1, estimatedCredits: 0.02 }]);
    assert.match(d.estimate.note, /estimate/);
  });

  it('the lock is stable: sorted entries, one block per line, parse and serialise round-trip', async () => {
    page('# Title\n\nText.\n');
    writeFileSync(join(dir, 'docs/b.md'), '# B\n');
    await run();
    const text = readFileSync(join(dir, 'doc-translate.lock'), 'utf8');
    assert.equal(serializeLock(parseLock(text)), text);
    assert.match(
      text,
      /"docs\/de\/a\.md": \{\n {6}"source": "docs\/a\.md",\n {6}"lang": "de",\n {6}"sourceHash": "[0-9a-f]{16}",\n {6}"output": "[0-9a-f]{16}",\n {6}"blocks": \[\n {8}"[0-9a-f]{12} [0-9a-f]{12} [0-9a-f]{12}@2\+\d+",/,
    );
    assert.ok(text.indexOf('docs/de/a.md') < text.indexOf('docs/de/b.md'));
  });

  it('shards write only their files; their locks combine into the lock of one full run', async function () {
    this.timeout(30_000);
    const full = mkdtempSync(join(tmpdir(), 'dt-localize-shards-'));
    dirs.push(full);
    writeDocs(full, { files: 12 });
    const copies = [1, 2, 3].map(() => {
      const d = mkdtempSync(join(tmpdir(), 'dt-localize-shard-'));
      dirs.push(d);
      cpSync(full, d, { recursive: true });
      return d;
    });
    await update({ config: await loadConfig(full), client: upper });
    const written: string[][] = [];
    for (const [i, d] of copies.entries()) {
      const r = await update({ config: await loadConfig(d), client: upper, shard: { index: i + 1, count: 3 } });
      written.push(r.written);
    }
    assert.equal(written.flat().length, 24);
    assert.equal(new Set(written.flat()).size, 24);
    const merged = serializeLock(mergeLocks(copies.map((d) => parseLock(readFileSync(join(d, 'doc-translate.lock'), 'utf8')))));
    assert.equal(merged, readFileSync(join(full, 'doc-translate.lock'), 'utf8'));
    // The same through the command line.
    const r = await runLocalizeCli([copies[0]!, '--merge-locks', ...copies.map((d) => join(d, 'doc-translate.lock'))]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(join(copies[0]!, 'doc-translate.lock'), 'utf8'), merged);
  });
});
