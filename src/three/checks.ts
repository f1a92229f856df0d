import { NavlabError } from '../core/errors.ts';

/**
 * `v` when it is a finite number >= min (> min when `open`); else a NavlabError 'usage'
 * naming the argument: "name: expected a finite number >= min, got v".
 */
export function checkNumber(name: string, v: unknown, min: number, open = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (open ? v <= min : v < min)) {
    throw new NavlabError('usage', `${name}: expected a finite number ${open ? '>' : '>='} ${min}, got ${String(v)}`);
  }
  return v;
}
