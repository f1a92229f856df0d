import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { fillEnclosed, voxelizeTriangles } from '../../../src/core/geometry/voxelizeMesh.ts';
import { displacedSphere, randomTriangles, soupOf } from '../../../scripts/meshes/generate.ts';
import { boxSoup } from '../../support/boxSoup.ts';
import { mulberry32 } from '../../support/random.ts';

/**
 * Independent oracle: clips the triangle against the six planes of the closed box
 * (Sutherland-Hodgman); the triangle meets the box when something is left. Shares nothing
 * with the separating-axis test under test.
 */
function clipOverlaps(t: ArrayLike<number>, o: number, min: number[], max: number[]): boolean {
  let poly: number[][] = [
    [t[o], t[o + 1], t[o + 2]],
    [t[o + 3], t[o + 4], t[o + 5]],
    [t[o + 6], t[o + 7], t[o + 8]],
  ];
  for (let a = 0; a < 3; a++) {
    for (const [bound, sign] of [
      [min[a], -1],
      [max[a], 1],
    ] as const) {
      // Keep the side where sign * (p[a] - bound) <= 0.
      const dist = (p: number[]) => sign * (p[a] - bound);
      const next: number[][] = [];
      for (let i = 0; i < poly.length; i++) {
        const p = poly[i],
          q = poly[(i + 1) % poly.length];
        const dp = dist(p),
          dq = dist(q);
        if (dp <= 0) next.push(p);
        if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
          const u = dp / (dp - dq);
          next.push(p.map((v, k) => v + u * (q[k] - v)));
        }
      }
      poly = next;
      if (poly.length === 0) return false;
    }
  }
  return true;
}

/**
 * Brute force over every voxel and triangle: 1 blocked, 0 free, -1 when moving the box faces
 * by 1e-9 changes the answer (a tie the two tests may round differently: not compared).
 */
function bruteSurface(soup: Float64Array, grid: VoxelGrid, r: number): Int8Array {
  const out = new Int8Array(grid.size);
  const s = grid.cellSize,
    o = [grid.origin.x, grid.origin.y, grid.origin.z];
  const tol = 1e-9;
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        const c = [x, y, z];
        const lo = c.map((v, a) => o[a] + v * s - r),
          hi = c.map((v, a) => o[a] + (v + 1) * s + r);
        let state = 0;
        for (let t = 0; t < soup.length && state !== 1; t += 9) {
          const inner = clipOverlaps(
            soup,
            t,
            lo.map((v) => v + tol),
            hi.map((v) => v - tol),
          );
          if (inner) state = 1;
          else if (
            clipOverlaps(
              soup,
              t,
              lo.map((v) => v - tol),
              hi.map((v) => v + tol),
            )
          )
            state = -1;
        }
        out[grid.index(x, y, z)] = state;
      }
  return out;
}

function compare(grid: VoxelGrid, expected: Int8Array): number {
  let compared = 0,
    blocked = 0;
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] < 0) continue;
    compared++;
    blocked += expected[i];
    if (grid.occupancy[i] !== expected[i]) {
      const v = grid.coords(i, { x: 0, y: 0, z: 0 });
      expect.fail(`voxel (${v.x}, ${v.y}, ${v.z}): got ${grid.occupancy[i]}, brute force says ${expected[i]}`);
    }
  }
  expect(compared).toBeGreaterThan(0.99 * expected.length);
  return blocked;
}

/** Free voxels that reach the border through free face neighbours (plain stack DFS). */
function outside(surface: VoxelGrid): Uint8Array {
  const { X, Y, Z } = surface;
  const seen = new Uint8Array(surface.size);
  const stack: number[][] = [];
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        if (x === 0 || y === 0 || z === 0 || x === X - 1 || y === Y - 1 || z === Z - 1) stack.push([x, y, z]);
      }
  while (stack.length > 0) {
    const [x, y, z] = stack.pop()!;
    if (surface.isBlocked(x, y, z) || seen[surface.index(x, y, z)]) continue;
    seen[surface.index(x, y, z)] = 1;
    stack.push([x + 1, y, z], [x - 1, y, z], [x, y + 1, z], [x, y - 1, z], [x, y, z + 1], [x, y, z - 1]);
  }
  return seen;
}

function expectFreeBorder(grid: VoxelGrid): void {
  const { X, Y, Z } = grid;
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        if (x === 0 || y === 0 || z === 0 || x === X - 1 || y === Y - 1 || z === Z - 1) {
          if (grid.isBlocked(x, y, z)) expect.fail(`border voxel (${x}, ${y}, ${z}) is blocked`);
        }
      }
}

describe('voxelizeTriangles', () => {
  for (const seed of [1, 2, 3]) {
    it(`surface matches a brute-force clipping test on random triangles (seed ${seed})`, () => {
      const soup = randomTriangles(mulberry32(seed), 40, 6, 2.5);
      const { grid, blocked, triangles } = voxelizeTriangles(soup, { cellSize: 0.45 });
      expect(triangles).toBe(40);
      expectFreeBorder(grid);
      const expectedBlocked = compare(grid, bruteSurface(soup, grid, 0));
      expect(expectedBlocked).toBeGreaterThan(40);
      expect(blocked).toBeGreaterThanOrEqual(expectedBlocked);
    });
  }

  it('blocked counts every blocked voxel, whatever the grid size modulo 4 (counted four bytes at a time)', () => {
    const rests = new Set<number>();
    for (let k = 0; k < 24; k++) {
      const soup = randomTriangles(mulberry32(100 + k), 12, 3, 1.5);
      for (const fill of ['surface', 'solid'] as const) {
        const { grid, blocked } = voxelizeTriangles(soup, { cellSize: 0.3 + 0.037 * k, fill });
        let count = 0;
        for (let i = 0; i < grid.size; i++) count += grid.occupancy[i] !== 0 ? 1 : 0;
        expect(blocked).toBe(count);
        rests.add(grid.size % 4);
      }
    }
    expect(rests.size).toBe(4);
  });

  it('small triangles (most within reach of one voxel, many in voxels already blocked) match the brute-force test', () => {
    for (const dilation of [0, 0.07]) {
      const soup = randomTriangles(mulberry32(4), 60, 2.5, 0.08);
      const { grid } = voxelizeTriangles(soup, { cellSize: 0.45, dilation });
      expect(compare(grid, bruteSurface(soup, grid, dilation))).toBeGreaterThan(40);
    }
  });

  it('dilation blocks exactly the voxels whose grown box meets a triangle', () => {
    const soup = randomTriangles(mulberry32(9), 12, 5, 2);
    const r = 0.31;
    const { grid } = voxelizeTriangles(soup, { cellSize: 0.5, dilation: r });
    expectFreeBorder(grid);
    compare(grid, bruteSurface(soup, grid, r));
  });

  it('triangles lying on voxel faces block both sides (closed boxes)', () => {
    // A square in the plane z = 1, exactly on a voxel boundary for cell size 0.5.
    const soup = new Float64Array([0, 0, 1, 2, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 2, 1]);
    const { grid } = voxelizeTriangles(soup, { cellSize: 0.5 });
    const kz = Math.round((1 - grid.origin.z) / 0.5);
    const kx = Math.round((1 - grid.origin.x) / 0.5);
    expect(grid.isBlocked(kx, kx, kz)).toBe(true);
    expect(grid.isBlocked(kx, kx, kz - 1)).toBe(true);
    expect(grid.isBlocked(kx, kx, kz + 1)).toBe(false);
    expect(grid.isBlocked(kx, kx, kz - 2)).toBe(false);
    expectFreeBorder(grid);
  });

  it('faces on voxel boundaries block both sides at cell sizes not exact in binary', () => {
    // A closed box from 0 to (125, 100, 125) cells of 0.3: the cell size is not a binary
    // fraction, so a face's coordinate and the voxel boundary it lies on round differently.
    // Every voxel on either side of each face, inside the face's extent, must be blocked (the
    // closed-box rule), and so the solid fill must fill the inside.
    const s = 0.3,
      size = [125 * s, 100 * s, 125 * s];
    const soup = boxSoup([0, 0, 0], size);
    const { grid } = voxelizeTriangles(soup, { cellSize: s, fill: 'solid' });
    const k = [0, 1, 2].map((a) => Math.round(-[grid.origin.x, grid.origin.y, grid.origin.z][a] / s));
    const n = [125, 100, 125];
    let missing = 0;
    for (let z = k[2] - 1; z <= k[2] + n[2]; z++)
      for (let y = k[1] - 1; y <= k[1] + n[1]; y++) for (let x = k[0] - 1; x <= k[0] + n[0]; x++) if (!grid.isBlocked(x, y, z)) missing++;
    expect(missing).toBe(0);
    expect(grid.isBlocked(k[0] - 2, k[1] + 5, k[2] + 5)).toBe(false);
    expect(grid.isBlocked(k[0] + n[0] + 1, k[1] + 5, k[2] + 5)).toBe(false);
  });

  it('solid blocks exactly the free voxels the border cannot reach', () => {
    const soup = soupOf(displacedSphere(mulberry32(4), 2, 3, 0.15));
    const surface = voxelizeTriangles(soup, { cellSize: 0.37 }).grid;
    const solid = voxelizeTriangles(soup, { cellSize: 0.37, fill: 'solid' }).grid;
    expect([solid.X, solid.Y, solid.Z]).toEqual([surface.X, surface.Y, surface.Z]);
    const reach = outside(surface);
    let inside = 0;
    for (let i = 0; i < surface.size; i++) {
      const want = surface.occupancy[i] === 1 || reach[i] === 0 ? 1 : 0;
      if (surface.occupancy[i] === 0 && reach[i] === 0) inside++;
      expect(solid.occupancy[i]).toBe(want);
    }
    // The sphere is closed: its inside is a real pocket of air.
    expect(inside).toBeGreaterThan(100);
    const c = solid.index(Math.floor(solid.X / 2), Math.floor(solid.Y / 2), Math.floor(solid.Z / 2));
    expect(solid.occupancy[c]).toBe(1);
    expect(surface.occupancy[c]).toBe(0);
  });

  it('fillEnclosed blocks exactly the free voxels the border cannot reach, on random grids (pockets open to one face only)', () => {
    const random = mulberry32(11);
    let pockets = 0;
    for (let c = 0; c < 60; c++) {
      const dims: [number, number, number] = [4 + (c % 9), 3 + (c % 7), 4 + (c % 5)];
      const grid = new VoxelGrid({ dims });
      for (let i = 0; i < grid.size; i++) grid.occupancy[i] = random() < 0.55 ? 1 : 0;
      const before = grid.occupancy.slice();
      const reach = outside(grid);
      let enclosed = 0;
      for (let i = 0; i < grid.size; i++) if (before[i] === 0 && reach[i] === 0) enclosed++;
      expect(fillEnclosed(grid), `case ${c}`).toBe(enclosed);
      for (let i = 0; i < grid.size; i++)
        expect(grid.occupancy[i], `case ${c}, voxel ${i}`).toBe(before[i] === 1 || reach[i] === 0 ? 1 : 0);
      pockets += enclosed;
    }
    expect(pockets).toBeGreaterThan(20);
  });

  it('rejects bad arguments, naming them', () => {
    const soup = randomTriangles(mulberry32(1), 2, 1, 1);
    expect(() => voxelizeTriangles(soup, { cellSize: 0 })).toThrow(/cellSize/);
    expect(() => voxelizeTriangles(soup, { cellSize: 1, dilation: -1 })).toThrow(/dilation/);
    expect(() => voxelizeTriangles(new Float64Array([0, 0, 0, 1, 0, 0, NaN, 1, 0]), { cellSize: 1 })).toThrow(
      /^soup: entry 6 is NaN, not a finite number$/,
    );
    expect(() => voxelizeTriangles(soup, { cellSize: 1e-6 })).toThrow(/over the limit of 268435456/);
  });
});
