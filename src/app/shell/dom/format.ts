/** Number formatting for the status line: grouped integers, short decimals, durations. */
const INT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const int = (n: number): string => INT.format(Math.round(n));

export const num = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

/** A duration in ms as people read it: µs below 1 ms (a small search is not "0.00 ms"). */
export function ms(t: number): string {
  if (!Number.isFinite(t) || t < 0) return '—';
  if (t < 0.01) return `${(t * 1000).toFixed(1)} µs`;
  if (t < 1) return `${Math.round(t * 1000)} µs`;
  if (t < 100) return `${t.toFixed(1)} ms`;
  if (t < 10_000) return `${Math.round(t)} ms`;
  return `${(t / 1000).toFixed(1)} s`;
}

/** `[x, y, z]` voxel or a waypoint id, as people read it. */
export const endpointText = (e: string | readonly number[] | null): string => (e === null ? '—' : typeof e === 'string' ? e : e.join(','));

/** Parses "x,y,z" (or "x y z") into integers; null when it is not three integers. */
export function parseVoxel(text: string): number[] | null {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .filter((s) => s !== '');
  if (parts.length !== 3) return null;
  const v = parts.map(Number);
  return v.every(Number.isInteger) ? v : null;
}
