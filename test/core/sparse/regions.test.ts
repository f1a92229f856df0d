import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { regionAdjacency } from '../../../src/core/sparse/regionAdjacency.ts';
import { buildRegions } from '../../../src/core/sparse/regions.ts';
import type { SparseCells } from '../../../src/core/sparse/sparseCells.ts';
import { EMPTY, MIXED } from '../../../src/core/sparse/SparseWorld.ts';
import { findPathSparse } from '../../../src/core/sparse/SparseRun.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { boxesGrid } from '../../support/worlds.ts';

describe('SparseSpace regions', () => {
  it.each([
    [1, 20, 12, 20, 10, 200],
    [2, 33, 17, 9, 6, 900],
    [4, 40, 24, 36, 14, 300],
  ])('partition the free voxels into free boxes, each the union of whole octree cells (seed %i)', (seed, X, Y, Z, boxes, scatter) => {
    const grid = boxesGrid(seed, X, Y, Z, boxes, scatter, 10);
    const space = new SparseSpace(sparseFromGrid(grid), { components: false });
    const regions = space.regions!;
    const box = [0, 0, 0, 0, 0, 0];
    const voxels = new Map<number, number>();
    const wrong: string[] = [];
    for (let z = 0; z < Z; z++)
      for (let y = 0; y < Y; y++)
        for (let x = 0; x < X; x++) {
          const c = space.cellOf(x, y, z);
          if (grid.isBlocked(x, y, z) !== c < 0) wrong.push(`(${x}, ${y}, ${z}): cell ${c}`);
          if (c < 0) continue;
          if (!space.isTraversable(c)) wrong.push(`(${x}, ${y}, ${z}): ${c} is no cell`);
          space.cellBox(c, box);
          for (let a = 0; a < 3; a++) {
            const v = [x, y, z][a];
            if (v < box[a] || v >= box[a] + box[3 + a]) wrong.push(`(${x}, ${y}, ${z}) outside its cell ${c}`);
          }
          voxels.set(c, (voxels.get(c) ?? 0) + 1);
          // Its octree cell is a member of the same region.
          const own = space.cells.cellOf(x, y, z);
          if (regions.of[space.cells.indexOf(own)] !== regions.of[space.cells.indexOf(c)])
            wrong.push(`(${x}, ${y}, ${z}): octree cell elsewhere`);
        }
    // Every region's box is exactly its voxels: free, and counted once each.
    for (const [c, n] of voxels) {
      space.cellBox(c, box);
      if (box[3] * box[4] * box[5] !== n) wrong.push(`cell ${c}: box of ${box[3] * box[4] * box[5]} voxels, ${n} free voxels in it`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(voxels.size).toBe(regions.count);
    // Fewer cells than the octree's own.
    let octree = 0;
    for (let c = 0; c < space.nodeCount; c++) if (space.cells.isTraversable(c)) octree++;
    expect(regions.count).toBeLessThan(octree);
  });

  it.each([
    [1, 20, 12, 20, 10, 200],
    [3, 37, 21, 18, 8, 700],
    [5, 64, 30, 40, 20, 1500],
  ])(
    'neighbour regions: exactly the regions of octree cells sharing part of a face, each once (seed %i)',
    (seed, X, Y, Z, boxes, scatter) => {
      const space = new SparseSpace(sparseFromGrid(boxesGrid(seed, X, Y, Z, boxes, scatter, 10)), { components: false });
      const { cells } = space;
      const r = space.regions!;
      // Reference: the regions of every free octree cell's octree neighbours.
      const want = Array.from({ length: r.count }, () => new Set<number>());
      for (let c = 0; c < cells.nodeCount; c++) {
        if (!cells.isTraversable(c)) continue;
        const a = r.of[cells.indexOf(c)];
        const m = cells.neighbours(c);
        for (let j = 0; j < m; j++) {
          const b = r.of[cells.indexOf(cells.buffer[j])];
          if (b !== a) want[a].add(b);
        }
      }
      const got = Array.from({ length: r.count }, (_, a) => [...r.adj.subarray(r.start[a], r.start[a + 1])].sort((x, y) => x - y));
      expect(got).toEqual(want.map((s) => [...s].sort((x, y) => x - y)));
      // The same lists from the boxes alone.
      const again = regionAdjacency(r.box, r.count);
      expect(again.start).toEqual(r.start);
      expect(again.adj).toEqual(r.adj);
      // In the documented order (a search's ties follow it): against every pair of boxes tested.
      expect(Array.from({ length: r.count }, (_, a) => [...r.adj.subarray(r.start[a], r.start[a + 1])])).toEqual(
        referenceAdjacency(r.box, r.count),
      );
    },
  );

  it.each([
    [1, 20, 12, 20, 10, 200],
    [6, 40, 22, 33, 12, 600],
    [7, 48, 20, 40, 30, 300],
  ])('the greedy growth: the same regions as a voxel-by-voxel reference of the rule (seed %i)', (seed, X, Y, Z, boxes, scatter) => {
    const space = new SparseSpace(sparseFromGrid(boxesGrid(seed, X, Y, Z, boxes, scatter, 10)), { components: false });
    const got = buildRegions(space.cells);
    const want = referenceRegions(space.cells);
    expect(got.count).toBe(want.rep.length);
    expect([...got.rep]).toEqual(want.rep);
    expect([...got.box]).toEqual(want.box);
    expect([...got.of]).toEqual([...want.of]);
  });

  it('a slab of open air between power-of-two nodes is one region: one expansion across it, where the octree cells take many', () => {
    // 70 x 9 x 9: open air whose length no power-of-two cube spans, beside a wall with a slot.
    const g = new VoxelGrid({ dims: [70, 20, 9] });
    for (let x = 0; x < 70; x++) for (let z = 0; z < 9; z++) if (x % 17 !== 3) g.setBlocked(x, 9, z, true);
    const merged = new SparseSpace(sparseFromGrid(g));
    const own = new SparseSpace(sparseFromGrid(g), { regions: false });
    const a = findPathSparse(merged, [0, 2, 4], [69, 2, 4], {}, new SearchContext());
    const b = findPathSparse(own, [0, 2, 4], [69, 2, 4], {}, new SearchContext());
    expect(a.status).toBe('found');
    expect(a.cost).toBeCloseTo(69, 6);
    expect(b.cost).toBeCloseTo(69, 6);
    expect(merged.regions!.count).toBeLessThan(own.cells.boxes.count);
    // The start's region reaches the goal's face to face: the start sees the goal.
    expect(a.expanded).toBeLessThanOrEqual(b.expanded);
    const c = findPathSparse(merged, [0, 2, 4], [69, 15, 4], { weight: 1 }, new SearchContext());
    const d = findPathSparse(own, [0, 2, 4], [69, 15, 4], { weight: 1 }, new SearchContext());
    expect(c.status).toBe('found');
    expect(c.cost).toBeLessThanOrEqual(d.cost * 1.05);
    expect(c.expanded).toBeLessThan(d.expanded);
  });
});

/**
 * regions.ts's growth rule, voxel by voxel: seeds from the last EMPTY node down, then the bricks'
 * boxes; each grown through its faces in turn (+x, -x, +y, ...) by a slab: the one-voxel layer
 * beyond the face, thickened to the farthest end of the cells meeting it until it holds them all;
 * taken when every voxel of it is free and every cell meeting it is unassigned and inside its
 * cross-section. Every face is tried again until none grows.
 */
function referenceRegions(cells: SparseCells): { of: Int32Array; rep: number[]; box: number[] } {
  const w = cells.world;
  const of = new Int32Array(cells.boxes.count + w.nodeCount).fill(-1);
  const rep: number[] = [];
  const box: number[] = [];
  const cb = [0, 0, 0, 0, 0, 0];
  const grow = (c: number): void => {
    const r = rep.length;
    rep.push(c);
    of[cells.indexOf(c)] = r;
    cells.cellBox(c, cb);
    const lo = [cb[0], cb[1], cb[2]],
      hi = [cb[0] + cb[3], cb[1] + cb[4], cb[2] + cb[5]];
    for (let grew = true; grew; ) {
      grew = false;
      for (let d = 0; d < 6; d++) {
        const a = d >> 1,
          up = (d & 1) === 0;
        const sl = [...lo],
          sh = [...hi];
        if (up) [sl[a], sh[a]] = [hi[a], hi[a] + 1];
        else [sl[a], sh[a]] = [lo[a] - 1, lo[a]];
        let found: number[] | null = null;
        for (;;) {
          const met = new Set<number>();
          let ok = true,
            reach = up ? sh[a] : sl[a];
          for (let z = sl[2]; ok && z < sh[2]; z++)
            for (let y = sl[1]; ok && y < sh[1]; y++)
              for (let x = sl[0]; ok && x < sh[0]; x++) {
                const v = cells.cellOf(x, y, z);
                if (v < 0 || of[cells.indexOf(v)] !== -1) ok = false;
                else if (!met.has(v)) {
                  met.add(v);
                  cells.cellBox(v, cb);
                  for (let k = 0; k < 3; k++) if (k !== a && (cb[k] < sl[k] || cb[k] + cb[3 + k] > sh[k])) ok = false;
                  reach = up ? Math.max(reach, cb[a] + cb[3 + a]) : Math.min(reach, cb[a]);
                }
              }
          if (!ok) break;
          if (up ? reach <= sh[a] : reach >= sl[a]) {
            found = [...met];
            break;
          }
          if (up) sh[a] = reach;
          else sl[a] = reach;
        }
        if (found === null) continue;
        for (const v of found) of[cells.indexOf(v)] = r;
        if (up) hi[a] = sh[a];
        else lo[a] = sl[a];
        grew = true;
      }
    }
    box.push(lo[0], lo[1], lo[2], hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  };
  const bc = cells.boxes.count;
  for (let n = w.nodeCount - 1; n >= 0; n--) if (w.kind[n] === EMPTY && of[bc + n] === -1) grow(cells.voxelBase + n);
  const { start, list } = cells.boxes;
  for (let n = 0; n < w.brickCount; n++) {
    if (w.kind[n] !== MIXED) continue;
    for (let i = start[n]; i < start[n + 1]; i++) if (of[i] === -1) grow(64 * n + (list[i] & 63));
  }
  return { of, rep, box };
}

/**
 * regionAdjacency's lists by testing every pair of boxes, in its documented order: per axis a
 * (b, c the others), per box r ascending, the boxes whose lower face lies in the plane of r's
 * upper face and overlaps it with positive area, by their corner along b then their index; each
 * pair appends to both boxes' lists.
 */
function referenceAdjacency(box: Int32Array, count: number): number[][] {
  const lists = Array.from({ length: count }, (): number[] => []);
  for (let a = 0; a < 3; a++) {
    const b = a === 0 ? 1 : 0,
      c = a === 2 ? 1 : 2;
    const overlaps = (r: number, k: number, e: number) =>
      box[6 * k + e] < box[6 * r + e] + box[6 * r + 3 + e] && box[6 * r + e] < box[6 * k + e] + box[6 * k + 3 + e];
    for (let r = 0; r < count; r++) {
      const hits: number[] = [];
      for (let k = 0; k < count; k++)
        if (box[6 * k + a] === box[6 * r + a] + box[6 * r + 3 + a] && overlaps(r, k, b) && overlaps(r, k, c)) hits.push(k);
      hits.sort((p, q) => box[6 * p + b] - box[6 * q + b] || p - q);
      for (const k of hits) {
        lists[r].push(k);
        lists[k].push(r);
      }
    }
  }
  return lists;
}
