// The budget of an update from the Localization view (setting docTranslate.localize.maxCredits) and
// the line shown after it: the engine's estimate next to what the service charged (the account's
// settled credits before and after), and, when the budget stopped it, what is left for next time.
import * as vscode from 'vscode';
import type { UpdateReport } from '../../../localize/index.ts';

export interface RunCost {
  /** The budget in millicredits, when set. */
  cap: number | undefined;
  estimated: number;
  /** Settled millicredits during the update; undefined when the balance could not be read. */
  charged: number | undefined;
  stopped: boolean;
  leftFiles: number;
  leftSegments: number;
  leftEstimated: number;
  /** Segments not sent again after a failed check because that would have passed the budget. */
  held: number;
}

/** The setting as millicredits; undefined when not set; 'invalid' for a value that is not a number of at least 0. */
export function budgetFromSetting(credits: number | undefined): number | 'invalid' | undefined {
  if (credits === undefined) return undefined;
  return Number.isFinite(credits) && credits >= 0 ? Math.round(credits * 1000) : 'invalid';
}

export function runCost(reports: readonly UpdateReport[], cap: number | undefined, charged: number | undefined): RunCost {
  const budgets = reports.flatMap((r) => (r.budget !== undefined ? [r.budget] : []));
  const sum = (f: (b: (typeof budgets)[number]) => number): number => budgets.reduce((n, b) => n + f(b), 0);
  return {
    cap,
    estimated: sum((b) => b.estimatedMillicredits),
    charged,
    stopped: budgets.some((b) => b.stopped),
    leftFiles: sum((b) => b.left.files.length),
    leftSegments: sum((b) => b.left.segments),
    leftEstimated: sum((b) => b.left.estimatedMillicredits),
    held: sum((b) => b.held),
  };
}

const credits = (millicredits: number): string => (Math.round(millicredits) / 1000).toLocaleString(vscode.env.language, { maximumFractionDigits: 3 });

/** One or two sentences: the estimate and the charge; what the budget left. */
export function costText(c: RunCost): string {
  const parts = [
    c.charged === undefined
      ? vscode.l10n.t('Estimated {0} credits; the charge could not be read.', credits(c.estimated))
      : vscode.l10n.t('Estimated {0} credits, charged {1} credits.', credits(c.estimated), credits(c.charged)),
  ];
  if (c.stopped && c.cap !== undefined)
    parts.push(
      vscode.l10n.t(
        'Stopped at the budget of {0} credits (docTranslate.localize.maxCredits): {1} translation(s) left ({2} segments, about {3} credits); update again to continue.',
        credits(c.cap),
        c.leftFiles,
        c.leftSegments,
        credits(c.leftEstimated),
      ),
    );
  if (c.held > 0) parts.push(vscode.l10n.t('{0} segment(s) kept their source text: sending them again would have passed the budget.', c.held));
  return parts.join(' ');
}
