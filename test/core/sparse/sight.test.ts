import { describe, expect, it } from 'vitest';
import { centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { len, type Sees, slide, straighten } from '../../../src/core/sparse/corners.ts';
import { sparseSight, voxelBlocked } from '../../../src/core/sparse/sparseSight.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { mulberry32, randInt } from '../../support/random.ts';

describe('sparseSight', () => {
  it.each([
    [1, 0.002],
    [2, 0.01],
    [3, 0.05],
  ])(
    "seed %i (density %f): the dense voxel-by-voxel answer on every segment, with and without the end cells' boxes and the regions",
    (seed, density) => {
      const rnd = mulberry32(seed);
      const g = new VoxelGrid({ dims: [45, 38, 50] });
      for (let i = 0; i < g.size * density; i++) {
        // Small blocked clumps, so large empty nodes and mixed bricks both occur.
        const x = randInt(rnd, g.X),
          y = randInt(rnd, g.Y),
          z = randInt(rnd, g.Z);
        for (let k = 0; k < 3; k++) if (g.inBounds(x + k, y, z)) g.occupancy[g.index(x + k, y, z)] = 1;
      }
      const w = sparseFromGrid(g);
      // The endpoints' cells (regions: free boxes) as the walk's `from` and `to` boxes.
      const space = new SparseSpace(w, { components: false });
      const boxOf = (v: number[]): Int32Array => space.cellBox(space.cellOf(v[0], v[1], v[2]), new Int32Array(6));
      let differ = 0,
        seen = 0,
        boxed = 0;
      for (let q = 0; q < 4000; q++) {
        const a = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        // Axis-aligned and diagonal segments too, where ties (edges, corners) happen.
        const kind = q % 4;
        const b =
          kind === 0
            ? [randInt(rnd, g.X), a[1], a[2]]
            : kind === 1
              ? [Math.min(g.X - 1, a[0] + 7), Math.min(g.Y - 1, a[1] + 7), a[2]]
              : [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        if (g.isBlocked(a[0], a[1], a[2]) || g.isBlocked(b[0], b[1], b[2])) continue;
        const dense = centreSightVoxelwise(g, a[0], a[1], a[2], b[0], b[1], b[2]);
        if (dense) seen++;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2]) !== dense) differ++;
        // The rule is symmetric (the search walks its segments from the far end).
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2]) !== dense) differ++;
        const ba = boxOf(a),
          bb = boxOf(b);
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], ba, bb) !== dense) boxed++;
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], bb, ba) !== dense) boxed++;
        // One box only, either end.
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], ba) !== dense) boxed++;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], undefined, bb) !== dense) boxed++;
        // Jumping whole regions from EMPTY nodes, with and without the end boxes.
        const r = space.regions,
          base = space.boxes.count;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], undefined, undefined, r, base) !== dense) boxed++;
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], bb, ba, r, base) !== dense) boxed++;
      }
      expect(differ).toBe(0);
      expect(boxed).toBe(0);
      // Both answers occur.
      expect(seen).toBeGreaterThan(100);
    },
  );

  it("voxelBlocked: isBlocked's answer on every voxel and outside, whatever node the walks before kept", () => {
    const rnd = mulberry32(9);
    const g = new VoxelGrid({ dims: [37, 21, 30] });
    for (let i = 0; i < g.size * 0.02; i++) {
      const x = randInt(rnd, g.X),
        y = randInt(rnd, g.Y),
        z = randInt(rnd, g.Z);
      for (let k = 0; k < 3; k++) if (g.inBounds(x, y + k, z)) g.occupancy[g.index(x, y + k, z)] = 1;
    }
    const w = sparseFromGrid(g);
    let wrong = 0,
      blocked = 0;
    for (let q = 0; q < 20000; q++) {
      // Near the last voxel asked for (the kept node's neighbourhood) or anywhere, a margin outside the world included.
      const v = [randInt(rnd, g.X + 6) - 3, randInt(rnd, g.Y + 6) - 3, randInt(rnd, g.Z + 6) - 3];
      if (q % 50 === 0) {
        // A walk in between moves the kept node (to where the walk ended).
        const a = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        if (!g.isBlocked(a[0], a[1], a[2]) && !g.isBlocked(v[0], v[1], v[2])) sparseSight(w, a[0], a[1], a[2], v[0], v[1], v[2]);
      }
      const want = w.isBlocked(v[0], v[1], v[2]);
      if (want) blocked++;
      if (voxelBlocked(w, v[0], v[1], v[2]) !== want) wrong++;
    }
    expect(wrong).toBe(0);
    expect(blocked).toBeGreaterThan(500);
    expect(blocked).toBeLessThan(19500);
  });

  it.each([1, 2])(
    'seed %i: voxelBox is the box of the cell holding a voxel (false when blocked); corners smoothed with those boxes: the same paths and checks',
    (seed) => {
      const rnd = mulberry32(seed);
      const g = new VoxelGrid({ dims: [40, 30, 44] });
      for (let i = 0; i < g.size * 0.01; i++) {
        const x = randInt(rnd, g.X),
          y = randInt(rnd, g.Y),
          z = randInt(rnd, g.Z);
        for (let k = 0; k < 4; k++) if (g.inBounds(x, y + k, z)) g.occupancy[g.index(x, y + k, z)] = 1;
      }
      const w = sparseFromGrid(g);
      const space = new SparseSpace(w, { components: false });
      const out = new Int32Array(6);
      const want = new Int32Array(6);
      let wrong = 0;
      for (let z = 0; z < g.Z; z++)
        for (let y = 0; y < g.Y; y++)
          for (let x = 0; x < g.X; x++) {
            const c = space.cellOf(x, y, z);
            if (space.voxelBox(x, y, z, out) !== c >= 0) wrong++;
            else if (c >= 0 && space.cellBox(c, want).join() !== out.join()) wrong++;
          }
      expect(wrong).toBe(0);
      expect(space.voxelBox(-1, 0, 0, out)).toBe(false);
      // Smoothing random corner lists: with boxes, the same corners after the same number of checks.
      let checks = 0;
      const sees: Sees = (a, b, boxA, boxB) => {
        checks++;
        return sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], boxB, boxA, space.regions, space.boxes.count);
      };
      const boxOf = (v: readonly number[], o: Int32Array): boolean => space.voxelBox(v[0], v[1], v[2], o);
      let compared = 0;
      for (let q = 0; q < 300; q++) {
        const corners: number[][] = [];
        while (corners.length < 3 + (q % 4)) {
          const v = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
          if (!g.isBlocked(v[0], v[1], v[2])) corners.push(v);
        }
        checks = 0;
        const plain = slide(
          w,
          straighten(
            corners.map((v) => [...v]),
            sees,
          ),
          sees,
        );
        const plainChecks = checks;
        checks = 0;
        const boxed = slide(
          w,
          straighten(
            corners.map((v) => [...v]),
            sees,
            boxOf,
          ),
          sees,
          undefined,
          boxOf,
        );
        expect(boxed).toEqual(plain);
        expect(checks).toBe(plainChecks);
        if (plain.length > 2) compared++;
      }
      expect(compared).toBeGreaterThan(50);
    },
  );

  it.each([1, 2])('seed %i: slid corners: every segment legal by the dense voxel-by-voxel rule, never longer than straightened', (seed) => {
    const rnd = mulberry32(seed);
    const g = new VoxelGrid({ dims: [40, 30, 44] });
    for (let i = 0; i < g.size * 0.02; i++) {
      const x = randInt(rnd, g.X),
        y = randInt(rnd, g.Y),
        z = randInt(rnd, g.Z);
      for (let k = 0; k < 4; k++) if (g.inBounds(x, y + k, z)) g.occupancy[g.index(x, y + k, z)] = 1;
    }
    const w = sparseFromGrid(g);
    const sees: Sees = (a, b) => sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2]);
    const length = (p: number[][]): number => p.reduce((s, c, i) => (i === 0 ? 0 : s + len(p[i - 1], c)), 0);
    let moved = 0;
    for (let q = 0; q < 300; q++) {
      // A legal path: random free corners, each seeing the one before.
      const path: number[][] = [];
      for (let tries = 0; path.length < 4 + (q % 3) && tries < 400; tries++) {
        const v = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        const last = path[path.length - 1];
        if (!g.isBlocked(v[0], v[1], v[2]) && (last === undefined || centreSightVoxelwise(g, last[0], last[1], last[2], v[0], v[1], v[2])))
          path.push(v);
      }
      const straight = straighten(path, sees);
      const slid = slide(
        w,
        straight.map((v) => [...v]),
        sees,
      );
      for (let i = 1; i < slid.length; i++) {
        const [a, b] = [slid[i - 1], slid[i]];
        expect(centreSightVoxelwise(g, a[0], a[1], a[2], b[0], b[1], b[2]), `${a} -> ${b}`).toBe(true);
      }
      expect(slid[0]).toEqual(path[0]);
      expect(slid[slid.length - 1]).toEqual(path[path.length - 1]);
      expect(length(slid)).toBeLessThanOrEqual(length(straight) + 1e-9);
      if (length(slid) < length(straight) - 1e-9) moved++;
    }
    expect(moved).toBeGreaterThan(20);
  });

  it('slide: a corner tight against an obstacle (no legal unit move) stays, after one move tried', () => {
    // A pillar at x, y in [8, 16) through every layer; the path bends at its corner voxel (8, 8)'s diagonal neighbour.
    const g = new VoxelGrid({ dims: [24, 24, 4] });
    for (let z = 0; z < 4; z++) for (let y = 8; y < 16; y++) for (let x = 8; x < 16; x++) g.occupancy[g.index(x, y, z)] = 1;
    const w = sparseFromGrid(g);
    let checks = 0;
    const sees: Sees = (a, b) => {
      checks++;
      return sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2]);
    };
    const path = [
      [2, 14, 1],
      [7, 7, 1],
      [14, 2, 1],
    ];
    expect(sees(path[0], path[2])).toBe(false);
    checks = 0;
    expect(slide(w, path, sees)).toEqual([
      [2, 14, 1],
      [7, 7, 1],
      [14, 2, 1],
    ]);
    // One move tried, and no walk: its segment to a neighbour corner enters the pillar first (exitBlocked; rounds of
    // 4, 2 and 1 voxels, two moves each, made 7 checks here).
    expect(checks).toBe(0);
  });

  it('straighten: a corner equal to the next, or on the straight segment to it, is dropped without a check', () => {
    const w = sparseFromGrid(new VoxelGrid({ dims: [8, 8, 8] }));
    let checks = 0;
    const sees: Sees = (a, b) => {
      checks++;
      return sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2]);
    };
    const path = [
      [0, 0, 0],
      [2, 0, 0],
      [4, 0, 0],
      [4, 0, 0],
      [4, 3, 0],
    ];
    expect(straighten(path, sees)).toEqual([
      [0, 0, 0],
      [4, 3, 0],
    ]);
    // Only (0, 0, 0) -> (4, 3, 0) is walked: (2, 0, 0) lies on the way to (4, 0, 0), which repeats.
    expect(checks).toBe(1);
  });
});
