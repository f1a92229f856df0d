import type { Vec3 } from '../math/vec3.ts';
import type { HeuristicName } from './heuristics.ts';

/** Receives the successors of the node being expanded. */
export interface NeighborSink {
  /** Offer successor `v`, reached from the expanded node by an edge of cost `stepCost`. */
  relax(v: number, stepCost: number): void;
}

/**
 * A graph the A* engine can search: nodes are integers in [0, nodeCount).
 * VoxelGrid (through GridSpace) and WaypointGraph (through GraphSpace) implement it.
 */
export interface SearchSpace {
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
}
