import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { translateSubtitles } from '../jobs/translate-text.ts';
import { pseudoTranslate } from '../pseudo.ts';
import type { DocumentRecord } from '../state.ts';
import { fileEtag } from '../storage.ts';
import type { DeliveredFile, MediaJobRecord } from './store.ts';
import { silentWav } from './wav.ts';

/** Transcript and generated subtitles: one cue per this many milliseconds. */
const CUE_MS = 10_000;
/** Generated speech: 8 kHz mono 8-bit PCM, 8 KB a second. */

function stem(basename: string): string {
  const dot = basename.lastIndexOf('.');
  return dot > 0 ? basename.slice(0, dot) : basename;
}

const two = (n: number): string => String(n).padStart(2, '0');
function clock(ms: number, sep: ',' | '.'): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${two(h)}:${two(m)}:${two(s)}${sep}${String(ms % 1000).padStart(3, '0')}`;
}

function cues(durationMs: number): { from: number; to: number; n: number }[] {
  const out: { from: number; to: number; n: number }[] = [];
  for (let from = 0, n = 1; from < durationMs; from += CUE_MS, n++) out.push({ from, to: Math.min(durationMs, from + CUE_MS), n });
  return out;
}

/** The asr transcript: one timed line per 10 s of the processed recording. */
export function transcriptText(durationMs: number, language: string): string {
  const lang = language === 'auto' ? 'en' : language;
  return (
    cues(durationMs)
      .map((c) => `[${clock(c.from, '.')} --> ${clock(c.to, '.')}] (${lang}) Recognised speech, segment ${c.n}.`)
      .join('\n') + '\n'
  );
}

/** Subtitles for a recording, in the target language (basic and full video processing). */
function generatedSubtitles(durationMs: number, target: string): string {
  return cues(durationMs)
    .map((c) => `${c.n}\n${clock(c.from, ',')} --> ${clock(c.to, ',')}\n${pseudoTranslate(`Spoken line ${c.n}`, target)}\n`)
    .join('\n');
}

interface Output {
  role: DeliveredFile['role'];
  filename: string;
  mimeType: string;
  content: Buffer | string;
}

async function outputs(job: MediaJobRecord, doc: DocumentRecord): Promise<Output[]> {
  const base = stem(doc.basename);
  const target = job.target_language ?? 'en';
  switch (job.product) {
    case 'asr':
      return [
        {
          role: 'transcript',
          filename: `${base}.transcript.txt`,
          mimeType: 'text/plain; charset=utf-8',
          content: transcriptText(job.billedMs, job.source_language),
        },
      ];
    case 'tts':
      return [{ role: 'audio', filename: `${base}.speech.wav`, mimeType: 'audio/wav', content: silentWav(job.billedMs) }];
    case 'subtitle_translation': {
      const text = await readFile(doc.storagePath, 'utf8');
      const ext = doc.format === 'vtt' ? 'vtt' : 'srt';
      const mimeType = ext === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8';
      return [{ role: 'subtitles', filename: `${base}.${target}.${ext}`, mimeType, content: translateSubtitles(text, target, 'single') }];
    }
    case 'basic_video':
      return [
        {
          role: 'subtitles',
          filename: `${base}.${target}.srt`,
          mimeType: 'application/x-subrip; charset=utf-8',
          content: generatedSubtitles(job.billedMs, target),
        },
      ];
    case 'full_video':
      return [
        {
          role: 'subtitles',
          filename: `${base}.${target}.srt`,
          mimeType: 'application/x-subrip; charset=utf-8',
          content: generatedSubtitles(job.billedMs, target),
        },
        { role: 'audio', filename: `${base}.${target}.dub.wav`, mimeType: 'audio/wav', content: silentWav(job.billedMs) },
      ];
  }
}

/** Writes the job's files and registers each as an artifact of the account (`job_id` = the media job). */
export async function produceFiles(app: EmulatorApp, job: MediaJobRecord): Promise<DeliveredFile[]> {
  const state = app.state;
  const doc = state.documents.get(job.document_id);
  if (!doc) throw new Error('source document is gone');
  const files: DeliveredFile[] = [];
  for (const out of await outputs(job, doc)) {
    const id = state.newId('art');
    const dir = join(state.dataDir, 'artifacts', `${id}-${randomBytes(6).toString('hex')}`);
    await mkdir(dir, { recursive: true });
    const path = join(dir, 'content');
    await writeFile(path, out.content);
    const size = (await stat(path)).size;
    state.artifacts.set(id, {
      id,
      accountId: job.accountId,
      job_id: job.id,
      format: out.filename.slice(out.filename.lastIndexOf('.') + 1),
      filename: out.filename,
      mime_type: out.mimeType,
      size,
      etag: await fileEtag(path),
      created_at: new Date(app.clock.now()).toISOString(),
      storagePath: path,
    });
    files.push({ artifact_id: id, role: out.role, filename: out.filename, mime_type: out.mimeType, size });
  }
  return files;
}
