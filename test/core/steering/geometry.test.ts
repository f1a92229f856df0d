/** Static geometry for steering: segment-box distance, the contact list, VoxelGeometry. */
import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { segmentBoxDistanceSq } from '../../../src/core/geometry/segmentBox.ts';
import { ContactList } from '../../../src/core/steering/geometry.ts';
import { VoxelGeometry } from '../../../src/core/steering/VoxelGeometry.ts';
import { mulberry32 } from '../../support/random.ts';

/** Reference: distance from a point to a box, minimised over the segment by dense sampling and ternary refinement. */
function refSegmentBox(a: number[], b: number[], lo: number[], hi: number[]): number {
  const at = (t: number) => {
    let s = 0;
    for (let k = 0; k < 3; k++) {
      const p = a[k] + (b[k] - a[k]) * t;
      const e = Math.max(lo[k] - p, 0, p - hi[k]);
      s += e * e;
    }
    return Math.sqrt(s);
  };
  let best = 0;
  for (let i = 1; i <= 400; i++) if (at(i / 400) < at(best)) best = i / 400;
  let l = Math.max(0, best - 1 / 400),
    r = Math.min(1, best + 1 / 400);
  for (let k = 0; k < 100; k++) {
    const m1 = l + (r - l) / 3,
      m2 = r - (r - l) / 3;
    if (at(m1) <= at(m2)) r = m2;
    else l = m1;
  }
  return Math.min(at(l), at(0), at(1));
}

describe('segmentBoxDistanceSq', () => {
  it('matches a sampled reference on random segments and boxes', () => {
    const rand = mulberry32(11);
    const u = () => -4 + 8 * rand();
    for (let n = 0; n < 500; n++) {
      const a = [u(), u(), u()];
      // Every fourth segment is axis-parallel or degenerate, the cases with zero components.
      const b = n % 4 === 0 ? [a[0], u(), a[2]] : n % 4 === 1 ? [...a] : [u(), u(), u()];
      const c = [u(), u(), u()];
      const h = [0.1 + 2 * rand(), 0.1 + 2 * rand(), 0.1 + 2 * rand()];
      const lo = c.map((v, k) => v - h[k]),
        hi = c.map((v, k) => v + h[k]);
      const got = Math.sqrt(segmentBoxDistanceSq(a[0], a[1], a[2], b[0], b[1], b[2], lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]));
      expect(got).toBeCloseTo(refSegmentBox(a, b, lo, hi), 6);
    }
  });

  it('is zero when the segment passes through the box', () => {
    expect(segmentBoxDistanceSq(-5, 0.5, 0.5, 5, 0.5, 0.5, 0, 0, 0, 1, 1, 1)).toBe(0);
    expect(segmentBoxDistanceSq(-5, 2, 0.5, 5, 2, 0.5, 0, 0, 0, 1, 1, 1)).toBeCloseTo(1, 12);
  });
});

describe('ContactList', () => {
  it('keeps one contact per surface, the nearer one', () => {
    const list = new ContactList(4);
    list.offer(7, 2, 0, 0, 0, 1, 0, 0);
    list.offer(7, 1, 1, 1, 1, 0, 1, 0);
    list.offer(7, 3, 2, 2, 2, 0, 0, 1);
    expect(list.count).toBe(1);
    expect(list.distance[0]).toBe(1);
    expect(Array.from(list.normal.subarray(0, 3))).toEqual([0, 1, 0]);
  });

  it('keeps the nearest contacts when full', () => {
    const list = new ContactList(3);
    for (const [s, d] of [
      [1, 5],
      [2, 4],
      [3, 3],
      [4, 1],
      [5, 6],
      [6, 2],
    ])
      list.offer(s, d, 0, 0, 0, 1, 0, 0);
    const kept = Array.from(list.surface.subarray(0, list.count)).sort();
    expect(kept).toEqual([3, 4, 6]);
    expect(list.nearest()).toBe(1);
  });
});

/** A 9 x 3 x 3 grid whose middle row (y = 1, z = 1) is a corridor between solid walls. */
function corridor(): VoxelGrid {
  const g = new VoxelGrid({ dims: [9, 3, 3] });
  for (let z = 0; z < 3; z++) for (let y = 0; y < 3; y++) for (let x = 0; x < 9; x++) if (y !== 1 || z !== 1) g.setBlocked(x, y, z, true);
  return g;
}

describe('VoxelGeometry', () => {
  it('reports both walls of a corridor, symmetric about its axis', () => {
    const geo = new VoxelGeometry(corridor());
    const out = new ContactList(64);
    const n = geo.createQuery().contacts(4.5, 1.5, 1.5, 0.6, out);
    // Within 0.6 of the corridor axis: the 4 face-adjacent voxels (distance 0.5).
    expect(n).toBe(4);
    let sx = 0,
      sy = 0,
      sz = 0;
    for (let k = 0; k < n; k++) {
      expect(out.distance[k]).toBeCloseTo(0.5, 12);
      sx += out.normal[3 * k];
      sy += out.normal[3 * k + 1];
      sz += out.normal[3 * k + 2];
    }
    expect(Math.hypot(sx, sy, sz)).toBeLessThan(1e-12);
  });

  it('nearest, inside and the normal of a point inside a voxel', () => {
    const geo = new VoxelGeometry(corridor());
    const q = { x: 0, y: 0, z: 0 },
      nrm = { x: 0, y: 0, z: 0 };
    expect(geo.nearest({ x: 4.5, y: 1.2, z: 1.5 }, 10, q, nrm)).toBeCloseTo(0.2, 12);
    expect(nrm).toEqual({ x: 0, y: 1, z: 0 });
    expect(geo.inside(4.5, 0.5, 1.5)).toBe(true);
    expect(geo.inside(4.5, 1.5, 1.5)).toBe(false);
    // Outside the grid is free space.
    expect(geo.inside(-3, 1.5, 1.5)).toBe(false);
    expect(geo.nearest({ x: 4.5, y: 0.9, z: 1.5 }, 10, q, nrm)).toBe(0);
    expect(nrm.y).toBe(1);
    expect(geo.nearest({ x: 4.5, y: 1.5, z: 1.5 }, 0.4, q, nrm)).toBe(Infinity);
  });

  it('clear() agrees with a segment-box reference on random grids', () => {
    const rand = mulberry32(5);
    let blocked = 0,
      free = 0;
    for (let trial = 0; trial < 300; trial++) {
      const g = new VoxelGrid({ dims: [8, 8, 8], origin: { x: -1, y: 0, z: 2 }, cellSize: 0.75 });
      for (let i = 0; i < 40; i++) g.setBlocked(Math.floor(rand() * 8), Math.floor(rand() * 8), Math.floor(rand() * 8), true);
      const geo = new VoxelGeometry(g);
      const pt = () => [-1.5 + 7 * rand(), -0.5 + 7 * rand(), 1.5 + 7 * rand()];
      const a = pt(),
        b = pt();
      const r = trial % 3 === 0 ? 0 : 0.4 * rand();
      let least = Infinity;
      for (let z = 0; z < 8; z++)
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) {
            if (!g.isBlocked(x, y, z)) continue;
            const lo = [-1 + 0.75 * x, 0.75 * y, 2 + 0.75 * z];
            least = Math.min(
              least,
              refSegmentBox(
                a,
                b,
                lo,
                lo.map((v) => v + 0.75),
              ),
            );
          }
      if (Math.abs(least - r) < 1e-4) continue; // too close to call for the sampled reference
      const expected = r > 0 ? least >= r : least > 0;
      expect(geo.clear(a[0], a[1], a[2], b[0], b[1], b[2], r), `trial ${trial}`).toBe(expected);
      if (expected) free++;
      else blocked++;
    }
    expect(blocked).toBeGreaterThan(30);
    expect(free).toBeGreaterThan(30);
  });
});
