// Display formatting shared by messages and the status bar. Pure (no vscode import).

/** Millicredits as credits, e.g. 1234567 -> "1,234.567 credits". */
export function formatCredits(millicredits: number): string {
  const credits = millicredits / 1000;
  return `${credits.toLocaleString('en-US', { maximumFractionDigits: 3 })} credits`;
}
