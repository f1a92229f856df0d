// 99,999 copies of a full-grid box in `solid` (a 2 MB file) took about 24 minutes to fill (75 as
// terrain): every box wrote its whole volume. Filling now costs O(boxes + grid). No time is
// asserted; the old fill would need ~2e11 voxel writes here and never finish in a test.
import { describe, expect, it } from 'vitest';
import { buildVoxelGrid, parseScene } from '../../src/scene/index.ts';

const N = 99_999;
const dims: [number, number, number] = [128, 128, 128];
const full = [0, 0, 0, 127, 127, 127];

describe('99,999 grid-sized boxes', () => {
  it('fill solid: every voxel blocked', () => {
    // Alternate a full box with one missing its last slab, so the boxes are not all copies.
    const solid = Array.from({ length: N }, (_, i) => (i % 2 === 0 ? full : [0, 0, 0, 127, 127, 126 - (i % 100)]));
    const grid = buildVoxelGrid(parseScene({ version: 1, voxels: { dims, solid } }))!;
    expect(grid.occupancy.every((v) => v === 1)).toBe(true);
  });

  it('fill terrain: the last region wins everywhere it covers', () => {
    const terrain = [
      { kind: 'mud', cost: 2, boxes: Array.from({ length: N - 1 }, (_, i) => (i % 2 === 0 ? full : [0, 0, 1 + (i % 100), 127, 127, 127])) },
      { kind: 'water', cost: 5, boxes: [[0, 0, 0, 127, 127, 0]] },
    ];
    const grid = buildVoxelGrid(parseScene({ version: 1, voxels: { dims, terrain } }))!;
    const t = grid.terrain!;
    expect(t[grid.index(5, 5, 0)]).toBe(5);
    expect(t[grid.index(127, 127, 0)]).toBe(5);
    expect(t[grid.index(5, 5, 1)]).toBe(2);
    let mud = 0;
    for (let i = 0; i < t.length; i++) if (t[i] === 2) mud++;
    expect(mud).toBe(128 * 128 * 127);
  });
});
