/**
 * A voxel paint keeps the drawn world (WorldView.adopt): the view takes the edited document
 * when only the voxel occupancy changed, and is made again for obstacle and terrain edits.
 */
import { describe, expect, it } from 'vitest';
import { paintTerrain, paintVoxels, setObstacle } from '../../src/app/features/editor/edits.ts';
import { WorldView } from '../../src/app/shell/views/WorldView.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { parseScene } from '../../src/scene/validate.ts';

const doc = parseScene({
  version: 1,
  name: 'adopt',
  voxels: { dims: [6, 3, 6], solid: [[0, 0, 0, 5, 0, 5]] },
  obstacles: [{ id: 'o', shape: 'box', position: [3, 2, 3], size: [1, 1, 1] }],
});

describe('WorldView.adopt', () => {
  it('keeps the view for a voxel paint only', () => {
    const grid = buildVoxelGrid(doc)!;
    const view = new WorldView(doc, grid, null);
    const painted = paintVoxels(doc, [1, 1, 1, 1, 1, 1], true);
    expect(view.adopt(painted, grid)).toBe(true);
    const erased = paintVoxels(painted, [1, 1, 1, 1, 1, 1], false);
    expect(view.adopt(erased, grid)).toBe(true);
    expect(view.adopt(paintTerrain(erased, [2, 1, 2, 2, 1, 2], 'water'), grid)).toBe(false);
    expect(view.adopt(setObstacle(erased, { id: 'o', shape: 'box', position: [4, 2, 3], size: [1, 1, 1] }), grid)).toBe(false);
    expect(view.adopt(erased, buildVoxelGrid(erased))).toBe(false);
    view.dispose();
  });
});
