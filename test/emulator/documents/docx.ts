import { readZip } from '../zip.ts';
import { ContentError, codePoints } from './text-counters.ts';

const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

/** Characters of the text runs (`<w:t>`) of word/document.xml; entities count as written. */
export function docxCharCount(zip: Buffer): number {
  let xml: Buffer | undefined;
  try {
    xml = readZip(zip).find((f) => f.name === 'word/document.xml')?.data;
  } catch (err) {
    throw new ContentError(`The DOCX (ZIP) archive is damaged: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!xml) throw new ContentError('The DOCX archive has no word/document.xml');
  let count = 0;
  for (const m of xml.toString('utf8').matchAll(TEXT_RUN)) count += codePoints(m[1]!);
  return count;
}
