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
