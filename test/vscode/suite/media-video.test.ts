// Process Video and voices in a real VS Code against the emulator: an MP4 written by the test is
// processed with Basic and Full video processing (both offered while open, the target language and
// product reach the service, the estimate is asked about, the delivered subtitles and dub appear
// in the Media view, the charge is the emulator's price of the measured duration); a closed video
// product is not offered and says why; Synthesize Speech with a voice made by Add Voice… (and an
// unknown or revoked voice refused with the service's reason, nothing charged); declining the cost
// question sends no job.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import { silentWav as wavFile } from '../../emulator/media/wav.ts';
import { mp4File } from '../../unit/emulator/media-files.ts';
import { waitForMediaJob } from './media-helpers.ts';
import {
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  looksTranslated,
  requestsSeen,
  serviceGet,
  testingHooks,
  writeWorkspaceFile,
  answered,
} from './helpers.ts';

const CONSENT = 'The recording is my own or validly authorised';
const FULL_VIDEO_CLOSED = 'Full video processing is not open for this account yet';

interface StartResult {
  started: boolean;
  operationId?: string;
  reason?: string;
  closed?: { product: string; reason: string }[];
  error?: string;
}

interface ServiceJob {
  operation_id: string;
  product: string;
  status: string;
  target_language: string | null;
  voice_id: string | null;
  measured_duration_ms: number;
  billed_duration_ms: number;
  files: { role: string; filename: string }[];
  settlement: { credit_operation_id: string; status: string; charged_millicredits: number };
}

interface CatalogEntry {
  product: string;
  millicredits_per_unit: number;
  minimum_millicredits: number;
}

interface LedgerEntry {
  type: string;
  endpoint: string | null;
  amount_millicredits: number;
  operation_id?: string;
}

const available = async (): Promise<number> => (await serviceGet<{ available: number }>('/billing/credits/balance')).available;
const ledger = async (): Promise<LedgerEntry[]> => (await control<{ entries: LedgerEntry[] }>('GET', '/ledger')).entries;
const posts = async (): Promise<string[]> => (await requestsSeen()).filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`);

/** The emulator's price of a billed duration: started minutes at the product's rate, never below its minimum. */
async function priceOf(product: string, billedMs: number): Promise<number> {
  const entry = (await serviceGet<{ products: CatalogEntry[] }>('/billing/media/credit-catalog')).products.find((p) => p.product === product);
  assert.ok(entry, `${product} is in the catalog`);
  return Math.max(entry.minimum_millicredits, Math.max(1, Math.ceil(billedMs / 60_000)) * entry.millicredits_per_unit);
}

type Shown = { title?: string; items: vscode.QuickPickItem[] };

/**
 * Runs `work` with VS Code's quick pick answered by `answer` (the item to pick, or undefined to
 * dismiss) and records what each pick offered. The extension and this suite share the API object.
 */
async function withQuickPick<T>(
  answer: (items: vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined,
  work: () => Thenable<T>,
): Promise<{ result: T; shown: Shown[] }> {
  const window = vscode.window as unknown as Record<string, unknown>;
  const original = window.showQuickPick;
  const shown: Shown[] = [];
  window.showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) => {
    const list = [...(await items)];
    shown.push({ ...(options?.title !== undefined ? { title: options.title } : {}), items: list });
    return answer(list);
  };
  try {
    return { result: await work(), shown };
  } finally {
    window.showQuickPick = original;
  }
}

/** Runs `work` and records the error and warning notifications the extension shows meanwhile. */
async function withMessages<T>(work: () => Thenable<T>): Promise<{ result: T; messages: string[] }> {
  const window = vscode.window as unknown as Record<string, unknown>;
  const originals = { error: window.showErrorMessage, warning: window.showWarningMessage };
  const messages: string[] = [];
  const record = async (message: string): Promise<undefined> => {
    messages.push(message);
    return undefined;
  };
  window.showErrorMessage = record;
  window.showWarningMessage = record;
  try {
    return { result: await work(), messages };
  } finally {
    window.showErrorMessage = originals.error;
    window.showWarningMessage = originals.warning;
  }
}

describe('Media: video and voices', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  const written: string[] = [];

  function writeFile(relative: string, content: Buffer | string): vscode.Uri {
    const uri = writeWorkspaceFile(relative, content);
    written.push(uri.fsPath);
    return uri;
  }

  before(async () => {
    await configureExtension();
    await control('POST', '/media/settings', { step_ms: 100, hold: false });
    testing = await testingHooks();
  });

  afterEach(async () => {
    // The emulator's default catalog: basic video open, full video closed.
    await control('POST', '/media/catalog', { product: 'basic_video', open: true });
    await control('POST', '/media/catalog', { product: 'full_video', open: false, reason: FULL_VIDEO_CLOSED });
    await closeAllEditors();
    for (const file of written.splice(0)) fs.rmSync(file, { force: true });
  });

  it('Process Video offers both video products while open, sends the product and target language, and charges the measured duration', async () => {
    await control('POST', '/media/catalog', { product: 'full_video', open: true });
    const video = writeFile('media/promo.mp4', mp4File(65_000));
    const before = await available();

    // No product given: both open products are offered; Basic video processing is picked.
    await clearRequests();
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Start');
    const basic = await withQuickPick(
      (items) => items.find((i) => (i as { description?: string }).description === 'basic_video'),
      () => answered<StartResult>({ targetLanguage: 'fr' }, 'docTranslate.media.processVideo', video, [video]),
    );
    assert.deepEqual(
      basic.shown.map((s) => s.items.map((i) => [i.label, i.description, i.kind ?? vscode.QuickPickItemKind.Default])),
      [
        [
          ['Basic video processing', 'basic_video', vscode.QuickPickItemKind.Default],
          ['Full video processing', 'full_video', vscode.QuickPickItemKind.Default],
        ],
      ],
      'one product pick, both products choosable',
    );
    assert.equal(basic.result.started, true, JSON.stringify(basic.result));
    const question = testing.prompter.asked.slice(asked).join('\n');
    assert.match(question, /^Process Video promo\.mp4 into French with Basic video processing\? Estimated cost: about 6 credits \(an estimate only\)\.$/);
    const seen = (await requestsSeen()).map((r) => `${r.method} ${r.path}`);
    const estimateAt = seen.indexOf('POST /api/v1/billing/media/credit-estimates');
    assert.ok(estimateAt >= 0 && estimateAt < seen.indexOf('POST /api/v1/media-jobs'), `the estimate came before the job: ${seen.join(', ')}`);
    assert.equal(seen.filter((r) => r === 'POST /api/v1/media-jobs').length, 1, 'one job created');

    const basicJob = await serviceGet<ServiceJob>(`/media-jobs/${basic.result.operationId!}`);
    assert.deepEqual([basicJob.product, basicJob.target_language, basicJob.voice_id], ['basic_video', 'fr', null]);
    assert.equal(basicJob.measured_duration_ms, 65_000, 'the service measured the MP4 written by the test');
    const basicRow = await waitForMediaJob(basic.result.operationId!);
    assert.equal(basicRow.label, 'promo.mp4 · Basic video processing');
    assert.match(basicRow.description, /^completed · 6 credits$/);
    assert.equal(basicRow.contextValue, 'media.job.ended.settled');
    assert.deepEqual(
      basicRow.children?.map((c) => [c.label, c.description, c.contextValue]),
      [['promo.fr.srt', 'subtitles', 'media.file.text.source']],
    );
    const opened = await vscode.commands.executeCommand<{ opened: boolean }>('docTranslate.media.openFile', { operationId: basic.result.operationId });
    assert.equal(opened.opened, true);
    const subtitles = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(subtitles, /^1\n00:00:00,000 --> 00:00:10,000\n/);
    assert.match(subtitles, /\n7\n00:01:00,000 --> 00:01:05,000\n/, 'one cue per 10 s up to the measured end');
    assert.ok(looksTranslated(subtitles, 'fr'), subtitles);

    // Full video processing chosen through the arguments, into German.
    testing.prompter.answerNext('Start');
    const full = await answered<StartResult>({ product: 'full_video', targetLanguage: 'de', voiceId: null }, 'docTranslate.media.processVideo', video, [video]);
    assert.equal(full.started, true, JSON.stringify(full));
    assert.match(
      testing.prompter.asked.at(-1)!,
      /^Process Video promo\.mp4 into German with Full video processing\? Estimated cost: about 16 credits \(an estimate only\)\.$/,
    );
    const fullJob = await serviceGet<ServiceJob>(`/media-jobs/${full.operationId!}`);
    assert.deepEqual([fullJob.product, fullJob.target_language], ['full_video', 'de']);
    const fullRow = await waitForMediaJob(full.operationId!);
    assert.equal(fullRow.label, 'promo.mp4 · Full video processing');
    assert.match(fullRow.description, /^completed · 16 credits$/);
    assert.deepEqual(
      fullRow.children?.map((c) => [c.label, c.description, c.contextValue]),
      [
        ['promo.de.srt', 'subtitles', 'media.file.text.source'],
        ['promo.de.dub.wav', 'audio', 'media.file.binary.source'],
      ],
    );

    // The charges: the emulator's price of the billed (measured) duration, one settlement each.
    const entries = await ledger();
    let total = 0;
    for (const id of [basic.result.operationId!, full.operationId!]) {
      const job = await serviceGet<ServiceJob>(`/media-jobs/${id}`);
      const price = await priceOf(job.product, job.billed_duration_ms);
      assert.deepEqual([job.settlement.status, job.settlement.charged_millicredits], ['settled', price], `${job.product} charged its price`);
      const settlements = entries.filter((e) => e.operation_id === job.settlement.credit_operation_id);
      assert.deepEqual(
        settlements.map((e) => [e.type, e.endpoint, e.amount_millicredits]),
        [['settlement', '/media-jobs', price]],
      );
      total += price;
    }
    assert.equal(total, 6000 + 16000);
    assert.equal(before - (await available()), total, 'the balance fell by the two settlements');
  });

  it('with one video product closed, Process Video does not offer it and says why', async () => {
    const reason = 'Basic video processing is paused for maintenance';
    await control('POST', '/media/catalog', { product: 'basic_video', open: false, reason });
    await control('POST', '/media/catalog', { product: 'full_video', open: true });
    const video = writeFile('media/closed.mp4', mp4File(5000));
    await clearRequests();
    const asked = testing.prompter.asked.length;

    const picked = await withQuickPick(
      () => undefined,
      () => answered<StartResult>({ targetLanguage: 'fr' }, 'docTranslate.media.processVideo', video, [video]),
    );
    const items = picked.shown[0]?.items ?? [];
    assert.deepEqual(
      items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).map((i) => i.description),
      ['full_video'],
      'only the open product can be chosen',
    );
    assert.deepEqual(
      items.filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label),
      [`Basic video processing: not open (${reason})`],
      'the closed one is shown with its reason',
    );
    assert.deepEqual([picked.result.started, picked.result.reason], [false, 'cancelled']);
    assert.deepEqual(picked.result.closed, [{ product: 'basic_video', reason }], 'the result names the closed product and its reason');
    assert.equal(testing.prompter.asked.length, asked, 'no cost question');
    assert.deepEqual(await posts(), [], 'nothing uploaded, no job');

    // Both closed: nothing to offer, the reasons of both are given.
    await control('POST', '/media/catalog', { product: 'full_video', open: false, reason: FULL_VIDEO_CLOSED });
    const none = await withMessages(() => answered<StartResult>({ targetLanguage: 'fr' }, 'docTranslate.media.processVideo', video, [video]));
    assert.deepEqual([none.result.started, none.result.reason], [false, 'notOpen']);
    assert.deepEqual(none.result.closed, [
      { product: 'basic_video', reason },
      { product: 'full_video', reason: FULL_VIDEO_CLOSED },
    ]);
    assert.deepEqual(none.messages, [
      `Doc Translate: Basic video processing is not open (${reason}); Full video processing is not open (${FULL_VIDEO_CLOSED}).`,
    ]);
  });

  it('Synthesize Speech uses a voice made with Add Voice…; once revoked, the voice is no longer offered and nothing is sent or charged', async () => {
    const recording = writeFile('media/narrator.wav', wavFile(6000));
    testing.prompter.answerNext(CONSENT);
    const voice = await vscode.commands.executeCommand<{ created: boolean; assetId?: string; status?: string }>(
      'docTranslate.media.addVoice',
      recording,
      [recording],
      { name: 'Video Narrator' },
    );
    assert.equal(voice.created, true, JSON.stringify(voice));
    const assetId = voice.assetId!;
    let revoked = false;
    try {
      const confirmed = await vscode.commands.executeCommand<{ done: boolean; status?: string }>('docTranslate.media.confirmVoice', { assetId });
      assert.deepEqual(confirmed, { done: true, status: 'active' });
      const script = writeFile('media/lines.txt', 'Welcome to the product tour. '.repeat(4));

      // Without answers the voice is picked: the new active voice is offered after the default one.
      const offered = await withQuickPick(
        () => undefined,
        () => vscode.commands.executeCommand<StartResult>('docTranslate.media.synthesizeSpeech', script, [script]),
      );
      const voicePick = offered.shown.find((s) => s.title === 'Doc Translate: Voice');
      assert.ok(voicePick, `a voice pick was shown: ${JSON.stringify(offered.shown)}`);
      assert.equal(voicePick.items[0]?.label, 'Default voice');
      assert.ok(
        voicePick.items.some((i) => i.label === 'Video Narrator' && i.description === assetId),
        JSON.stringify(voicePick.items),
      );
      assert.deepEqual([offered.result.started, offered.result.reason], [false, 'cancelled']);

      // With the voice chosen, the job carries it and delivers the audio.
      await clearRequests();
      testing.prompter.answerNext('Start');
      const result = await answered<StartResult>({ voiceId: assetId }, 'docTranslate.media.synthesizeSpeech', script, [script]);
      assert.equal(result.started, true, JSON.stringify(result));
      assert.match(testing.prompter.asked.at(-1)!, /^Synthesize Speech lines\.txt with Speech synthesis\? Estimated cost/);
      assert.deepEqual(
        (await posts()).filter((p) => p.startsWith('/api/v1/media-jobs')),
        ['/api/v1/media-jobs 201'],
        'one job',
      );
      const job = await serviceGet<ServiceJob>(`/media-jobs/${result.operationId!}`);
      assert.deepEqual([job.product, job.voice_id], ['tts', assetId], 'the service received the chosen voice');
      const row = await waitForMediaJob(result.operationId!);
      assert.match(row.description, /^completed · \d+ credits?$/);
      assert.deepEqual(
        row.children?.map((c) => [c.label, c.description, c.contextValue]),
        [['lines.speech.wav', 'audio', 'media.file.binary.source']],
      );

      // Revoked (clean-up of the voice): it is no longer offered, and nothing is sent or charged.
      const balance = await available();
      const ledgerSize = (await ledger()).length;
      await clearRequests();
      testing.prompter.answerNext('Revoke');
      const revoke = await vscode.commands.executeCommand<{ done: boolean; status?: string }>('docTranslate.media.revokeVoice', { assetId });
      assert.deepEqual(revoke, { done: true, status: 'revoked' });
      revoked = true;
      const { prompter } = testing;
      const keysBefore = prompter.askedKeys.length;
      const declined = await answered<StartResult>({ voiceId: null, confirm: [undefined] }, 'docTranslate.media.synthesizeSpeech', script, [script]);
      assert.deepEqual([declined.started, declined.reason], [false, 'cancelled'], JSON.stringify(declined));
      const voices = prompter.askedKeys.slice(keysBefore).includes('voiceId')
        ? (prompter.offered('voiceId') ?? []).map((i) => (i as { id?: string | null }).id)
        : [];
      assert.ok(!voices.includes(assetId), `the revoked voice is not offered: ${JSON.stringify(voices)}`);
      assert.ok(!(await posts()).some((p) => p.startsWith('/api/v1/media-jobs')), 'no job was sent');

      assert.equal(await available(), balance, 'nothing charged');
      assert.deepEqual((await ledger()).slice(ledgerSize), [], 'no ledger line');
    } finally {
      if (!revoked) {
        testing.prompter.answerNext('Revoke');
        await vscode.commands.executeCommand('docTranslate.media.revokeVoice', { assetId });
      }
    }
  });

  it('declining the cost question sends no media job and charges nothing', async () => {
    const video = writeFile('media/declined.mp4', mp4File(30_000));
    const balance = await available();
    const ledgerSize = (await ledger()).length;
    await clearRequests();
    testing.prompter.answerNext(undefined);
    const result = await answered<StartResult>({ product: 'basic_video', targetLanguage: 'es' }, 'docTranslate.media.processVideo', video, [video]);
    assert.deepEqual(result, { started: false, reason: 'cancelled' });
    assert.match(
      testing.prompter.asked.at(-1)!,
      /^Process Video declined\.mp4 into Spanish with Basic video processing\? Estimated cost: about 3 credits \(an estimate only\)\.$/,
    );
    const seen = (await requestsSeen()).map((r) => `${r.method} ${r.path}`);
    assert.ok(seen.includes('POST /api/v1/billing/media/credit-estimates'), seen.join(', '));
    assert.ok(!seen.includes('POST /api/v1/media-jobs'), `no media job: ${seen.join(', ')}`);
    assert.deepEqual(await posts(), ['/api/v1/billing/media/credit-estimates 200'], 'only the free estimate; nothing uploaded');
    assert.equal(await available(), balance);
    assert.deepEqual((await ledger()).slice(ledgerSize), [], 'no ledger line');
  });
});
