import type { Command } from './commands.ts';
import type { ContextKeys } from './contextKeys.ts';
import type { ContextKey } from '../shared/ids.ts';

/**
 * A command that, once its result says it did its job, sets a context key to true (e.g. for a
 * walkthrough step's `onContext:` completion event). The command itself is unchanged: the same
 * id, arguments and result; a failed or cancelled run sets nothing.
 */
export function withMilestone(command: Command, contextKeys: ContextKeys, key: ContextKey, reached: (result: Record<string, unknown>) => boolean): Command {
  return {
    id: command.id,
    run: async (...args: unknown[]) => {
      const result: unknown = await command.run(...args);
      if (typeof result === 'object' && result !== null && reached(result as Record<string, unknown>)) contextKeys.set(key, true);
      return result;
    },
  };
}
