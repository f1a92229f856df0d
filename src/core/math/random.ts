/**
 * mulberry32 (Tommy Ettinger, public domain): a small seeded PRNG, uniform in [0, 1).
 * Scenes, simulations, tests and benchmarks that draw from it are reproducible.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [0, n). */
export const randInt = (rand: () => number, n: number): number => Math.floor(rand() * n);
