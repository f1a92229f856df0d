import { now } from '../../../core/clock.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { QueryOptions } from '../../../core/query/report.ts';
import type { SearchContext } from '../../../core/search/SearchContext.ts';
import type { SearchOptions } from '../../../core/search/options.ts';
import { sparseFromGrid } from '../../../core/sparse/build.ts';
import { SparseRun } from '../../../core/sparse/SparseRun.ts';
import { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { BrickBoxes } from '../../../core/sparse/brickBoxes.ts';
import { SparseWorld } from '../../../core/sparse/SparseWorld.ts';
import { askWorker, type OctreeReply } from './octreeWork.ts';

/**
 * The lab's searches on the sparse voxel octree of a scene's grid: the SparseSpace (with its
 * connected components, so an unreachable goal is known before any search and the run ends at
 * the closest reachable voxel) is built from the grid for the first run, kept for the runs
 * after, and built again after the grid was edited (`invalidate`: the editor edits the grid in
 * place). `build` makes the world and its components in a worker (octreeWork.ts) and only
 * splits the mixed bricks into boxes here; `spaceOf` builds all of it on the calling thread.
 * Runs are the core's SparseRun, stepped like the dense runs.
 */
export class OctreeSearch {
  /** Spaces built so far (a work counter: runs on an unchanged grid build none). */
  builds = 0;
  /** Main-thread wall time of the last build, ms: all of it (spaceOf), or the brick boxes of a worker's octree (build). */
  buildMs = 0;
  /** Builds asked of a worker (a work counter: an edit storm asks at most one more while one is on its way). */
  asks = 0;
  /** Worker wall time of the last `build` (the world and its components), ms; 0 when built here. */
  workerMs = 0;
  private grid: VoxelGrid | null = null;
  private space: SparseSpace | null = null;
  /** The worker build on its way, if any. */
  private pending: Promise<unknown> | null = null;
  /** Invalidations so far (a worker's octree asked for before the last one is stale). */
  private edits = 0;

  /** The grid changed (an edit, a new scene): the next run builds the space again. */
  invalidate(): void {
    this.space = null;
    this.grid = null;
    this.edits++;
  }

  /** Whether the space of `grid` is built (and not edited since). */
  ready(grid: VoxelGrid | null): boolean {
    return grid !== null && this.space !== null && this.grid === grid;
  }

  /**
   * Builds the space of `scene`'s grid in a worker of `pool` (resolves at once when it is
   * ready). One build at a time: a call made while one is on its way waits for it, then builds
   * only if `current()` still holds (a paint drag asks once per edit: all but the last give up)
   * and the space is not ready. An edit while the worker builds leaves the space unbuilt.
   */
  async build(pool: WorkerPool, scene: LoadedScene, current: () => boolean = () => true): Promise<void> {
    const grid = scene.grid;
    if (grid === null) throw new Error('this scene has no voxel grid');
    while (this.pending !== null) await this.pending.catch(() => {});
    if (!current() || this.ready(grid)) return;
    const asked = this.edits;
    const reply = askWorker<OctreeReply>(pool, scene, { type: 'octree', revision: scene.revision });
    this.pending = reply;
    this.asks++;
    try {
      const o = await reply;
      if (asked === this.edits) this.adopt(grid, o);
    } finally {
      this.pending = null;
    }
  }

  /** Takes a worker's octree of `grid` (octreeOf) as the space: wraps its arrays, splits its bricks into boxes here. */
  adopt(grid: VoxelGrid, o: OctreeReply): SparseSpace {
    const t = now();
    const world = new SparseWorld(o.dims, o.cellSize, o.origin, o.arrays);
    this.space = new SparseSpace(world, { components: true }, { boxes: new BrickBoxes(world), components: () => o.components });
    this.grid = grid;
    this.buildMs = now() - t;
    this.workerMs = o.ms;
    this.builds++;
    return this.space;
  }

  /** The search space of `grid`'s octree, built when the grid is new or was edited since. */
  spaceOf(grid: VoxelGrid): SparseSpace {
    if (this.space === null || this.grid !== grid) {
      const t = now();
      this.space = new SparseSpace(sparseFromGrid(grid), { components: true });
      this.grid = grid;
      this.buildMs = now() - t;
      this.workerMs = 0;
      this.builds++;
    }
    return this.space;
  }

  /**
   * A resumable any-angle run from voxel `from` to voxel `to` on `grid`'s octree, with the
   * options the octree takes (heuristic 'zero' or the straight-line distance, weight,
   * tie-break, budget); the grid's movement rules and algorithm do not apply. A waypoint id,
   * a blocked or outside voxel throws an Error naming the endpoint.
   */
  start(grid: VoxelGrid, from: Endpoint, to: Endpoint, options: QueryOptions, ctx: SearchContext): SparseRun {
    const voxel = (name: string, e: Endpoint): readonly number[] => {
      if (typeof e === 'string') throw new Error(`${name}: the octree searches between voxels, not waypoint '${e}'`);
      if (!grid.inBounds(e[0], e[1], e[2])) throw new Error(`${name}: voxel (${e.join(', ')}) is outside the grid`);
      if (grid.isBlocked(e[0], e[1], e[2])) throw new Error(`${name}: voxel (${e.join(', ')}) is blocked`);
      return e;
    };
    const start = voxel('start', from);
    const goal = voxel('goal', to);
    const { heuristic, weight, tieBreak, maxExpansions } = options;
    const o = Object.fromEntries(
      Object.entries({ heuristic, weight, tieBreak, maxExpansions }).filter(([, v]) => v !== undefined),
    ) as Partial<SearchOptions>;
    return new SparseRun(this.spaceOf(grid), start, goal, o, ctx);
  }
}
