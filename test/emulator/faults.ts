import { HttpError } from './errors.ts';
import type { FieldError } from './errors.ts';
import type { EmulatorState } from './state.ts';

export type FaultKind = 'status' | 'reset' | 'latency';
export type FaultOrigin = 'api' | 'storage';
/** `before`: instead of running the route. `after`: the route ran (and charged), then its response is lost. */
export type FaultPhase = 'before' | 'after';

export interface FaultSpec {
  id: string;
  origin: FaultOrigin;
  path_prefix: string;
  method: string | null;
  kind: FaultKind;
  status: number;
  code: string | null;
  retry_after: string | null;
  latency_ms: number;
  latency_per_char_ms: number;
  /** Remaining triggers; null = unlimited. */
  count: number | null;
  rate: number | null;
  phase: FaultPhase;
}

/** Validates a control-API fault body. */
export function parseFault(state: EmulatorState, body: Record<string, unknown>): FaultSpec {
  const errors: FieldError[] = [];
  const kind = body.kind;
  if (kind !== 'status' && kind !== 'reset' && kind !== 'latency') errors.push({ field: 'kind', message: 'must be status, reset or latency' });
  const str = (name: string): string | null => {
    const v = body[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') errors.push({ field: name, message: 'must be a string' });
    return typeof v === 'string' ? v : null;
  };
  const num = (name: string, min: number, max: number): number | null => {
    const v = body[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      errors.push({ field: name, message: `must be a number from ${min} to ${max}` });
      return null;
    }
    return v;
  };
  const origin = str('origin') ?? 'api';
  if (origin !== 'api' && origin !== 'storage') errors.push({ field: 'origin', message: 'must be api or storage' });
  const phase = str('phase') ?? 'before';
  if (phase !== 'before' && phase !== 'after') errors.push({ field: 'phase', message: 'must be before or after' });
  const method = str('method');
  const spec: FaultSpec = {
    id: state.newId('fault'),
    origin: origin as FaultOrigin,
    path_prefix: str('path_prefix') ?? '/',
    method: method === null ? null : method.toUpperCase(),
    kind: kind as FaultKind,
    status: num('status', 100, 599) ?? 503,
    code: str('code'),
    retry_after: str('retry_after'),
    latency_ms: num('latency_ms', 0, 600_000) ?? 0,
    latency_per_char_ms: num('latency_per_char_ms', 0, 1000) ?? 0,
    count: num('count', 1, 1_000_000),
    rate: num('rate', 0, 1),
    phase: phase as FaultPhase,
  };
  if (spec.count !== null && !Number.isInteger(spec.count)) errors.push({ field: 'count', message: 'must be an integer' });
  if (errors.length > 0) throw new HttpError(422, 'invalid_request', errors[0]!.message, errors);
  return spec;
}

export interface TriggeredFaults {
  /** The first triggered status or reset fault; at most one per request. */
  terminal: FaultSpec | undefined;
  latencyMs: number;
  latencyPerCharMs: number;
}

/**
 * Decides which faults hit this request. Count faults are consumed in the order they were
 * added; a terminal fault is consumed only when it is the one that answers.
 */
export function takeFaults(state: EmulatorState, origin: FaultOrigin, method: string, path: string, phase: FaultPhase): TriggeredFaults {
  const result: TriggeredFaults = { terminal: undefined, latencyMs: 0, latencyPerCharMs: 0 };
  for (const fault of state.faults) {
    if (fault.origin !== origin || fault.phase !== phase) continue;
    if (fault.method !== null && fault.method !== method) continue;
    if (!path.startsWith(fault.path_prefix)) continue;
    if (fault.count !== null && fault.count <= 0) continue;
    if (fault.kind !== 'latency' && result.terminal) continue;
    if (fault.rate !== null && !(state.rng.next() < fault.rate)) continue;
    if (fault.count !== null) fault.count -= 1;
    if (fault.kind === 'latency') {
      result.latencyMs += fault.latency_ms;
      result.latencyPerCharMs += fault.latency_per_char_ms;
    } else {
      result.terminal = fault;
    }
  }
  removeSpent(state);
  return result;
}

function removeSpent(state: EmulatorState): void {
  for (let i = state.faults.length - 1; i >= 0; i--) {
    if (state.faults[i]!.count === 0) state.faults.splice(i, 1);
  }
}

const STATUS_CODES: Record<number, string> = {
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** The error a `status` fault answers with. */
export function faultError(fault: FaultSpec): HttpError {
  const headers: Record<string, string> = {};
  if (fault.retry_after !== null) headers['Retry-After'] = fault.retry_after;
  const code = fault.code ?? STATUS_CODES[fault.status] ?? 'injected_fault';
  return new HttpError(fault.status, code, `Injected fault (${fault.status})`, undefined, headers);
}
