/**
 * Child of the localize-site benchmark: `update <folder> <baseUrl> <apiKey> [lang,...]` runs the
 * first full update of a set-up (every translation missing) against the emulator in a fresh
 * process and prints `{ ms, rssMb, written, segments, chars, requests }`: peak RSS of the whole
 * process (`process.resourceUsage().maxRSS`, module loading included).
 */
import { DocTranslateClient } from '../../src/api/index.ts';
import { loadConfig, update } from '../../src/localize/index.ts';

async function main(): Promise<void> {
  const [, , mode, folder, baseUrl, apiKey, langs] = process.argv;
  if (mode !== 'update' || folder === undefined || baseUrl === undefined || apiKey === undefined)
    throw new Error('usage: update <folder> <baseUrl> <apiKey> [lang,...]');
  const config = await loadConfig(folder);
  const client = new DocTranslateClient({ baseUrl, apiKey });
  try {
    const t0 = performance.now();
    const r = await update({ config, client, ...(langs !== undefined && langs !== '' ? { languages: langs.split(',') } : {}) });
    const ms = performance.now() - t0;
    process.stdout.write(
      `${JSON.stringify({ ms, rssMb: process.resourceUsage().maxRSS / 1024, written: r.written.length, segments: r.segments_sent, chars: r.chars_sent, requests: r.requests })}\n`,
    );
  } finally {
    await client.close();
  }
}

main().catch((err: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) })}\n`);
  process.exit(1);
});
