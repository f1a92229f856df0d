import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32, randInt } from '../../src/core/math/random.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { VoxelChunks } from '../../src/three/VoxelChunks.ts';
import { QUAD_STRIDE, voxelQuads } from '../../src/core/geometry/voxelFaces.ts';

function randomGrid(seed: number, dims: [number, number, number], fill: number): VoxelGrid {
  const random = mulberry32(seed);
  const grid = new VoxelGrid({ dims });
  for (let i = 0; i < grid.size; i++) grid.occupancy[i] = random() < fill ? 1 : 0;
  return grid;
}

/** Unit faces covered by quads, as "axis,sign,slice,u,v" keys; a face covered twice throws. */
function unitFaces(quads: ArrayLike<number>, into = new Set<string>()): Set<string> {
  for (let q = 0; q < quads.length; q += QUAD_STRIDE) {
    for (let u = quads[q + 3]; u < quads[q + 5]; u++) {
      for (let v = quads[q + 4]; v < quads[q + 6]; v++) {
        const k = `${quads[q]},${quads[q + 1]},${quads[q + 2]},${u},${v}`;
        if (into.has(k)) throw new Error(`face ${k} covered twice`);
        into.add(k);
      }
    }
  }
  return into;
}

/** Brute force: every face between a solid voxel and a free one or the outside. */
function exposedFaces(grid: VoxelGrid): Set<string> {
  const out = new Set<string>();
  const dims = [grid.X, grid.Y, grid.Z];
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        if (!grid.isBlocked(x, y, z)) continue;
        const p = [x, y, z];
        for (let a = 0; a < 3; a++) {
          for (const sign of [0, 1]) {
            const n = p.slice();
            n[a] += sign === 1 ? 1 : -1;
            const free = n[a] < 0 || n[a] >= dims[a] || !grid.isBlocked(n[0], n[1], n[2]);
            if (free) out.add(`${a},${sign},${p[a]},${p[(a + 1) % 3]},${p[(a + 2) % 3]}`);
          }
        }
      }
  return out;
}

function chunkFaces(chunks: VoxelChunks): Set<string> {
  const all = new Set<string>();
  for (let c = 0; c < chunks.chunkCount; c++) unitFaces(chunks.chunkQuads(c), all);
  return all;
}

describe('VoxelChunks', () => {
  it('covers exactly the exposed faces of the layer, each once, for any chunk size', () => {
    for (const [seed, size] of [
      [1, 4],
      [2, 5],
      [3, 32],
    ] as const) {
      const grid = randomGrid(seed, [13, 9, 11], 0.4);
      const expected = exposedFaces(grid);
      expect(unitFaces(voxelQuads(grid))).toEqual(expected);
      const chunks = new VoxelChunks(grid, { chunkSize: size, draw: false });
      expect(chunks.chunkCount).toBe(Math.ceil(13 / size) * Math.ceil(9 / size) * Math.ceil(11 / size));
      expect(chunkFaces(chunks)).toEqual(expected);
    }
  });

  it('an edit rebuilds only the chunks it touches, and they equal a fresh build', () => {
    const grid = randomGrid(7, [24, 16, 20], 0.3);
    const chunks = new VoxelChunks(grid, { chunkSize: 8 });
    expect(chunks.children.length).toBe(chunks.nonEmptyChunks);
    const random = mulberry32(8);
    for (let step = 0; step < 40; step++) {
      const x = randInt(random, 24),
        y = randInt(random, 16),
        z = randInt(random, 20);
      grid.setBlocked(x, y, z, !grid.isBlocked(x, y, z));
      const before = chunks.rebuiltChunks;
      const touched = chunks.update([x, y, z, x, y, z]);
      // The voxel's own chunk, plus a neighbour chunk per axis where it lies on the border.
      const border = [x, y, z].filter((c) => c % 8 === 0 || c % 8 === 7).length;
      expect(touched.length).toBeLessThanOrEqual(2 ** border);
      expect(touched).toContain(Math.floor(x / 8) + 3 * (Math.floor(y / 8) + 2 * Math.floor(z / 8)));
      expect(chunks.rebuiltChunks - before).toBe(touched.length);
    }
    const fresh = new VoxelChunks(grid, { chunkSize: 8, draw: false });
    for (let c = 0; c < fresh.chunkCount; c++) expect(Array.from(chunks.chunkQuads(c))).toEqual(Array.from(fresh.chunkQuads(c)));
    expect(chunks.children.length).toBe(fresh.nonEmptyChunks);
    expect(chunkFaces(chunks)).toEqual(exposedFaces(grid));
  });

  it('takes quads computed elsewhere (data round trip)', () => {
    const grid = randomGrid(9, [10, 10, 10], 0.5);
    const a = new VoxelChunks(grid, { chunkSize: 4, draw: false });
    const b = new VoxelChunks(grid, { data: a.data() });
    expect(b.chunkSize).toBe(4);
    expect(chunkFaces(b)).toEqual(chunkFaces(a));
    expect(() => new VoxelChunks(new VoxelGrid({ dims: [20, 10, 10] }), { data: a.data() })).toThrow(/chunks/);
  });
});

describe('ObstacleWorld voxel edits refit the tree', () => {
  it('answers every query as a freshly built world, keeping the same tree while chunks fit', () => {
    const grid = randomGrid(21, [30, 10, 30], 0.15);
    const world = new ObstacleWorld([], grid);
    const random = mulberry32(22);
    let tree = world.bvh;
    let kept = 0;
    for (let step = 0; step < 16; step++) {
      const x = randInt(random, 30),
        y = randInt(random, 10),
        z = randInt(random, 30);
      world.setVoxels([x, y, z, x, y, z], !grid.isBlocked(x, y, z));
      if (world.bvh === tree) kept++;
      tree = world.bvh;
      const fresh = new ObstacleWorld([], grid.clone());
      for (let k = 0; k < 60; k++) {
        const a = [random() * 30, random() * 10, random() * 30];
        const b = [random() * 30, random() * 10, random() * 30];
        expect(world.segmentClear(a[0], a[1], a[2], b[0], b[1], b[2])).toBe(fresh.segmentClear(a[0], a[1], a[2], b[0], b[1], b[2]));
        const r = 0.2 + random();
        expect(world.capsuleClear(a[0], a[1], a[2], b[0], b[1], b[2], r)).toBe(fresh.capsuleClear(a[0], a[1], a[2], b[0], b[1], b[2], r));
        const dir = { x: b[0] - a[0], y: b[1] - a[1], z: b[2] - a[2] };
        const h1 = world.raycast({ x: a[0], y: a[1], z: a[2] }, dir);
        const h2 = fresh.raycast({ x: a[0], y: a[1], z: a[2] }, dir);
        expect(h1 === null).toBe(h2 === null);
        if (h1 !== null && h2 !== null) {
          expect(h1.distance).toBeCloseTo(h2.distance, 9);
          expect(h1.voxel).toEqual(h2.voxel);
        }
      }
      fresh.dispose();
    }
    // Single-voxel edits of a populated layer fit their chunk's spare slots almost always.
    expect(kept).toBeGreaterThan(10);
    expect(world.triangleCount).toBe(new ObstacleWorld([], grid.clone()).triangleCount);
  });
});
