/**
 * World-space helpers of VoxelGrid: the one world-to-voxel conversion (axisVoxel, worldToVoxel,
 * voxelIndexAt) and the nearest free voxel, against brute force written here.
 */
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../../src/core/errors.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { FREE_VOXEL_SNAP_RADIUS, nearestFreeVoxel } from '../../../src/core/grid/nearestFree.ts';
import { mulberry32 } from '../../../src/core/math/random.ts';

const grid = () => new VoxelGrid({ dims: [5, 4, 3], origin: { x: -2, y: 1, z: 0.5 }, cellSize: 0.5 });

describe('VoxelGrid world-to-voxel', () => {
  it('axisVoxel floors (w - origin) / cellSize on each axis, unclamped', () => {
    const g = grid();
    expect(g.axisVoxel(0, -2)).toBe(0);
    expect(g.axisVoxel(0, -1.51)).toBe(0);
    expect(g.axisVoxel(0, -1.5)).toBe(1);
    expect(g.axisVoxel(0, -2.01)).toBe(-1);
    expect(g.axisVoxel(1, 3.2)).toBe(4);
    expect(g.axisVoxel(2, 0.5)).toBe(0);
    expect(g.axisVoxel(2, 2.0)).toBe(3);
  });

  it('worldToVoxel and voxelIndexAt agree with the voxel boxes (inside: index; outside: -1)', () => {
    const g = grid();
    const random = mulberry32(4);
    const out = { x: 0, y: 0, z: 0 };
    for (let k = 0; k < 500; k++) {
      const p = { x: -3 + 5 * random(), y: 0 + 4 * random(), z: -0.5 + 3 * random() };
      g.worldToVoxel(p, out);
      // The voxel's box [origin + v * s, origin + (v + 1) * s) holds p.
      for (const [v, w, o] of [
        [out.x, p.x, -2],
        [out.y, p.y, 1],
        [out.z, p.z, 0.5],
      ]) {
        expect(o + v * 0.5).toBeLessThanOrEqual(w);
        expect(o + (v + 1) * 0.5).toBeGreaterThan(w);
      }
      const expected = g.inBounds(out.x, out.y, out.z) ? g.index(out.x, out.y, out.z) : -1;
      expect(g.voxelIndexAt(p.x, p.y, p.z)).toBe(expected);
    }
  });
});

describe('nearestFreeVoxel', () => {
  /** Brute force: every free voxel within `radius` of the clamped voxel, nearest centre, lowest index on ties. */
  function brute(g: VoxelGrid, p: { x: number; y: number; z: number }, radius: number): number {
    const own = g.voxelIndexAt(p.x, p.y, p.z);
    if (own >= 0 && !g.occupancy[own]) return own;
    const c = [0, 1, 2].map((a) => Math.min([g.X, g.Y, g.Z][a] - 1, Math.max(0, g.axisVoxel(a as 0 | 1 | 2, [p.x, p.y, p.z][a]))));
    let best = -1;
    let bestD = Infinity;
    for (let v = 0; v < g.size; v++) {
      const q = g.coords(v, { x: 0, y: 0, z: 0 });
      if (g.occupancy[v] || Math.abs(q.x - c[0]) > radius || Math.abs(q.y - c[1]) > radius || Math.abs(q.z - c[2]) > radius) continue;
      const m = g.voxelCenter(q.x, q.y, q.z, { x: 0, y: 0, z: 0 });
      const d = Math.hypot(m.x - p.x, m.y - p.y, m.z - p.z);
      if (d < bestD - 1e-12) {
        bestD = d;
        best = v;
      }
    }
    return best;
  }

  it('matches brute force on random grids and points, inside and outside the grid', () => {
    const random = mulberry32(11);
    for (let trial = 0; trial < 40; trial++) {
      const g = new VoxelGrid({ dims: [9, 7, 8], origin: { x: 1, y: -1, z: 0 }, cellSize: 1.5 });
      const density = 0.3 + 0.65 * random();
      for (let v = 0; v < g.size; v++) if (random() < density) g.occupancy[v] = 1;
      for (let k = 0; k < 25; k++) {
        const p = { x: -2 + 18 * random(), y: -4 + 15 * random(), z: -3 + 16 * random() };
        for (const radius of [0, 1, FREE_VOXEL_SNAP_RADIUS]) expect(nearestFreeVoxel(g, p, radius)).toBe(brute(g, p, radius));
      }
    }
  });

  it('defaults to FREE_VOXEL_SNAP_RADIUS (4): a free voxel 4 away is found, 5 away is not', () => {
    expect(FREE_VOXEL_SNAP_RADIUS).toBe(4);
    const g = new VoxelGrid({ dims: [12, 1, 1] });
    g.occupancy.fill(1);
    g.occupancy[4] = 0;
    expect(nearestFreeVoxel(g, { x: 0.5, y: 0.5, z: 0.5 })).toBe(4);
    g.occupancy[4] = 1;
    g.occupancy[5] = 0;
    expect(nearestFreeVoxel(g, { x: 0.5, y: 0.5, z: 0.5 })).toBe(-1);
  });

  it('a bad radius is a usage error', () => {
    const g = new VoxelGrid({ dims: [2, 2, 2] });
    for (const r of [-1, 1.5, NaN]) {
      expect(() => nearestFreeVoxel(g, { x: 0, y: 0, z: 0 }, r)).toThrow(NavlabError);
      try {
        nearestFreeVoxel(g, { x: 0, y: 0, z: 0 }, r);
      } catch (e) {
        expect((e as NavlabError).code).toBe('usage');
      }
    }
  });
});
