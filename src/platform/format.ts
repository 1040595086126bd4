// Display formatting shared by messages and the status bar. Pure (no vscode import).
import { t } from './l10n.ts';

/**
 * Millicredits as credits, e.g. 1234567 -> "1,234.567 credits", 1000 -> "1 credit": the one
 * helper for amounts of credits (singular and plural in the display language).
 */
export function formatCredits(millicredits: number, fractionDigits = 3): string {
  const credits = millicredits / 1000;
  const amount = credits.toLocaleString('en-US', { maximumFractionDigits: fractionDigits });
  return credits === 1 ? t('{0} credit', amount) : t('{0} credits', amount);
}
