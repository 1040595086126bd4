import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { parseStream } from 'music-metadata';

/**
 * Server-measured duration of an audio or video file in milliseconds, read with music-metadata
 * (`duration: true` scans MP3 frames when the header has no length). The parser is chosen by the
 * format's extension (`wav`, `mp3`, `m4a`, `mp4`): stored files have no extension, and
 * music-metadata's choice by MIME type fails once tsx compiles it to CommonJS (its content-type
 * import loses its default export). Null when the file holds no duration; throws when the content
 * is not of that kind.
 */
export async function mediaDurationMs(path: string, format: string): Promise<number | null> {
  const { size } = await stat(path);
  // Through a PassThrough: the tokenizer would take a file stream's own path (no extension) instead.
  const file = createReadStream(path);
  const stream = file.pipe(new PassThrough());
  try {
    const meta = await parseStream(stream, { path: `input.${format}`, size }, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    return seconds === undefined || !Number.isFinite(seconds) || seconds <= 0 ? null : Math.round(seconds * 1000);
  } finally {
    file.destroy();
    stream.destroy();
  }
}
