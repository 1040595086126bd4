/**
 * Error body (the spec leaves it "not shown"; this is the emulator's choice):
 * `{ "error": { "code", "message", "field_errors"?: [{ "field", "message" }] } }`.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: string; message: string; field_errors?: FieldError[] };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.fieldErrors && this.fieldErrors.length > 0) error.field_errors = this.fieldErrors;
    return { error };
  }
}

export function validationError(fieldErrors: FieldError[], code = 'invalid_request'): HttpError {
  const first = fieldErrors[0];
  const message = first ? `${first.field}: ${first.message}` : 'Invalid request';
  return new HttpError(422, code, message, fieldErrors);
}

export const notFound = (what = 'Resource'): HttpError => new HttpError(404, 'not_found', `${what} not found`);

/**
 * The one ownership rule (spec part 7: "403 any: permission, resource ownership"): a resource that
 * exists but belongs to another account, or a key-scoped record of another key, is 403
 * `<resource>_not_owned`; unknown or deleted ids are 404 `not_found`.
 */
export const notOwned = (resource: string, what: string): HttpError => new HttpError(403, `${resource}_not_owned`, `The ${what} belongs to another account`);
