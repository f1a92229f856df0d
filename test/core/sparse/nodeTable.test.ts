import { describe, expect, it } from 'vitest';
import { centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { buildNodeTable, cubeNode, NODE_TABLE_CELLS, nodeTableOf } from '../../../src/core/sparse/nodeTable.ts';
import { sparseSight, voxelBlocked, voxelNode } from '../../../src/core/sparse/sparseSight.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { MIXED } from '../../../src/core/sparse/SparseWorld.ts';
import { mulberry32, randInt } from '../../support/random.ts';

/** A grid of dims with small blocked clumps (so empty nodes of several sizes and mixed bricks occur). */
function clumps(dims: [number, number, number], density: number, seed: number): VoxelGrid {
  const rnd = mulberry32(seed);
  const g = new VoxelGrid({ dims });
  for (let i = 0; i < g.size * density; i++) {
    const x = randInt(rnd, g.X),
      y = randInt(rnd, g.Y),
      z = randInt(rnd, g.Z);
    for (let k = 0; k < 3; k++) if (g.inBounds(x, y, z + k)) g.occupancy[g.index(x, y, z + k)] = 1;
  }
  return g;
}

describe('nodeTable', () => {
  it.each([1, 8, 64, 1000, NODE_TABLE_CELLS])(
    'at most %i cubes: every voxel found from the node of its cube (found on the first ask) down is the node nodeAt finds',
    (maxCells) => {
      const g = clumps([45, 29, 61], 0.004, 3);
      const w = sparseFromGrid(g);
      const t = buildNodeTable(w, maxCells);
      const cubes = (v: number): number => Math.ceil(v / (1 << t.shift));
      expect(t.nodes.length).toBe(cubes(w.X) * cubes(w.Y) * cubes(w.Z));
      expect(t.nodes.length <= maxCells || t.shift === w.top + 2).toBe(true);
      // The finest level within the bound: one level finer would hold more cubes.
      if (t.shift > 2)
        expect(
          Math.ceil(w.X / (1 << (t.shift - 1))) * Math.ceil(w.Y / (1 << (t.shift - 1))) * Math.ceil(w.Z / (1 << (t.shift - 1))),
        ).toBeGreaterThan(maxCells);
      // Empty until asked: a cube's node is found on its first lookup, then read.
      expect(t.nodes.every((n) => n === -1)).toBe(true);
      let wrong = 0;
      for (let z = 0; z < w.Z; z++)
        for (let y = 0; y < w.Y; y++)
          for (let x = 0; x < w.X; x++) {
            let n = cubeNode(w, t, x, y, z);
            for (let k = w.level[n]; k > 0 && w.kind[n] === MIXED; k--)
              n = w.firstChild[n] + (((x >> (k + 1)) & 1) | (((y >> (k + 1)) & 1) << 1) | (((z >> (k + 1)) & 1) << 2));
            if (n !== w.nodeAt(x, y, z)) wrong++;
          }
      expect(wrong).toBe(0);
      expect(t.nodes.every((n) => n >= 0)).toBe(true);
    },
  );

  it('is made once per world and a new one for an edited (new) world', () => {
    const w = sparseFromGrid(clumps([20, 20, 20], 0.01, 1));
    expect(nodeTableOf(w)).toBe(nodeTableOf(w));
    expect(nodeTableOf(sparseFromGrid(clumps([20, 20, 20], 0.01, 1)))).not.toBe(nodeTableOf(w));
  });

  it("sight on a world whose table is coarser than its bricks: the dense answer on every segment, lookups by voxelBlocked and voxelNode isBlocked's and nodeAt's", () => {
    // More bricks than NODE_TABLE_CELLS: the table holds level 1 nodes (or coarser), looked up a step down.
    const g = clumps([132, 48, 100], 0.003, 7);
    const w = sparseFromGrid(g);
    expect(nodeTableOf(w).shift).toBeGreaterThan(2);
    const space = new SparseSpace(w, { components: false });
    const boxOf = (v: number[]): Int32Array => space.cellBox(space.cellOf(v[0], v[1], v[2]), new Int32Array(6));
    const rnd = mulberry32(11);
    let differ = 0,
      seen = 0,
      wrong = 0;
    for (let q = 0; q < 2000; q++) {
      const a = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
      const b =
        q % 2 === 0
          ? [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)]
          : [Math.min(g.X - 1, a[0] + 9), Math.min(g.Y - 1, a[1] + 9), a[2]];
      if (g.isBlocked(a[0], a[1], a[2]) || g.isBlocked(b[0], b[1], b[2])) continue;
      const dense = centreSightVoxelwise(g, a[0], a[1], a[2], b[0], b[1], b[2]);
      if (dense) seen++;
      if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2]) !== dense) differ++;
      if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], boxOf(b), boxOf(a), space.regions, space.boxes.count) !== dense) differ++;
      // Single voxels near the walk's end and anywhere (a margin outside the world included).
      const v =
        q % 3 === 0
          ? [a[0] + randInt(rnd, 5) - 2, a[1] + randInt(rnd, 5) - 2, a[2] + randInt(rnd, 5) - 2]
          : [randInt(rnd, g.X + 4) - 2, randInt(rnd, g.Y + 4) - 2, randInt(rnd, g.Z + 4) - 2];
      if (voxelBlocked(w, v[0], v[1], v[2]) !== w.isBlocked(v[0], v[1], v[2])) wrong++;
      if (voxelNode(w, v[0], v[1], v[2]) !== (w.inBounds(v[0], v[1], v[2]) ? w.nodeAt(v[0], v[1], v[2]) : -1)) wrong++;
    }
    expect(differ).toBe(0);
    expect(wrong).toBe(0);
    expect(seen).toBeGreaterThan(100);
  });
});
