import type { GridRun } from '../../../core/search/algorithms.ts';
import { startQuery } from '../../../core/query/query.ts';
import type { QueryOptions } from '../../../core/query/report.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import type { GraphKind } from './graphKind.ts';
import type { LabRun } from './LabRun.ts';
import type { OctreeSearch } from './octreeSearch.ts';
import { collectVisited, gridPositions } from './visited.ts';
import { collectSteps } from '../../../core/debug/runSteps.ts';
import { closedCellLines, reachedPositions } from './octreeVisited.ts';
import type { SearchContext } from '../../../core/search/SearchContext.ts';

/**
 * What a lab run does by the graph it searches: how it starts (the core's query, or a
 * SparseRun on the octree) and how it is drawn (nodes at their positions; the octree's closed
 * cells also as outlines).
 */

/** How the lab's messages name the endpoints ("start: voxel (2, 0, 0) is blocked"). */
const LAB_LABELS = { from: 'start', to: 'goal', scene: 'this scene' };

/**
 * Starts run `r`'s query on the lab's graph: through the scene's NavWorld (startQuery, as `nav
 * path` does) on the grid and the waypoints, a SparseRun on the grid's octree. Gives `r` the
 * search state for the graph and the positions of its result path's nodes (`r.space`); returns
 * the resumable run. Throws an Error naming a bad endpoint or option.
 */
export function startLabRun(
  r: LabRun,
  scene: LoadedScene,
  graph: GraphKind,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  octree: OctreeSearch,
): GridRun {
  if (graph === 'octree') {
    const grid = gridOf(scene);
    const run = octree.start(grid, from, to, options, r.useContext(true));
    // SparseRun's path lists voxel indices.
    r.space = gridPositions(grid);
    return run;
  }
  const search = startQuery(scene.nav, graph, from, to, options, r.useContext(false), LAB_LABELS);
  r.space = search.space;
  return search.run;
}

/** Where a run's visited nodes are drawn: voxel centres (grid), where the search on `ctx` reached each octree cell (octree), waypoints. */
export function nodePositions(
  scene: LoadedScene,
  graph: GraphKind,
  octree: OctreeSearch,
  ctx: SearchContext,
): Pick<SearchSpace, 'position'> {
  if (graph === 'waypoints') return scene.graph;
  return graph === 'octree' ? reachedPositions(octree.spaceOf(gridOf(scene)), ctx) : gridPositions(gridOf(scene));
}

/**
 * Draws run `r`'s visited nodes and its algorithm's steps as they are now; on the octree also
 * the outlines of the cells it closed, coloured by cost like the nodes.
 */
export function drawRun(r: LabRun, scene: LoadedScene, graph: GraphKind, octree: OctreeSearch): void {
  const positions = nodePositions(scene, graph, octree, r.ctx);
  collectVisited(r.ctx, positions, r.visited);
  r.view?.setVisited(r.visited);
  if (graph === 'octree') r.view?.setCells(closedCellLines(octree.spaceOf(gridOf(scene)), r.ctx, r.visited.maxG, r.cellLines));
  if (r.run !== null && r.steps !== null) r.view?.setSegments(collectSteps(r.run, r.sight, positions, r.segments));
}

function gridOf(scene: LoadedScene) {
  if (scene.grid === null) throw new Error('this scene has no voxel grid');
  return scene.grid;
}
