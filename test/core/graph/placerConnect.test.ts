import { describe, expect, it } from 'vitest';
import { gridCapsuleSight } from '../../../src/core/graph/gridCapsuleSight.ts';
import { Placer } from '../../../src/core/graph/waypointPlacer.ts';
import { graphComponents } from '../../../src/core/graph/waypointMetrics.ts';
import { clearSpace } from '../../../src/core/grid/clearance.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../support/random.ts';

/**
 * Placement's connect step joins every component of clear voxels into one graph component,
 * also above the all-pairs limit, where the graph keeps nearest-visible links and a new
 * waypoint may take the place of older links (a union-find that only adds links would join
 * components the graph no longer joins).
 */

/** Graph components per clear-space component that holds waypoints (1 each when connected). */
function graphComponentsPerSpace(placer: Placer): number[] {
  const { label } = graphComponents(placer.vis.graph());
  const seen = new Map<number, Set<number>>();
  for (let w = 0; w < placer.count; w++) {
    const c = placer.space.component[placer.voxel[w]];
    if (!seen.has(c)) seen.set(c, new Set());
    seen.get(c)!.add(label[w]);
  }
  return [...seen.values()].map((s) => s.size);
}

describe('placement connect', () => {
  // Seeds 1, 2 and 4 left split components before the union-find was rebuilt above the limit.
  for (const [seed, allPairsLimit] of [
    [1, 8],
    [2, 8],
    [4, 8],
    [1, 2048],
  ]) {
    it(`leaves one graph component per clear component (seed ${seed}, all-pairs limit ${allPairsLimit})`, () => {
      const random = mulberry32(seed);
      const grid = new VoxelGrid({ dims: [28, 28, 5], cellSize: 1 });
      for (let i = 0; i < grid.size; i++) if (random() < 0.3) grid.occupancy[i] = 1;
      const space = clearSpace(grid, 0.3);
      const placer = new Placer(space, gridCapsuleSight(space), Infinity, Infinity, allPairsLimit);
      placer.cover();
      // Many waypoints, well above the small limit: the graph is in nearest-visible mode there.
      expect(placer.count).toBeGreaterThan(40);
      placer.connect();
      expect(graphComponentsPerSpace(placer).every((n) => n === 1)).toBe(true);
    });
  }
});
