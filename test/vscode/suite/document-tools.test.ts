// Document tools end to end against the emulator: two PDFs merged from an Explorer
// multi-selection into a new file whose pages add up; a 3-page visual extraction asked about
// (pages and cost), charged 3 credits and opened, then saved next to its source and translated in
// one step; a 21-page PDF refused before any request; an operation closed in the capabilities not
// offered (menus, view, command) with its reason.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { OperationsSnapshot } from '../../../src/features/documentTools/snapshot.ts';
import { clearRequests, closeAllEditors, configureExtension, control, requestsSeen, serviceGet, testEnv, testingHooks, answered, until } from './helpers.ts';

const snapshot = (): Thenable<OperationsSnapshot> => vscode.commands.executeCommand<OperationsSnapshot>('_docTranslate.operations.snapshot');

/** A PDF of `pages` pages in the test workspace (a fresh copy per run). */
async function writePdf(relative: string, pages: number, title: string): Promise<vscode.Uri> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} page ${i}`, { x: 56, y: 770, size: 20, font });
    page.drawText(`Body text of page ${i}.`, { x: 56, y: 730, size: 11, font });
  }
  const file = path.join(testEnv().workspace, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await doc.save());
  return vscode.Uri.file(file);
}

async function pageCount(uri: vscode.Uri): Promise<number> {
  return (await PDFDocument.load(fs.readFileSync(uri.fsPath))).getPageCount();
}

describe('Document tools', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;

  before(async () => {
    await configureExtension();
    await control('POST', '/settings', { job_speed: 8 });
    testing = await testingHooks();
  });
  after(async () => {
    await control('POST', '/document-tools/capabilities', { kind: 'visual_extract', open: true }).catch(() => undefined);
    await control('POST', '/settings', { job_speed: 1 });
    await closeAllEditors();
    // A visible Operations view lists operations again when the key changes; later suites count requests.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('merges two PDFs from an Explorer multi-selection into a new file whose page count is the sum', async () => {
    const a = await writePdf('tools/part-a.pdf', 2, 'Alpha');
    const b = await writePdf('tools/part-b.pdf', 3, 'Beta');
    const before = [fs.readFileSync(a.fsPath), fs.readFileSync(b.fsPath)];
    // File tools are charged by usage (spec 8 rule 5): each run is confirmed first.
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Run', 'Run');
    const result = await vscode.commands.executeCommand<{ done: boolean; outputs?: string[]; reason?: string }>('docTranslate.documentTools.mergePdfs', b, [
      a,
      b,
    ]);
    assert.match(testing.prompter.asked[asked] ?? '', /^Merge PDFs: /);
    assert.match(testing.prompter.details[asked] ?? '', /charged/);
    assert.equal(result.done, true, JSON.stringify(result));
    const merged = vscode.Uri.parse(result.outputs![0]!);
    assert.equal(path.basename(merged.fsPath), 'part-a-merged.pdf', 'named by the service, next to the first PDF');
    assert.equal(path.dirname(merged.fsPath), path.dirname(a.fsPath));
    assert.equal(await pageCount(merged), 5);
    assert.deepEqual([fs.readFileSync(a.fsPath), fs.readFileSync(b.fsPath)], before, 'the sources are untouched');

    const again = await vscode.commands.executeCommand<{ done: boolean; outputs?: string[] }>('docTranslate.documentTools.mergePdfs', a, [a, b]);
    assert.equal(again.done, true, JSON.stringify(again));
    assert.equal(path.basename(vscode.Uri.parse(again.outputs![0]!).fsPath), 'part-a-merged (2).pdf', 'an existing file is never replaced');

    const rows = (await snapshot()).rows.filter((r) => r.label === 'part-a.pdf + 1 more');
    assert.ok(rows.length >= 1, 'the merge appears in the Operations view');
    assert.equal(rows[0]!.description, 'Merge PDFs · completed');
    assert.match(rows[0]!.tooltip, /Written: file:.*part-a-merged/);
  });

  it('splits a PDF by the ranges given into one new file per range', async () => {
    const book = await writePdf('tools/book.pdf', 5, 'Book');
    testing.prompter.answerNext('Run');
    const result = await answered<{ done: boolean; outputs?: string[] }>({ ranges: '1, 2-4' }, 'docTranslate.documentTools.splitPdf', book, [book]);
    assert.equal(result.done, true, JSON.stringify(result));
    const names = result.outputs!.map((o) => path.basename(vscode.Uri.parse(o).fsPath));
    assert.deepEqual(names, ['book-p1.pdf', 'book-p2-4.pdf']);
    assert.deepEqual(await Promise.all(result.outputs!.map((o) => pageCount(vscode.Uri.parse(o)))), [1, 3]);
  });

  it('a charged file tool declined sends nothing and writes nothing', async () => {
    const a = await writePdf('tools/no-a.pdf', 1, 'No');
    const b = await writePdf('tools/no-b.pdf', 1, 'Way');
    testing.prompter.answerNext(undefined);
    const result = await vscode.commands.executeCommand<{ done: boolean; reason?: string }>('docTranslate.documentTools.mergePdfs', a, [a, b]);
    assert.equal(result.done, false, JSON.stringify(result));
    assert.ok(!fs.existsSync(path.join(path.dirname(a.fsPath), 'no-a-merged.pdf')));
  });

  it('visual extract of a 3-page PDF asks with the page count and cost, charges 3 credits and opens the output', async () => {
    const report = await writePdf('tools/report.pdf', 3, 'Report');
    const balanceBefore = (await serviceGet<{ available: number }>('/billing/credits/balance')).available;
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Extract');
    await clearRequests();
    const result = await vscode.commands.executeCommand<{
      started: boolean;
      status?: string;
      output?: string;
      operationId?: string;
      creditOperationId?: string;
      pages?: number;
    }>('docTranslate.documentTools.visualExtract', report);
    assert.equal(result.started, true, JSON.stringify(result));
    assert.equal(result.status, 'completed');
    assert.equal(result.pages, 3);
    const question = testing.prompter.asked.slice(asked).join('\n');
    assert.match(question, /Visual Extract report\.pdf: 3 pages × 1 credit = 3 credits\?/);

    const balanceAfter = (await serviceGet<{ available: number }>('/billing/credits/balance')).available;
    assert.equal(balanceBefore - balanceAfter, 3000, '3 credits charged');
    const receipt = await serviceGet<{ charged_millicredits: number; billing_basis: { unit: string; quantity: number } }>(
      `/billing/credits/operations/${result.creditOperationId!}`,
    );
    assert.equal(receipt.charged_millicredits, 3000);
    assert.deepEqual([receipt.billing_basis.unit, receipt.billing_basis.quantity], ['pages', 3]);

    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'the output is open in an editor');
    assert.equal(editor.document.uri.toString(), result.output);
    assert.equal(editor.document.uri.scheme, 'doc-translate-output');
    const json = JSON.parse(editor.document.getText()) as { pages: { blocks: { text: string }[] }[] };
    assert.equal(json.pages.length, 3);
    assert.equal(json.pages[2]!.blocks[0]!.text, 'Report page 3');
    // The output is downloaded the way the spec lists for a key: its library item's download ticket
    // (4.13), never GET /documents/{id}/download (not a listed endpoint).
    const outputDoc = (await serviceGet<{ output_document_id: string }>(`/document-operations/${result.operationId!}`)).output_document_id;
    const seen = await requestsSeen();
    assert.ok(!seen.some((r) => /\/documents\/[^/]+\/download/.test(r.path)), seen.map((r) => `${r.method} ${r.path}`).join('\n'));
    const ticket = seen.find((r) => r.method === 'POST' && /\/storage\/files\/[^/]+\/download-ticket$/.test(r.path));
    assert.ok(ticket !== undefined && ticket.status === 200, 'a download ticket of the library item');
    const fileId = decodeURIComponent(ticket.path.split('/').at(-2)!);
    const item = await serviceGet<{ source?: { kind: string; id: string } }>(`/storage/files/${fileId}`);
    assert.deepEqual(item.source, { kind: 'document', id: outputDoc }, 'the library item of the output document');

    const row = (await snapshot()).rows.find((r) => r.operationId === result.operationId);
    assert.ok(row, 'the operation is in the Operations view');
    assert.equal(row.label, 'report.pdf');
    assert.equal(row.description, 'Visual Extract · completed · 3 credits');
    assert.equal(row.contextValue, 'operation.completed.output');
    assert.match(row.tooltip, new RegExp(`Receipt: ${result.creditOperationId!} \\(charged 3 credits\\)`));

    const saved = await vscode.commands.executeCommand<{ saved: boolean; uri?: string; how?: string }>('docTranslate.operations.saveNextToSource', {
      operationId: result.operationId,
    });
    assert.deepEqual([saved.saved, saved.how], [true, 'created']);
    assert.equal(vscode.Uri.parse(saved.uri!).fsPath, path.join(path.dirname(report.fsPath), 'report.visual.json'));

    testing.prompter.answerNext('Translate');
    const translated = await vscode.commands.executeCommand<{ started: boolean; jobId?: string }>('docTranslate.operations.translateOutput', {
      operationId: result.operationId,
    });
    assert.equal(translated.started, true, JSON.stringify(translated));
    const job = await serviceGet<{ document_id: string; target_lang: string }>(`/jobs/${translated.jobId!}`);
    assert.equal(job.document_id, (await serviceGet<{ output_document_id: string }>(`/document-operations/${result.operationId!}`)).output_document_id);
  });

  it('a running operation cancelled from the Operations view ends the command as cancelled, charging nothing', async () => {
    const doc = await writePdf('tools/slow.pdf', 2, 'Slow');
    await control('POST', '/document-operations/settings', { hold_new: true });
    try {
      testing.prompter.answerNext('Extract');
      const running = vscode.commands.executeCommand<{ started: boolean; status?: string; operationId?: string; outcome?: string }>(
        'docTranslate.documentTools.visualExtract',
        doc,
      );
      const id = (await until(
        'the running operation is in the Operations view',
        async () => (await snapshot()).rows.find((r) => r.label === 'slow.pdf' && r.contextValue === 'operation.running')?.operationId,
        (v) => v !== undefined,
      ))!;
      const cancelled = await vscode.commands.executeCommand<{ cancelled: boolean; status?: string }>('docTranslate.operations.cancel', { operationId: id });
      assert.deepEqual(cancelled, { cancelled: true, status: 'cancelled' });
      const result = await running;
      assert.deepEqual([result.started, result.status, result.outcome, result.operationId], [true, 'cancelled', 'failed', id]);
      const op = await serviceGet<{ status: string; credit_operation_id: string | null }>(`/document-operations/${id}`);
      assert.deepEqual([op.status, op.credit_operation_id], ['cancelled', null], 'no receipt: nothing charged');
      const ledger = (await control<{ entries: { endpoint: string | null; idempotency_key: string | null; type: string }[] }>('GET', '/ledger')).entries;
      const posts = (await requestsSeen('/api/v1/document-operations')).filter((r) => r.method === 'POST' && r.path === '/api/v1/document-operations');
      const key = (posts.at(-1) as { idempotency_key?: string } | undefined)?.idempotency_key;
      assert.deepEqual(
        ledger.filter((e) => e.endpoint === '/document-operations' && e.type === 'settlement' && e.idempotency_key === key),
        [],
        'no settlement for it',
      );
      const row = (await snapshot()).rows.find((r) => r.operationId === id)!;
      assert.equal(row.description, 'Visual Extract · cancelled');
    } finally {
      await control('POST', '/document-operations/settings', { hold_new: false });
    }
  });

  it('refuses a 21-page PDF for visual extraction before any request', async () => {
    const big = await writePdf('tools/big.pdf', 21, 'Big');
    const asked = testing.prompter.asked.length;
    await clearRequests();
    const result = await vscode.commands.executeCommand<{ started: boolean; reason?: string; pages?: number; limit?: number }>(
      'docTranslate.documentTools.visualExtract',
      big,
    );
    assert.deepEqual(result.started, false);
    assert.equal(result.reason, 'tooManyPages');
    assert.deepEqual([result.pages, result.limit], [21, 20]);
    // The Jobs view may list its jobs meanwhile; nothing else reached the service.
    assert.deepEqual(
      (await requestsSeen()).filter((r) => !(r.method === 'GET' && r.path === '/api/v1/jobs')),
      [],
      'nothing was sent',
    );
    assert.equal(testing.prompter.asked.length, asked, 'no cost question either');
  });

  it('does not offer an operation closed in the capabilities, and says why', async () => {
    await control('POST', '/document-tools/capabilities', { kind: 'visual_extract', open: false, reason: 'Scheduled maintenance' });
    await vscode.commands.executeCommand('docTranslate.operations.focus');
    await vscode.commands.executeCommand('docTranslate.operations.refresh');
    const shown = await snapshot();
    const visual = shown.offers.find((o) => o.tool === 'visualExtract')!;
    assert.deepEqual([visual.open, visual.known, visual.reason], [false, true, 'Scheduled maintenance']);
    assert.deepEqual(shown.menus['visualExtract'], [], 'the Explorer menu no longer offers it');
    assert.ok((shown.menus['extractText'] as string[]).includes('.pdf'), 'the open ones still are');
    const row = shown.rows.find((r) => r.tool === 'visualExtract');
    assert.ok(row, 'the Operations view says it is unavailable');
    assert.equal(row.contextValue, 'tool.unavailable');
    assert.match(row.tooltip, /Scheduled maintenance/);

    const doc = await writePdf('tools/closed.pdf', 2, 'Closed');
    await clearRequests();
    const result = await vscode.commands.executeCommand<{ started: boolean; reason?: string; message?: string }>(
      'docTranslate.documentTools.visualExtract',
      doc,
    );
    assert.equal(result.reason, 'unavailable');
    assert.match(result.message ?? '', /Scheduled maintenance/);
    assert.deepEqual(
      (await requestsSeen('/api/v1/document-operations')).filter((r) => r.method === 'POST'),
      [],
      'nothing was created',
    );

    await control('POST', '/document-tools/capabilities', { kind: 'visual_extract', open: true });
    await vscode.commands.executeCommand('docTranslate.operations.refresh');
    assert.ok(((await snapshot()).menus['visualExtract'] as string[]).includes('.pdf'), 'offered again once reopened');
  });
});
