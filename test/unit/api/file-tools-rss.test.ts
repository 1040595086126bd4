/**
 * A 100 MB PDF merge result streamed by the client to disk, the emulator and the client each in
 * their own process: the client's peak RSS grows by less than half the result while the merge
 * answer arrives (a client that held the answer would grow by all of it), and the file is the whole
 * merged PDF (its pages add up). The 64 MB budget for a streamed answer is the benchmark's
 * `transfer-rss-mb`: a peak depends on when the collector runs, which a loaded machine delays.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLine, startEmulatorChild } from './support/child.ts';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

const MIN_RESULT_BYTES = 100 * 1024 * 1024;
const LIMIT_MB = MIN_RESULT_BYTES / 2 / (1024 * 1024);
const HELPERS = join(__dirname, 'helpers');

/** A PDF of `pages` pages, each with a heading and an incompressible image stream of `perPage` bytes. */
async function bigPdf(pages: number, perPage: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 14, font });
    const image = doc.context.stream(randomBytes(perPage), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 1,
      Height: 1,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
    });
    page.node.setXObject(PDFName.of(`Im${i}`), doc.context.register(image));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('api/fileTools: a 100 MB merge result with bounded memory (separate processes)', function () {
  this.timeout(180_000);
  let dir: string;
  let emulator: ChildProcess;
  let emu: { base_url: string; api_key: string; control_url: string };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dt-merge-rss-'));
    ({ process: emulator, info: emu } = await startEmulatorChild());
  });
  after(() => {
    emulator.stdin!.end();
    emulator.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams the merged PDF to disk with peak RSS growth under half the result; the pages add up', async () => {
    const a = join(dir, 'a.pdf');
    const b = join(dir, 'b.pdf');
    writeFileSync(a, await bigPdf(3, 17 * 1024 * 1024));
    writeFileSync(b, await bigPdf(4, 13 * 1024 * 1024));
    const outDir = mkdtempSync(join(dir, 'out-'));
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(HELPERS, 'merge-child.ts'), emu.base_url, a, b, outDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DT_TEST_KEY: emu.api_key },
    });
    const report = JSON.parse(await firstLine(child)) as {
      path: string;
      filename: string;
      bytes: number;
      contentType: string;
      mergeMs: number;
      baselineMb: number;
      peakMb: number;
      growthMb: number;
    };
    console.log(
      `      rss: baseline ${report.baselineMb.toFixed(1)} MB, peak ${report.peakMb.toFixed(1)} MB, growth ${report.growthMb.toFixed(1)} MB; ${(report.bytes / 1e6).toFixed(1)} MB merged in ${report.mergeMs} ms`,
    );
    assert.equal(report.filename, 'a-merged.pdf');
    assert.equal(report.contentType, 'application/pdf');
    assert.ok(report.bytes >= MIN_RESULT_BYTES, `the merge result has ${report.bytes} bytes`);
    assert.equal(statSync(report.path).size, report.bytes);
    assert.ok(report.growthMb < LIMIT_MB, `peak RSS grew by ${report.growthMb.toFixed(1)} MB`);
    assert.equal((await PDFDocument.load(readFileSync(report.path))).getPageCount(), 7);
  });
});
