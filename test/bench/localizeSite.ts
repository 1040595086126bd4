/**
 * localize-site-dryrun-ms: the dry run (no lock: every translation missing) on the largest real
 * documentation site under test/sites (by file count), copied to a temporary folder: the framework's
 * config read (detection not cached: cleared before each round), every file listed, the sources
 * planned into the site's own locales. Median of 3 rounds, goal 3000 ms (issue 24). The file count,
 * the source count and what was left out are printed to stderr.
 * localize-site-update-rss-mb: the first full update of that site (every language of it the
 * emulator translates) in a fresh process against the emulator: its peak RSS, goal 200 MB.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInit } from '../../src/localize/init.ts';
import { dryRun, loadConfig } from '../../src/localize/index.ts';
import { lastListing } from '../../src/localize/scan.ts';
import { clearSiteCache } from '../../src/localize/site/rules.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';
import { control, runJsonChild, startEmulatorProcess } from './lib/processes.ts';
import { isSupportedLanguage } from '../emulator/languages.ts';

const SITES = join(process.cwd(), 'test/sites');

function count(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(join(dir, e.name)) : 1), 0);
}

export async function benchLocalizeSite(): Promise<Figure[]> {
  const largest = readdirSync(SITES)
    .map((name) => ({ name, files: count(join(SITES, name)) }))
    .sort((a, b) => b.files - a.files)[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-site-'));
  try {
    cpSync(join(SITES, largest.name), dir, { recursive: true });
    const lines: string[] = [];
    const code = await runInit(dir, { yes: true, interactive: false, json: true }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    if (code !== 0) throw new Error(`init failed: ${lines.join('; ')}`);
    const { file } = JSON.parse(lines[0]!) as { file: string };
    const config = await loadConfig(join(dir, file.replace(/\/?doc-translate\.json$/, '')));
    const times: number[] = [];
    let summary = '';
    for (let round = 0; round < 3; round++) {
      clearSiteCache();
      const t0 = performance.now();
      const d = await dryRun({ config });
      times.push(performance.now() - t0);
      const listing = lastListing(config);
      summary = `${d.files} sources, ${d.languages.reduce((s, l) => s + l.files, 0)} translations to write in ${d.languages.length} languages, left out ${(listing?.leftOut ?? []).reduce((s, x) => s + x.files, 0)}`;
    }
    note(`localize-site: ${largest.name}, ${largest.files} files: ${summary}; dry run ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    const figures: Figure[] = [{ name: 'localize-site-dryrun-ms', value: median(times), unit: 'ms', ref: 3000, goal: 'ratio<=1', met: atMost(1) }];
    // The first full update of the site (every language), in a fresh process against the emulator.
    const emu = await startEmulatorProcess();
    try {
      await control(emu.controlUrl, 'POST', `/accounts/${emu.accountId}/credits`, { millicredits: 2_000_000_000 });
      // Every language of the site the emulator translates into (it refuses the others).
      const langs = process.env['DOC_TRANSLATE_BENCH_SITE_LANGS'] ?? config.targetLanguages.filter((l) => isSupportedLanguage(l)).join(',');
      const u = (await runJsonChild('localize-site-child.ts', ['update', config.folder, emu.baseUrl, emu.apiKey, langs], 900_000)) as {
        ms: number;
        rssMb: number;
        written: number;
        segments: number;
        chars: number;
        requests: number;
      };
      note(
        `localize-site: first full update into ${langs} (of ${config.targetLanguages.join(',')}): ${u.written} files written, ${u.segments} segments, ${u.chars} characters in ${u.requests} requests, ${(u.ms / 1000).toFixed(1)} s, peak RSS ${u.rssMb.toFixed(0)} MB`,
      );
      figures.push({ name: 'localize-site-update-rss-mb', value: u.rssMb, unit: 'MB', ref: 200, goal: 'ratio<=1', met: atMost(1) });
    } finally {
      await emu.stop();
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
