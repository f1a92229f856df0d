import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { parse3dMap } from '../../../src/core/io/movingai.ts';
import { BrickSet } from '../../../src/core/sparse/brickSet.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { compact3, morton } from '../../../src/core/sparse/morton.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { parse3dMapSparse } from '../../../src/core/io/movingaiSparse.ts';
import { EMPTY, FACE_DIRS, faceLink, MIXED, nodeParent, SOLID, type SparseWorld } from '../../../src/core/sparse/SparseWorld.ts';
import { readData } from '../../support/movingai.ts';
import { boxesGrid } from '../../support/worlds.ts';

/** Voxel-by-voxel comparison over the grid and one voxel around it; returns the first difference. */
function firstDifference(grid: VoxelGrid, world: SparseWorld): string | null {
  for (let z = -1; z <= grid.Z; z++)
    for (let y = -1; y <= grid.Y; y++)
      for (let x = -1; x <= grid.X; x++)
        if (grid.isBlocked(x, y, z) !== world.isBlocked(x, y, z)) return `(${x}, ${y}, ${z}): dense ${grid.isBlocked(x, y, z)}`;
  return null;
}

/** Structural checks: children under their parent, face links adjacent and never finer, masks of SOLID/EMPTY bricks. */
function structureErrors(w: SparseWorld): string[] {
  const errors: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok && errors.length < 5) errors.push(what);
  };
  const a = [0, 0, 0, 0],
    b = [0, 0, 0, 0];
  const side = 4 << w.top;
  for (let n = 0; n < w.nodeCount; n++) {
    const k = w.kind[n];
    if (w.level[n] === 0) {
      if (k === EMPTY) check((w.maskLo[n] | w.maskHi[n]) === 0, `empty brick ${n} has a mask`);
      if (k === SOLID) check(w.maskLo[n] === 0xffffffff && w.maskHi[n] === 0xffffffff, `solid brick ${n} mask`);
    } else {
      check(w.firstChild[n] >= 0 === (k === MIXED), `node ${n}: children iff MIXED`);
    }
    if (n !== w.root) check(w.firstChild[nodeParent(w, n)] + (w.code[n] & 7) === n, `node ${n}: parent's child`);
    w.nodeBox(n, a);
    for (let d = 0; d < FACE_DIRS; d++) {
      const m = faceLink(w, n, d);
      const ax = d >> 1;
      // The voxel just past the face's minimum corner.
      const p = [a[0], a[1], a[2]];
      p[ax] = d & 1 ? a[ax] - 1 : a[ax] + a[3];
      if (p[ax] < 0 || p[ax] >= side) {
        check(m === -1, `node ${n} dir ${d}: link outside the cube`);
        continue;
      }
      check(m >= 0 && w.level[m] >= w.level[n], `node ${n} dir ${d}: link ${m} missing or finer`);
      if (m < 0) continue;
      w.nodeBox(m, b);
      for (let i = 0; i < 3; i++) check(p[i] >= b[i] && p[i] < b[i] + b[3], `node ${n} dir ${d}: link ${m} not adjacent`);
      if (w.level[m] > w.level[n]) check(w.kind[m] !== MIXED, `node ${n} dir ${d}: coarser link ${m} is MIXED`);
    }
  }
  return errors;
}

describe('SparseWorld build', () => {
  it.each([
    [1, 17, 9, 23, 6, 40],
    [2, 32, 32, 32, 20, 200],
    [3, 4, 4, 4, 1, 5],
    [4, 3, 50, 1, 4, 30],
    [5, 64, 40, 33, 0, 0],
    [6, 40, 41, 42, 60, 2000],
  ])('grid seed %i (%ix%ix%i): the same blocked voxels, linked structure', (seed, X, Y, Z, boxes, scatter) => {
    const grid = boxesGrid(seed, X, Y, Z, boxes, scatter, 12);
    const w = sparseFromGrid(grid);
    expect(firstDifference(grid, w)).toBeNull();
    expect(structureErrors(w)).toEqual([]);
  });

  it('a fully blocked grid is a few SOLID nodes', () => {
    const grid = new VoxelGrid({ dims: [32, 32, 32] });
    grid.occupancy.fill(1);
    const w = sparseFromGrid(grid);
    expect(w.nodeCount).toBe(1);
    expect(w.kind[w.root]).toBe(SOLID);
  });

  it('an empty cube is one EMPTY node; padding adds only the boundary', () => {
    expect(sparseFromGrid(new VoxelGrid({ dims: [64, 64, 64] })).nodeCount).toBe(1);
    const w = sparseFromGrid(new VoxelGrid({ dims: [40, 64, 64] }));
    expect(firstDifference(new VoxelGrid({ dims: [40, 64, 64] }), w)).toBeNull();
    expect(structureErrors(w)).toEqual([]);
  });

  it('Moving AI map straight from the file equals the dense parse, voxel by voxel', () => {
    const text = readData('Simple.3dmap');
    const grid = parse3dMap(text);
    const w = parse3dMapSparse(text);
    expect([w.X, w.Y, w.Z]).toEqual([grid.X, grid.Y, grid.Z]);
    expect(firstDifference(grid, w)).toBeNull();
    expect(structureErrors(w)).toEqual([]);
    const fromGrid = sparseFromGrid(grid);
    expect(fromGrid.nodeCount).toBe(w.nodeCount);
    expect(Buffer.compare(Buffer.from(fromGrid.coarseLink.buffer), Buffer.from(w.coarseLink.buffer))).toBe(0);
    // Simple is small and busy: a fifth of the dense grid's bytes (A1: see bench/sparse.ts).
    expect(w.byteLength).toBeLessThan(grid.size / 4);
  });

  it('BrickSet.normalize: sorted by code, one entry per brick with the masks ORed, from any order of adds', () => {
    const rnd = mulberry32(4);
    for (const [ordered, shuffled] of [
      [3000, 0],
      [0, 3000],
      [2500, 700],
      [1, 1],
    ]) {
      const set = new BrickSet();
      const want = new Map<number, [number, number]>();
      const add = (x: number, y: number, z: number): void => {
        const lo = randInt(rnd, 2 ** 31) | 1,
          hi = randInt(rnd, 2 ** 31);
        set.add(x, y, z, lo, hi);
        const c = morton(x, y, z);
        const m = want.get(c) ?? [0, 0];
        want.set(c, [(m[0] | lo) >>> 0, (m[1] | hi) >>> 0]);
      };
      // An ascending run with repeats (as sparseFromTriangles adds), then adds in any order over the same bricks and others.
      for (let c = 0, i = 0; i < ordered; i++) {
        c += randInt(rnd, 3);
        add(compact3(c), compact3(c >>> 1), compact3(c >>> 2));
      }
      for (let i = 0; i < shuffled; i++) add(randInt(rnd, 12), randInt(rnd, 12), randInt(rnd, 12));
      set.normalize();
      const codes = [...want.keys()].sort((a, b) => a - b);
      expect(set.length).toBe(codes.length);
      expect(Array.from(set.codes.subarray(0, set.length))).toEqual(codes);
      expect(Array.from(set.lo.subarray(0, set.length))).toEqual(codes.map((c) => want.get(c)![0]));
      expect(Array.from(set.hi.subarray(0, set.length))).toEqual(codes.map((c) => want.get(c)![1]));
    }
  });

  it('bad input: a clear error naming the line or argument', () => {
    expect(() => parse3dMapSparse('voxel 4 4 4\n1 2\n', 'm.3dmap')).toThrow(/m\.3dmap:2: expected 'x y z'/);
    expect(() => parse3dMapSparse('voxel 4 4 4\n1 2 9\n', 'm.3dmap')).toThrow(/m\.3dmap:2: voxel \(1, 2, 9\) is outside/);
    expect(() => parse3dMapSparse('voxel 4 0 4\n', 'm.3dmap')).toThrow(/m\.3dmap:1: map size/);
    expect(() => parse3dMapSparse('vox 4 4 4\n', 'm.3dmap')).toThrow(/m\.3dmap:1: expected header/);
  });
});
