/**
 * Loose reading of an error response body (its shape is "not shown" in the spec). Everything
 * taken from it is length-capped, stripped of control characters and scrubbed of key-like text.
 */
import type { FieldError } from './error-classes.ts';
import { scrubSecrets } from './redact.ts';

export interface ParsedErrorBody {
  serviceCode?: string;
  message?: string;
  fieldErrors: FieldError[];
}

const MAX_MESSAGE = 500;
const MAX_FIELD_ERRORS = 50;
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,79}$/;

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Safe display text: scrubbed, single-line-ish, capped. */
export function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = scrubSecrets(value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')).trim();
  if (text === '') return undefined;
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

function cleanCode(value: unknown): string | undefined {
  if (typeof value !== 'string' || !CODE_PATTERN.test(value.trim())) return undefined;
  // A "code" that carries a secret (the key, a webhook secret echoed back) is no code: dropped.
  return scrubSecrets(value.trim()) === value.trim() ? value.trim().toLowerCase() : undefined;
}

function fieldName(entry: Dict): string {
  const raw = entry['field'] ?? entry['loc'] ?? entry['path'] ?? entry['name'] ?? entry['param'];
  if (Array.isArray(raw))
    return raw
      .filter((p) => p !== 'body')
      .map(String)
      .join('.');
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
}

function readFieldErrors(value: unknown): FieldError[] {
  const out: FieldError[] = [];
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (isDict(entry)) {
        const message = cleanText(entry['message'] ?? entry['msg'] ?? entry['detail']);
        if (message !== undefined) out.push({ field: cleanText(fieldName(entry)) ?? '', message });
      } else {
        const message = cleanText(entry);
        if (message !== undefined) out.push({ field: '', message });
      }
    }
  } else if (isDict(value)) {
    for (const [field, messages] of Object.entries(value)) {
      for (const m of Array.isArray(messages) ? messages : [messages]) {
        const message = cleanText(m);
        if (message !== undefined) out.push({ field: cleanText(field) ?? '', message });
      }
    }
  }
  return out.slice(0, MAX_FIELD_ERRORS);
}

function fromObject(obj: Dict): ParsedErrorBody {
  const inner = isDict(obj['error']) ? obj['error'] : obj;
  let serviceCode = cleanCode(inner['code']) ?? cleanCode(inner['type']);
  let message = cleanText(inner['message']) ?? cleanText(inner['title']);
  if (typeof obj['error'] === 'string') {
    // `{ "error": "some_code", "message": "..." }` or `{ "error": "Human text" }`
    if (serviceCode === undefined && CODE_PATTERN.test(obj['error']) && !obj['error'].includes(' ')) {
      serviceCode = cleanCode(obj['error']);
    } else {
      message ??= cleanText(obj['error']);
    }
  }
  const detail = inner['detail'] ?? obj['detail'];
  if (typeof detail === 'string') message = message === undefined ? cleanText(detail) : message;
  const fieldErrors = [
    ...readFieldErrors(inner['field_errors'] ?? inner['fieldErrors'] ?? inner['errors'] ?? inner['details']),
    ...(Array.isArray(detail) ? readFieldErrors(detail) : []),
  ];
  if (message === undefined && fieldErrors[0] !== undefined) {
    const first = fieldErrors[0];
    message = first.field ? `${first.field}: ${first.message}` : first.message;
  }
  const out: ParsedErrorBody = { fieldErrors };
  if (serviceCode !== undefined) out.serviceCode = serviceCode;
  if (message !== undefined) out.message = message;
  return out;
}

export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (body === undefined || body === null) return { fieldErrors: [] };
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return parseErrorBody(JSON.parse(trimmed) as unknown);
      } catch {
        return { fieldErrors: [] };
      }
    }
    // HTML error pages from proxies are not useful as messages.
    if (trimmed.startsWith('<')) return { fieldErrors: [] };
    const message = cleanText(trimmed);
    return message === undefined ? { fieldErrors: [] } : { message, fieldErrors: [] };
  }
  if (Array.isArray(body)) {
    const fieldErrors = readFieldErrors(body);
    const first = fieldErrors[0];
    return first === undefined ? { fieldErrors } : { message: first.message, fieldErrors };
  }
  return isDict(body) ? fromObject(body) : { fieldErrors: [] };
}
