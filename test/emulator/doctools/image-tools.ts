// The synchronous image tools (spec 4.6) on pure-JS codecs: pngjs and jpeg-js. Convert decodes
// and encodes into the target format (PNG transparency is laid on white for JPEG); compress
// re-encodes in the same format (JPEG at the given quality; PNG at the strongest deflate level,
// without an alpha channel when every pixel is opaque). Quality has no effect on PNG output.
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { IMAGE_MAX_PIXELS } from './capabilities.ts';

export type ImageFormat = 'png' | 'jpg';

/** An image the codecs cannot read, or too large: 422 unreadable_document / image_too_large. */
export class ImageError extends Error {
  constructor(
    message: string,
    readonly code: 'unreadable_document' | 'image_too_large',
  ) {
    super(message);
  }
}

interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

function checkSize(width: number, height: number): void {
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new ImageError(`The image has ${width * height} pixels; at most ${IMAGE_MAX_PIXELS} are processed`, 'image_too_large');
  }
}

function decode(bytes: Buffer, format: ImageFormat, name: string): Rgba {
  try {
    if (format === 'png') {
      const png = PNG.sync.read(bytes);
      checkSize(png.width, png.height);
      return { width: png.width, height: png.height, data: png.data };
    }
    const img = jpeg.decode(bytes, { formatAsRGBA: true, maxResolutionInMP: IMAGE_MAX_PIXELS / 1e6, maxMemoryUsageInMB: 1024 });
    return { width: img.width, height: img.height, data: img.data };
  } catch (err) {
    if (err instanceof ImageError) throw err;
    throw new ImageError(`${name} could not be read as ${format.toUpperCase()}: ${err instanceof Error ? err.message : String(err)}`, 'unreadable_document');
  }
}

function opaque(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] !== 255) return false;
  return true;
}

/** Transparent pixels over a white background (JPEG has no alpha). */
function onWhite(img: Rgba): Rgba {
  const data = Buffer.from(img.data);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c]! * a + 255 * (1 - a));
    data[i + 3] = 255;
  }
  return { ...img, data };
}

function encode(img: Rgba, format: ImageFormat, quality: number, strongest: boolean): Buffer {
  if (format === 'jpg') return jpeg.encode(onWhite(img), quality).data;
  const png = new PNG({ width: img.width, height: img.height, colorType: strongest && opaque(img) ? 2 : 6, deflateLevel: strongest ? 9 : 6 });
  img.data.copy(png.data);
  return PNG.sync.write(png, { colorType: strongest && opaque(img) ? 2 : 6, deflateLevel: strongest ? 9 : 6 });
}

export function convertImage(bytes: Buffer, from: ImageFormat, to: ImageFormat, quality: number, name: string): Buffer {
  return encode(decode(bytes, from, name), to, quality, false);
}

/** Never larger than the input: when re-encoding does not help, the input comes back unchanged. */
export function compressImage(bytes: Buffer, format: ImageFormat, quality: number, name: string): Buffer {
  const out = encode(decode(bytes, format, name), format, quality, true);
  return out.length < bytes.length ? out : bytes;
}
