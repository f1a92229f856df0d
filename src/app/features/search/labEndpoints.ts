import { vec3 } from '../../../core/math/vec3.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import { resolveGraph } from '../../../core/query/graphChoice.ts';
import { ACROSS_VIEW } from '../../shell/camera/framing.ts';
import { spreadEndpoints } from './gridEndpoints.ts';
import { type GraphKind, type SearchConfig, unsearchable } from './labSettings.ts';
import { onVoxels } from './graphKind.ts';

/**
 * The lab's start and goal: defaults from a document, whether they still hold after an
 * edit, and their world positions (through the scene's NavWorld).
 */

const _p = vec3();

/** The lab's default endpoints: the first agent's start and goal, else the first and last waypoints (none without two). */
export function defaultRefs(doc: SceneDocument): (string | readonly number[])[] {
  const agent = doc.agents[0];
  if (agent) return [agent.start, agent.goal];
  return doc.waypoints.length >= 2 ? [doc.waypoints[0].id, doc.waypoints[doc.waypoints.length - 1].id] : [];
}

/**
 * Start and goal: on the waypoint graph, from the document's first agent (waypoint ids, or
 * the waypoints nearest its points), else its first and last waypoints. On the grid, the
 * document's first agent when the document itself searches the grid (its `search.graph`, or
 * its first agent starting at a point: the default graph rule), else (the user switched to the
 * grid, or there is no agent) two far-apart standing voxels across the view (spreadEndpoints
 * under `moves`), where A*, JPS and Lazy Theta* visibly differ. Nulls when the scene offers none.
 */
export function defaultEndpoints(
  scene: LoadedScene,
  graph: GraphKind,
  moves: Pick<SearchConfig, 'neighborhood' | 'cornerCutting'> = { neighborhood: 26, cornerCutting: 'forbid' },
): [Endpoint | null, Endpoint | null] {
  const doc = scene.doc;
  // The document's own grid query (its search settings or its first agent's point start choose
  // the grid) keeps its agent's ends; a grid the user switched to, or no agent, gets spread ones.
  const own = doc.agents.length > 0 && resolveGraph(doc.search?.graph, defaultRefs(doc)[0] ?? null) === 'grid';
  if (onVoxels(graph) && scene.grid !== null && !own) {
    // The scene reaches below its grid (a ground slab under it): the bottom layer stands on it.
    const g = scene.grid;
    const groundBelow = doc.bounds.min[1] < g.origin.y - 1e-6 * g.cellSize;
    const spread = spreadEndpoints(g, ACROSS_VIEW, moves.neighborhood, moves.cornerCutting, groundBelow);
    if (spread !== null) return spread;
  }
  const pointOf = (ref: string | readonly number[]): [number, number, number] | null => {
    if (typeof ref !== 'string') return [ref[0], ref[1], ref[2]];
    const w = doc.waypoints.find((p) => p.id === ref);
    if (w) return [...w.position];
    const m = doc.movingObstacles.find((p) => p.id === ref);
    return m ? [...m.orbit.center] : null;
  };
  const refs = defaultRefs(doc);
  if (refs.length < 2) return [null, null];
  const [s, g] =
    graph === 'waypoints'
      ? refs.map((ref) => (typeof ref === 'string' && scene.index.has(ref) ? ref : nearestWaypoint(scene, pointOf(ref))))
      : refs.map((ref) => nearestFreeVoxel(scene, pointOf(ref)));
  return [s, g];
}

/** Whether an endpoint exists in the scene (a waypoint id it has, or a free voxel of its grid). */
export function endpointValid(scene: LoadedScene, e: Endpoint | null): boolean {
  if (e === null) return false;
  if (typeof e === 'string') return scene.index.has(e);
  const grid = scene.grid;
  if (grid === null) return false;
  return grid.inBounds(e[0], e[1], e[2]) && !grid.isBlocked(e[0], e[1], e[2]);
}

/** World position of an endpoint (voxel centre or waypoint), or null. */
export function endpointPosition(scene: LoadedScene | null, e: Endpoint | null): [number, number, number] | null {
  if (e === null || scene === null) return null;
  const p = scene.nav.positionOf(e, _p);
  return p === null ? null : [p.x, p.y, p.z];
}

/** The waypoint nearest to p, or null. */
function nearestWaypoint(scene: LoadedScene, p: readonly number[] | null): string | null {
  return p === null ? null : scene.nav.nearestWaypoint({ x: p[0], y: p[1], z: p[2] });
}

/** The free voxel containing p, or the nearest free one (NavWorld.nearestFreeVoxel); null if none. */
function nearestFreeVoxel(scene: LoadedScene, p: readonly number[] | null): number[] | null {
  return p === null ? null : scene.nav.nearestFreeVoxel({ x: p[0], y: p[1], z: p[2] });
}

/** Why a search cannot start: nothing to search in the scene, or no start or goal set; null when it can. */
export function cannotSearch(scene: LoadedScene, start: Endpoint | null, goal: Endpoint | null): string | null {
  return unsearchable(scene) ?? (start === null || goal === null ? 'set a start (click) and a goal (right-click) first' : null);
}
