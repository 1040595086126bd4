/**
 * Child of the localize benchmark, run twice:
 * - `setup <dir> <n>` writes <n> generated pages with two translations each and a lock saying all
 *   are up to date (hashes as an update records them, block lines included, so the lock has its
 *   real size) and prints `{ setupMs }`;
 * - `status <dir> [cli|editor]` times planStatus in a fresh process and prints
 *   `{ ms, cpuMs, rssMb, counts, workers, load }` (the CPU time of the whole process over the same
 *   span, its worker threads and V8's included; peak RSS of the whole process, module loading
 *   included; the worker threads the stat cache's lstat calls get on this machine, `workersFor`;
 *   the load average before it started). `cli` (the default) runs it as the command line does from
 *   the site's folder (`npx doc-translate status` in CI): that folder is the working directory,
 *   which nothing else changes (`fixedCwd`), and the workers start before the engine is loaded
 *   (main.ts); `editor` as the extension does, from elsewhere.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type { Lock } from '../../src/localize/index.ts';
import { prestartScan } from '../../src/localize/statCacheFile.ts';
import { workersFor } from '../../src/localize/statCacheStat.ts';

async function status(dir: string, as: string): Promise<void> {
  if (as !== 'cli' && as !== 'editor') throw new Error(`status ${dir} ${as}: cli or editor`);
  if (as === 'cli') process.chdir(dir);
  const load = loadavg()[0] ?? 0;
  // As the command line does (main.ts): the stat cache's workers start first, then the engine loads.
  if (as === 'cli') prestartScan(dir);
  const { loadConfig, planStatus } = await import('../../src/localize/index.ts');
  const config = await loadConfig(dir);
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  const s = await planStatus({ config, fixedCwd: as === 'cli' });
  const ms = performance.now() - t1;
  const c = process.cpuUsage(c1);
  const workers = workersFor(s.files + s.targets.length, availableParallelism());
  const cpuMs = (c.user + c.system) / 1000;
  process.stdout.write(`${JSON.stringify({ ms, cpuMs, rssMb: process.resourceUsage().maxRSS / 1024, counts: s.counts, workers, load })}\n`);
}

async function setup(dir: string, n: number): Promise<void> {
  const { loadConfig, serializeLock } = await import('../../src/localize/index.ts');
  const { splitBlocks } = await import('../../src/localize/blocks.ts');
  const { fileHash, shortHash } = await import('../../src/localize/hash.ts');
  const { createLayout } = await import('../../src/localize/layouts.ts');
  const { writeDocs } = await import('../unit/localize/support/docs.ts');
  const t0 = performance.now();
  const pages = writeDocs(dir, { files: n, paragraphs: 4 });
  const config = await loadConfig(dir);
  const layout = createLayout(config.layout, config.source, config.targetLanguages);
  const lock: Lock = { files: new Map() };
  for (const page of pages) {
    const source = readFileSync(join(dir, page), 'utf8');
    for (const lang of config.targetLanguages) {
      const target = layout.target(page, lang);
      const text = source.replace(/^(?=[A-Z])/gm, `[${lang}] `);
      mkdirSync(dirname(join(dir, target)), { recursive: true });
      writeFileSync(join(dir, target), text);
      const blocks = splitBlocks(text).map((r, i) => {
        const out = shortHash(text.slice(r.start, r.end));
        return `${shortHash(`${page}#${i}`)} ${out} ${shortHash(`${page}#${i}s`)}@5+${r.end - r.start - 5}`;
      });
      lock.files.set(target, { source: page, lang, sourceHash: fileHash(source), output: fileHash(text), blocks });
    }
  }
  writeFileSync(join(dir, 'doc-translate.lock'), serializeLock(lock));
  process.stdout.write(`${JSON.stringify({ setupMs: performance.now() - t0 })}\n`);
}

async function main(): Promise<void> {
  const [mode, dir, arg] = [process.argv[2], process.argv[3]!, process.argv[4]];
  if (mode === 'setup') await setup(dir, Number(arg ?? 10_000));
  else await status(dir, arg ?? 'cli');
}

main().catch((err: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`);
  process.exit(1);
});
