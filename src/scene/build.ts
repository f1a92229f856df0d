/**
 * Core objects from a scene document: the voxel grid, waypoint positions, resolved agent
 * start/goal points, orbit positions, and the reverse direction for voxel data (grid -> boxes,
 * Moving AI map -> document).
 */
import { checkInstance, checkNumber, checkObject, checkOut, checkString, usageError } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { fillBoxesInOrder, fillBoxUnion, type IndexBox } from '../core/grid/boxFill.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { parse3dMap } from '../core/io/movingai.ts';
import { set, vec3, type Vec3 } from '../core/math/vec3.ts';
import { quote } from '../core/text.ts';
import { checkSceneDocument, SCENE_VERSION } from './documentShape.ts';
import type { MovingObstacle, PointRef, SceneDocument, VoxelBox } from './schema.ts';

/**
 * The document's voxel layer as a VoxelGrid, or null when it has none. Solid boxes set
 * occupancy; terrain regions set cost multipliers in document order (later regions win).
 * The terrain array is allocated only when some region has a cost other than 1.
 */
export function buildVoxelGrid(doc: SceneDocument): VoxelGrid | null {
  checkSceneDocument('buildVoxelGrid: doc', doc);
  const v = doc.voxels;
  if (!v) return null;
  const [ox, oy, oz] = v.origin;
  const grid = new VoxelGrid({ dims: v.dims, origin: { x: ox, y: oy, z: oz }, cellSize: v.cellSize });
  // Box fills cost O(boxes + grid) however much the boxes overlap (boxFill.ts).
  fillBoxUnion(v.dims, v.solid, grid.occupancy, 1);
  if (v.terrain.some((r) => r.cost !== 1 && r.boxes.length > 0)) {
    const terrain = new Float32Array(grid.size).fill(1);
    const boxes: IndexBox[] = [];
    const costs: number[] = [];
    for (const region of v.terrain) {
      for (const box of region.boxes) {
        boxes.push(box);
        costs.push(region.cost);
      }
    }
    fillBoxesInOrder(v.dims, boxes, costs, terrain);
    grid.terrain = terrain;
  }
  return grid;
}

/** Waypoint positions as flat xyz triples, in document order (waypoint i at 3i, 3i+1, 3i+2). */
export function waypointPositions(doc: SceneDocument): Float64Array {
  checkSceneDocument('waypointPositions: doc', doc);
  const out = new Float64Array(doc.waypoints.length * 3);
  doc.waypoints.forEach((w, i) => out.set(w.position, 3 * i));
  return out;
}

/** Waypoint id -> index in document order (the node id used by the waypoint graph). */
export function waypointIndex(doc: SceneDocument): Map<string, number> {
  checkSceneDocument('waypointIndex: doc', doc);
  return new Map(doc.waypoints.map((w, i) => [w.id, i]));
}

/**
 * Position of a moving obstacle at time t (seconds). The orbit circle lies in the plane
 * through `center` perpendicular to the normalised `axis`; angle = phase + 2*pi*t/period,
 * measured from the in-plane direction `u` and turning right-handed about the axis:
 *   p = center + radius * (cos(angle) u + sin(angle) (axis x u))
 * where u is world +x projected onto the plane (world +z instead when the axis is within ~25
 * degrees of x). With the default axis +y, phase 0 starts at +x and the body moves towards -z.
 */
export function movingObstaclePosition(mo: MovingObstacle, t: number, out: Vec3): Vec3 {
  checkObject(
    'movingObstaclePosition: mo.orbit',
    checkObject<MovingObstacle>('movingObstaclePosition: mo', mo, 'a moving obstacle of a scene document').orbit,
  );
  checkNumber('movingObstaclePosition: t', t);
  checkOut('movingObstaclePosition: out', out);
  const { center, radius, period, phase } = mo.orbit;
  let [nx, ny, nz] = mo.orbit.axis;
  const n = Math.hypot(nx, ny, nz);
  nx /= n;
  ny /= n;
  nz /= n;
  // u = e - (e.n) n for e = +x, or +z when the axis is close to x.
  let ux: number, uy: number, uz: number;
  if (Math.abs(nx) < 0.9) {
    ux = 1 - nx * nx;
    uy = -nx * ny;
    uz = -nx * nz;
  } else {
    ux = -nz * nx;
    uy = -nz * ny;
    uz = 1 - nz * nz;
  }
  const ul = Math.hypot(ux, uy, uz);
  ux /= ul;
  uy /= ul;
  uz /= ul;
  // v = n x u completes the right-handed frame (u, v, n).
  const vx = ny * uz - nz * uy;
  const vy = nz * ux - nx * uz;
  const vz = nx * uy - ny * ux;
  const angle = phase + (2 * Math.PI * t) / period;
  const c = Math.cos(angle) * radius;
  const s = Math.sin(angle) * radius;
  return set(out, center[0] + c * ux + s * vx, center[1] + c * uy + s * vy, center[2] + c * uz + s * vz);
}

/**
 * The point an agent's start or goal stands for at time t: a position as given, a waypoint's
 * position, or a moving obstacle's centre at t. Throws a NavlabError (code usage) naming `ref`
 * when the id is unknown (parseScene guarantees every reference of a parsed document resolves).
 */
export function resolvePoint(doc: SceneDocument, ref: PointRef, t = 0, out: Vec3 = vec3()): Vec3 {
  checkSceneDocument('resolvePoint: doc', doc);
  checkNumber('resolvePoint: t', t);
  checkOut('resolvePoint: out', out);
  if (typeof ref !== 'string') {
    if (!Array.isArray(ref) || ref.length !== 3 || !ref.every(Number.isFinite))
      throw usageError('resolvePoint: ref', 'an id or a position [x, y, z] of finite numbers', ref);
    return set(out, ref[0], ref[1], ref[2]);
  }
  const w = doc.waypoints.find((p) => p.id === ref);
  if (w) return set(out, w.position[0], w.position[1], w.position[2]);
  const m = doc.movingObstacles.find((p) => p.id === ref);
  if (m) return movingObstaclePosition(m, t, out);
  throw new NavlabError('usage', `resolvePoint: ${quote(ref)} is neither a waypoint id nor a moving obstacle id`);
}

/**
 * The blocked voxels of `grid` as disjoint inclusive boxes, by greedy merging: scanning in
 * index order, each voxel not yet covered starts a box that grows along x as far as it can,
 * then along y while every row is fully blocked, then along z while every slab is. The union of
 * the boxes is exactly the blocked set (lossless), and they are few for blocky worlds. Use it to
 * write an edited grid back into a document's `voxels.solid`.
 */
export function solidBoxes(grid: VoxelGrid): VoxelBox[] {
  checkInstance('solidBoxes: grid', grid, VoxelGrid);
  const { X, Y, Z } = grid;
  const left = grid.occupancy.slice(); // 1 = blocked and not yet in a box
  const boxes: VoxelBox[] = [];
  const rowUncovered = (y: number, z: number, x0: number, x1: number) => {
    const row = X * (y + Y * z);
    for (let x = x0; x <= x1; x++) if (left[row + x] === 0) return false;
    return true;
  };
  // In index order; covered voxels are cleared, so each blocked voxel found starts a box. Zero
  // words (4 voxels, across rows) are passed at once.
  const n = left.length;
  const words = new Uint32Array(left.buffer, 0, n >> 2);
  for (let i = 0; i < n; i++) {
    if ((i & 3) === 0) while (i < n - 3 && words[i >> 2] === 0) i += 4;
    if (i < n && left[i] !== 0) {
      const x = i % X,
        y = ((i - x) / X) % Y,
        z = (i - x - X * y) / (X * Y);
      let x1 = x;
      while (x1 + 1 < X && left[x1 + 1 + X * (y + Y * z)] !== 0) x1++;
      let y1 = y;
      while (y1 + 1 < Y && rowUncovered(y1 + 1, z, x, x1)) y1++;
      let z1 = z;
      grow: while (z1 + 1 < Z) {
        for (let yy = y; yy <= y1; yy++) if (!rowUncovered(yy, z1 + 1, x, x1)) break grow;
        z1++;
      }
      for (let zz = z; zz <= z1; zz++) for (let yy = y; yy <= y1; yy++) left.fill(0, x + X * (yy + Y * zz), x1 + 1 + X * (yy + Y * zz));
      boxes.push([x, y, z, x1, y1, z1]);
    }
  }
  return boxes;
}

/**
 * A Moving AI `.3dmap` (text) as a scene document: the blocked voxels become merged solid
 * boxes (solidBoxes: lossless, buildVoxelGrid gives back exactly parse3dMap's occupancy),
 * origin 0 and cell size 1 so voxel indices equal world coordinates of voxel corners, bounds
 * = the map box, no waypoints or agents, and the benchmark's search rules (26 neighbours,
 * no corner cutting). Throws ParseError (from parse3dMap) on a malformed map. A very
 * fragmented map may need more than SCENE_LIMITS.primitives boxes; parseScene rejects that.
 */
export function sceneFromMovingAi(text: string, fileName: string, name?: string): SceneDocument {
  checkString('sceneFromMovingAi: text', text);
  checkString('sceneFromMovingAi: fileName', fileName);
  if (name !== undefined) checkString('sceneFromMovingAi: name', name);
  return movingAiScene(text, fileName, name).doc;
}

/**
 * sceneFromMovingAi, and the parsed grid itself (equal to buildVoxelGrid of the document), so
 * that a caller can keep the grid as it is instead of building it again from the boxes.
 */
export function movingAiScene(text: string, fileName: string, name?: string): { doc: SceneDocument; grid: VoxelGrid } {
  const grid = parse3dMap(text, fileName);
  const solid = solidBoxes(grid);
  const base = fileName.replace(/^.*[\\/]/, '');
  const blocked = grid.occupancy.reduce((n, b) => n + b, 0);
  const doc: SceneDocument = {
    version: SCENE_VERSION,
    name: name ?? base.replace(/\.3dmap$/i, ''),
    description: `Moving AI voxel map ${base}: ${grid.X}x${grid.Y}x${grid.Z} voxels, ${blocked} blocked.`,
    bounds: { min: [0, 0, 0], max: [grid.X, grid.Y, grid.Z] },
    voxels: { origin: [0, 0, 0], cellSize: 1, dims: [grid.X, grid.Y, grid.Z], solid, terrain: [] },
    obstacles: [],
    meshes: [],
    movingObstacles: [],
    waypoints: [],
    agents: [],
    search: { graph: 'grid', neighborhood: 26, cornerCutting: 'forbid' },
  };
  return { doc, grid };
}
