/**
 * upload-throughput, download-throughput, transfer-rss-mb: a generated 1 GiB file through the
 * client's upload (presign, PUT, finalize) and download paths, each in its own process, against
 * the emulator in another process; curl does the same PUT and GET in the same run as reference.
 */
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atLeast, atMost, note, type Figure } from './lib/figures.ts';
import { control, runJsonChild, type EmulatorProcess } from './lib/processes.ts';

export const FILE_BYTES = 1024 * 1024 * 1024;
const MB = 1_000_000;
const CURL = '/usr/bin/curl';
/** One 1 GiB transfer may take this long (about 12 MB/s) before it is abandoned, so the run ends in time. */
const TRANSFER_TIMEOUT_S = 90;

interface ClientRun {
  ms: number;
  bytes: number;
  /** RSS right after the warm-up request, and the highest RSS sampled while the process settled. */
  warmRssMb: number;
  warmPeakRssMb: number;
  /** How long the process's other threads took to go idle after the warm-up (transfer-client.ts). */
  settleMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  /** RSS when a quarter of the file had passed (null if progress never said so). */
  quarterRssMb: number | null;
  /** Highest RSS sampled after that quarter. */
  latePeakRssMb: number;
}

/** A PNG (cheap for finalize to check) of incompressible bytes, written in 16 MiB blocks. */
function generateFile(path: string): void {
  const block = Buffer.alloc(16 * 1024 * 1024);
  randomFillSync(block);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(block);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < FILE_BYTES; written += block.length) writeSync(fd, block, 0, Math.min(block.length, FILE_BYTES - written));
    // On disk before any timing starts, so no transfer pays for writing back the generated file.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function runCurl(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(CURL, ['-sS', '--fail', '--max-time', String(TRANSFER_TIMEOUT_S), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`curl exited with ${code}`))));
  });
}

async function presign(emu: EmulatorProcess): Promise<{ upload_url: string; upload_headers: Record<string, string> }> {
  const request = (): Promise<Response> =>
    fetch(`${emu.baseUrl}/upload/presign`, {
      method: 'POST',
      headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ filename: 'curl.png', file_size: FILE_BYTES }),
    });
  // Once more on a network error: generating the file takes longer than the emulator keeps an idle
  // connection, and fetch may reuse the pooled one just as the emulator closes it ("fetch failed").
  const res = await request().catch((err: unknown) => (err instanceof TypeError ? request() : Promise.reject(err)));
  if (!res.ok) throw new Error(`presign: ${res.status}`);
  return (await res.json()) as { upload_url: string; upload_headers: Record<string, string> };
}

async function curlUpload(emu: EmulatorProcess, file: string): Promise<number> {
  const p = await presign(emu);
  const headers = Object.entries(p.upload_headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  // `Expect:` off: curl would otherwise wait for 100-continue, which the client does not do either.
  return runCurl(['-o', '/dev/null', '-X', 'PUT', '-T', file, '-H', 'Expect:', ...headers, p.upload_url]);
}

async function clientRun(args: string[], emu: EmulatorProcess): Promise<ClientRun> {
  process.env['DOC_TRANSLATE_BENCH_KEY'] = emu.apiKey;
  const r = (await runJsonChild('transfer-client.ts', args, TRANSFER_TIMEOUT_S * 1000)) as ClientRun;
  const quarter = r.quarterRssMb === null ? 'n/a' : r.quarterRssMb.toFixed(1);
  note(
    `transfer: client ${args[0]} ${r.ms.toFixed(0)} ms, RSS ${r.warmRssMb.toFixed(1)} after the warm-up request, ${r.baselineRssMb.toFixed(1)} once settled (${r.settleMs.toFixed(0)} ms) -> ${quarter} at a quarter of the file -> peak ${r.peakRssMb.toFixed(1)} MB`,
  );
  return r;
}

function timeFsync(path: string): number {
  const t0 = performance.now();
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return performance.now() - t0;
}

const mbps = (bytes: number, ms: number): number => bytes / MB / (ms / 1000);

/**
 * `rounds` rounds of downloads and one more of uploads, whose ratio is the closer one (each upload
 * round is one PUT of each side, about 8 s here).
 */
export async function benchTransfer(emu: EmulatorProcess, rounds = 2): Promise<Figure[]> {
  const uploadRounds = rounds + 1;
  const dir = tmpdir();
  const file = join(dir, `doc-translate-bench-${process.pid}.png`);
  const curlOut = join(dir, `doc-translate-bench-${process.pid}.curl.bin`);
  const ourOut = join(dir, `doc-translate-bench-${process.pid}.ours.bin`);
  try {
    const t0 = performance.now();
    generateFile(file);
    note(`transfer: generated ${FILE_BYTES} bytes in ${(performance.now() - t0).toFixed(0)} ms`);

    // Rounds in ABBA order (curl, ours, ours, curl, ...); each side keeps its best time, so
    // neither pays alone for the machine's noise or for going first. Every upload round runs
    // before the first download: removing a downloaded file (1 GiB, written and synced) leaves the
    // disk busy for seconds (ext4 mounted with `discard` here), and with uploads and downloads
    // interleaved the upload after them was always the client's (round 2 starts with it): 4.6-5.4 s
    // against 3.0-4.3 s for the other uploads in seven runs.
    let curlUp = Infinity;
    let curlDown = Infinity;
    let up: ClientRun | undefined;
    let down: ClientRun | undefined;
    const best = (a: ClientRun | undefined, b: ClientRun): ClientRun => (a === undefined || b.ms < a.ms ? b : a);
    // transfer-rss-mb is the largest growth of any single run (each must stay below 64 MB), not an average.
    let peakGrowth = 0;
    const growths: number[] = [];
    // What the process grew by while it settled after the warm-up request, before the baseline
    // (information: V8 optimising undici's parser, started by that request; transfer-client.ts).
    let warmupGrowth = 0;
    // What the last three quarters of each transfer added (information): the growth is a one-time
    // cost of the transfer's first megabytes, not something that grows with the file.
    let lateGrowth = 0;
    const record = (r: ClientRun): void => {
      lateGrowth = Math.max(lateGrowth, r.quarterRssMb === null ? Number.NaN : r.latePeakRssMb - r.quarterRssMb);
      warmupGrowth = Math.max(warmupGrowth, r.warmPeakRssMb - r.warmRssMb);
      growths.push(r.peakRssMb - r.baselineRssMb);
      peakGrowth = Math.max(peakGrowth, r.peakRssMb - r.baselineRssMb);
    };
    const order = (round: number): string[] => (round % 2 === 0 ? ['curl', 'ours'] : ['ours', 'curl']);

    // One untimed upload first: the emulator's first PUT of the run and the file's first read
    // after it was written, which neither side should pay for.
    note(`transfer: untimed first upload (curl) ${(await curlUpload(emu, file)).toFixed(0)} ms`);
    await control(emu.controlUrl, 'POST', '/reset');
    for (let round = 0; round < uploadRounds; round++) {
      for (const who of order(round)) {
        if (who === 'curl') {
          const ms = await curlUpload(emu, file);
          note(`transfer: curl upload ${ms.toFixed(0)} ms`);
          curlUp = Math.min(curlUp, ms);
        } else {
          const r = await clientRun(['upload', emu.baseUrl, file], emu);
          record(r);
          up = best(up, r);
        }
        await control(emu.controlUrl, 'POST', '/reset'); // frees the emulator's stored copy
      }
      note(
        `transfer: upload round ${round + 1}/${uploadRounds}: best so far curl ${curlUp.toFixed(0)} ms, ours ${up!.ms.toFixed(0)} ms (presign+PUT+finalize)`,
      );
    }
    // Issued after the resets above, which forget every address.
    const { url } = (await control(emu.controlUrl, 'POST', '/bench/download-url', { path: file, filename: 'bench.bin' })) as { url: string };
    for (let round = 0; round < rounds; round++) {
      for (const who of order(round)) {
        if (who === 'curl') {
          // The reference is curl writing the file and syncing it: the durability the client
          // guarantees (its download fsyncs before renaming), measured together in this run.
          const ms = await runCurl(['-o', curlOut, url]);
          const syncMs = timeFsync(curlOut);
          note(`transfer: curl download ${ms.toFixed(0)} ms + fsync of its file ${syncMs.toFixed(0)} ms`);
          curlDown = Math.min(curlDown, ms + syncMs);
          rmSync(curlOut, { force: true });
        } else {
          const r = await clientRun(['download', emu.baseUrl, url, ourOut], emu);
          record(r);
          down = best(down, r);
          rmSync(ourOut, { force: true });
        }
      }
      note(
        `transfer: download round ${round + 1}/${rounds}: best so far curl ${curlDown.toFixed(0)} ms, ours ${down!.ms.toFixed(0)} ms; peak RSS growth ${peakGrowth.toFixed(1)} MB`,
      );
    }
    if (up === undefined || down === undefined) throw new Error('no transfer ran');
    note(`transfer: RSS growth of every client run: ${growths.map((g) => g.toFixed(1)).join(', ')} MB (the figure is the largest)`);
    const upMb = mbps(FILE_BYTES, up.ms);
    const downMb = mbps(down.bytes, down.ms);
    return [
      {
        name: 'upload-throughput',
        value: Number(upMb.toFixed(1)),
        unit: 'MB/s',
        ref: Number(mbps(FILE_BYTES, curlUp).toFixed(1)),
        goal: 'ratio>=0.9',
        met: atLeast(0.9),
      },
      {
        name: 'download-throughput',
        value: Number(downMb.toFixed(1)),
        unit: 'MB/s',
        ref: Number(mbps(FILE_BYTES, curlDown).toFixed(1)),
        goal: 'ratio>=0.9',
        met: atLeast(0.9),
      },
      { name: 'transfer-rss-mb', value: Number(peakGrowth.toFixed(1)), unit: 'MB', ref: 64, goal: 'ratio<=1', met: atMost(1) },
      { name: 'transfer-rss-late-mb', value: Number(lateGrowth.toFixed(1)), unit: 'MB', ref: 64, goal: 'info' },
      { name: 'transfer-rss-warmup-mb', value: Number(warmupGrowth.toFixed(1)), unit: 'MB', ref: 64, goal: 'info' },
    ];
  } finally {
    for (const f of [file, curlOut, ourOut]) rmSync(f, { force: true });
  }
}
