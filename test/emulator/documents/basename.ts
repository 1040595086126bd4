/** Longest display name, in code points (the extension is kept when shortening). */
export const MAX_BASENAME_CHARS = 120;

const ILLEGAL = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * Spec 2.2: a display name with illegal characters replaced and over-long names shortened to a
 * safe name. Only the last path component counts; the result is never empty, never starts with a
 * dot, never ends with a dot or space and is never a reserved device name.
 */
export function sanitizeBasename(name: string, fallbackExtension: string): string {
  const last = name.replace(/\\/g, '/').split('/').pop() ?? '';
  let clean = last
    .normalize('NFC')
    .replace(ILLEGAL, '_')
    .trim()
    .replace(/[. ]+$/, '');
  const dot = clean.lastIndexOf('.');
  let stem = (dot >= 0 ? clean.slice(0, dot) : clean).replace(/^[.\s]+/, '');
  let ext = dot >= 0 ? clean.slice(dot) : '';
  if (stem.length === 0) stem = 'document';
  if (ext === '' && fallbackExtension) ext = `.${fallbackExtension}`;
  if (RESERVED.test(stem.split('.')[0]!.trim())) stem = `_${stem}`;
  const extChars = [...ext];
  if (extChars.length > 16) ext = extChars.slice(0, 16).join('');
  const room = MAX_BASENAME_CHARS - [...ext].length;
  const stemChars = [...stem];
  if (stemChars.length > room)
    stem =
      stemChars
        .slice(0, room)
        .join('')
        .replace(/[. ]+$/, '') || 'document';
  clean = stem + ext;
  return clean;
}
