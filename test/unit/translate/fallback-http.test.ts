/**
 * The fallback over real HTTP: the emulator's engine mangles 20% of the segments (a backtick
 * dropped, a URL translated, a placeholder lost); every mangled block is caught, sent again as
 * fragments, and the document keeps its structure.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { segmentMarkdown, translateSegmentedWithReport, type Segment, type TranslationReport } from '../../../src/translate/index.ts';
import { generateMarkdown } from '../../bench/lib/markdown-gen.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { structureOf } from './structure.ts';

interface EngineView {
  mangle_rate: number;
  mangled: { id: string | null; text: string; kind: string }[];
}

const PAGE = readFileSync(join(__dirname, 'fixtures', 'docs-page.mdx'), 'utf8');
const body = (text: string): string => text.replace(/^---\n[\s\S]*?\n---\n/, '');
const codeSpans = (text: string): string[] => (text.match(/`[^`\n]+`/g) ?? []).sort();

describe('fallback over HTTP: the emulator mangles 20% of segments', function () {
  this.timeout(60_000);
  let emu: TestEmulator;

  before(async () => {
    emu = await TestEmulator.start();
  });
  after(async () => {
    await emu.close();
  });

  for (const [name, input] of [
    ['the docs page (MDX)', PAGE],
    ['a generated 64 KB document', generateMarkdown(64 * 1024, 5)],
  ] as const) {
    it(`${name}: structure identical, the mangled segments re-sent as fragments`, async () => {
      await emu.control('POST', '/engine', { mangle_rate: 0.2, clear_log: true });
      const client = emu.client();
      const passes: Segment[][] = [];
      let report: TranslationReport | undefined;
      const { text } = await translateSegmentedWithReport(segmentMarkdown(input), {
        translateBatch: async (segments, signal) => {
          passes.push(segments);
          return (await client.translateBatch({ segments, target_lang: 'de', engine: 'xr-397b' }, { signal })).segments;
        },
        onReport: (r) => (report = r),
      });
      const engine = await emu.control<EngineView>('GET', '/engine');
      const mangled = new Set(engine.mangled.map((m) => m.id!).filter((id) => !id.includes('~')));
      const sent = passes.flat();
      const whole = sent.filter((s) => !s.id.includes('~'));
      const resentFor = new Set(sent.filter((s) => s.id.includes('~')).map((s) => s.id.split('~')[0]!));

      assert.ok(mangled.size >= 3, `${mangled.size} of ${whole.length} segments mangled`);
      assert.ok(mangled.size <= whole.length * 0.3);
      for (const id of mangled) assert.ok(resentFor.has(id), `mangled ${id} was re-sent as fragments`);
      assert.equal(report!.fellBack, resentFor.size);
      assert.equal(report!.resent, sent.length - whole.length);
      assert.equal(report!.untranslated, 0);
      assert.deepEqual(structureOf(body(text), 'gfm', true), structureOf(body(input), 'gfm', true));
      assert.deepEqual(codeSpans(body(text)), codeSpans(body(input)));
      assert.ok(text.includes('DE· '));
      await emu.control('POST', '/engine', { mangle_rate: 0 });
    });
  }

  it('control /engine validates its body and a reset restores the defaults', async () => {
    await assert.rejects(emu.control('POST', '/engine', { mangle_rate: 2 }), /422|400/);
    await emu.control('POST', '/engine', { mangle_rate: 0.5, reorder: false });
    await emu.control('POST', '/reset');
    const view = await emu.control<EngineView & { reorder: boolean }>('GET', '/engine');
    assert.deepEqual([view.mangle_rate, view.reorder, view.mangled], [0, true, []]);
  });
});
