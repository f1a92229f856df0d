import { describe, expect, it } from 'vitest';
import { EditModel } from '../../src/app/features/editor/EditModel.ts';
import { paintVoxels } from '../../src/app/features/editor/edits.ts';
import { axisRows } from '../../src/core/grid/axisRows.ts';
import { emptyBlocks } from '../../src/core/grid/emptyBlocks.ts';
import type { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32, randInt } from '../../src/core/math/random.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { parseScene } from '../../src/scene/validate.ts';

const DIMS: [number, number, number] = [40, 24, 20];

function structures(grid: VoxelGrid): number[][] {
  const b = emptyBlocks(grid);
  return [
    Array.from(grid.blockedRows()),
    Array.from(axisRows(grid, 1).bits),
    Array.from(axisRows(grid, 2).bits),
    Array.from(b.empty),
    Array.from(b.reach),
  ];
}

describe('voxel edits in the editor and the grid structures searches read', () => {
  it('painting and erasing record the changed box, and the updated structures equal fresh ones', () => {
    const random = mulberry32(11);
    let doc = parseScene({
      version: 2,
      name: 'edits',
      bounds: { min: [0, 0, 0], max: DIMS },
      voxels: { origin: [0, 0, 0], cellSize: 1, dims: DIMS, solid: [[3, 3, 3, 9, 7, 5]], terrain: [] },
    });
    const grid = buildVoxelGrid(doc)!;
    const model = new EditModel(doc, { grid });
    structures(grid);
    for (let step = 0; step < 20; step++) {
      const lo = DIMS.map((d) => randInt(random, d));
      const box = [...lo, ...lo.map((c) => c + randInt(random, 4))];
      const next = paintVoxels(doc, box, random() < 0.6);
      const before = grid.version;
      const r = model.sync(next);
      doc = next;
      if (r.voxelBox === null) continue;
      // The edit went through the grid's edit API: the box is known, nothing is rebuilt.
      expect(grid.editedSince(before), `step ${step}`).not.toBeNull();
      expect(structures(grid), `step ${step}`).toEqual(structures(grid.clone()));
    }
  });
});
