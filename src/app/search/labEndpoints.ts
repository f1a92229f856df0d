import { vec3 } from '../../core/math/vec3.ts';
import { voxelEndpoint, waypointEndpoint } from '../../scene/query.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import type { LoadedScene } from '../LoadedScene.ts';
import type { Endpoint } from '../workers/protocol.ts';
import { endpointText } from './format.ts';
import type { GraphKind } from './labSettings.ts';

/**
 * The lab's start and goal: defaults from a document, whether they still hold after an
 * edit, their node ids for a search and their world positions.
 */

const _p = vec3();

/** The lab's default endpoints: the first agent's start and goal, else the first and last waypoints (none without two). */
export function defaultRefs(doc: SceneDocument): (string | readonly number[])[] {
  const agent = doc.agents[0];
  if (agent) return [agent.start, agent.goal];
  return doc.waypoints.length >= 2 ? [doc.waypoints[0].id, doc.waypoints[doc.waypoints.length - 1].id] : [];
}

/**
 * Start and goal from the document's first agent (waypoint ids, or the free voxels nearest
 * its points on the grid); nulls when the document offers none.
 */
export function defaultEndpoints(scene: LoadedScene, graph: GraphKind): [Endpoint | null, Endpoint | null] {
  const doc = scene.doc;
  const pointOf = (ref: string | readonly number[]): [number, number, number] | null => {
    if (typeof ref !== 'string') return [ref[0], ref[1], ref[2]];
    const w = doc.waypoints.find((p) => p.id === ref);
    if (w) return [...w.position];
    const m = doc.movingObstacles.find((p) => p.id === ref);
    return m ? [...m.orbit.center] : null;
  };
  const refs = defaultRefs(doc);
  if (refs.length < 2) return [null, null];
  const [s, g] = graph === 'waypoints'
    ? refs.map((ref) => (typeof ref === 'string' && scene.index.has(ref) ? ref : nearestWaypoint(scene, pointOf(ref))))
    : refs.map((ref) => nearestFreeVoxel(scene, pointOf(ref)));
  return [s, g];
}

/** Whether an endpoint exists in the scene (a waypoint id it has, or a free voxel of its grid). */
export function endpointValid(scene: LoadedScene, e: Endpoint | null): boolean {
  if (e === null) return false;
  if (typeof e === 'string') return scene.index.has(e);
  return scene.grid !== null && scene.grid.inBounds(e[0], e[1], e[2]) && !scene.grid.isBlocked(e[0], e[1], e[2]);
}

/** Node ids of start and goal on `graph`; throws an Error a person can act on. */
export function resolveEndpoints(scene: LoadedScene, graph: GraphKind, start: Endpoint | null, goal: Endpoint | null): [number, number] {
  if (start === null || goal === null) throw new Error('set a start (click) and a goal (right-click) first');
  if (graph === 'grid') {
    const grid = scene.grid;
    if (grid === null) throw new Error('this scene has no voxel grid');
    const ends = [voxelEndpoint(start, 'start'), voxelEndpoint(goal, 'goal')].map((v, k) => {
      const name = k === 0 ? 'start' : 'goal';
      if (v.length !== 3 || !grid.inBounds(v[0], v[1], v[2])) throw new Error(`${name} voxel ${endpointText(v)} is outside the ${grid.X}x${grid.Y}x${grid.Z} grid`);
      if (grid.isBlocked(v[0], v[1], v[2])) throw new Error(`${name} voxel ${endpointText(v)} is blocked`);
      return grid.index(v[0], v[1], v[2]);
    });
    return [ends[0], ends[1]];
  }
  return [waypointEndpoint(scene.index, start, 'start'), waypointEndpoint(scene.index, goal, 'goal')];
}

/** World position of an endpoint (voxel centre or waypoint), or null. */
export function endpointPosition(scene: LoadedScene | null, e: Endpoint | null): [number, number, number] | null {
  if (e === null || scene === null) return null;
  if (typeof e === 'string') {
    const i = scene.index.get(e);
    if (i === undefined) return null;
    const p = scene.graph.positions;
    return [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
  }
  if (scene.grid === null) return null;
  scene.grid.voxelCenter(e[0], e[1], e[2], _p);
  return [_p.x, _p.y, _p.z];
}

/** The waypoint nearest to p, or null. */
function nearestWaypoint(scene: LoadedScene, p: readonly number[] | null): string | null {
  if (p === null) return null;
  const i = scene.graph.nearest(p[0], p[1], p[2]);
  return i < 0 ? null : scene.ids[i];
}

/** The free voxel containing p, or the nearest free one (VoxelGrid.nearestFreeVoxel); null if none. */
function nearestFreeVoxel(scene: LoadedScene, p: readonly number[] | null): number[] | null {
  const grid = scene.grid;
  if (grid === null || p === null) return null;
  const v = grid.nearestFreeVoxel({ x: p[0], y: p[1], z: p[2] });
  if (v < 0) return null;
  grid.coords(v, _p);
  return [_p.x, _p.y, _p.z];
}
