// Pure logic of the Media feature: what the catalog lets a command offer, local durations read
// from real file headers, how jobs and voices read in the view, the consent statement.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaCatalog, MediaJob } from '../../../src/api/index.ts';
import { CONSENT_CHOICE, CONSENT_VERSION, consentQuestion, consentStatement } from '../../../src/features/media/consent.ts';
import { isTextFile, jobDescription, safeName, voiceDescription } from '../../../src/features/media/describe.ts';
import { localDurationMs, mp3DurationMs, mvhdDurationMs, speechDurationMs, subtitleDurationMs, wavDurationMs } from '../../../src/features/media/duration.ts';
import { applyMediaMenus, listedFormats, menuFormats } from '../../../src/features/media/menus.ts';
import { formatDuration, needsTarget, offers } from '../../../src/features/media/products.ts';
import { mp3File, mp4File, wavFile } from '../emulator/media-files.ts';

describe('features/media', () => {
  describe('offers', () => {
    const catalog: MediaCatalog = {
      products: [
        { product: 'basic_video', open: true, display_name: 'Basic video' },
        { product: 'full_video', open: false, reason: 'Not for this plan' },
        { product: 'asr', open: null },
      ],
    };

    it("offers open products and gives the catalog's reason for the others", () => {
      assert.deepEqual(offers(catalog, ['basic_video', 'full_video']), [
        { product: 'basic_video', name: 'Basic video', open: true },
        { product: 'full_video', name: 'Full video processing', open: false, reason: 'Not for this plan' },
      ]);
    });

    it('treats anything but open: true, and a product missing from the catalog, as not open', () => {
      assert.deepEqual(
        offers(catalog, ['asr', 'tts']).map((o) => [o.product, o.open, o.reason]),
        [
          ['asr', false, 'not open'],
          ['tts', false, "not in the service's catalog"],
        ],
      );
    });

    it('knows which products need a target language; formats lengths', () => {
      assert.deepEqual(
        ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'].map((p) => needsTarget(p as never)),
        [false, false, true, true, true],
      );
      assert.deepEqual([formatDuration(65_000), formatDuration(3_723_000), formatDuration(400)], ['1:05', '1:02:03', '0:00']);
    });
  });

  describe('local durations', () => {
    it('reads WAV, MP3 and MP4 headers as the service measures them', () => {
      assert.equal(wavDurationMs(wavFile(65_000)), 65_000);
      const mp3 = mp3File(125_000);
      assert.ok(Math.abs(mp3DurationMs(mp3.subarray(0, 4096), mp3.length)! - 125_000) < 1250, 'within 1% (constant bit rate; padding ignored)');
      const mp4 = mp4File(185_000);
      const moovAt = mp4.indexOf(Buffer.from('moov')) - 4;
      assert.equal(mvhdDurationMs(mp4.subarray(moovAt)), 185_000);
      assert.equal(wavDurationMs(Buffer.from('not a wav file')), undefined);
      assert.equal(mp3DurationMs(Buffer.alloc(64), 64), undefined);
    });

    it('reads the files themselves by extension', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'media-duration-'));
      try {
        const put = (name: string, bytes: Buffer | string): string => {
          writeFileSync(join(dir, name), bytes);
          return join(dir, name);
        };
        const wav = wavFile(2500);
        const mp4 = mp4File(7000);
        assert.equal(await localDurationMs(put('a.wav', wav), '.wav', wav.length), 2500);
        assert.equal(await localDurationMs(put('a.mp4', mp4), '.MP4', mp4.length), 7000);
        const srt = '1\n00:00:01,000 --> 00:01:04,250\nHi\n';
        assert.equal(await localDurationMs(put('a.srt', srt), '.srt', srt.length), 64_250);
        assert.equal(await localDurationMs(put('a.bin', 'x'), '.bin', 1), undefined);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('subtitles end at the last cue (SRT and WebVTT); text at a speaking pace', () => {
      assert.equal(subtitleDurationMs('WEBVTT\n\n00:05.000 --> 00:07.500\nA\n\n01:00:00.000 --> 01:00:02.000\nB\n'), 3_602_000);
      assert.equal(subtitleDurationMs('no cues'), undefined);
      assert.equal(speechDurationMs('x'.repeat(150)), 10_000);
      assert.equal(speechDurationMs(' '), 1000);
    });
  });

  describe('describe', () => {
    const job = (over: Partial<MediaJob>): MediaJob => ({ operation_id: 'mop_1', status: 'processing', files: [], ...over }) as MediaJob;

    it('shows status, progress, the charge and errors', () => {
      assert.equal(jobDescription(job({ status: 'processing', progress: 50 } as Partial<MediaJob>)), 'processing 50%');
      assert.equal(jobDescription(job({ status: 'completed', settlement: { charged_millicredits: 1500 } })), 'completed · 1.5 credits');
      assert.equal(jobDescription(job({ status: 'failed', error_msg: 'decoder crashed' })), 'failed: decoder crashed');
      assert.equal(voiceDescription({ asset_id: 'v', status: 'pending_confirmation' }), 'pending confirmation');
    });

    it('opens text and subtitles as text; keeps only a plain file name from the service', () => {
      assert.equal(isTextFile({ filename: 'a.srt', mime_type: 'application/x-subrip' }), true);
      assert.equal(isTextFile({ filename: 'a.wav', mime_type: 'audio/wav' }), false);
      assert.equal(safeName('../../etc/passwd', 'x'), 'passwd');
      assert.equal(safeName('..\\..\\evil.srt', 'x'), 'evil.srt');
      assert.equal(safeName('..', 'fallback'), 'fallback');
      assert.equal(safeName(null, 'fallback'), 'fallback');
    });
  });

  it('the consent statement names its version and the one answer that consents', () => {
    assert.equal(CONSENT_VERSION, 'voice-source-rights-v1');
    assert.match(consentStatement(), /voice-source-rights-v1/);
    assert.match(consentQuestion('me.wav'), /me\.wav/);
    assert.equal(CONSENT_CHOICE, 'The recording is my own or validly authorised');
  });

  describe('Explorer menus from the catalog', () => {
    const catalog = (products: Record<string, unknown>[]): MediaCatalog => ({ products: products as MediaCatalog['products'] });

    it("uses today's lists before the catalog is read", () => {
      assert.deepEqual(menuFormats('transcribe', undefined), ['wav', 'mp3', 'm4a', 'mp4']);
      assert.deepEqual(menuFormats('translateSubtitles', undefined), ['srt', 'vtt']);
      assert.deepEqual(menuFormats('synthesizeSpeech', undefined), ['txt', 'md']);
    });

    it('hides a command whose products are all closed or missing; keeps it while one is open', () => {
      const c = catalog([
        { product: 'asr', open: false, reason: 'maintenance' },
        { product: 'basic_video', open: false },
        { product: 'full_video', open: true },
        { product: 'tts', open: true },
      ]);
      assert.deepEqual(menuFormats('transcribe', c), []);
      assert.deepEqual(menuFormats('translateSubtitles', c), [], 'not in the catalog: not open');
      assert.deepEqual(menuFormats('processVideo', c), ['m4a', 'mp3', 'mp4', 'wav']);
      assert.deepEqual(menuFormats('synthesizeSpeech', c), ['md', 'txt']);
    });

    it('takes the input formats a product lists (loosely named), in both cases for resourceExtname', () => {
      assert.deepEqual(listedFormats({ input_formats: ['.OGG', 'flac', '', 3] }), ['ogg', 'flac']);
      assert.deepEqual(listedFormats({ formats: ['webm'] }), ['webm']);
      assert.deepEqual(listedFormats({ product: 'asr' }), []);
      const c = catalog([{ product: 'asr', open: true, input_formats: ['ogg', 'wav'] }]);
      assert.deepEqual(menuFormats('transcribe', c), ['ogg', 'wav']);
      const set = new Map<string, unknown>();
      applyMediaMenus({ set: (k, v) => void set.set(k, v) }, c);
      assert.deepEqual(set.get('docTranslate.mediaMenu.transcribe'), ['.ogg', '.OGG', '.wav', '.WAV']);
      assert.deepEqual(set.get('docTranslate.mediaMenu.translateSubtitles'), []);
    });
  });
});
