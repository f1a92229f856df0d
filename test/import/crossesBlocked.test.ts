import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { walkVoxels } from '../../src/core/grid/voxelWalk.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { crossesBlocked } from '../../src/import/crossesBlocked.ts';

/** The definition: walkVoxels' voxels, stopped at the first outside or blocked one; true when blocked and not the first. */
function oracle(grid: VoxelGrid, a: number[], b: number[]): boolean {
  const s = grid.cellSize;
  const o = grid.origin;
  let first = true;
  let hit = false;
  walkVoxels((a[0] - o.x) / s, (a[1] - o.y) / s, (a[2] - o.z) / s, (b[0] - o.x) / s, (b[1] - o.y) / s, (b[2] - o.z) / s, (x, y, z) => {
    if (!grid.inBounds(x, y, z)) return false;
    if (grid.isBlocked(x, y, z)) {
      hit = !first;
      return false;
    }
    first = false;
    return true;
  });
  return hit;
}

describe('crossesBlocked: the voxel walk of walkVoxels with the test inlined', () => {
  it('answers as the walk does on random grids, including segments along voxel edges and corners', () => {
    const rand = mulberry32(7);
    let hits = 0;
    let misses = 0;
    for (let g = 0; g < 30; g++) {
      const dims: [number, number, number] = [3 + Math.floor(rand() * 9), 3 + Math.floor(rand() * 9), 3 + Math.floor(rand() * 9)];
      const cellSize = 0.25 + rand();
      const origin = { x: rand() * 4 - 2, y: rand() * 4 - 2, z: rand() * 4 - 2 };
      const grid = new VoxelGrid({ dims, cellSize, origin });
      const p = rand() * 0.4;
      for (let i = 0; i < grid.size; i++) if (rand() < p) grid.occupancy[i] = 1;
      // Points on the voxel lattice (edges and corners crossed exactly), halves, or anywhere, some outside.
      const coord = (axis: number): number => {
        const n = dims[axis];
        const r = rand();
        const c = r < 0.3 ? Math.floor(rand() * (n + 1)) : r < 0.5 ? Math.floor(rand() * 2 * n) / 2 : rand() * (n + 2) - 1;
        return [origin.x, origin.y, origin.z][axis] + c * cellSize;
      };
      for (let k = 0; k < 400; k++) {
        const a = [coord(0), coord(1), coord(2)];
        const b = rand() < 0.2 ? [a[0], coord(1), a[2]] : [coord(0), coord(1), coord(2)];
        const want = oracle(grid, a, b);
        expect(crossesBlocked(grid, a[0], a[1], a[2], b[0], b[1], b[2])).toBe(want);
        if (want) hits++;
        else misses++;
      }
    }
    expect(hits).toBeGreaterThan(1000);
    expect(misses).toBeGreaterThan(1000);
  });
});
