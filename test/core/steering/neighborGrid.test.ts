import { describe, expect, it } from 'vitest';
import { NeighborGrid } from '../../../src/core/steering/NeighborGrid.ts';
import { mulberry32 } from '../../support/random.ts';

describe('NeighborGrid', () => {
  it('returns every agent within the radius, each once, against brute force', () => {
    const rand = mulberry32(3);
    const grid = new NeighborGrid();
    const out = new Int32Array(2000);
    for (const [count, span, cell] of [
      [1000, 40, 2],
      [300, 5, 1],
      [50, 1000, 3],
      [7, 0.001, 1],
    ] as const) {
      const pos = new Float64Array(3 * count);
      for (let k = 0; k < pos.length; k++) pos[k] = (rand() - 0.5) * span;
      grid.build(pos, count, cell);
      for (let q = 0; q < 200; q++) {
        const x = (rand() - 0.5) * span,
          y = (rand() - 0.5) * span,
          z = (rand() - 0.5) * span;
        const radius = cell * rand();
        const n = grid.query(x, y, z, radius, out);
        const got = Array.from(out.subarray(0, n));
        expect(new Set(got).size).toBe(n);
        for (let i = 0; i < count; i++) {
          const inside = Math.max(Math.abs(pos[3 * i] - x), Math.abs(pos[3 * i + 1] - y), Math.abs(pos[3 * i + 2] - z)) <= radius;
          if (inside) expect(got).toContain(i);
        }
      }
    }
  });

  it('a scan table (no stamps) returns every agent within the radius once for queries of up to 3 cells per axis', () => {
    // The sum hash puts the 27 cells of any 3 x 3 x 3 block in distinct buckets, for every
    // table size; agents packed around the origin (where the xor hash collides most).
    const rand = mulberry32(7);
    const grid = new NeighborGrid();
    for (const count of [5, 40, 300, 2500]) {
      const span = Math.cbrt(count) * 1.2;
      const pos = new Float64Array(3 * count);
      for (let k = 0; k < pos.length; k++) pos[k] = (rand() - 0.5) * span;
      const out = new Int32Array(count);
      for (const cell of [0.7, 1.3]) {
        grid.build(pos, count, cell, true);
        for (let q = 0; q < 40; q++) {
          const x = (rand() - 0.5) * span,
            y = (rand() - 0.5) * span,
            z = (rand() - 0.5) * span;
          const radius = cell * rand();
          const got = Array.from(out.subarray(0, grid.query(x, y, z, radius, out)));
          expect(new Set(got).size).toBe(got.length);
          for (let i = 0; i < count; i++) {
            const inside = Math.max(Math.abs(pos[3 * i] - x), Math.abs(pos[3 * i + 1] - y), Math.abs(pos[3 * i + 2] - z)) <= radius;
            if (inside) expect(got).toContain(i);
          }
        }
      }
    }
  });

  it('a query larger than the table still finds everyone once', () => {
    const grid = new NeighborGrid();
    const pos = Float64Array.from([0, 0, 0, 50, 0, 0, -50, 20, 3]);
    grid.build(pos, 3, 10); // 64 buckets; the query below overlaps 13^3 cells
    const out = new Int32Array(8);
    const n = grid.query(0, 0, 0, 60, out);
    expect(Array.from(out.subarray(0, n)).sort()).toEqual([0, 1, 2]);
  });
});
