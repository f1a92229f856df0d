import { describe, expect, it } from 'vitest';
import { fillEnclosed } from '../../../src/core/geometry/voxelizeMesh.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { fillEnclosedSparse } from '../../../src/core/sparse/fillEnclosed.ts';
import { SOLID, type SparseWorld } from '../../../src/core/sparse/SparseWorld.ts';
import { mulberry32 } from '../../support/random.ts';

/**
 * A grid with a free margin of one voxel, its inside split into blocks of `block` voxels a side,
 * each empty, full, or random voxels at a density near the 6-connected percolation threshold
 * (free space in many pockets and one-voxel tunnels, so every way the fill spreads — inside a
 * brick along each axis, across brick faces, from large empty nodes into the bricks beside them —
 * decides some voxel), and hollow shells (closed, or with one hole) around large empty regions.
 */
function pocketGrid(seed: number, dims: [number, number, number], block: number): VoxelGrid {
  const rand = mulberry32(seed);
  const grid = new VoxelGrid({ dims });
  const [X, Y, Z] = dims;
  const density = [0, 0, 1, 0.55, 0.62, 0.7];
  const bx = Math.ceil(X / block),
    by = Math.ceil(Y / block);
  const kinds = Array.from({ length: bx * by * Math.ceil(Z / block) }, () => density[Math.floor(rand() * density.length)]);
  for (let z = 1; z < Z - 1; z++)
    for (let y = 1; y < Y - 1; y++)
      for (let x = 1; x < X - 1; x++) {
        const p = kinds[Math.floor(x / block) + bx * (Math.floor(y / block) + by * Math.floor(z / block))];
        if (p > 0 && rand() < p) grid.setBlocked(x, y, z, true);
      }
  for (let s = 0; s < (Math.min(X, Y, Z) >= 10 ? 4 : 0); s++) {
    const lo = [X, Y, Z].map((d) => 1 + Math.floor((rand() * d) / 2));
    const hi = [X, Y, Z].map((d, a) => Math.min(d - 2, lo[a] + 4 + Math.floor((rand() * d) / 2)));
    const hole = rand() < 0.3;
    for (let z = lo[2]; z <= hi[2]; z++)
      for (let y = lo[1]; y <= hi[1]; y++)
        for (let x = lo[0]; x <= hi[0]; x++) {
          const shell = x === lo[0] || x === hi[0] || y === lo[1] || y === hi[1] || z === lo[2] || z === hi[2];
          grid.setBlocked(x, y, z, shell);
        }
    if (hole) grid.setBlocked(lo[0], (lo[1] + hi[1]) >> 1, (lo[2] + hi[2]) >> 1, false);
  }
  return grid;
}

const KEYS = ['levelStart', 'code', 'kind', 'level', 'firstChild', 'parents', 'coarseLink', 'maskLo', 'maskHi'] as const;

/** The first array in which two worlds differ, or null when every array is equal. */
function treeDifference(a: SparseWorld, b: SparseWorld): string | null {
  for (const k of KEYS) {
    if (a[k].length !== b[k].length) return `${k}: length ${a[k].length} vs ${b[k].length}`;
    const i = a[k].findIndex((v, j) => v !== b[k][j]);
    if (i >= 0) return `${k}[${i}]: ${a[k][i]} vs ${b[k][i]}`;
  }
  return null;
}

describe('fillEnclosedSparse', () => {
  it('blocks exactly what the dense fillEnclosed blocks, as the very tree built from the filled grid', () => {
    const cases: [number, [number, number, number], number][] = [
      [1, [37, 29, 41], 4],
      [2, [64, 64, 64], 8],
      [3, [90, 21, 70], 8],
      [4, [66, 66, 66], 16],
      [5, [130, 40, 98], 32],
      [6, [45, 77, 52], 2],
    ];
    for (const [seed, dims, block] of cases) {
      const grid = pocketGrid(seed, dims, block);
      const filled = sparseFromGrid(grid);
      const dense = new VoxelGrid({ dims });
      dense.occupancy.set(grid.occupancy);
      const blocked = fillEnclosed(dense);
      expect(blocked, `seed ${seed}: the grid has enclosed air`).toBeGreaterThan(0);
      expect(treeDifference(fillEnclosedSparse(filled), sparseFromGrid(dense)), `seed ${seed}`).toBeNull();
    }
    // Tiny worlds: the root a brick (top 0), or one level above the bricks.
    for (const dims of [
      [1, 1, 1],
      [4, 4, 4],
      [3, 4, 2],
      [5, 6, 7],
      [8, 8, 8],
    ] as [number, number, number][]) {
      const grid = pocketGrid(7, dims, 2);
      const dense = new VoxelGrid({ dims });
      dense.occupancy.set(grid.occupancy);
      fillEnclosed(dense);
      expect(treeDifference(fillEnclosedSparse(sparseFromGrid(grid)), sparseFromGrid(dense)), dims.join('x')).toBeNull();
    }
  });

  it('fills large enclosed regions as coarse SOLID nodes and leaves the world it was given unchanged', () => {
    const grid = new VoxelGrid({ dims: [100, 100, 100] });
    for (let z = 2; z < 98; z++)
      for (let y = 2; y < 98; y++)
        for (let x = 2; x < 98; x++) if (x === 2 || x === 97 || y === 2 || y === 97 || z === 2 || z === 97) grid.setBlocked(x, y, z, true);
    const world = sparseFromGrid(grid);
    const before = KEYS.map((k) => Array.from(world[k]));
    const filled = fillEnclosedSparse(world);
    expect(KEYS.map((k) => Array.from(world[k]))).toEqual(before);
    let coarse = 0;
    for (let n = 0; n < filled.nodeCount; n++) if (filled.kind[n] === SOLID) coarse = Math.max(coarse, filled.level[n]);
    expect(coarse).toBe(3); // 32-voxel nodes inside the 96-voxel box
    expect([filled.isBlocked(50, 50, 50), filled.isBlocked(1, 50, 50), filled.isBlocked(98, 98, 98)]).toEqual([true, false, false]);
    expect(filled.nodeCount).toBeLessThanOrEqual(world.nodeCount);
  });
});
