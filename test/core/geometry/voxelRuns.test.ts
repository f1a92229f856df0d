import { describe, expect, it } from 'vitest';
import { blockTriangles } from '../../../src/core/geometry/voxelizeMesh.ts';
import { AX, AXES, AY, AZ, HI, LO, prepareAxes, RAD } from '../../../src/core/geometry/triangleMath.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { displacedSphere, randomTriangles, soupOf } from '../../../scripts/meshes/generate.ts';
import { mulberry32 } from '../../support/random.ts';

/**
 * blockTriangles finds each row's blocked voxels as one run whose ends it moves by the exact
 * test (RUNS in voxelizeMesh.ts). Oracle: the separating-axis test itself, voxel by voxel over
 * the triangle's whole box, with the same floating-point expressions: the two must agree on
 * every voxel, ties and rounding included (a run that misses an end voxel, or reaches one too
 * far, shows here).
 */
function perVoxel(soup: ArrayLike<number>, grid: VoxelGrid, grow: number, offset = [0, 0, 0]): Uint8Array {
  const occ = new Uint8Array(grid.size);
  const { X, Y, Z } = grid;
  const { x: ox, y: oy, z: oz } = grid.origin;
  const s = grid.cellSize;
  const [dx, dy, dz] = offset;
  const tri = new Float64Array(9);
  for (let t = 0; t < soup.length / 9; t++) {
    for (let k = 0; k < 9; k++) tri[k] = soup[9 * t + k];
    const b0 = [0, 1, 2].map((a) => Math.min(tri[a], tri[a + 3], tri[a + 6]));
    const b1 = [0, 1, 2].map((a) => Math.max(tri[a], tri[a + 3], tri[a + 6]));
    // The voxel box grown by `grow`, widened as blockTriangles widens it (touchWidening).
    const m = Math.max(Math.abs(ox), Math.abs(oy), Math.abs(oz), -b0[0], b1[0], -b0[1], b1[1], -b0[2], b1[2]);
    const h = 0.5 * s + grow + (1e-9 * s + 2 ** -46 * m);
    prepareAxes(tri, 0, h, h, h);
    for (let z = 0; z < Z; z++)
      for (let y = 0; y < Y; y++)
        voxels: for (let x = 0; x < X; x++) {
          const cx = ox + (x + dx + 0.5) * s,
            cy = oy + (y + dy + 0.5) * s,
            cz = oz + (z + dz + 0.5) * s;
          const c = [cx, cy, cz];
          for (let a = 0; a < 3; a++) if (b0[a] > c[a] + h || b1[a] < c[a] - h) continue voxels;
          for (let k = 0; k < AXES; k++) {
            const d = cy * AY[k] + cz * AZ[k] + cx * AX[k];
            if (LO[k] - d > RAD[k] || HI[k] - d < -RAD[k]) continue voxels;
          }
          occ[x + X * (y + Y * z)] = 1;
        }
  }
  return occ;
}

/** Voxels where the two differ. */
function differences(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** Blocked voxels. */
function count(occ: Uint8Array): number {
  let n = 0;
  for (const v of occ) n += v;
  return n;
}

describe('blockTriangles runs', () => {
  it('block exactly the voxels the per-voxel test blocks (random, on-grid and near-degenerate triangles)', () => {
    const rand = mulberry32(25);
    let blocked = 0;
    for (let c = 0; c < 120; c++) {
      const soup = randomTriangles(rand, 1 + (c % 5), 5, 2.5);
      if (c % 3 === 1) for (let i = 0; i < soup.length; i++) soup[i] = Math.round(soup[i] * 4) / 4; // vertices on voxel faces
      if (c % 3 === 2) for (let t = 0; t < soup.length; t += 9) soup[t + 3] = soup[t] + 1e-9; // an edge nearly along an axis
      const cellSize = [0.25, 0.5, 0.37][c % 3];
      const grow = [0, 0.1, 0.3, -0.01][(c >> 2) % 4];
      const grid = new VoxelGrid({ dims: [30, 26, 28], origin: { x: -1, y: -0.5, z: -0.75 }, cellSize });
      blockTriangles(soup, grid, grow);
      const want = perVoxel(soup, grid, grow);
      expect(differences(grid.occupancy, want)).toBe(0);
      blocked += count(grid.occupancy);
    }
    expect(blocked).toBeGreaterThan(10_000);
  });

  it('agree with the per-voxel test whichever axis the rows run along (the longest side of each triangle)', () => {
    const rand = mulberry32(7);
    for (let a = 0; a < 3; a++) {
      // Long thin triangles along axis a, tilted, some with vertices on voxel faces: rows along a.
      const soup: number[] = [];
      for (let t = 0; t < 12; t++) {
        const p = [0, 1, 2].map(() => 1 + 3 * rand());
        const q = [...p];
        const r = p.map((v) => v + 0.4 * rand());
        q[a] += 4 + 2 * rand();
        r[a] += 2 * rand();
        const tri = [...p, ...q, ...r];
        soup.push(...(t % 2 === 0 ? tri.map((v) => Math.round(v * 4) / 4) : tri));
      }
      for (const grow of [0, 0.3]) {
        const grid = new VoxelGrid({ dims: [34, 30, 32], origin: { x: -1, y: -0.5, z: -0.75 }, cellSize: 0.25 });
        blockTriangles(soup, grid, grow, [2, 1, 3, 33, 28, 30], [1, 2, 3]);
        const want = perVoxel(soup, grid, grow, [1, 2, 3]);
        // The region clips: only its voxels may be blocked.
        for (let z = 0; z < 32; z++)
          for (let y = 0; y < 30; y++)
            for (let x = 0; x < 34; x++) if (x < 2 || y < 1 || z < 3 || x >= 33 || y >= 28 || z >= 30) want[x + 34 * (y + 30 * z)] = 0;
        expect(differences(grid.occupancy, want)).toBe(0);
        expect(count(grid.occupancy)).toBeGreaterThan(500);
      }
    }
  });

  it('agree with the per-voxel test on a closed sphere, offset into a larger layout', () => {
    const soup = soupOf(displacedSphere(mulberry32(3), 4, 2, 0.5));
    const grid = new VoxelGrid({ dims: [22, 22, 22], origin: { x: -5, y: -5, z: -5 }, cellSize: 0.4 });
    const offset = [3, 2, 1];
    blockTriangles(soup, grid, 0.2, [0, 0, 0, 22, 22, 22], offset);
    expect(differences(grid.occupancy, perVoxel(soup, grid, 0.2, offset))).toBe(0);
    expect(count(grid.occupancy)).toBeGreaterThan(1000);
  });
});
