import type { Vec3 } from '../math/vec3.ts';
import type { HeuristicName } from './heuristics.ts';

/** Receives the successors of the node being expanded. */
export interface NeighborSink {
  /** Offer successor `v`, reached from the expanded node by an edge of cost `stepCost`. */
  relax(v: number, stepCost: number): void;
}

/**
 * Optional part of a SearchSpace: a voxel lattice whose successors come from one table of
 * moves. A space that offers it lets the engine fuse expansion and relaxation into one loop
 * (no call per successor, neighbour coordinates known from the move). Its table must give the
 * same successors, in the same order, at the same costs as the space's `expand`.
 *
 * Node u = x + X (y + Y z); with k a move: target u + moveOffset[k], legal when
 * `blockedMask(x, y, z) & moveNeed[k]` is 0, cost moveCost[k] (x terrain[target] when the
 * lattice has terrain), coordinate change moveDelta[3k .. 3k+2]. pruneNeed[(d) n + k] (n moves)
 * is the mask that, when free, makes move k after arriving by move d redundant (-1: never).
 */
export interface Lattice {
  readonly grid: { readonly X: number; readonly cellSize: number; readonly terrain: Float32Array | null };
  readonly XY: number;
  readonly invX: number;
  readonly invXY: number;
  readonly moveOffset: Int32Array;
  readonly moveCost: Float64Array;
  readonly moveNeed: Int32Array;
  readonly moveDelta: Int8Array;
  readonly pruneNeed: Int32Array;
  /**
   * Move lists in table order, row r = moveList[moveListStart[r] .. moveListStart[r + 1]):
   * row 0 every move; row d + 1 the moves that pruneNeed row d never prunes, without the move
   * back (reversing d), i.e. all that is left of a free 3x3x3 block reached by move d.
   */
  readonly moveList: Uint8Array;
  readonly moveListStart: Int32Array;
  /** moveOffset and moveCost of each moveList entry (one read less per move in the hot loop). */
  readonly moveListOffset: Int32Array;
  readonly moveListCost: Float64Array;
  blockedMask(x: number, y: number, z: number): number;
  /**
   * Goal voxel and heuristic: the estimate of voxel (x, y, z) is
   * cellEstimate(x - gx, y - gy, z - gz) x grid.cellSize x squaredScale, the value of `estimate`.
   */
  readonly gx: number;
  readonly gy: number;
  readonly gz: number;
  readonly cellEstimate: (dx: number, dy: number, dz: number) => number;
  readonly squaredScale: number;
  /** The same estimate as a method (for code off the hot loop). */
  estimateAt(x: number, y: number, z: number): number;
}

/** The kind tag of the built-in spaces (SearchSpace.kind). */
export type SpaceKind = 'grid' | 'waypoints';

/**
 * A graph the A* engine can search: nodes are integers in [0, nodeCount).
 * VoxelGrid (through GridSpace) and WaypointGraph (through GraphSpace) implement it.
 */
export interface SearchSpace {
  /**
   * What the nodes are: 'grid' (GridSpace: voxels of a VoxelGrid) or 'waypoints' (GraphSpace).
   * The runs that need a voxel grid (JPS, Lazy Theta*) check this tag. Absent on other spaces.
   */
  readonly kind?: SpaceKind;
  /** Nodes of the space: ids are integers in [0, nodeCount). */
  readonly nodeCount: number;
  /** False for blocked voxels: such a node can be neither start nor goal. */
  isTraversable(node: number): boolean;
  /** Calls `sink.relax(v, cost)` for every legal successor of `u`. */
  expand(u: number, sink: NeighborSink): void;
  /** Fixes the goal and the heuristic that `estimate` and `distanceToGoal` use. */
  setGoal(goal: number, heuristic: HeuristicName): void;
  /** Unweighted heuristic estimate from `v` to the goal (for the configured heuristic). */
  estimate(v: number): number;
  /** Straight-line distance from `v` to the goal in world units (closest-node fallback). */
  distanceToGoal(v: number): number;
  /** World position of a node (voxel centre or waypoint position). */
  position(node: number, out: Vec3): Vec3;
  /** When present, the engine expands through this move table instead of `expand`. */
  readonly lattice?: Lattice;
}
