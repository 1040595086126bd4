/**
 * upload-throughput, download-throughput, transfer-rss-mb: a generated 1 GiB file through the
 * client's upload (presign, PUT, finalize) and download paths, each in its own process, against
 * the emulator in another process; curl does the same PUT and GET in the same run as reference.
 */
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atLeast, atMost, note, type Figure } from './lib/figures.ts';
import { control, runJsonChild, type EmulatorProcess } from './lib/processes.ts';

export const FILE_BYTES = 1024 * 1024 * 1024;
const MB = 1_000_000;
const CURL = '/usr/bin/curl';

interface ClientRun { ms: number; bytes: number; baselineRssMb: number; peakRssMb: number }

/** A PNG (cheap for finalize to check) of incompressible bytes, written in 16 MiB blocks. */
function generateFile(path: string): void {
  const block = Buffer.alloc(16 * 1024 * 1024);
  randomFillSync(block);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(block);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < FILE_BYTES; written += block.length) writeSync(fd, block, 0, Math.min(block.length, FILE_BYTES - written));
  } finally {
    closeSync(fd);
  }
}

function runCurl(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(CURL, ['-sS', '--fail', '-o', '/dev/null', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`curl exited with ${code}`))));
  });
}

async function presign(emu: EmulatorProcess): Promise<{ upload_url: string; upload_headers: Record<string, string> }> {
  const res = await fetch(`${emu.baseUrl}/upload/presign`, {
    method: 'POST',
    headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ filename: 'curl.png', file_size: FILE_BYTES }),
  });
  if (!res.ok) throw new Error(`presign: ${res.status}`);
  return (await res.json()) as { upload_url: string; upload_headers: Record<string, string> };
}

async function curlUpload(emu: EmulatorProcess, file: string): Promise<number> {
  const p = await presign(emu);
  const headers = Object.entries(p.upload_headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  // `Expect:` off: curl would otherwise wait for 100-continue, which the client does not do either.
  return runCurl(['-X', 'PUT', '-T', file, '-H', 'Expect:', ...headers, p.upload_url]);
}

function clientRun(args: string[], emu: EmulatorProcess): Promise<ClientRun> {
  process.env['DOC_TRANSLATE_BENCH_KEY'] = emu.apiKey;
  return runJsonChild('transfer-client.ts', args) as Promise<ClientRun>;
}

const mbps = (bytes: number, ms: number): number => bytes / MB / (ms / 1000);

export async function benchTransfer(emu: EmulatorProcess): Promise<Figure[]> {
  const dir = tmpdir();
  const file = join(dir, `doc-translate-bench-${process.pid}.png`);
  const curlOut = join(dir, `doc-translate-bench-${process.pid}.curl.bin`);
  const ourOut = join(dir, `doc-translate-bench-${process.pid}.ours.bin`);
  try {
    let t0 = performance.now();
    generateFile(file);
    note(`transfer: generated ${FILE_BYTES} bytes in ${(performance.now() - t0).toFixed(0)} ms`);

    const curlUp = await curlUpload(emu, file);
    await control(emu.controlUrl, 'POST', '/reset'); // frees the emulator's stored copy
    const up = await clientRun(['upload', emu.baseUrl, file], emu);
    await control(emu.controlUrl, 'POST', '/reset');
    note(`transfer: upload curl ${curlUp.toFixed(0)} ms, ours ${up.ms.toFixed(0)} ms (presign+PUT+finalize), rss ${up.baselineRssMb.toFixed(0)} -> ${up.peakRssMb.toFixed(0)} MB`);

    const { url } = (await control(emu.controlUrl, 'POST', '/bench/download-url', { path: file, filename: 'bench.bin' })) as { url: string };
    t0 = performance.now();
    const curlDown = await runCurl(['-o', curlOut, url]);
    rmSync(curlOut, { force: true });
    const down = await clientRun(['download', emu.baseUrl, url, ourOut], emu);
    rmSync(ourOut, { force: true });
    note(`transfer: download curl ${curlDown.toFixed(0)} ms, ours ${down.ms.toFixed(0)} ms, rss ${down.baselineRssMb.toFixed(0)} -> ${down.peakRssMb.toFixed(0)} MB`);

    const upMb = mbps(FILE_BYTES, up.ms);
    const downMb = mbps(down.bytes, down.ms);
    const growth = Math.max(up.peakRssMb - up.baselineRssMb, down.peakRssMb - down.baselineRssMb);
    return [
      { name: 'upload-throughput', value: Number(upMb.toFixed(1)), unit: 'MB/s', ref: Number(mbps(FILE_BYTES, curlUp).toFixed(1)), goal: 'ratio>=0.9', met: atLeast(0.9) },
      { name: 'download-throughput', value: Number(downMb.toFixed(1)), unit: 'MB/s', ref: Number(mbps(FILE_BYTES, curlDown).toFixed(1)), goal: 'ratio>=0.9', met: atLeast(0.9) },
      { name: 'transfer-rss-mb', value: Number(growth.toFixed(1)), unit: 'MB', ref: 64, goal: 'ratio<=1', met: atMost(1) },
    ];
  } finally {
    for (const f of [file, curlOut, ourOut]) rmSync(f, { force: true });
  }
}
