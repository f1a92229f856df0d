import { GridSpace } from '../grid/GridSpace.ts';
import { JpsRun } from '../search/JpsRun.ts';
import { gridDistance } from '../search/heuristics.ts';
import { SearchContext } from '../search/SearchContext.ts';
import type { SearchResult } from '../search/result.ts';
import { pairSampler, voxelCenter } from './waypointMetrics.ts';
import { stringPull, WaypointRouter } from './waypointRoute.ts';
import type { Placer } from './waypointPlacer.ts';
import type { WaypointGraph } from './WaypointGraph.ts';

/** The refinement settings of `placeWaypoints` (see PlaceWaypointsOptions), all given. */
export interface RefineOptions {
  targetRatio: number;
  goalRatio: number;
  goalShare: number;
  batchPairs: number;
  maxBatches: number;
  seed: number;
}

/**
 * Refinement routes link their ends to this many nearest visible waypoints only: an upper
 * bound of the full route, so a pair judged good is good, at a fraction of the tests. It only
 * filters (a pair it does not pass is judged by the fuller route): 6 instead of 12 gives the
 * same waypoints with 15-27 % fewer refinement sight tests on the example levels.
 */
const ROUTE_END_LINKS = 6;

/**
 * Refinement judges a pair by a route whose ends link to this many nearest visible waypoints:
 * an upper bound of the figures' route (every visible waypoint linked), close to it, without
 * testing every waypoint.
 */
const JUDGE_END_LINKS = 48;

/** Expansions per slice of a capped jump point search (the cap is checked between slices). */
const CAP_SLICE = 128;

/**
 * The grid optimum from s to g (its voxel path and cost), or null as soon as its cost is known to
 * be at least `need` (the search stops there): a jump point search with the exact heuristic
 * expands jump points in order of f, each a lower bound of the optimum (SearchRun's protected
 * `key`: f x 2^24, rounded). The path lists every voxel (JpsRun fills the runs in).
 */
function optimum(space: GridSpace, s: number, g: number, need: number, ctx: SearchContext): SearchResult | null {
  const run = new JpsRun(space, s, g, {}, ctx);
  let r = run.step(CAP_SLICE);
  for (; r.status === 'running'; r = run.step(CAP_SLICE))
    if ((run as unknown as { key: number }).key > (need + 1e-6) * 2 ** 24) return null;
  return r;
}

/**
 * Step 4 of `placeWaypoints`, in batches of seeded training pairs: a pair whose route over the
 * current graph is
 * longer than `targetRatio` times the grid optimum gets the interior string-pulled corners
 * of its optimal grid path as waypoints (corners hug geometry: where good routes turn).
 * After a batch in which at most `goalShare` of the pairs exceeded `goalRatio` (each
 * measured before its own corners were added), the step stops. Many pairs are judged
 * without the optimum: a pair is fine when its quick route (an upper bound of the route) is
 * at most `targetRatio` times the obstacle-free grid distance (a lower bound of the
 * optimum); else jump point search measures the optimum (stopped once its cost is known to be
 * long enough for the quick route), then a fuller judging route decides, and the optimum's
 * path gives the corners. Returns the number of batches run.
 */
export function refinePlacement(p: Placer, o: RefineOptions): number {
  const { space } = p;
  const grid = space.grid;
  const gridSpace = new GridSpace(space.dilated, { neighborhood: 26, cornerCutting: 'forbid' });
  const ctx = new SearchContext();
  const routeCtx = new SearchContext();
  const limited = p.limitedLos();
  const placed = new Set(p.voxel);
  // The pair's ends (a is scratch for its corners once its routes are made).
  const a = { x: 0, y: 0, z: 0 },
    b = { x: 0, y: 0, z: 0 };
  const sample = pairSampler(space);
  let graph: WaypointGraph | null = null,
    router!: WaypointRouter;
  let batch = 0;
  while (batch < o.maxBatches && o.batchPairs > 0 && p.count < p.maxWaypoints) {
    const pairs = sample(o.batchPairs, o.seed + batch);
    batch++;
    let over = 0;
    for (let k = 0; k < pairs.length / 2 && p.count < p.maxWaypoints; k++) {
      const s = pairs[2 * k],
        g = pairs[2 * k + 1];
      grid.coords(s, a);
      grid.coords(g, b);
      const bound = gridDistance(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z), 26) * grid.cellSize;
      voxelCenter(space, s, a);
      voxelCenter(space, g, b);
      // The router of the current graph (a new graph after corners were added).
      if (graph !== p.vis.graph()) {
        graph = p.vis.graph();
        router = new WaypointRouter(graph, p.los, routeCtx);
      }
      const quick = router.route([a.x, a.y, a.z], [b.x, b.y, b.z], ROUTE_END_LINKS);
      if (quick.length <= o.targetRatio * bound) continue;
      // The grid optimum's cost by jump point search (the same cost as A*, a fraction of the work),
      // stopped once the optimum is known long enough for the pair to be fine.
      // The corners come from the same search's optimal path (one search, not a second by A*).
      // Searched from the end with less clearance (the cost is the same either way): a capped
      // search whose front starts in the more confined place expands far less before it stops.
      const best =
        space.clearance[g] < space.clearance[s]
          ? optimum(gridSpace, g, s, quick.length / o.targetRatio, ctx)
          : optimum(gridSpace, s, g, quick.length / o.targetRatio, ctx);
      if (best === null || quick.length <= o.targetRatio * best.cost) continue;
      // Judged by a fuller route (ends linked to many more visible waypoints), near the figures'
      // (only now: most pairs are settled above, without its sight tests).
      const route = router.route([a.x, a.y, a.z], [b.x, b.y, b.z], JUDGE_END_LINKS);
      if (route.length <= o.targetRatio * best.cost) continue;
      if (route.length > o.goalRatio * best.cost) over++;
      const corners: number[] = [];
      for (const node of best.path) {
        voxelCenter(space, node, a);
        corners.push(a.x, a.y, a.z);
      }
      const pulled = stringPull(corners, limited).points;
      for (let i = 3; i < pulled.length - 3 && p.count < p.maxWaypoints; i += 3) {
        const idx = grid.voxelIndexAt(pulled[i], pulled[i + 1], pulled[i + 2]);
        if (placed.has(idx)) continue;
        placed.add(idx);
        p.add(idx);
      }
    }
    if (over <= o.goalShare * (pairs.length / 2)) break;
  }
  return batch;
}
