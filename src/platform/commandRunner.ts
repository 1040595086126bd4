import type { DocTranslateClient, Logger } from '../api/index.ts';
import type { CommandId } from '../shared/ids.ts';
import type { BalanceService } from './balance.ts';
import type { ClientService } from './clientService.ts';
import type { Command } from './commands.ts';
import { isCancellation, type ErrorContext } from './errorMessages.ts';
import { requireClient } from './requireClient.ts';
import { errorCode, showError } from './showError.ts';

/** Why a command ended without its work: the service is not set up, the person cancelled it, or a call failed (the client's code). */
export type Failure = { reason: 'notConfigured' | 'cancelled' } | { error: string };

/** What a command's body gets besides its arguments. */
export interface RunContext {
  /** The client; when the URL or key is missing, the person is asked for it and the command ends (`notConfigured`). */
  client(): Promise<DocTranslateClient>;
  /** More for the error message once the command knows it (the language a person picked). */
  about(context: Omit<ErrorContext, 'operation'>): void;
  /** A feature's own wording for the errors it knows (a refused document tool and its fix); it falls back to the error messages itself. */
  reportWith(report: (err: unknown) => Promise<void>): void;
}

/** A command as a feature declares it: what it does, what its failures are called and what they return. */
export interface CommandSpec<R> {
  readonly id: CommandId;
  /** What an error message calls the work (a function: the wording follows the display language). */
  readonly operation: (...args: unknown[]) => string;
  /** More for the error message (the target language, the engine). */
  readonly context?: (...args: unknown[]) => Omit<ErrorContext, 'operation'>;
  /** The command's result when it ends early (its callers read it: tests, other commands). */
  readonly failed: (why: Failure) => R;
  run(ctx: RunContext, ...args: unknown[]): Promise<R>;
}

/** What the runner needs of the platform: the client service, and the balance for a 402's message. */
export type RunnerDeps = {
  readonly clients: ClientService;
  readonly balance?: Pick<BalanceService, 'fetch'>;
  /** Where a failure is noted (masked) besides its message. */
  readonly logger?: Pick<Logger, 'warn'>;
};

class NotConfigured extends Error {}

/** The common result of a failure: `{ [done]: false, reason }` or `{ [done]: false, error }`. */
export const failedAs =
  (done: string) =>
  (why: Failure): Record<string, unknown> => ({ [done]: false, ...why });

/**
 * The one way a command runs: the client when it needs one (asking for what is missing), every
 * failure reported through the error messages (with the balance on a 402) and turned into the
 * command's own result. A feature's command body neither catches nor asks for the client itself.
 */
export function defineCommand<R>(deps: RunnerDeps, spec: CommandSpec<R>): Command {
  return {
    id: spec.id,
    run: async (...args: unknown[]) => {
      let learnt: Omit<ErrorContext, 'operation'> = {};
      let report: ((err: unknown) => Promise<void>) | undefined;
      const ctx: RunContext = {
        client: async () => {
          const client = await requireClient(deps.clients);
          if (client === undefined) throw new NotConfigured();
          return client;
        },
        about: (context) => {
          learnt = { ...learnt, ...context };
        },
        reportWith: (own) => {
          report = own;
        },
      };
      try {
        return await spec.run(ctx, ...args);
      } catch (err) {
        if (err instanceof NotConfigured) return spec.failed({ reason: 'notConfigured' });
        if (isCancellation(err)) return spec.failed({ reason: 'cancelled' });
        deps.logger?.warn(`${spec.operation(...args)} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
        const balance = deps.balance;
        if (report !== undefined) await report(err);
        else
          await showError(
            err,
            {
              operation: spec.operation(...args),
              ...spec.context?.(...args),
              ...learnt,
              ...(deps.clients.baseUrl !== '' ? { baseUrl: deps.clients.baseUrl } : {}),
            },
            { availableMillicredits: balance && (async () => (await balance.fetch({ timeoutMs: 5000 }))?.available) },
          );
        return spec.failed({ error: errorCode(err) ?? 'failed' });
      }
    },
  };
}
