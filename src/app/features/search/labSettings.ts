import type { CornerCutting } from '../../../core/grid/VoxelGrid.ts';
import type { Algorithm } from '../../../core/search/algorithms.ts';
import { isAdmissible, type HeuristicName, type Neighborhood } from '../../../core/search/heuristics.ts';
import type { TieBreak } from '../../../core/search/options.ts';
import type { SearchStatus } from '../../../core/search/result.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { GraphKind } from './graphKind.ts';

/**
 * What the search lab is set to (graph, the A and B configurations, speed, views) and what
 * its status line shows about a run; labels and optimality guarantees of a configuration.
 */

export type { GraphKind };

/** One search configuration (what Compare sets twice). */
export interface SearchConfig {
  /** Grid only: 'astar', 'jps' or 'lazy-theta'. @default 'astar' */
  algorithm?: Algorithm;
  heuristic: HeuristicName;
  weight: number;
  tieBreak: TieBreak;
  neighborhood: Neighborhood;
  cornerCutting: CornerCutting;
}

export const DEFAULT_CONFIG: Readonly<SearchConfig> = {
  algorithm: 'astar',
  heuristic: 'exact',
  weight: 1,
  tieBreak: 'low-h',
  neighborhood: 26,
  cornerCutting: 'forbid',
};

/** Everything the Search panel sets. */
export interface LabSettings {
  graph: GraphKind;
  a: SearchConfig;
  b: SearchConfig;
  /** Expansion budget; 0 = unlimited. */
  maxExpansions: number;
  /**
   * Expansions per frame of a watched search: a number, AUTO_SPEED (0: grows with the
   * search, so that even a search over millions of nodes ends within seconds) or
   * UNLIMITED_SPEED (Infinity: as many as the frame's time budget allows).
   */
  perFrame: number;
  /** Watch the search grow (sliced on the main thread) or run it in a worker. */
  watch: boolean;
  compare: boolean;
  /** 'difference': the nodes only A expanded, only B, and both, in three colours. */
  compareView: 'side by side' | 'toggle' | 'difference';
  /** In toggle view: which run is shown. */
  shown: 'A' | 'B';
  /** `steps`: what JPS and Lazy Theta* do beyond A* (jumps, any-angle links, sight checks). */
  layers: { visited: boolean; open: boolean; path: boolean; steps: boolean };
}

export type RunPhase = 'idle' | 'running' | 'done' | 'error';

/** What the status line shows about one run. */
export interface RunState {
  key: 'A' | 'B';
  label: string;
  phase: RunPhase;
  status: SearchStatus | null;
  cost: number;
  /** Geometric length of the path, world units. */
  length: number;
  nodes: number;
  expanded: number;
  open: number;
  ms: number;
  /** Straight-line distance from the end of the path to the goal (0 when found). */
  goalDistance: number;
  /** Error message (phase 'error'). */
  message: string;
  /** Optimality note ("8.2% longer than the optimum ... not admissible"), when known. */
  note: string | null;
}

/** The state of a run that has not started. */
export function idleState(key: 'A' | 'B'): RunState {
  return {
    key,
    label: '',
    phase: 'idle',
    status: null,
    cost: 0,
    length: 0,
    nodes: 0,
    expanded: 0,
    open: 0,
    ms: 0,
    goalDistance: 0,
    message: '',
    note: null,
  };
}

/** `perFrame` value: the speed grows with the search (see autoPerFrame). */
export const AUTO_SPEED = 0;
/** `perFrame` value: no limit but the frame's time budget. */
export const UNLIMITED_SPEED = Infinity;

/**
 * Expansions for the next frame at the automatic speed: a minimum, then a fixed fraction of
 * what is already expanded, so the count grows geometrically: n nodes take about
 * log(n / 60) / log(1.06) frames (10 million: about 210 frames, 3.5 s at 60 fps), while
 * the first few hundred expansions are still slow enough to watch.
 */
export function autoPerFrame(expanded: number): number {
  return Math.max(60, Math.ceil(0.06 * expanded));
}
/** A label for a configuration: "exact", "zero (Dijkstra)", "squared ×2 · 6-nb". */
export function configLabel(c: SearchConfig, graph: GraphKind, other?: SearchConfig): string {
  const name =
    graph === 'octree'
      ? 'Octree any-angle'
      : graph === 'grid' && c.algorithm === 'jps'
        ? 'JPS'
        : graph === 'grid' && c.algorithm === 'lazy-theta'
          ? 'Lazy Theta*'
          : 'A*';
  let s = c.heuristic === 'zero' && name === 'A*' ? 'Dijkstra' : `${name} ${c.heuristic}`;
  if (c.weight !== 1) s += ` ×${c.weight}`;
  if (other && c.tieBreak !== other.tieBreak) s += ` · tie ${c.tieBreak}`;
  if (graph === 'grid' && other && c.neighborhood !== other.neighborhood) s += ` · ${c.neighborhood}-nb`;
  if (graph === 'grid' && other && c.cornerCutting !== other.cornerCutting) s += ` · corners ${c.cornerCutting}`;
  return s;
}

/** Whether `c` is guaranteed to return an optimal path on `graph`. */
export function guaranteedOptimal(c: SearchConfig, graph: GraphKind): boolean {
  return c.weight === 1 && isAdmissible(c.heuristic, graph === 'grid' ? c.neighborhood : 0);
}

/**
 * Whether a found path of `c` on `graph` gets an optimality note (its cost against the
 * optimum): when `c` is not guaranteed optimal; never on the octree, whose any-angle paths
 * have no optimum of their own to compare with.
 */
export function needsNote(c: SearchConfig, graph: GraphKind): boolean {
  return graph !== 'octree' && !guaranteedOptimal(c, graph);
}

/** The status of a scene without a voxel grid or waypoints (a crowd in free space). */
export const NOTHING_TO_SEARCH =
  'this scene has no voxel grid and no waypoints to search: its agents fly straight to their goals (Space plays them)';

/** Why `scene` offers nothing to search (no voxel grid, no waypoints), or null. */
export function unsearchable(scene: LoadedScene | null): string | null {
  return scene !== null && scene.grid === null && scene.graph.count === 0 ? NOTHING_TO_SEARCH : null;
}
