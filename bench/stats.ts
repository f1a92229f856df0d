/** Median of a list of numbers (the list is sorted in place). */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/** The p-th quantile (0..1) of a list of numbers (sorted in place). */
export function quantile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(p * values.length))];
}

/** Prints a table with padded columns. */
export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? format(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  console.log(`\n## ${title}`);
  cells.forEach((r, k) => {
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
    if (k === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1e5) return Math.round(n).toLocaleString('en-US');
  return n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toFixed(3);
}
