import { mulberry32 } from './random.ts';

/**
 * Sampled tests. A few long tests repeat one check over many cases (every shipped scene, every
 * level kind). `npm test` runs a fixed, seeded sample of those cases; `npm run verify:full`
 * (NAVLAB_FULL=1) runs the whole suite with every case, so each case still runs somewhere.
 */
export const FULL = process.env.NAVLAB_FULL === '1';

/**
 * `count` of `cases` picked by a seeded shuffle, in their original order; every case when FULL
 * or when `count` covers them all. The same seed picks the same cases on every machine.
 */
export function sampleCases<T>(cases: readonly T[], count: number, seed: number): T[] {
  if (FULL || count >= cases.length) return [...cases];
  const rand = mulberry32(seed);
  const order = cases.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const picked = new Set(order.slice(0, count));
  return cases.filter((_, i) => picked.has(i));
}
