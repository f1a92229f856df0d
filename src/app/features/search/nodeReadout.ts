import { GraphSpace } from '../../../core/graph/WaypointGraph.ts';
import { GridSpace } from '../../../core/grid/GridSpace.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import type { VisitedNodes } from './protocol.ts';
import { graphNodeKey, gridNodeKey, type NodeKey } from './compareDiff.ts';
import { voxelEndpoint, waypointEndpoint } from '../../../core/query/endpoints.ts';
import type { GraphKind, SearchConfig } from './labSettings.ts';
import type { SearchContext } from '../../../core/search/SearchContext.ts';
import { reachedPoint } from '../../../core/sparse/SparseRun.ts';
import type { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import { len } from '../../../core/sparse/corners.ts';

/** Waypoint keys by graph: built once per graph (a table over every waypoint). */
const graphKeys = new WeakMap<object, NodeKey>();

/** What the hover readout shows about one reached node. */
export interface NodeInfo {
  /** Cost from the start so far. */
  g: number;
  /** Heuristic estimate to the goal (unweighted), as the search computes it. */
  h: number;
  /** g + weight * h: the key the open list orders by. */
  f: number;
  closed: boolean;
}

/**
 * g, h and f of node `i` of a search's visited nodes. h comes from the same search space the
 * engine uses (GridSpace / GraphSpace with the goal set), so it equals the engine's value.
 * Null when the node or the goal cannot be resolved.
 */
export function nodeInfo(
  scene: LoadedScene,
  graph: GraphKind,
  config: SearchConfig,
  goal: Endpoint,
  visited: VisitedNodes,
  i: number,
): NodeInfo | null {
  // The octree's cells: octreeNodeInfo.
  if (i < 0 || i >= visited.count || graph === 'octree') return null;
  let space: SearchSpace;
  let goalNode: number;
  let node: number;
  const [x, y, z] = [visited.positions[3 * i], visited.positions[3 * i + 1], visited.positions[3 * i + 2]];
  try {
    if (graph === 'grid') {
      const grid = scene.grid;
      if (grid === null) return null;
      const v = voxelEndpoint(goal, 'goal');
      goalNode = grid.index(v[0], v[1], v[2]);
      space = new GridSpace(grid, { neighborhood: config.neighborhood, cornerCutting: config.cornerCutting });
      node = gridNodeKey(grid)(x, y, z);
    } else {
      goalNode = waypointEndpoint(scene.index, goal, 'goal');
      space = new GraphSpace(scene.graph);
      let key = graphKeys.get(scene.graph);
      if (key === undefined) graphKeys.set(scene.graph, (key = graphNodeKey(scene.graph)));
      node = key(x, y, z);
    }
  } catch {
    return null;
  }
  if (node < 0) return null;
  space.setGoal(goalNode, config.heuristic);
  const h = space.estimate(node);
  const g = visited.g[i];
  return { g, h, f: g + config.weight * h, closed: visited.closed[i] === 1 };
}

const _point = [0, 0, 0];

/**
 * g, h and f of node `i` of a search on the octree (`space`, its state `ctx`), as the search
 * has them: a cell's h is the straight-line distance to the goal from the voxel where the
 * search reached the cell (SparseRun), not from the voxel the cell is drawn at. Null when the
 * node cannot be resolved. `visited` lists ctx's nodes in its own order (collectVisited).
 */
export function octreeNodeInfo(
  space: SparseSpace,
  ctx: SearchContext,
  config: SearchConfig,
  visited: VisitedNodes,
  i: number,
): NodeInfo | null {
  if (i < 0 || i >= visited.count) return null;
  let cell = -1;
  let k = 0;
  ctx.forEachVisited((c) => {
    if (k++ === i) cell = c;
  });
  const p = cell < 0 ? null : reachedPoint(ctx, cell, _point);
  if (p === null) return null;
  const h = config.heuristic === 'zero' ? 0 : len(p, space.goalVoxel) * space.world.cellSize;
  const g = visited.g[i];
  return { g, h, f: g + config.weight * h, closed: visited.closed[i] === 1 };
}
