/**
 * Canary-key checks: a Logger that captures every line, plus helpers that collect every piece of
 * text an error can show (message, stack, util.inspect) and assert a secret never appears in any.
 */
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { DocTranslateClient, type ClientOptions, type Logger } from '../../../../src/api/index.ts';

export class CapturingLogger implements Logger {
  readonly lines: string[] = [];
  trace(msg: string): void {
    this.lines.push(`trace ${msg}`);
  }
  debug(msg: string): void {
    this.lines.push(`debug ${msg}`);
  }
  info(msg: string): void {
    this.lines.push(`info ${msg}`);
  }
  warn(msg: string): void {
    this.lines.push(`warn ${msg}`);
  }
  error(msg: string): void {
    this.lines.push(`error ${msg}`);
  }
}

/** Every rendering of an error a user or a log could see. */
export function errorTexts(err: unknown): string[] {
  const texts = [inspect(err, { depth: 10, showHidden: true }), String(err)];
  if (err instanceof Error) {
    texts.push(err.message, err.stack ?? '');
    try {
      texts.push(JSON.stringify(err));
    } catch {
      // circular structures are covered by inspect above
    }
  }
  return texts;
}

/** Collects texts across a test file; `assertClean` checks none contains a secret. */
export class CanaryJar {
  readonly texts: string[] = [];

  addError(err: unknown): void {
    this.texts.push(...errorTexts(err));
  }

  addLines(lines: readonly string[]): void {
    this.texts.push(...lines);
  }

  assertClean(secret: string): void {
    assert.ok(secret.length >= 16, 'canary must be long enough to be distinctive');
    const hits = this.texts.filter((t) => t.includes(secret));
    assert.deepEqual(hits, [], 'the canary key leaked into captured text');
    // Also the key's body without its prefix (catches partial echoes such as "Bearer <key minus sk_>").
    const body = secret.slice(3);
    assert.deepEqual(
      this.texts.filter((t) => t.includes(body)),
      [],
      'a large part of the canary key leaked into captured text',
    );
  }
}

/** Runs `fn`, expecting it to reject; returns the rejection. */
export async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  assert.fail('expected a rejection');
}

/**
 * The clients of one test file: built from shared options (the capturing logger, short retry
 * delays), every failure recorded in the jar for the canary check, all closed by closeAll().
 */
export class ClientPool {
  private readonly clients: DocTranslateClient[] = [];

  constructor(
    private readonly base: () => ClientOptions,
    private readonly jar: CanaryJar,
  ) {}

  readonly client = (over: Partial<ClientOptions> = {}): DocTranslateClient => {
    const c = new DocTranslateClient({ ...this.base(), ...over });
    this.clients.push(c);
    return c;
  };

  /** The error `fn` rejects with, added to the jar. */
  readonly fails = async (fn: () => Promise<unknown>): Promise<unknown> => {
    const err = await rejection(fn);
    this.jar.addError(err);
    return err;
  };

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => c.close()));
  }
}
