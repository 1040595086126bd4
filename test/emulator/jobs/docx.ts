import { pseudoTranslate } from '../pseudo.ts';
import { readZip, writeZip } from '../zip.ts';
import type { OutputMode } from './translate-text.ts';

const TEXT_RUN = /(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g;

/**
 * DOCX: the text runs (`<w:t>`) of word/document.xml are translated, everything else is copied.
 * Bilingual runs read "source / translation". The run gets xml:space="preserve" so spacing survives.
 */
export function translateDocx(zip: Buffer, target: string, mode: OutputMode): Buffer {
  const files = readZip(zip);
  const doc = files.find((f) => f.name === 'word/document.xml');
  if (!doc) throw new Error('the DOCX archive has no word/document.xml');
  const xml = doc.data.toString('utf8').replace(TEXT_RUN, (whole, open: string, text: string, close: string) => {
    if (text.trim().length === 0) return whole;
    const translated = pseudoTranslate(text, target);
    const out = mode === 'single' ? translated : `${text} / ${translated}`;
    const tag = open.includes('xml:space') ? open : open.replace(/^<w:t/, '<w:t xml:space="preserve"');
    return `${tag}${out}${close}`;
  });
  doc.data = Buffer.from(xml, 'utf8');
  return writeZip(files);
}
