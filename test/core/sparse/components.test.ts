import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { BOX_LAST, componentOf } from '../../../src/core/sparse/components.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { MIXED } from '../../../src/core/sparse/SparseWorld.ts';

/** Two hollow boxes (walls 1 voxel thick, off the brick grid) in a 22 x 19 x 23 grid: three components, many wall bricks with two. */
function hollowGrid(): VoxelGrid {
  const g = new VoxelGrid({ dims: [22, 19, 23], cellSize: 1 });
  for (const [x0, y0, z0, x1, y1, z1] of [
    [2, 3, 1, 13, 11, 9],
    [9, 5, 11, 19, 16, 21],
  ])
    for (let z = z0; z <= z1; z++)
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++)
          if (x === x0 || x === x1 || y === y0 || y === y1 || z === z0 || z === z1) g.occupancy[g.index(x, y, z)] = 1;
  return g;
}

/** 6-connected labels of the grid's free voxels (breadth-first), -1 for blocked ones. */
function denseLabels(g: VoxelGrid): Int32Array {
  const label = new Int32Array(g.size).fill(-1);
  let next = 0;
  for (let s = 0; s < g.size; s++) {
    if (g.occupancy[s] !== 0 || label[s] >= 0) continue;
    const queue = [s];
    label[s] = next;
    while (queue.length > 0) {
      const i = queue.pop()!;
      const x = i % g.X,
        y = Math.floor(i / g.X) % g.Y,
        z = Math.floor(i / (g.X * g.Y));
      for (const [dx, dy, dz] of [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ]) {
        const a = x + dx,
          b = y + dy,
          c = z + dz;
        if (!g.inBounds(a, b, c)) continue;
        const j = g.index(a, b, c);
        if (g.occupancy[j] === 0 && label[j] < 0) {
          label[j] = next;
          queue.push(j);
        }
      }
    }
    next++;
  }
  return label;
}

describe('sparseComponents', () => {
  it("labels every free voxel's cell as the dense flood does, bricks of two components box by box", () => {
    const g = hollowGrid();
    const space = new SparseSpace(sparseFromGrid(g));
    const comp = space.components!;
    const dense = denseLabels(g);
    // One sparse label per dense one and back (the same partition).
    const toSparse = new Map<number, number>(),
      toDense = new Map<number, number>();
    const wrong: number[][] = [];
    for (let z = 0; z < g.Z; z++)
      for (let y = 0; y < g.Y; y++)
        for (let x = 0; x < g.X; x++) {
          const d = dense[g.index(x, y, z)];
          if (d < 0) continue;
          const s = componentOf(comp, space.voxelBase, space.cellOf(x, y, z));
          if ((toSparse.get(d) ?? s) !== s || (toDense.get(s) ?? d) !== d || s < 0) wrong.push([x, y, z]);
          toSparse.set(d, s);
          toDense.set(s, d);
        }
    expect(wrong).toEqual([]);
    expect(toSparse.size).toBe(3);
    // The bricks with two components hold two entries per box, the last one flagged; the others none.
    const w = space.world;
    let split = 0,
      entries = 0;
    for (let n = 0; n < w.brickCount; n++) {
      if (w.kind[n] !== MIXED || comp.brickComp[n] >= -1) continue;
      split++;
      const boxes = space.boxes.boxesOf(n);
      const at = -comp.brickComp[n] - 2;
      for (let i = 0; i < boxes.length; i++) expect(comp.boxComp[at + 2 * i]).toBe(boxes[i] | (i === boxes.length - 1 ? BOX_LAST : 0));
      entries += 2 * boxes.length;
    }
    expect(split).toBeGreaterThan(20);
    expect(comp.boxComp.length).toBe(entries);
    // In such a brick, a bit that is no box's corner (a blocked voxel's) has no component.
    const n = comp.brickComp.findIndex((b) => b < -1);
    const blockedBit = [...Array(64).keys()].find((b) => space.voxelCell(n, b) < 0)!;
    expect(componentOf(comp, space.voxelBase, 64 * n + blockedBit)).toBe(-1);
  });

  it('redirects a goal sealed in a hollow box to the nearest voxel of the start component', () => {
    const g = hollowGrid();
    const space = new SparseSpace(sparseFromGrid(g));
    const dense = denseLabels(g);
    for (const [start, goal] of [
      [
        [0, 0, 0],
        [5, 6, 4],
      ],
      [
        [0, 0, 0],
        [15, 14, 18],
      ],
      [
        [0, 0, 0],
        [3, 4, 2],
      ],
      // From inside the first box (a small component, its bounds inside wall bricks) to points outside.
      [
        [5, 6, 4],
        [21, 18, 22],
      ],
      [
        [5, 6, 4],
        [21, 0, 5],
      ],
      [
        [5, 6, 4],
        [7, 18, 4],
      ],
    ]) {
      space.pin(start, goal);
      expect(space.redirected).toBe(true);
      let best = Infinity;
      for (let i = 0; i < g.size; i++)
        if (dense[i] === dense[g.index(start[0], start[1], start[2])]) {
          const p = g.coords(i, { x: 0, y: 0, z: 0 });
          best = Math.min(best, (p.x - goal[0]) ** 2 + (p.y - goal[1]) ** 2 + (p.z - goal[2]) ** 2);
        }
      const v = space.goalVoxel;
      expect(dense[g.index(v[0], v[1], v[2])]).toBe(dense[g.index(start[0], start[1], start[2])]);
      expect((v[0] - goal[0]) ** 2 + (v[1] - goal[1]) ** 2 + (v[2] - goal[2]) ** 2).toBe(best);
    }
  });
});
