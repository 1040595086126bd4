// Audio, video, subtitles and voices in a real VS Code against the emulator: Transcribe a WAV
// written by the test and open the transcript; Translate Subtitles and save next to the source
// (the platform's safe writer); Add Voice refuses without the explicit consent and creates a voice
// with it; closed products are not offered. Questions are answered through the test prompter.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import { silentWav as wavFile } from '../../emulator/media/wav.ts';
import { mediaSection, mediaSnapshot, waitForMediaJob } from './media-helpers.ts';
import {
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  looksTranslated,
  requestsSeen,
  testEnv,
  testingHooks,
  writeWorkspaceFile,
  answered,
} from './helpers.ts';

const CONSENT = 'The recording is my own or validly authorised';

interface StartResult {
  started: boolean;
  operationId?: string;
  reason?: string;
  closed?: { product: string; reason: string }[];
}

describe('Media: audio, subtitles and voices', function () {
  this.timeout(120_000);
  let testing: NonNullable<DocTranslateExports['testing']>;

  before(async () => {
    await configureExtension();
    await control('POST', '/media/settings', { step_ms: 100, hold: false });
    testing = await testingHooks();
  });

  afterEach(async () => {
    await control('POST', '/media/catalog', { product: 'asr', open: true });
    await closeAllEditors();
  });

  it('transcribes a WAV written by the test after showing the estimate, and opens the transcript', async () => {
    const wav = writeWorkspaceFile('media/talk.wav', wavFile(25_000));
    await clearRequests();
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Start');
    const result = await vscode.commands.executeCommand<StartResult>('docTranslate.media.transcribe', wav, [wav], {});
    assert.equal(result.started, true, JSON.stringify(result));
    const question = testing.prompter.asked.slice(asked).join('\n');
    assert.match(question, /Transcribe talk\.wav with Speech recognition\? Estimated cost: about 1 credit \(an estimate only\)/);
    const seen = (await requestsSeen()).map((r) => `${r.method} ${r.path}`);
    const estimateAt = seen.indexOf('POST /api/v1/billing/media/credit-estimates');
    assert.ok(estimateAt >= 0 && estimateAt < seen.indexOf('POST /api/v1/media-jobs'), `the estimate came before the job: ${seen.join(', ')}`);
    const row = await waitForMediaJob(result.operationId!);
    assert.match(row.label, /^talk\.wav · Speech recognition$/);
    assert.match(row.description, /^completed · 1 credit/);
    assert.deepEqual(
      row.children?.map((c) => [c.label, c.contextValue]),
      [['talk.transcript.txt', 'media.file.text.source']],
    );
    const opened = await vscode.commands.executeCommand<{ opened: boolean }>('docTranslate.media.openFile', { operationId: result.operationId });
    assert.equal(opened.opened, true);
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /^\[00:00:00\.000 --> 00:00:10\.000\] \(en\) Recognised speech, segment 1\./);
    assert.match(text, /segment 3\./);
    assert.equal(row.contextValue, 'media.job.ended.settled');
    const receipt = await vscode.commands.executeCommand<string | undefined>('docTranslate.media.showReceipt', { operationId: result.operationId });
    assert.match(receipt ?? '', new RegExp(`cop_${result.operationId!.slice(4)}`), 'the settlement reference opens its receipt');
  });

  it('translates an .srt and saves the result next to the source', async () => {
    const srt = writeWorkspaceFile(
      'media/intro.srt',
      '1\n00:00:01,000 --> 00:00:04,000\nWelcome to the product tour\n\n2\n00:00:05,000 --> 00:00:09,500\nOpen the settings to begin\n',
    );
    testing.prompter.answerNext('Start');
    const result = await answered<StartResult>({ targetLanguage: 'de' }, 'docTranslate.media.translateSubtitles', srt, [srt]);
    assert.equal(result.started, true, JSON.stringify(result));
    assert.match(testing.prompter.asked.at(-1)!, /Translate Subtitles intro\.srt into German with Subtitle translation\? Estimated cost/);
    await waitForMediaJob(result.operationId!);
    const saved = await vscode.commands.executeCommand<{ saved: boolean; how?: string; uri?: vscode.Uri }>('docTranslate.media.saveNextToSource', {
      operationId: result.operationId,
    });
    assert.deepEqual([saved.saved, saved.how], [true, 'created']);
    const target = path.join(testEnv().workspace, 'media', 'intro.de.srt');
    assert.equal(saved.uri?.fsPath, target);
    const out = fs.readFileSync(target, 'utf8');
    assert.match(out, /^1\n00:00:01,000 --> 00:00:04,000\n/);
    assert.ok(looksTranslated(out, 'de'), out);
    const again = await vscode.commands.executeCommand<{ saved: boolean; how?: string }>('docTranslate.media.saveNextToSource', {
      operationId: result.operationId,
    });
    assert.deepEqual([again.saved, again.how], [true, 'unchanged'], 'an identical file is left alone');
  });

  it('Add Voice refuses without the explicit confirmation (nothing sent) and creates one with it', async () => {
    const wav = writeWorkspaceFile('media/me.wav', wavFile(6000));
    await clearRequests();
    testing.prompter.answerNext(undefined);
    const refused = await vscode.commands.executeCommand<{ created: boolean; reason?: string }>('docTranslate.media.addVoice', wav, [wav], {
      name: 'Narrator',
    });
    assert.deepEqual(refused, { created: false, reason: 'noConsent' });
    assert.match(testing.prompter.asked.at(-1)!, /Create a voice from me\.wav\?/);
    assert.deepEqual(
      (await requestsSeen()).filter((r) => r.method === 'POST'),
      [],
      'no upload and no voice request without consent',
    );

    testing.prompter.answerNext(CONSENT);
    const created = await vscode.commands.executeCommand<{ created: boolean; assetId?: string; status?: string }>('docTranslate.media.addVoice', wav, [wav], {
      name: 'Narrator',
    });
    assert.equal(created.created, true, JSON.stringify(created));
    assert.equal(created.status, 'pending_confirmation');
    const voices = mediaSection(await mediaSnapshot(), 'voices').filter((r) => r.id === `media.voice.${created.assetId}`);
    assert.deepEqual(
      voices.map((v) => [v.label, v.description, v.contextValue]),
      [['Narrator', 'pending confirmation', 'media.voice.pending_confirmation']],
    );
    const confirmed = await vscode.commands.executeCommand<{ done: boolean; status?: string }>('docTranslate.media.confirmVoice', { assetId: created.assetId });
    assert.deepEqual(confirmed, { done: true, status: 'active' });
    testing.prompter.answerNext(undefined);
    const kept = await vscode.commands.executeCommand<{ done: boolean; reason?: string }>('docTranslate.media.revokeVoice', { assetId: created.assetId });
    assert.deepEqual(kept, { done: false, reason: 'cancelled' }, 'revoking asks first');
  });

  it("synthesizes speech from a text file and opens the audio in VS Code's media preview", async () => {
    const txt = writeWorkspaceFile('media/script.txt', 'Welcome to the product tour. '.repeat(6));
    testing.prompter.answerNext('Start');
    const result = await answered<StartResult>({ voiceId: null }, 'docTranslate.media.synthesizeSpeech', txt, [txt]);
    assert.equal(result.started, true, JSON.stringify(result));
    assert.match(testing.prompter.asked.at(-1)!, /Synthesize Speech script\.txt with Speech synthesis\? Estimated cost: about 2 credits/);
    const row = await waitForMediaJob(result.operationId!);
    assert.deepEqual(
      row.children?.map((c) => [c.label, c.contextValue]),
      [['script.speech.wav', 'media.file.binary.source']],
    );
    const opened = await vscode.commands.executeCommand<{ opened: boolean; uri?: vscode.Uri }>('docTranslate.media.openFile', {
      operationId: result.operationId,
    });
    assert.equal(opened.opened, true);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputCustom, `a custom (media preview) editor, not a text tab: ${tab?.label}`);
    assert.equal(tab.input.uri.fsPath, opened.uri?.fsPath);
    assert.match(tab.label, /\.wav$/);
  });

  it('cancels a running media job from the Media view', async () => {
    await control('POST', '/media/settings', { hold: true });
    try {
      const wav = writeWorkspaceFile('media/held.wav', wavFile(4000));
      testing.prompter.answerNext('Start');
      const result = await vscode.commands.executeCommand<StartResult>('docTranslate.media.transcribe', wav, [wav], {});
      assert.equal(result.started, true, JSON.stringify(result));
      const cancelled = await vscode.commands.executeCommand<{ cancelled: boolean; status?: string }>('docTranslate.media.cancel', {
        operationId: result.operationId,
      });
      assert.deepEqual(cancelled, { cancelled: true, status: 'cancelled' });
      const row = await waitForMediaJob(result.operationId!);
      assert.match(row.description, /^cancelled/);
      assert.equal(row.contextValue, 'media.job.ended', 'nothing charged, no receipt offered');
    } finally {
      await control('POST', '/media/settings', { hold: false });
    }
  });

  it('does not offer closed products and says why', async () => {
    const wav = writeWorkspaceFile('media/clip.wav', wavFile(3000));
    const video = await answered<StartResult>({ product: undefined }, 'docTranslate.media.processVideo', wav, [wav]);
    assert.deepEqual([video.started, video.reason], [false, 'cancelled']);
    assert.match(video.closed?.find((c) => c.product === 'full_video')?.reason ?? '', /not open/);
    const choosable = (testing.prompter.offered('product') ?? []).filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).map((i) => i.description);
    assert.deepEqual(choosable, ['basic_video'], 'only the open product can be chosen');
    await control('POST', '/media/catalog', { product: 'asr', open: false, reason: 'Speech recognition is paused for maintenance' });
    const asked = testing.prompter.asked.length;
    const asr = await vscode.commands.executeCommand<StartResult>('docTranslate.media.transcribe', wav, [wav], {});
    assert.deepEqual([asr.started, asr.reason, asr.closed?.[0]?.reason], [false, 'notOpen', 'Speech recognition is paused for maintenance']);
    assert.equal(testing.prompter.asked.length, asked, 'nothing is offered, so nothing is asked');
    // The Explorer menus follow the catalog just read: no Transcribe on recordings while asr is closed.
    const menus = (await mediaSnapshot()).menus;
    assert.deepEqual(menus.transcribe, []);
    assert.ok((menus.processVideo as string[]).includes('.wav'), 'basic video is still open');
    assert.ok((menus.translateSubtitles as string[]).includes('.srt'));
    await control('POST', '/media/catalog', { product: 'asr', open: true });
  });
});
