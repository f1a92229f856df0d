/** sceneFromNavbin: a .navbin's grid (with terrain), waypoints and settings as a valid scene document, losslessly. */
import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { NavbinError, writeNavbin } from '../../src/core/io/navbin.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { sceneFromNavbin } from '../../src/scene/navbinScene.ts';
import { parseScene } from '../../src/scene/validate.ts';

function randomGrid(): VoxelGrid {
  const grid = new VoxelGrid({ dims: [9, 4, 7], origin: { x: -2, y: 0.5, z: 3 }, cellSize: 0.5 });
  const random = mulberry32(11);
  const terrain = new Float32Array(grid.size).fill(1);
  for (let i = 0; i < grid.size; i++) {
    const r = random();
    if (r < 0.3) grid.occupancy[i] = 1;
    else if (r < 0.4) terrain[i] = 8;
    else if (r < 0.45) terrain[i] = 2.5;
  }
  grid.terrain = terrain;
  return grid;
}

describe('sceneFromNavbin', () => {
  it('gives a valid document whose voxel layer is the baked grid, with the waypoints and settings', () => {
    const grid = randomGrid();
    const bytes = writeNavbin({
      settings: { agentRadius: 0.2, maxLinkDistance: 6, neighborhood: 18, cornerCutting: 'allow' },
      grid,
      graph: {
        ids: ['a', 'b', 'c'],
        positions: [0, 1, 4, 1, 1, 5, 2, 2, 6],
        offsets: [0, 1, 2, 2],
        targets: [1, 0],
        costs: [Math.SQRT2, Math.SQRT2],
      },
    });
    const doc = parseScene(sceneFromNavbin(bytes, 'levels/dock.navbin'));
    expect(doc.name).toBe('dock');
    expect(doc.agentRadius).toBe(0.2);
    expect(doc.maxLinkDistance).toBe(6);
    expect(doc.search).toMatchObject({ neighborhood: 18, cornerCutting: 'allow' });
    expect(doc.waypoints).toEqual([
      { id: 'a', position: [0, 1, 4] },
      { id: 'b', position: [1, 1, 5] },
      { id: 'c', position: [2, 2, 6] },
    ]);
    expect(doc.bounds).toEqual({ min: [-2, 0.5, 3], max: [2.5, 2.5, 6.5] });
    const back = buildVoxelGrid(doc)!;
    expect([back.X, back.Y, back.Z]).toEqual([9, 4, 7]);
    expect(back.occupancy).toEqual(grid.occupancy);
    // Terrain where it matters (free voxels): the same costs.
    for (let i = 0; i < grid.size; i++) if (grid.occupancy[i] === 0) expect(back.terrain?.[i] ?? 1, `voxel ${i}`).toBe(grid.terrain![i]);
    expect(doc.voxels!.terrain.map((r) => r.cost)).toEqual([2.5, 8]);
  });

  it('places a grid-less file by its waypoints, and refuses bad bytes', () => {
    const bytes = writeNavbin({
      settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
      grid: null,
      graph: { ids: ['p'], positions: [3, 4, 5], offsets: [0, 0], targets: [], costs: [] },
    });
    const doc = parseScene(sceneFromNavbin(bytes, 'p.navbin'));
    expect(doc.voxels).toBeUndefined();
    expect(doc.maxLinkDistance).toBeUndefined();
    expect(doc.bounds).toEqual({ min: [2, 3, 4], max: [4, 5, 6] });
    expect(() => sceneFromNavbin(new Uint8Array(8), 'x.navbin')).toThrow(NavbinError);
  });
});
