// What the user reads when a document tool is refused (spec part 7), with the fix: 402 top up,
// 403 not yours, 415/422 wrong type or parameters, a closed tool with the service's reason.
// Anything else falls back to the platform's wording. Pure (no vscode import); errors are told
// apart by their class name and reason codes, as in src/platform/errorMessages.ts.
import type { ErrorAction } from '../../platform/errorMessages.ts';
import { formatCredits } from '../../platform/format.ts';
import { t } from '../../platform/l10n.ts';

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
  const ref = e.requestId !== undefined ? t(' (request id {0})', e.requestId) : '';
  const fields = (e.fieldErrors ?? []).map((f) => `${f.field} ${f.message}`).join('; ');
  const takes =
    ctx.formats !== undefined && ctx.formats.length > 0
      ? ` ${t(
          'It takes {0} files.',
          ctx.formats
            .filter((f) => f !== 'jpeg')
            .map((f) => f.toUpperCase())
            .join(t(' and ')),
        )}`
      : '';
  switch (e.name) {
    case 'InsufficientCreditsError': {
      const message =
        ctx.availableMillicredits !== undefined
          ? t(
              'Not enough credits for {0} of {1} (402): nothing was charged. You have {2} available. Top up your account, then run it again.',
              ctx.tool,
              ctx.files,
              formatCredits(ctx.availableMillicredits),
            )
          : t('Not enough credits for {0} of {1} (402): nothing was charged. Top up your account, then run it again.', ctx.tool, ctx.files);
      return { severity: 'warning', message, actions: ['showBalance'] };
    }
    case 'KeyBudgetExhaustedError':
      return {
        severity: 'warning',
        message: t(
          "This API key's budget is used up (429), so {0} cannot start: nothing was charged. Raise the key's budget in the console, or use another key.",
          ctx.tool,
        ),
        actions: ['setApiKey'],
      };
    case 'PermissionError':
      if ((e.serviceCode ?? '').includes('document')) {
        return {
          severity: 'error',
          message: t("{0}: the service says the document belongs to another account (403). Upload it again with this key's account.{1}", ctx.files, ref),
          actions: [],
        };
      }
      if ((e.serviceCode ?? '').includes('operation')) {
        return {
          severity: 'error',
          message: t('This operation was started with another API key, which alone may read it (403).{0}', ref),
          actions: ['setApiKey'],
        };
      }
      return { severity: 'error', message: t('The service refused {0} for this key (403): {1}{2}', ctx.tool, e.message, ref), actions: ['setApiKey'] };
    case 'UnsupportedFormatError':
      return { severity: 'error', message: t('{0} does not take {1} (415: wrong file type): {2}.{3}', ctx.tool, ctx.files, e.message, takes), actions: [] };
    case 'ValidationError':
      if (e.serviceCode === 'operation_unavailable') {
        return { severity: 'warning', message: t('{0} is not available right now: {1} Nothing was charged.', ctx.tool, e.message), actions: [] };
      }
      if (e.serviceCode === 'page_limit_exceeded') {
        return {
          severity: 'warning',
          message: t('{0} has more pages than {1} takes (422): {2}. Split it first (Split PDF…). Nothing was charged.', ctx.files, ctx.tool, e.message),
          actions: [],
        };
      }
      if (e.status === 415 || e.status === 422 || e.status === 400) {
        return {
          severity: 'error',
          message: t('{0} refused {1} ({2}): {3}.{4}{5}', ctx.tool, ctx.files, e.status, fields !== '' ? fields : e.message, takes, ref),
          actions: [],
        };
      }
      return undefined;
    default:
      return undefined;
  }
}
