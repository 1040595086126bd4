/**
 * Real audio and video files built in memory for the media tests: a PCM WAV, an MPEG-1 Layer III
 * stream of silent frames and an MP4 whose movie header carries the duration. Their durations are
 * read back by music-metadata in the emulator, exactly as for files recorded elsewhere.
 */

/** 8 kHz mono 8-bit PCM (silence), `ms` long. */
export { silentWav as wavFile } from '../../emulator/media/wav.ts';

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: frames of 1152 samples (about 26.12 ms), at least `ms` long. */
export function mp3File(ms: number): Buffer {
  const frames = Math.ceil(((ms / 1000) * 44100) / 1152);
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb90c4, 0); // sync, MPEG-1, Layer III, no CRC, 128 kbit/s, 44.1 kHz, no padding, mono
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
  return b;
}

/** An MP4 with one sound track lasting `ms` (movie header, track header, media header, handler `soun`); no samples. */
export function mp4File(ms: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version 0, flags
  mvhd.writeUInt32BE(1000, 12); // time scale: ms
  mvhd.writeUInt32BE(ms, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [i, v] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) mvhd.writeUInt32BE(v, 36 + i * 4);
  mvhd.writeUInt32BE(2, 96); // next track id
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000007, 0);
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(ms, 20);
  const mdhd = Buffer.concat([u32(0, 0, 0, 1000, ms), Buffer.from([0x55, 0xc4, 0, 0])]);
  const hdlr = Buffer.concat([u32(0, 0), Buffer.from('soun', 'latin1'), u32(0, 0, 0), Buffer.from('Sound\0', 'latin1')]);
  const entry = Buffer.alloc(36);
  entry.writeUInt32BE(36, 0);
  entry.write('mp4a', 4, 'latin1');
  entry.writeUInt16BE(1, 14); // data reference index
  entry.writeUInt16BE(1, 24); // channels
  entry.writeUInt16BE(16, 26); // sample size
  entry.writeUInt32BE(1000 * 65536, 32); // sample rate 1000 (16.16), the media time scale
  const stsd = Buffer.concat([u32(0, 1), entry]);
  const minf = box('minf', box('stbl', box('stsd', stsd), box('stts', u32(0, 0)), box('stsz', u32(0, 0, 0))));
  const trak = box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), minf));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak)]);
}
