/**
 * HTTP-date (RFC 9110 section 5.6.7) in its three forms, always read as GMT whatever the machine's
 * time zone (`Date.parse` reads asctime as local time and rejects the RFC 850 full day names):
 *
 * - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
 * - obsolete RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (two-digit year)
 * - obsolete asctime: `Sun Nov  6 08:49:37 1994`
 *
 * Names are matched case-insensitively and runs of spaces are accepted (recipients may be lenient);
 * anything else, and impossible dates such as 31 Feb, give undefined.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const LONG_DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const IMF_FIXDATE = /^([a-z]{3}), +(\d{1,2}) +([a-z]{3}) +(\d{4}) +(\d{2}):(\d{2}):(\d{2}) +gmt$/i;
const RFC850_DATE = /^([a-z]{6,9}), +(\d{1,2})-([a-z]{3})-(\d{2}) +(\d{2}):(\d{2}):(\d{2}) +gmt$/i;
const ASCTIME_DATE = /^([a-z]{3}) +([a-z]{3}) +(\d{1,2}) +(\d{2}):(\d{2}):(\d{2}) +(\d{4})$/i;

function utc(year: number, monthName: string, day: number, hour: number, minute: number, second: number): number | undefined {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month === -1 || hour > 23 || minute > 59 || second > 60 || day < 1) return undefined;
  // A leap second (60) is read as the last second of its minute.
  const at = Date.UTC(year, month, day, hour, minute, Math.min(second, 59));
  // Date.UTC rolls 31 Feb over into March; such a date is invalid, not another day.
  return new Date(at).getUTCDate() === day ? at : undefined;
}

/**
 * RFC 9110: a two-digit year that appears to be more than 50 years in the future is the most
 * recent past year with the same last two digits.
 */
function fullYear(twoDigits: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  let year = current - (current % 100) + twoDigits;
  if (year > current + 50) year -= 100;
  return year;
}

/** Milliseconds since the epoch of an HTTP-date, or undefined when `value` is not one. */
export function parseHttpDate(value: string, now: number = Date.now()): number | undefined {
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m !== null) {
    if (!DAY_NAMES.includes(m[1]!.toLowerCase())) return undefined;
    return utc(Number(m[4]), m[3]!, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
  }
  m = RFC850_DATE.exec(text);
  if (m !== null) {
    if (!LONG_DAY_NAMES.includes(m[1]!.toLowerCase())) return undefined;
    return utc(fullYear(Number(m[4]), now), m[3]!, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
  }
  m = ASCTIME_DATE.exec(text);
  if (m !== null) {
    if (!DAY_NAMES.includes(m[1]!.toLowerCase())) return undefined;
    return utc(Number(m[7]), m[2]!, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  }
  return undefined;
}
