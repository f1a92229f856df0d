import { describe, expect, it, vi } from 'vitest';
import { voxelizeTriangles } from '../../../src/core/geometry/voxelizeMesh.ts';
import { BrickSet } from '../../../src/core/sparse/brickSet.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { sparseFromTriangles } from '../../../src/core/sparse/fromTriangles.ts';
import { SOLID } from '../../../src/core/sparse/SparseWorld.ts';
import { mulberry32 } from '../../support/random.ts';
import { boxSoup } from '../../support/boxSoup.ts';
import { sampleCases } from '../../support/sample.ts';

/** Random triangles and boxes, some grid-aligned (faces on voxel faces), some turned, some thin. */
function randomSoup(seed: number, extent: number): number[] {
  const rand = mulberry32(seed);
  const soup: number[] = [];
  for (let k = 0; k < 6; k++) {
    const lo = [0, 1, 2].map(() => Math.floor(rand() * extent * 4) / 4);
    const size = [0, 1, 2].map(() => 0.25 + Math.floor(rand() * extent) / 2);
    soup.push(
      ...boxSoup(
        lo,
        [0, 1, 2].map((a) => lo[a] + size[a]),
        k % 2 === 0 ? 0 : rand() * Math.PI,
      ),
    );
  }
  for (let k = 0; k < 20; k++) for (let j = 0; j < 9; j++) soup.push(rand() * extent);
  return soup;
}

/** Voxel-by-voxel comparison of the sparse world with the dense grid of the same soup and options. */
function differences(soup: number[], cellSize: number, dilation: number, fill: 'surface' | 'solid' = 'surface'): string[] {
  const dense = voxelizeTriangles(soup, { cellSize, dilation, fill }).grid;
  const sparse = sparseFromTriangles(soup, { cellSize, dilation, fill });
  expect([sparse.X, sparse.Y, sparse.Z]).toEqual([dense.X, dense.Y, dense.Z]);
  expect(sparse.origin).toEqual(dense.origin);
  const bad: string[] = [];
  for (let z = 0; z < dense.Z; z++)
    for (let y = 0; y < dense.Y; y++)
      for (let x = 0; x < dense.X; x++)
        if (sparse.isBlocked(x, y, z) !== dense.isBlocked(x, y, z) && bad.length < 5) bad.push(`${x},${y},${z}`);
  return bad;
}

describe('sparseFromTriangles', () => {
  it('blocks exactly the voxels the dense voxelization blocks (random soups, cell sizes, dilations)', () => {
    // npm test: a seeded four of the eight soups; npm run verify:full: all eight.
    for (const seed of sampleCases([1, 2, 3, 4, 5, 6, 7, 8], 4, 3)) {
      const soup = randomSoup(seed, 6 + seed * 3);
      const cellSize = [0.25, 0.5, 0.3, 0.125][seed % 4];
      expect(differences(soup, cellSize, seed % 3 === 0 ? 0 : 0.1 * seed), `seed ${seed}`).toEqual([]);
    }
  });

  it('solid fill: the air inside closed meshes is blocked exactly as the dense fill blocks it', () => {
    // Closed boxes (one inside another, one turned, one grid-aligned), a pocket between two walls
    // and open triangles that close nothing.
    const soup = [
      ...boxSoup([0, 0, 0], [6, 4, 6]),
      ...boxSoup([1, 1, 1], [3, 2.5, 3], 0.5),
      ...boxSoup([8.1, 0.3, 0.2], [12.7, 3.9, 4.4], 0.9),
      ...[20, 0, 0, 24, 0, 0, 20, 4, 0],
    ];
    for (const [cellSize, dilation] of [
      [0.25, 0],
      [0.5, 0.3],
      [0.125, 0.05],
    ])
      expect(differences(soup, cellSize, dilation, 'solid'), `cell ${cellSize}, dilation ${dilation}`).toEqual([]);
    const solid = sparseFromTriangles(soup, { cellSize: 0.25, fill: 'solid' });
    const v = (p: number) => Math.floor((p - solid.origin.x) / 0.25);
    expect(solid.isBlocked(v(3.5), v(3), v(4))).toBe(true); // inside the big box
    expect(sparseFromTriangles(soup, { cellSize: 0.25 }).isBlocked(v(3.5), v(3), v(4))).toBe(false);
  });

  it('solid fill of large enclosed regions (nodes of many levels): the very tree of the dense fill', () => {
    // A hollow box 150 x 120 x 150 voxels (cell 0.25) holding a turned closed box (air enclosed
    // in the enclosed air), a box open at the top (its air is outside) and a closed box beside.
    const open = boxSoup([45, 0, 0], [60, 15, 15]);
    const soup = [
      ...boxSoup([0, 0, 0], [37.5, 30, 37.5]),
      ...boxSoup([5, 5, 5], [20, 20, 20], 0.3),
      ...open.slice(0, 54),
      ...open.slice(72), // without its +y face
      ...boxSoup([40, 20, 20], [59.5, 29.5, 37]),
    ];
    for (const cellSize of [0.25, 0.375]) {
      const dense = voxelizeTriangles(soup, { cellSize, fill: 'solid' }).grid;
      const sparse = sparseFromTriangles(soup, { cellSize, fill: 'solid' });
      const fresh = sparseFromGrid(dense);
      const keys = ['levelStart', 'code', 'kind', 'level', 'firstChild', 'parents', 'coarseLink', 'maskLo', 'maskHi'] as const;
      for (const k of keys) expect(Array.from(sparse[k]), `cell ${cellSize}: ${k}`).toEqual(Array.from(fresh[k]));
      let coarse = 0;
      for (let n = 0; n < sparse.nodeCount; n++) if (sparse.kind[n] === SOLID) coarse = Math.max(coarse, sparse.level[n]);
      expect(coarse, `cell ${cellSize}`).toBeGreaterThanOrEqual(3);
      const at = (x: number, y: number, z: number) =>
        sparse.isBlocked(
          ...([x - sparse.origin.x, y - sparse.origin.y, z - sparse.origin.z].map((d) => Math.floor(d / cellSize)) as [
            number,
            number,
            number,
          ]),
        );
      expect(at(30, 25, 30)).toBe(true); // enclosed
      expect(at(12, 12, 12)).toBe(true); // enclosed twice
      expect(at(52, 5, 7)).toBe(false); // in the open box
      expect(at(50, 25, 30)).toBe(true); // in the closed box beside
    }
  });

  it('solid fill never enumerates the bricks inside a solid region', () => {
    // A closed box 400 voxels a side: 1M bricks inside, ~60k on its faces.
    const soup = boxSoup([0, 0, 0], [100, 100, 100]);
    const surface = sparseFromTriangles(soup, { cellSize: 0.25 });
    const adds = vi.spyOn(BrickSet.prototype, 'addCode');
    try {
      const solid = sparseFromTriangles(soup, { cellSize: 0.25, fill: 'solid' });
      // addCode: the surface's bricks as voxelized (and the boundary ones), nothing for the inside.
      expect(adds.mock.calls.length).toBeLessThan(1.5 * surface.brickCount);
      expect(solid.brickCount).toBeLessThanOrEqual(surface.brickCount);
      expect(solid.isBlocked(200, 200, 200)).toBe(true);
    } finally {
      adds.mockRestore();
    }
  });

  it('spans many chunks: a long thin level across 64-voxel chunk borders', () => {
    const soup = [
      ...boxSoup([0, 0, 0], [40, 0.5, 3]),
      ...boxSoup([15.75, 0, 0], [16.25, 4, 3]),
      ...boxSoup([3, 1, 1], [37, 1.2, 1.5], 0.3),
    ];
    expect(differences(soup, 0.25, 0.2)).toEqual([]);
  });

  it('keeps its memory to the surface: a world no dense grid could hold', () => {
    // Two boxes at opposite corners of a 200-unit cube, cell 0.25: 800^3 = 512M voxels, over the
    // dense limit; the sparse world holds the two boxes' surfaces, the bricks along the world's
    // far faces (its sides are not multiples of 4) and big empty nodes.
    const soup = [...boxSoup([0, 0, 0], [2, 2, 2]), ...boxSoup([198, 198, 198], [200, 200, 200], 0.4)];
    expect(() => voxelizeTriangles(soup, { cellSize: 0.25 })).toThrow(/over the limit/);
    const sparse = sparseFromTriangles(soup, { cellSize: 0.25 });
    expect(sparse.X * sparse.Y * sparse.Z).toBeGreaterThan(500_000_000);
    expect(sparse.byteLength).toBeLessThan((sparse.X * sparse.Y * sparse.Z) / 20);
    const v = (p: number) => Math.floor((p - sparse.origin.x) / 0.25);
    expect(sparse.isBlocked(v(0), v(1), v(1))).toBe(true); // on a face of the first box
    expect(sparse.isBlocked(v(1), v(1), v(1))).toBe(false); // inside it (surface fill)
    expect(sparse.isBlocked(v(3), v(1), v(1))).toBe(false);
    expect(sparse.isBlocked(v(100), v(100), v(100))).toBe(false);
    let far = 0; // blocked voxels around the far box
    for (let z = v(197); z <= v(201); z++)
      for (let y = v(197); y <= v(201); y++) for (let x = v(197); x <= v(201); x++) far += sparse.isBlocked(x, y, z) ? 1 : 0;
    expect(far).toBeGreaterThan(200);
  });

  it('rejects bad options and soups with a message naming them', () => {
    expect(() => sparseFromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0], { cellSize: 0 })).toThrow(/cellSize/);
    expect(() => sparseFromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0], { cellSize: 1, dilation: -1 })).toThrow(/dilation/);
    expect(() => sparseFromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0], { cellSize: 1, fill: 'hollow' as 'surface' })).toThrow(/fill/);
    expect(() => sparseFromTriangles([0, 0, 0, 1], { cellSize: 1 })).toThrow(/soup/);
    expect(() => sparseFromTriangles([0, 0, 0, 5000, 0, 0, 0, 1, 0], { cellSize: 1 })).toThrow(/4096|limit/);
  });
});
