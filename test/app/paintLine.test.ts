/** A fast paint stroke leaves no gaps: the voxels between successive pointer samples (voxelLine). */
import { describe, expect, it } from 'vitest';
import { voxelLine } from '../../src/app/features/editor/painting.ts';
import { mulberry32, randInt } from '../../src/core/math/random.ts';

/** Distance from point p to the segment a-b. */
function toSegment(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const d = [0, 1, 2].map((k) => b[k] - a[k]);
  const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, [0, 1, 2].reduce((s, k) => s + (p[k] - a[k]) * d[k], 0) / len2));
  return Math.hypot(...[0, 1, 2].map((k) => p[k] - (a[k] + t * d[k])));
}

describe('voxelLine', () => {
  it('steps face to face from a (excluded) to b (included), along the straight line', () => {
    const rand = mulberry32(24);
    for (let n = 0; n < 300; n++) {
      const a = [randInt(rand, 40), randInt(rand, 40), randInt(rand, 40)];
      const b =
        n % 3 === 0
          ? [a[0] + randInt(rand, 30) - 15, a[1], a[2] + randInt(rand, 30) - 15]
          : [randInt(rand, 40), randInt(rand, 40), randInt(rand, 40)];
      const line = voxelLine(a, b);
      expect(line).toHaveLength(Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]) + Math.abs(b[2] - a[2]));
      let prev = a;
      for (const v of line) {
        const diff = [0, 1, 2].map((k) => Math.abs(v[k] - prev[k]));
        expect(diff.reduce((s, x) => s + x, 0)).toBe(1);
        // Every voxel passed is one the segment between the centres touches (within half a diagonal).
        expect(toSegment(v, a, b)).toBeLessThanOrEqual(Math.sqrt(3) / 2 + 1e-9);
        prev = v;
      }
      if (line.length > 0) expect(line[line.length - 1]).toEqual(b);
    }
  });

  it('is empty between a voxel and itself, and one step to a face neighbour', () => {
    expect(voxelLine([3, 4, 5], [3, 4, 5])).toEqual([]);
    expect(voxelLine([3, 4, 5], [3, 4, 6])).toEqual([[3, 4, 6]]);
    expect(voxelLine([0, 0, 0], [-2, 0, 0])).toEqual([
      [-1, 0, 0],
      [-2, 0, 0],
    ]);
  });
});
