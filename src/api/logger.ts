/** Logging sink supplied by the editor layer (a LogOutputChannel adapter) or by tests. */
export interface Logger {
  trace(msg: string): void;
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

const noop = (): void => {};

/** A logger that drops everything; the default when none is supplied. */
export const silentLogger: Logger = { trace: noop, debug: noop, info: noop, warn: noop, error: noop };
