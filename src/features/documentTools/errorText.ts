// What the user reads when a document tool is refused (spec part 7), with the fix: 402 top up,
// 403 not yours, 415/422 wrong type or parameters, a closed tool with the service's reason.
// Anything else falls back to the platform's wording. Pure (no vscode import); errors are told
// apart by their class name and reason codes, as in src/platform/errorMessages.ts.
import type { ErrorAction } from '../../platform/errorMessages.ts';
import { formatCredits } from '../../platform/format.ts';

export interface ToolErrorText {
  severity: 'error' | 'warning';
  message: string;
  actions: ErrorAction[];
}

interface ErrorShape {
  name: string;
  code?: string;
  status?: number;
  serviceCode?: string;
  message: string;
  requestId?: string;
  fieldErrors?: { field: string; message: string }[];
}

function shape(err: unknown): ErrorShape | undefined {
  if (!(err instanceof Error) || typeof (err as { code?: unknown }).code !== 'string') return undefined;
  return err as unknown as ErrorShape;
}

export interface ToolErrorContext {
  /** "Visual Extract", "Merge PDFs". */
  tool: string;
  /** The file(s) concerned, for the message. */
  files: string;
  /** The formats the tool takes, e.g. ["pdf"]. */
  formats?: readonly string[];
  availableMillicredits?: number;
}

/** The message for a refused document tool, or undefined for the platform's general wording. */
export function describeToolError(err: unknown, ctx: ToolErrorContext): ToolErrorText | undefined {
  const e = shape(err);
  if (e === undefined) return undefined;
  const ref = e.requestId !== undefined ? ` (request id ${e.requestId})` : '';
  const fields = (e.fieldErrors ?? []).map((f) => `${f.field} ${f.message}`).join('; ');
  const takes = ctx.formats !== undefined && ctx.formats.length > 0 ? ` It takes ${ctx.formats.filter((f) => f !== 'jpeg').map((f) => f.toUpperCase()).join(' and ')} files.` : '';
  switch (e.name) {
    case 'InsufficientCreditsError': {
      const balance = ctx.availableMillicredits !== undefined ? ` You have ${formatCredits(ctx.availableMillicredits)} available.` : '';
      return { severity: 'warning', message: `Not enough credits for ${ctx.tool} of ${ctx.files} (402): nothing was charged.${balance} Top up your account, then run it again.`, actions: ['showBalance'] };
    }
    case 'KeyBudgetExhaustedError':
      return { severity: 'warning', message: `This API key's budget is used up (429), so ${ctx.tool} cannot start: nothing was charged. Raise the key's budget in the console, or use another key.`, actions: ['setApiKey'] };
    case 'PermissionError':
      if ((e.serviceCode ?? '').includes('document')) {
        return { severity: 'error', message: `${ctx.files}: the service says the document belongs to another account (403). Upload it again with this key's account.${ref}`, actions: [] };
      }
      if ((e.serviceCode ?? '').includes('operation')) {
        return { severity: 'error', message: `This operation was started with another API key, which alone may read it (403).${ref}`, actions: ['setApiKey'] };
      }
      return { severity: 'error', message: `The service refused ${ctx.tool} for this key (403): ${e.message}${ref}`, actions: ['setApiKey'] };
    case 'UnsupportedFormatError':
      return { severity: 'error', message: `${ctx.tool} does not take ${ctx.files} (415: wrong file type): ${e.message}.${takes}`, actions: [] };
    case 'ValidationError':
      if (e.serviceCode === 'operation_unavailable') {
        return { severity: 'warning', message: `${ctx.tool} is not available right now: ${e.message} Nothing was charged.`, actions: [] };
      }
      if (e.serviceCode === 'page_limit_exceeded') {
        return { severity: 'warning', message: `${ctx.files} has more pages than ${ctx.tool} takes (422): ${e.message}. Split it first (Split PDF…). Nothing was charged.`, actions: [] };
      }
      if (e.status === 415 || e.status === 422 || e.status === 400) {
        return { severity: 'error', message: `${ctx.tool} refused ${ctx.files} (${e.status}): ${fields !== '' ? fields : e.message}.${takes}${ref}`, actions: [] };
      }
      return undefined;
    default:
      return undefined;
  }
}
