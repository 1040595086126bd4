import type { FieldError } from './errors.ts';

/** Collects field errors so a request reports all its problems at once (422 field_errors). */
export class Fields {
  readonly errors: FieldError[] = [];

  constructor(private readonly body: Record<string, unknown>) {}

  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  /** String field; undefined (plus an error unless optional) when missing or invalid. */
  string(name: string, opts: { optional?: boolean } & StringRules = {}): string | undefined {
    const value = this.body[name];
    if (value === undefined || value === null) {
      if (!opts.optional) this.add(name, 'is required');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(name, 'must be a string');
      return undefined;
    }
    return checkString(this, name, value, opts) ? value : undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.body[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') {
      this.add(name, 'must be a boolean');
      return undefined;
    }
    return value;
  }

  integer(name: string, opts: { optional?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.body[name];
    if (value === undefined || value === null) {
      if (!opts.optional) this.add(name, 'is required');
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.add(name, 'must be an integer');
      return undefined;
    }
    if ((opts.min !== undefined && value < opts.min) || (opts.max !== undefined && value > opts.max)) {
      this.add(name, `must be between ${opts.min ?? '-inf'} and ${opts.max ?? 'inf'}`);
      return undefined;
    }
    return value;
  }
}

export interface StringRules {
  minChars?: number;
  maxChars?: number;
}

/** Lengths count Unicode code points. */
export function checkString(fields: Fields, name: string, value: string, rules: StringRules): boolean {
  const length = [...value].length;
  if (rules.minChars !== undefined && length < rules.minChars) {
    fields.add(name, rules.minChars === 1 ? 'must not be empty' : `must have at least ${rules.minChars} characters`);
    return false;
  }
  if (rules.maxChars !== undefined && length > rules.maxChars) {
    fields.add(name, `must have at most ${rules.maxChars} characters (has ${length})`);
    return false;
  }
  return true;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An integer query parameter (`limit`, `offset`) within [min, max]: absent gives `fallback`;
 * anything else is a field error on `fields` (422 with the others).
 */
export function queryInteger(query: URLSearchParams, fields: Fields, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    fields.add(name, `must be an integer between ${min} and ${max}`);
    return fallback;
  }
  return n;
}
