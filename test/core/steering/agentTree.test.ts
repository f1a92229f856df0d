import { describe, expect, it } from 'vitest';
import { AgentTree } from '../../../src/core/steering/AgentTree.ts';
import { mulberry32 } from '../../support/random.ts';

/** The k nearest of `pos` to (x, y, z) within reach (not `self`), by distance then index, and all within `close`. */
function bruteForce(
  pos: Float64Array,
  count: number,
  x: number,
  y: number,
  z: number,
  self: number,
  k: number,
  reach: number,
  close: number,
) {
  const all: [number, number][] = [];
  const within: number[] = [];
  for (let j = 0; j < count; j++) {
    if (j === self) continue;
    const dSq = (pos[3 * j] - x) ** 2 + (pos[3 * j + 1] - y) ** 2 + (pos[3 * j + 2] - z) ** 2;
    if (dSq < reach * reach) all.push([j, dSq]);
    if (dSq < close * close) within.push(j);
  }
  all.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return { near: all.slice(0, k), close: within };
}

describe('AgentTree', () => {
  it('finds the k nearest within the reach and everyone within the close distance, against brute force', () => {
    const rand = mulberry32(7);
    const tree = new AgentTree();
    for (const [count, span, k, reach, close] of [
      [1000, 40, 10, 5, 1.1],
      [300, 5, 10, 5, 1],
      [50, 1000, 4, 300, 100],
      [9, 0.001, 3, 1, 1],
      [200, 20, 0, 0, 3],
      [1, 1, 10, 5, 1],
    ] as const) {
      const pos = new Float64Array(3 * count);
      for (let n = 0; n < pos.length; n++) pos[n] = (rand() - 0.5) * span;
      // A few agents at the same point (the tree must still split them).
      if (count > 20) for (let n = 0; n < 12; n++) pos.copyWithin(3 * n, 0, 3);
      tree.build(pos, count);
      for (let q = 0; q < 200; q++) {
        const self = q % 2 === 0 ? Math.floor(rand() * count) : -1;
        const x = self >= 0 ? pos[3 * self] : (rand() - 0.5) * span,
          y = self >= 0 ? pos[3 * self + 1] : (rand() - 0.5) * span,
          z = self >= 0 ? pos[3 * self + 2] : (rand() - 0.5) * span;
        const n = tree.nearest(x, y, z, self, k, reach, close);
        const want = bruteForce(pos, count, x, y, z, self, k, reach, close);
        expect(n).toBe(want.near.length);
        expect(Array.from(tree.nearDistSq.subarray(0, n))).toEqual(want.near.map((w) => w[1]));
        expect(Array.from(tree.nearIndex.subarray(0, n))).toEqual(want.near.map((w) => w[0]));
        expect(Array.from(tree.close.subarray(0, tree.closeCount)).sort((a, b) => a - b)).toEqual(want.close);
      }
    }
  });

  it('rebuilds over fewer or more agents without stale entries', () => {
    const tree = new AgentTree();
    tree.build(Float64Array.from([0, 0, 0, 1, 0, 0, 2, 0, 0]), 3);
    expect(tree.nearest(0, 0, 0, 0, 5, 10, 0)).toBe(2);
    tree.build(Float64Array.from([0, 0, 0, 1, 0, 0, 2, 0, 0]), 2);
    expect(tree.nearest(0, 0, 0, 0, 5, 10, 0)).toBe(1);
    tree.build(new Float64Array(0), 0);
    expect(tree.nearest(0, 0, 0, -1, 5, 10, 10)).toBe(0);
    expect(tree.closeCount).toBe(0);
  });
});
