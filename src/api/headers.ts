/** Header bags as they come from undici (`IncomingHttpHeaders`), fetch (`Headers`) or tests. */
export type HeadersLike = Headers | Record<string, string | string[] | number | undefined | null> | undefined | null;

/** Case-insensitive single value of a header; repeated values are joined with ", ". */
export function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined || value === null) continue;
    return Array.isArray(value) ? value.join(', ') : String(value);
  }
  return undefined;
}

/** Iterates header name/value pairs of any supported shape. */
export function headerEntries(headers: HeadersLike): [string, string][] {
  if (!headers) return [];
  const out: [string, string][] = [];
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    headers.forEach((value, key) => out.push([key, value]));
    return out;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out.push([key, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return out;
}
