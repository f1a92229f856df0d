/**
 * Fuzzing the .navbin door: a valid file (grid with terrain, waypoint graph with ids) mutated
 * byte by byte (truncated, bits flipped, bytes spliced in, a word set to 0, 2^31, 2^32 - 1, a
 * float's infinity or NaN pattern), then used as a game would: read, a grid search between
 * two free voxels at world points, and a search over the waypoint graph. Each case must
 * either work with finite numbers or throw a NavlabError: never anything else. Work is
 * bounded by counts (the file's own sizes, checked by the reader), not by a clock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../../src/core/errors.ts';
import { LIMITS } from '../../../src/core/limits.ts';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { nearestFreeVoxel } from '../../../src/core/grid/nearestFree.ts';
import { GraphSpace, WaypointGraph } from '../../../src/core/graph/WaypointGraph.ts';
import { findPath } from '../../../src/core/search/AStarRun.ts';
import { readNavbin, writeNavbin } from '../../../src/core/io/navbin.ts';
import { byteMutation, mutateBytes, type ByteMutation } from '../../support/mutate.ts';
import { mulberry32 } from '../../support/random.ts';

function sample(): Uint8Array {
  const rand = mulberry32(7);
  const grid = new VoxelGrid({ dims: [9, 5, 4], origin: { x: -2, y: 0.5, z: 1 }, cellSize: 0.5 });
  for (let i = 0; i < grid.size; i++) grid.occupancy[i] = rand() < 0.25 ? 1 : 0;
  grid.occupancy[0] = 0;
  grid.occupancy[grid.size - 1] = 0;
  grid.terrain = Float32Array.from({ length: grid.size }, () => 1 + Math.floor(rand() * 3));
  const positions = Array.from({ length: 18 }, () => rand() * 8 - 4);
  const pairs = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 0, 5, 1, 4];
  const g = new WaypointGraph(positions, pairs);
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  return writeNavbin({
    settings: { agentRadius: 0.25, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
    grid,
    graph: { ids, positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs },
  });
}

/** Read and use one file; returns what a failure threw (null on success). */
function tryNavbin(bytes: Uint8Array): unknown {
  try {
    const nav = readNavbin(bytes);
    const { grid, graph } = nav;
    if (grid !== null) {
      expect(grid.size).toBeLessThanOrEqual(LIMITS.voxels);
      // Two world points, as a game asks: the centres of the first and last voxel of a row.
      const at = (i: number) =>
        nearestFreeVoxel(grid, {
          x: grid.origin.x + (i + 0.5) * grid.cellSize,
          y: grid.origin.y + 0.5 * grid.cellSize,
          z: grid.origin.z + 0.5 * grid.cellSize,
        });
      const a = at(0),
        b = at(grid.X - 1);
      for (const v of [a, b]) if (!Number.isInteger(v)) throw new Error(`nearestFreeVoxel gave ${v}`);
      if (a >= 0 && b >= 0) {
        const r = findPath(
          new GridSpace(grid, { neighborhood: nav.settings.neighborhood, cornerCutting: nav.settings.cornerCutting }),
          a,
          b,
        );
        if (!Number.isFinite(r.cost)) throw new Error(`grid path cost ${r.cost}`);
      }
    }
    const n = graph.ids.length;
    if (n > 1) {
      const pairs: number[] = [];
      for (let i = 0; i < n; i++)
        for (let e = graph.offsets[i]; e < graph.offsets[i + 1]; e++) if (i < graph.targets[e]) pairs.push(i, graph.targets[e]);
      const g = new WaypointGraph(graph.positions, pairs);
      const r = findPath(new GraphSpace(g), 0, n - 1);
      if (!Number.isFinite(r.cost)) throw new Error(`graph path cost ${r.cost}`);
    }
    return null;
  } catch (e) {
    return e;
  }
}

describe('fuzzing .navbin', () => {
  it('mutated files read cleanly or fail with a NavlabError', () => {
    const base = sample();
    expect(tryNavbin(base)).toBeNull();
    fc.assert(
      fc.property(fc.array(byteMutation, { minLength: 1, maxLength: 3 }), (ms: ByteMutation[]) => {
        const error = tryNavbin(ms.reduce(mutateBytes, base));
        if (error !== null && !(error instanceof NavlabError))
          throw new Error(`${JSON.stringify(ms)}: ${(error as Error)?.name}: ${(error as Error)?.message}`);
      }),
      { seed: 22, numRuns: 2000 },
    );
  });
});
