/** One benchmark figure and the line `npm run bench` prints for it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  ref: number;
  goal: string;
  /** Test of the ratio against the goal; only for the summary on stderr (a goal of 'info' has none). */
  met?: (ratio: number) => boolean;
}

function num(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(6)));
}

export function ratioOf(f: Figure): number {
  return f.ref === 0 ? Number.NaN : f.value / f.ref;
}

export function benchLine(f: Figure): string {
  return `BENCH ${f.name} value=${num(f.value)} unit=${f.unit} ref=${num(f.ref)} ratio=${num(ratioOf(f))} goal=${f.goal}`;
}

/** A figure that could not be measured: NaN value, so a reader never mistakes it for a result. */
export function failedFigure(name: string, unit: string, ref: number, goal: string): Figure {
  return { name, value: Number.NaN, unit, ref, goal };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const atMost =
  (limit: number) =>
  (r: number): boolean =>
    r <= limit;
export const atLeast =
  (limit: number) =>
  (r: number): boolean =>
    r >= limit;

/** Progress and details go to stderr; stdout ends with the BENCH lines only. */
export function note(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}
