/**
 * A NavWorld from a baked .navbin (`navWorldFromNavbin`): the file's grid, its waypoint graph
 * rebuilt from the CSR links, and a line of sight on the voxel grid itself (a baked level has no
 * meshes, so no BVH): world-point queries, waypoint entry and exit, and string-pulling all use
 * it. A free function, not a static method of NavWorld, so a program that does not read .navbin
 * files does not carry the reader.
 */
import { checkBytes } from '../core/args.ts';
import type { LineOfSight } from '../core/graph/visibility.ts';
import { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { centreSightThrough, sightData, type SightData } from '../core/grid/centreSight.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { walkVoxels } from '../core/grid/voxelWalk.ts';
import { NavbinError, readNavbin, type NavbinSettings } from '../core/io/navbin.ts';
import { type NavWorld, navWorldOf } from './NavWorld.ts';

/**
 * Navigation from a baked `.navbin` (`nav bake`, `writeNavbin`), without the meshes: its voxel
 * grid, its waypoint graph (ids and links as stored) and its agent radius. Line of sight is the
 * voxel grid's own (out of bounds is blocked; between voxel centres exactly Lazy Theta*'s
 * closed-box rule), so `findPath` string-pulls grid paths and enters and leaves the waypoint
 * graph at the nearest visible waypoints as a NavWorld with meshes does; results have the same
 * shapes. The grid is used as stored: a grid baked by `NavWorld.fromObject3D` is already grown
 * by the agent radius. Search settings are per query (`readNavbin(bytes).settings` has those
 * the file was baked with). Throws a NavbinError (code 'parse') naming what is wrong with the
 * file (sizes are checked before anything is allocated; links must be stored both ways, ids
 * distinct), a NavlabError 'usage' when `bytes` is not a Uint8Array or an ArrayBuffer.
 *
 * ```ts
 * const nav = navWorldFromNavbin(new Uint8Array(await (await fetch('level.navbin')).arrayBuffer()));
 * ```
 */
export function navWorldFromNavbin(bytes: Uint8Array | ArrayBuffer): NavWorld {
  const parts = navbinParts(bytes, 'navWorldFromNavbin');
  return navWorldOf({
    root: null,
    world: null,
    grid: parts.grid,
    graph: parts.graph,
    ids: parts.ids,
    agentRadius: parts.settings.agentRadius,
    meshes: new Map(),
    fill: null,
    lineOfSight: parts.lineOfSight,
  });
}

/** A .navbin read into the parts of a NavWorld. */
export interface NavbinParts {
  settings: NavbinSettings;
  grid: VoxelGrid | null;
  graph: WaypointGraph;
  ids: string[];
  /** Line of sight on `grid` (null without a grid). */
  lineOfSight: LineOfSight | null;
}

/**
 * Reads `bytes` (readNavbin: every size checked before allocating) and rebuilds the waypoint
 * graph from its links. Throws a NavbinError (code 'parse') on a bad file, also when a link is
 * stored one way only or twice, links a waypoint to itself, a waypoint's links are not in
 * ascending order (docs/navbin.md), or two waypoints share an id; a NavlabError
 * 'usage' naming `what` when `bytes` is not a Uint8Array or an ArrayBuffer.
 */
export function navbinParts(bytes: Uint8Array | ArrayBuffer, what: string): NavbinParts {
  bytes = checkBytes(`${what}: bytes`, bytes);
  const { settings, grid, graph } = readNavbin(bytes);
  const { ids, offsets, targets } = graph;
  const n = ids.length;
  const fail = (message: string): never => {
    throw new NavbinError(`navbin: ${message}`);
  };
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) fail(`waypoints ${ids.indexOf(id)} and ${i} share the id '${id}'`);
    seen.add(id);
  }
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let e = offsets[i]; e < offsets[i + 1]; e++) {
      const j = targets[e];
      if (j === i) fail(`link ${e} joins waypoint ${i} to itself`);
      if (e > offsets[i] && j <= targets[e - 1]) fail(`the links of waypoint ${i} are not in strictly ascending order (at link ${e})`);
      if (!hasLink(offsets, targets, j, i)) fail(`link ${e} (waypoint ${i} -> ${j}) is not stored both ways`);
      if (j > i) pairs.push(i, j);
    }
  }
  return {
    settings,
    grid,
    graph: new WaypointGraph(graph.positions, pairs),
    ids,
    lineOfSight: grid === null ? null : gridLineOfSight(grid),
  };
}

/** Whether waypoint i's links (ascending targets, as the format stores them) include j. */
function hasLink(offsets: Uint32Array, targets: Uint32Array, i: number, j: number): boolean {
  let lo = offsets[i],
    hi = offsets[i + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (targets[mid] < j) lo = mid + 1;
    else hi = mid;
  }
  return lo < offsets[i + 1] && targets[lo] === j;
}

/** How far (in cells) a coordinate may be from a voxel centre and still count as that centre. */
const CENTRE_EPS = 1e-9;

/**
 * Line of sight between world points on `grid`: true when every voxel the segment passes
 * through is free (where it passes through an edge or a corner, every voxel around it), and
 * false when it leaves the grid (out of bounds is blocked). Between two voxel centres (path
 * corners, automatic waypoints) the answer is exactly Lazy Theta*'s rule (`centreSight`: every
 * voxel whose closed box the segment touches is free). The grid's sight data is taken at the
 * first call: edit the grid and make a new line of sight.
 */
export function gridLineOfSight(grid: VoxelGrid): LineOfSight {
  const { X, Y, Z, cellSize, origin, occupancy } = grid;
  let data: SightData | null = null;
  const free = (x: number, y: number, z: number): boolean =>
    x >= 0 && y >= 0 && z >= 0 && x < X && y < Y && z < Z && occupancy[x + X * (y + Y * z)] === 0;
  return (ax, ay, az, bx, by, bz) => {
    const ux = (ax - origin.x) / cellSize,
      uy = (ay - origin.y) / cellSize,
      uz = (az - origin.z) / cellSize;
    const vx = (bx - origin.x) / cellSize,
      vy = (by - origin.y) / cellSize,
      vz = (bz - origin.z) / cellSize;
    if (!inside(ux, X) || !inside(uy, Y) || !inside(uz, Z) || !inside(vx, X) || !inside(vy, Y) || !inside(vz, Z)) return false;
    const x0 = centre(ux),
      y0 = centre(uy),
      z0 = centre(uz),
      x1 = centre(vx),
      y1 = centre(vy),
      z1 = centre(vz);
    if (x0 >= 0 && y0 >= 0 && z0 >= 0 && x1 >= 0 && y1 >= 0 && z1 >= 0) {
      if (!free(x0, y0, z0)) return false;
      data ??= sightData(grid);
      return centreSightThrough(data, x0, y0, z0, x1, y1, z1);
    }
    return walkVoxels(ux, uy, uz, vx, vy, vz, free);
  };
}

/** Whether grid coordinate u (in cells) lies in [0, n). */
const inside = (u: number, n: number): boolean => u >= 0 && u < n;

/** The voxel whose centre coordinate u (in cells) is, or -1 when it is not a centre. */
function centre(u: number): number {
  const v = Math.floor(u);
  return Math.abs(u - v - 0.5) <= CENTRE_EPS ? v : -1;
}
