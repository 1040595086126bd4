/**
 * batch-requests, batch-wall: a generated 2 MB Markdown document through translateDocumentText
 * (src/features/textTranslation/engine.ts), the function the Translate Document command calls,
 * against the emulator in another process. batch-naive-speedup: a 64 KB document translated both
 * ways, for real, with the same emulated latency: one snippet request per paragraph in sequence,
 * divided by the batch path's time.
 */
import { DocTranslateClient } from '../../src/api/index.ts';
import { translateDocumentText, type TranslateParams, type TranslationApi } from '../../src/features/textTranslation/engine.ts';
import { minimumRequests, segmentMarkdown, type Segment } from '../../src/translate/index.ts';
import { atLeast, atMost, note, type Figure } from './lib/figures.ts';
import { generateMarkdown } from './lib/markdown-gen.ts';
import { control, type EmulatorProcess } from './lib/processes.ts';

export const DOC_BYTES = 2 * 1024 * 1024;
/** Emulated service work: per request, and per billable character. */
export const LATENCY_MS = 20;
export const LATENCY_PER_CHAR_MS = 0.008;
/** The default of translateSegmented, which translateDocumentText does not override. */
export const CLIENT_CONCURRENCY = 4;
/** The naive approach is measured for real, end to end, on a smaller document of this size. */
export const NAIVE_DOC_BYTES = 64 * 1024;

const params = (signal: AbortSignal): TranslateParams => ({ targetLanguage: 'de', sourceLanguage: 'auto', engine: 'xr-397b', signal });

async function aiRequests(emu: EmulatorProcess): Promise<number> {
  const log = (await control(emu.controlUrl, 'GET', '/requests?path_prefix=/api/v1/ai/')) as { requests: unknown[] };
  return log.requests.length;
}

async function busyMs(emu: EmulatorProcess): Promise<number> {
  return ((await control(emu.controlUrl, 'GET', '/busy')) as { busy_ms: number }).busy_ms;
}

interface Run {
  ms: number;
  requests: number;
  busy: number;
  out: string;
  firstRequestMs: number;
  lastResponseMs: number;
}

async function translateOnce(client: DocTranslateClient, emu: EmulatorProcess, text: string): Promise<Run> {
  await control(emu.controlUrl, 'DELETE', '/requests');
  const busy0 = await busyMs(emu);
  const t0 = performance.now();
  let first = Number.NaN;
  let last = Number.NaN;
  // The client itself, only observed: when the first request leaves and the last answer is in.
  const api: TranslationApi = {
    translateSnippet: (req, opts) => client.translateSnippet(req, opts),
    translateBatch: async (req, opts) => {
      if (Number.isNaN(first)) first = performance.now() - t0;
      const res = await client.translateBatch(req, opts);
      last = performance.now() - t0;
      return res;
    },
  };
  const out = await translateDocumentText(api, text, 'markdown', params(new AbortController().signal));
  const ms = performance.now() - t0;
  return { ms, requests: await aiRequests(emu), busy: (await busyMs(emu)) - busy0, out, firstRequestMs: first, lastResponseMs: last };
}

export async function benchBatch(emu: EmulatorProcess): Promise<Figure[]> {
  const text = generateMarkdown(DOC_BYTES);
  const t0 = performance.now();
  const segments: Segment[] = [];
  for (const p of segmentMarkdown(text).parts) if (p.kind === 'translate') segments.push({ id: p.id, text: p.text });
  const segmentMs = performance.now() - t0;
  const proseChars = segments.reduce((s, x) => s + x.text.length, 0);
  const minimum = minimumRequests(segments);
  note(
    `batch: document ${text.length} chars, ${segments.length} prose segments (${proseChars} chars), minimum ${minimum} requests; segmenting took ${segmentMs.toFixed(0)} ms`,
  );

  const client = new DocTranslateClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey });
  try {
    // Warm-up without latency (JIT, connections); also checks the result is a translation.
    const warm = await translateOnce(client, emu, text);
    if (warm.out.length <= text.length || !warm.out.includes('DE· ')) throw new Error('the translated document does not look translated');
    note(`batch: warm-up ${warm.ms.toFixed(0)} ms, ${warm.requests} requests`);

    await control(emu.controlUrl, 'POST', '/faults', {
      kind: 'latency',
      path_prefix: '/api/v1/ai/',
      latency_ms: LATENCY_MS,
      latency_per_char_ms: LATENCY_PER_CHAR_MS,
    });
    const run = await translateOnce(client, emu, text);
    const ideal = run.busy / CLIENT_CONCURRENCY;
    note(
      `batch: with latency ${LATENCY_MS} ms + ${LATENCY_PER_CHAR_MS} ms/char: ${run.ms.toFixed(0)} ms wall, busy ${run.busy.toFixed(0)} ms, ${run.requests} requests; ` +
        `first request after ${run.firstRequestMs.toFixed(0)} ms (segmenting and planning), requests ${(run.lastResponseMs - run.firstRequestMs).toFixed(0)} ms ` +
        `(${((run.lastResponseMs - run.firstRequestMs) / ideal).toFixed(2)}x the ideal), reassembling ${(run.ms - run.lastResponseMs).toFixed(0)} ms`,
    );

    // Naive, measured for real (as peer extensions do it): one snippet request per paragraph, one
    // after another, on a smaller document; the batch path translates the same document for comparison.
    const small = generateMarkdown(NAIVE_DOC_BYTES);
    const smallSegments: Segment[] = [];
    for (const p of segmentMarkdown(small).parts) if (p.kind === 'translate') smallSegments.push({ id: p.id, text: p.text });
    const batchSmall = await translateOnce(client, emu, small);
    const n0 = performance.now();
    for (const s of smallSegments) await client.translateSnippet({ text: s.text, target_lang: 'de', engine: 'xr-397b' });
    const naiveMs = performance.now() - n0;
    note(
      `batch: naive on a ${small.length}-char document: ${smallSegments.length} snippet requests in sequence ${naiveMs.toFixed(0)} ms; ` +
        `the batch path on the same document ${batchSmall.ms.toFixed(0)} ms in ${batchSmall.requests} requests`,
    );
    await control(emu.controlUrl, 'DELETE', '/faults');

    return [
      { name: 'batch-requests', value: run.requests, unit: 'requests', ref: minimum, goal: 'ratio<=1.1', met: atMost(1.1) },
      { name: 'batch-wall', value: Math.round(run.ms), unit: 'ms', ref: Math.round(ideal), goal: 'ratio<=1.3', met: atMost(1.3) },
      { name: 'batch-naive-speedup', value: Number((naiveMs / batchSmall.ms).toFixed(2)), unit: 'x', ref: 1, goal: 'ratio>=1', met: atLeast(1) },
    ];
  } finally {
    await client.close();
  }
}
