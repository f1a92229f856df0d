import { describe, expect, it } from 'vitest';
import { clearSpace, type ClearSpace } from '../../src/core/grid/clearance.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { importAgents } from '../../src/import/importAgents.ts';

/** The pool importAgents draws from, the plain way: the largest component's clear voxels, off the outer layer when two or more are. */
function referencePool(space: ClearSpace): number[] {
  let largest = 0;
  for (let c = 1; c < space.componentCount; c++) if (space.componentSize[c] > space.componentSize[largest]) largest = c;
  const g = space.grid;
  const all = Array.from(space.clearVoxels).filter((v) => space.component[v] === largest);
  const inner = all.filter((v) => {
    const c = g.coords(v, { x: 0, y: 0, z: 0 });
    return c.x > 0 && c.y > 0 && c.z > 0 && c.x < g.X - 1 && c.y < g.Y - 1 && c.z < g.Z - 1;
  });
  return inner.length >= 2 ? inner : all;
}

/** The centre of voxel v. */
const centre = (g: VoxelGrid, v: number) => {
  const c = g.coords(v, { x: 0, y: 0, z: 0 });
  return [0, 1, 2].map((a) => [g.origin.x, g.origin.y, g.origin.z][a] + ([c.x, c.y, c.z][a] + 0.5) * g.cellSize);
};

describe('importAgents', () => {
  it('draws starts and goals from the largest component, off the outer layer, as the plain pool gives them', () => {
    for (const seed of [1, 2, 3]) {
      // Random blocks split the free space into components.
      const grid = new VoxelGrid({ dims: [14, 9, 11], cellSize: 0.5, origin: { x: -2, y: 1, z: 0.5 } });
      const random = mulberry32(seed);
      for (let i = 0; i < grid.size; i++) if (random() < 0.3) grid.occupancy[i] = 1;
      const space = clearSpace(grid, 0);
      const agents = importAgents(space, 6, 0.2, 1.5, seed);
      const pool = new Set(referencePool(space).map((v) => centre(grid, v).join()));
      expect(agents).toHaveLength(6);
      for (const a of agents) {
        expect(pool.has((a.start as number[]).join()), `seed ${seed}: ${a.id} start`).toBe(true);
        expect(pool.has((a.goal as number[]).join()), `seed ${seed}: ${a.id} goal`).toBe(true);
        expect(a.radius).toBe(0.2);
        expect(a.speed).toBe(1.5);
      }
    }
  });

  it('the same draws as the plain pool: the first agent starts at the pool voxel the seed picks', () => {
    const grid = new VoxelGrid({ dims: [10, 6, 8], cellSize: 1, origin: { x: 0, y: 0, z: 0 } });
    grid.occupancy.fill(1, grid.index(0, 3, 0), grid.index(9, 3, 7) + 1); // a floor splits it in two
    const space = clearSpace(grid, 0);
    const pool = referencePool(space);
    const first = pool[Math.floor(mulberry32(9)() * pool.length)];
    expect(importAgents(space, 1, 0.1, 1, 9)[0].start).toEqual(centre(grid, first));
  });

  it('uses the outer layer when the component has fewer than two voxels off it; none when nothing is clear', () => {
    const grid = new VoxelGrid({ dims: [3, 3, 3], cellSize: 1, origin: { x: 0, y: 0, z: 0 } });
    grid.occupancy.fill(1);
    grid.occupancy[grid.index(0, 0, 0)] = 0;
    grid.occupancy[grid.index(1, 0, 0)] = 0;
    const agents = importAgents(clearSpace(grid, 0), 3, 0.1, 1, 4);
    for (const a of agents) expect([a.start, a.goal].every((p) => (p as number[])[1] === 0.5 && (p as number[])[2] === 0.5)).toBe(true);
    grid.occupancy.fill(1);
    expect(importAgents(clearSpace(grid, 0), 3, 0.1, 1, 4)).toEqual([]);
  });
});
