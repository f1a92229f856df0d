import { checkInteger, checkLimit, checkNumber } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { now } from '../clock.ts';
import { clearSpace, gridAssistedLineOfSight, type ClearSpace } from '../grid/clearance.ts';
import type { VoxelGrid } from '../grid/VoxelGrid.ts';
import { gridCapsuleSight } from './gridCapsuleSight.ts';
import { VisibilityGraph, type LineOfSight } from './visibility.ts';
import type { WaypointGraph } from './WaypointGraph.ts';
import { refinePlacement, type RefineOptions } from './placerRefine.ts';
import { Placer } from './waypointPlacer.ts';

/**
 * Largest grid `placeWaypoints` accepts: it keeps about 20 bytes per voxel (clearance,
 * components, search state), ~340 MB at this size, and connect 8 bytes more per voxel
 * (`floodMeetings`).
 */
export const MAX_PLACEMENT_VOXELS = 2 ** 24;

export interface PlaceWaypointsOptions {
  /** Agent radius R: waypoints and covered voxels have clearance >= R. @default 0 */
  agentRadius?: number;
  /** At most this many waypoints (coverage may then stay below 1). @default 50000 */
  maxWaypoints?: number;
  /** Links longer than this are never made (as in preprocessing). @default Infinity */
  maxLinkDistance?: number;
  /**
   * Refinement: a training pair whose route is longer than this times the grid optimum gets
   * waypoints at the corners of its grid path. @default 1.08
   */
  targetRatio?: number;
  /**
   * Refinement stops after the first batch in which at most `goalShare` of the pairs (measured
   * as the batch is processed) have a ratio above `goalRatio`. @default 1.15
   */
  goalRatio?: number;
  /** A share >= 0 (1 or more: refinement stops after its first batch). @default 0.02 */
  goalShare?: number;
  /** Training pairs per refinement batch (0 turns refinement off). @default 100 */
  batchPairs?: number;
  /** At most this many refinement batches. @default 8 */
  maxBatches?: number;
  /**
   * Seed of the first training batch (batch b uses seed + b); keep it apart from the seed the
   * figures are measured with. @default 0x5eed
   */
  seed?: number;
  /**
   * `clearSpace(grid, agentRadius)` when the caller has it (the import computes it for its
   * agents): used instead of computing it again. Not checked here: `placeSceneWaypoints`, the
   * public entry, checks it. @default computed
   */
  space?: ClearSpace;
}

export interface PlacedWaypoints {
  /** Waypoint positions (xyz triples), each the centre of a clear voxel. */
  positions: Float64Array;
  /** Their visibility graph (the line-of-sight test given, maxLinkDistance). */
  graph: WaypointGraph;
  /** The clear space the waypoints were placed in (clearance, dilated grid, components). */
  space: ClearSpace;
  /** Waypoints from each step: cover, connectors, removed by pruning, refinement. */
  steps: { cover: number; connectors: number; pruned: number; refined: number; batches: number };
  /** Wall time of each step (clearance = `clearSpace`). */
  ms: { clearance: number; cover: number; connect: number; prune: number; refine: number };
}

/**
 * Places waypoints for an agent of radius R in the free space of `grid`. `los` is the agent's
 * line-of-sight test (e.g. a BVH capsule test of radius R); every piece of geometry it tests
 * against must lie in the closed boxes of blocked voxels of `grid` (a voxel layer, or a
 * conservative voxelization of the world): clearance is measured on the grid, and tests the
 * grid alone proves clear skip `los` (`gridCapsuleSight`, `gridAssistedLineOfSight`). For a
 * radius under half a cell, placement decides on the grid
 * alone (what the grid sees, `los` sees too), and `graph` is linked with `los` when first read.
 * Aims, in this order:
 *  - every clear voxel (`clearSpace`) sees a waypoint of its own component (coverage 1);
 *  - the waypoint graph has one component per component of clear voxels;
 *  - few waypoints, placed where routes through them are short.
 * Steps:
 *  1. cover: repeatedly take the uncovered clear voxel farthest from geometry and from the
 *     grid border (medial-axis-like, so one waypoint sees much), make it (or, in a corner, a
 *     clearer voxel nearby that sees it) a waypoint, and mark every uncovered voxel of its
 *     component that sees it;
 *  2. prune: drop each waypoint (fewest covered voxels first, up to a few thousand) whose
 *     voxels all see another waypoint (it may split the graph: step 4 joins it up);
 *  3. refine: for seeded training pairs whose route is longer than `targetRatio` times the
 *     grid optimum, add the string-pulled corners of the grid path; in batches, until a batch
 *     shows few pairs above `goalRatio` (see `refinePlacement`, placerRefine.ts);
 *  4. connect: while a component of clear voxels holds waypoints of two graph components,
 *     flood the clear voxels from every waypoint at once and, shortest first, add waypoints at
 *     the string-pulled corners of the voxel path where two floods meet, for each pair of
 *     graph components still apart. (Connecting before pruning, as placement did, placed
 *     bridges that pruning then dropped: they cover no voxel.)
 * Deterministic: the same input gives the same waypoints.
 */
export function placeWaypoints(grid: VoxelGrid, los: LineOfSight, options: PlaceWaypointsOptions = {}): PlacedWaypoints {
  const radius = options.agentRadius ?? 0;
  if (grid.size > MAX_PLACEMENT_VOXELS) {
    throw new NavlabError(
      'usage',
      `placeWaypoints: the grid has ${grid.X}x${grid.Y}x${grid.Z} = ${grid.size} voxels, over the limit of ${MAX_PLACEMENT_VOXELS}`,
    );
  }
  const maxWaypoints = checkInteger('maxWaypoints', options.maxWaypoints ?? 50000, 0, Infinity);
  const maxLink = checkLimit('maxLinkDistance', options.maxLinkDistance ?? Infinity);
  const refineOptions: RefineOptions = {
    targetRatio: checkNumber('targetRatio', options.targetRatio ?? 1.08, 1),
    goalRatio: checkNumber('goalRatio', options.goalRatio ?? 1.15, 1),
    goalShare: checkNumber('goalShare', options.goalShare ?? 0.02, 0),
    batchPairs: checkInteger('batchPairs', options.batchPairs ?? 100, 0, 1e6),
    maxBatches: checkInteger('maxBatches', options.maxBatches ?? 8, 0, 1e6),
    seed: options.seed ?? 0x5eed,
  };
  let t = now();
  const lap = (): number => {
    const t0 = t;
    t = now();
    return t - t0;
  };
  const space = options.space ?? clearSpace(grid, radius);
  // The grid's own capsule test (no geometry) first; it is conservative, so `los` decides the
  // rest, skipped where the grid's sweep proof shows the capsule clear (built on first use).
  const gridSight = gridCapsuleSight(space);
  let assisted: LineOfSight | null = null;
  const exact: LineOfSight = (ax, ay, az, bx, by, bz) =>
    gridSight(ax, ay, az, bx, by, bz) || (assisted ??= gridAssistedLineOfSight(grid, radius, los))(ax, ay, az, bx, by, bz);
  // Below half a cell every clear voxel centre sees its face neighbours on the grid alone, so
  // placement can decide on the grid alone: what it sees, `los` sees too (coverage and
  // connections hold; routes only get shorter). Its graph is then relinked with `exact`.
  const placeLos = radius + 1e-6 * grid.cellSize < 0.5 * grid.cellSize ? gridSight : exact;
  const clearanceMs = lap();
  const placer = new Placer(space, placeLos, maxWaypoints, maxLink);
  placer.cover();
  const cover = placer.count;
  const coverMs = lap();
  const pruned = placer.prune();
  placer.compact();
  const pruneMs = lap();
  const base = placer.count;
  const batches = refinePlacement(placer, refineOptions);
  const refined = placer.count - base;
  const refineMs = lap();
  // Refinement corners see each other but maybe no older waypoint, and pruning may have split
  // the graph: join it up.
  placer.connect();
  const connectors = placer.count - base - refined;
  const connectMs = lap();
  const positions = Float64Array.from(placer.xyz);
  const placed = placer.vis;
  let graph: WaypointGraph | null = null;
  return {
    positions,
    /** Linked with `exact` on first use (the import relinks the positions itself). */
    get graph(): WaypointGraph {
      if (graph === null) {
        const vis = placeLos === exact ? placed : new VisibilityGraph(exact, { maxLinkDistance: maxLink });
        if (vis !== placed) vis.setAll(positions);
        graph = vis.graph();
      }
      return graph;
    },
    space,
    steps: { cover, connectors, pruned, refined, batches },
    ms: { clearance: clearanceMs, cover: coverMs, connect: connectMs, prune: pruneMs, refine: refineMs },
  };
}
