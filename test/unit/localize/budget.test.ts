/**
 * The budget's rules in process, with a client that records what it is sent: files are taken in
 * order while their estimate fits and the first that does not stops the selection; a block sent
 * again as fragments after a failed check is not sent when that would pass the cap (its source
 * text stays, counted as held); without a cap the same fragments are sent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { dryRun, loadConfig, update, type LocalizeConfig } from '../../../src/localize/index.ts';
import { fileJobEstimate, selectWithinBudget } from '../../../src/localize/trust/budget.ts';
import type { FilePlan } from '../../../src/localize/plan.ts';
import { writeDocs } from './support/docs.ts';

/** Translates by prefixing; a segment holding inline code comes back with a backtick dropped (fails its check). */
function recordingClient(): { translateBatch: (req: BatchRequest) => Promise<BatchResponse>; sent: string[][] } {
  const sent: string[][] = [];
  return {
    sent,
    translateBatch: (req) => {
      sent.push(req.segments.map((s) => s.id));
      return Promise.resolve({
        segments: req.segments.map((s) => ({
          id: s.id,
          translated_text: `[de] ${/`[^`]+`/.test(s.text) && !s.id.includes('~') ? s.text.replace('`', '') : s.text}`,
        })),
      });
    },
  };
}

describe('localize: the budget cap in the engine', function () {
  this.timeout(60_000);
  let dir: string;
  let config: LocalizeConfig;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dt-budget-'));
    writeDocs(dir, { files: 4, languages: ['de'], paragraphs: 2 });
    config = await loadConfig(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a resend that would pass the cap is held: its segments keep their source text; without a cap they are sent', async () => {
    const chars = (await dryRun({ config })).languages[0]!.chars;
    const capped = recordingClient();
    const r = await update({ config, client: capped, maxMillicredits: chars * config.estimateMillicreditsPerChar });
    assert.equal(r.budget?.stopped, false, 'every file fits');
    assert.equal(r.written.length, 4);
    assert.ok(r.budget!.held > 0, 'the fragments of the failed blocks were held');
    assert.ok(r.untranslated >= r.budget!.held, 'held segments count as untranslated');
    assert.equal(r.budget!.estimatedMillicredits, chars, 'exactly the first pass was sent');
    assert.deepEqual(
      capped.sent.flat().filter((id) => id.includes('~')),
      [],
      'no fragment was sent',
    );
    const page = readFileSync(join(dir, r.written[0]!), 'utf8');
    assert.match(page, /Paragraph 1 of page \d+: .*`npm run/, 'the held paragraph kept its source text, code span and all');

    rmSync(join(dir, 'doc-translate.lock'));
    for (const t of r.written) rmSync(join(dir, t));
    const free = recordingClient();
    const all = await update({ config, client: free });
    assert.ok(
      free.sent.flat().some((id) => id.includes('~')),
      'without a cap the fragments are sent',
    );
    assert.equal(all.budget!.held, 0);
    assert.ok(all.budget!.estimatedMillicredits > chars);
  });

  it('selection: in order while the estimate fits; the first that does not stops it; a file costing nothing more is still taken', async () => {
    const plan = (target: string, texts: string[]): FilePlan => ({
      source: target,
      target,
      lang: 'de',
      state: 'missing',
      needed: texts.map((text) => ({ hash: text, text }) as FilePlan['needed'][number]),
      conflicts: [],
      baseHashes: [],
      compose: () => ({ text: '', entry: { source: target, lang: 'de', sourceHash: null, output: '', blocks: [] }, ours: [] }),
    });
    const plans = [plan('a', ['aaaa']), plan('b', ['bbbbbb']), plan('c', ['cc']), plan('d', ['aaaa']), plan('e', ['   '])];
    const sel = await selectWithinBudget(plans, { cap: 8, rate: 1, jobCost: () => Promise.resolve(undefined) });
    assert.deepEqual(
      sel.plans.map((p) => p.target),
      ['a', 'd', 'e'],
      'b does not fit (4 + 6 > 8), c would but comes after the stop; d repeats a segment already paid, e is whitespace (free)',
    );
    assert.deepEqual(sel.left, { files: ['b', 'c'], segments: 2, chars: 8, estimatedMillicredits: 8, unestimated: [] });
    const none = await selectWithinBudget(plans, { cap: undefined, rate: 1, jobCost: () => Promise.resolve(undefined) });
    assert.equal(none.plans.length, 5);

    // A file job whose cost is unknown (a PDF) is left, named as such, and does not stop the others; a known one fits like a file.
    const job = (target: string): FilePlan => ({ ...plan(target, []), compose: undefined, fileJob: { sourceHash: 'h', targetHash: undefined } });
    const cost = (p: FilePlan): Promise<number | undefined> => Promise.resolve(p.target.endsWith('.pdf') ? undefined : 3);
    const mixed = await selectWithinBudget([job('x.pdf'), plan('a', ['aaaa']), job('y.html'), plan('b', ['bb'])], { cap: 8, rate: 1, jobCost: cost });
    assert.deepEqual(
      mixed.plans.map((p) => p.target),
      ['a', 'y.html'],
    );
    assert.deepEqual([mixed.left.files, mixed.left.unestimated, mixed.left.estimatedMillicredits], [['x.pdf', 'b'], ['x.pdf'], 2]);
    assert.deepEqual([...mixed.jobEstimates], [['y.html', 3]]);
  });

  it('file job estimates: text by its characters (1 credit each, at least 2), PDF and binary unknown', () => {
    assert.equal(fileJobEstimate('a.html', Buffer.from('<p>Hi</p>')), 9000);
    assert.equal(fileJobEstimate('a.html', Buffer.from('x')), 2000);
    assert.equal(fileJobEstimate('a.pdf', Buffer.from('%PDF-1.4 text')), undefined);
    assert.equal(fileJobEstimate('a.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01])), undefined);
    assert.equal(fileJobEstimate('a.html', undefined), undefined);
  });
});
