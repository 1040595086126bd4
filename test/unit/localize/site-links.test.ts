/**
 * Links by the framework's URL scheme, on a real site (test/sites/starlight-docs, withastro/starlight's
 * own docs, MIT): an update into a new language points every site-absolute page link of the
 * translation at that language's page, as the site's own human translations do (`/de/reference/…`),
 * and keeps assets and external links. Over real HTTP against the emulator.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, update } from '../../../src/localize/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';

const SITE = join(__dirname, '..', '..', 'sites', 'starlight-docs');

/** Every `](/…)` destination of a Markdown text, in order. */
const absoluteLinks = (text: string): string[] => [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);

describe('localize: links follow the framework (real Starlight site)', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let dir: string;

  before(async () => {
    emu = await TestEmulator.start();
    dir = mkdtempSync(join(tmpdir(), 'dt-site-links-'));
    cpSync(SITE, dir, { recursive: true });
    writeFileSync(
      join(dir, 'doc-translate.json'),
      JSON.stringify({ source: 'docs/src/content/docs', sourceLanguage: 'en', targetLanguages: ['nl'], layout: 'starlight' }),
    );
  });
  after(async () => {
    await emu?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("site-absolute page links of a translation point at its language; the site's own German pages do the same", async () => {
    const report = await update({ config: await loadConfig(dir), client: emu.client() });
    assert.ok(report.written.length > 0);
    const page = 'docs/src/content/docs/components/icons.mdx';
    const source = readFileSync(join(dir, page), 'utf8');
    const dutch = readFileSync(join(dir, 'docs/src/content/docs/nl/components/icons.mdx'), 'utf8');
    const german = readFileSync(join(dir, 'docs/src/content/docs/de/components/icons.mdx'), 'utf8');
    const sourceLinks = absoluteLinks(source);
    assert.ok(sourceLinks.includes('/reference/icons/#all-icons'), sourceLinks.join(' '));
    // The human German translation's convention, which the machine translation must follow.
    assert.ok(absoluteLinks(german).includes('/de/reference/icons/#alle-symbole'));
    assert.deepEqual(
      absoluteLinks(dutch),
      sourceLinks.map((l) => (/\.(png|svg|jpg|webp)$/.test(l.split(/[?#]/)[0]!) ? l : `/nl${l}`)),
    );
    // Every page written: no site-absolute page link left pointing at the English page.
    for (const target of report.written.filter((t) => t.endsWith('.md') || t.endsWith('.mdx'))) {
      const links = absoluteLinks(readFileSync(join(dir, target), 'utf8')).filter((l) => !/\.(png|svg|jpg|jpeg|webp|gif|ico)([?#]|$)/.test(l));
      assert.deepEqual(
        links.filter((l) => !l.startsWith('/nl/') && l !== '/nl'),
        [],
        target,
      );
    }
  });
});
