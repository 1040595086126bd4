// Local length of a media file, read from its header before anything is sent, so the estimate
// can be asked for. Only an estimate: the service charges by the duration it measures. Plain Node
// (no vscode): WAV from its fmt/data chunks, MP4/M4A from the movie header, MP3 from the first
// frame's bit rate and the file size, subtitles from the last cue, text at a speaking pace.
import { loadApi } from '../../platform/api.ts';

/** A typical speaking pace for the speech-synthesis estimate (characters per second). */
export const SPEECH_CHARS_PER_SECOND = 15;

/** Duration of a PCM WAV from its header: data size / byte rate. */
export function wavDurationMs(head: Uint8Array): number | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let byteRate: number | undefined;
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 16 <= b.length) byteRate = b.readUInt32LE(at + 16);
    if (id === 'data') return byteRate ? Math.round((size / byteRate) * 1000) : undefined;
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** Duration from an MP4 `moov` box's `mvhd` (time scale and duration, version 0 or 1). */
export function mvhdDurationMs(moov: Uint8Array): number | undefined {
  const b = Buffer.from(moov.buffer, moov.byteOffset, moov.byteLength);
  for (let at = 8; at + 8 <= b.length;) {
    const size = b.readUInt32BE(at);
    if (b.toString('latin1', at + 4, at + 8) === 'mvhd') {
      const version = b[at + 8];
      const [scale, duration] =
        version === 1 ? [b.readUInt32BE(at + 28), Number(b.readBigUInt64BE(at + 32))] : [b.readUInt32BE(at + 20), b.readUInt32BE(at + 24)];
      return scale > 0 ? Math.round((duration / scale) * 1000) : undefined;
    }
    if (size < 8) return undefined;
    at += size;
  }
  return undefined;
}

const MP3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/** MPEG-1 Layer III at a constant bit rate: file size / bit rate (after an ID3v2 tag, if any). */
export function mp3DurationMs(head: Uint8Array, fileSize: number): number | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  let at = 0;
  if (b.toString('latin1', 0, 3) === 'ID3' && b.length >= 10) at = 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!);
  for (; at + 4 <= b.length; at++) {
    if (b[at] !== 0xff || (b[at + 1]! & 0xfe) !== 0xfa) continue;
    const kbps = MP3_BITRATES[b[at + 2]! >> 4];
    if (kbps === undefined || kbps === 0) continue;
    return Math.round(((fileSize - at) * 8) / kbps);
  }
  return undefined;
}

const TIMING = /(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{3})\s*-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{3})/g;

/** End of the last cue of SRT or WebVTT text. */
export function subtitleDurationMs(text: string): number | undefined {
  let end: number | undefined;
  for (const m of text.matchAll(TIMING)) {
    const ms = Number(m[5] ?? 0) * 3_600_000 + Number(m[6]) * 60_000 + Number(m[7]) * 1000 + Number(m[8]);
    end = Math.max(end ?? 0, ms);
  }
  return end;
}

/** How long a text takes to speak at a typical pace (at least one second). */
export function speechDurationMs(text: string): number {
  return Math.max(1000, Math.round(([...text.trim()].length / SPEECH_CHARS_PER_SECOND) * 1000));
}

/** Bytes of the file read through the guarded layer's read helper (it travels in the client bundle). */
const readAt = async (file: string, position: number, length: number): Promise<Buffer> => (await loadApi()).readRange(file, position, length);

async function mp4DurationMs(path: string, size: number): Promise<number | undefined> {
  for (let at = 0; at + 8 <= size;) {
    const head = await readAt(path, at, 16);
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (boxSize === 1 && head.length >= 16) boxSize = Number(head.readBigUInt64BE(8));
    if (boxSize === 0) boxSize = size - at;
    if (type === 'moov') return mvhdDurationMs(await readAt(path, at, Math.min(boxSize, 16 * 1024 * 1024)));
    if (boxSize < 8) return undefined;
    at += boxSize;
  }
  return undefined;
}

/** The local estimate of a file's length, or undefined when its header does not say. */
export async function localDurationMs(path: string, extension: string, size: number): Promise<number | undefined> {
  switch (extension.toLowerCase()) {
    case '.wav':
      return wavDurationMs(await readAt(path, 0, 64 * 1024));
    case '.mp3':
      return mp3DurationMs(await readAt(path, 0, 256 * 1024), size);
    case '.mp4':
    case '.m4a':
      return mp4DurationMs(path, size);
    case '.srt':
    case '.vtt':
      return subtitleDurationMs((await readAt(path, 0, Math.min(size, 8 * 1024 * 1024))).toString('utf8'));
    case '.txt':
    case '.md':
      return speechDurationMs((await readAt(path, 0, Math.min(size, 8 * 1024 * 1024))).toString('utf8'));
    default:
      return undefined;
  }
}
