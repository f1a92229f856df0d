/**
 * Edits of a scene document as pure functions: each takes a document and returns a new one
 * (the input is never changed; untouched lists are shared, so a before/after pair is cheap to
 * keep in the undo history and to compare). They throw an Error naming the problem on misuse
 * (unknown id, no voxel layer); `validated` checks the result as a file would be checked.
 */
import { primitiveLimitMessage, SCENE_LIMITS } from '../../../scene/ranges.ts';
import type { PointRef, SceneAgent, SceneDocument, SceneObstacle, SceneVec3, VoxelBox } from '../../../scene/schema.ts';
import { parseScene } from '../../../scene/validate.ts';
import { freshId } from '../../shell/scene/freshId.ts';
import { levelScale } from '../../shell/base/scale.ts';

/** A named terrain kind: its cost multiplier and colour. `ground` (cost 1) erases terrain. */
export interface TerrainKind {
  cost: number;
  color: string;
}

/** The terrain kinds the terrain tool paints. */
export const TERRAIN_KINDS: Readonly<Record<string, TerrainKind>> = Object.freeze({
  ground: { cost: 1, color: '#8a8f98' },
  sand: { cost: 2, color: '#c9b07a' },
  swamp: { cost: 4, color: '#5b7a3a' },
  water: { cost: 8, color: '#2f6fd6' },
});

/** The document checked as a loaded file is (parseScene): throws SceneError naming the problem. */
export function validated(doc: SceneDocument): SceneDocument {
  return parseScene(doc);
}

/**
 * The one rule a paint edit (paintVoxels, paintTerrain) can break, checked without validating
 * the whole document (their boxes are clipped to the layer): the primitive limit. Throws an
 * Error naming it.
 */
export function checkPaintLimit(doc: SceneDocument): void {
  const v = doc.voxels;
  let n = doc.obstacles.length + doc.movingObstacles.length + (v?.solid.length ?? 0);
  for (const r of v?.terrain ?? []) n += r.boxes.length;
  if (n > SCENE_LIMITS.primitives) throw new Error(primitiveLimitMessage(n));
}

const vec = (p: readonly number[]): SceneVec3 => {
  if (p.length !== 3 || !p.every(Number.isFinite))
    throw new Error(`expected a position [x, y, z] of finite numbers, got ${JSON.stringify(p)}`);
  return [p[0], p[1], p[2]];
};

function waypointAt(doc: SceneDocument, id: string): number {
  const i = doc.waypoints.findIndex((w) => w.id === id);
  if (i < 0) throw new Error(`no waypoint with id '${id}'`);
  return i;
}

/** Adds a waypoint at `position` (id: a fresh `wp-N` unless given). */
export function addWaypoint(doc: SceneDocument, position: readonly number[], id?: string): { doc: SceneDocument; id: string } {
  const newId = id ?? freshId('wp', [...doc.waypoints.map((w) => w.id), ...doc.movingObstacles.map((m) => m.id)]);
  if (doc.waypoints.some((w) => w.id === newId)) throw new Error(`a waypoint with id '${newId}' already exists`);
  return { doc: { ...doc, waypoints: [...doc.waypoints, { id: newId, position: vec(position) }] }, id: newId };
}

/** Moves waypoint `id` to `position`. */
export function moveWaypoint(doc: SceneDocument, id: string, position: readonly number[]): SceneDocument {
  const i = waypointAt(doc, id);
  const waypoints = doc.waypoints.slice();
  waypoints[i] = { ...waypoints[i], position: vec(position) };
  return { ...doc, waypoints };
}

/** Removes waypoint `id`; agents that started or ended there keep its position instead. */
export function removeWaypoint(doc: SceneDocument, id: string): SceneDocument {
  const i = waypointAt(doc, id);
  const at = doc.waypoints[i].position;
  const swap = (p: PointRef): PointRef => (p === id ? [...at] : p);
  const uses = doc.agents.some((a) => a.start === id || a.goal === id);
  return {
    ...doc,
    waypoints: doc.waypoints.filter((_, k) => k !== i),
    agents: uses ? doc.agents.map((a) => ({ ...a, start: swap(a.start), goal: swap(a.goal) })) : doc.agents,
  };
}

/** A copy of waypoint `id`, `offset` away, with a fresh id. */
export function duplicateWaypoint(doc: SceneDocument, id: string, offset: readonly number[]): { doc: SceneDocument; id: string } {
  const p = doc.waypoints[waypointAt(doc, id)].position;
  return addWaypoint(doc, [p[0] + offset[0], p[1] + offset[1], p[2] + offset[2]]);
}

/** The inclusive voxel box clipped to the layer's dims; throws when nothing is left. */
function clipBox(doc: SceneDocument, box: readonly number[]): VoxelBox {
  const v = doc.voxels;
  if (v === undefined) throw new Error('this scene has no voxel layer to paint');
  const clipped: VoxelBox = [
    Math.max(0, Math.min(box[0], box[3])),
    Math.max(0, Math.min(box[1], box[4])),
    Math.max(0, Math.min(box[2], box[5])),
    Math.min(v.dims[0] - 1, Math.max(box[0], box[3])),
    Math.min(v.dims[1] - 1, Math.max(box[1], box[4])),
    Math.min(v.dims[2] - 1, Math.max(box[2], box[5])),
  ];
  if (!clipped.every(Number.isInteger) || clipped[0] > clipped[3] || clipped[1] > clipped[4] || clipped[2] > clipped[5]) {
    throw new Error(`voxel box [${box.join(', ')}] is outside the ${v.dims.join('×')} layer`);
  }
  return clipped;
}

/**
 * Makes the voxels of the inclusive box `[x0, y0, z0, x1, y1, z1]` solid or free. Painting
 * appends the box to the solid list; erasing cuts it out of every solid box it meets (each
 * such box becomes at most six pieces), so the cost follows the list, not the layer's volume,
 * and the untouched boxes stay the same objects (the editor's update compares by identity).
 */
export function paintVoxels(doc: SceneDocument, box: readonly number[], solid: boolean): SceneDocument {
  const b = clipBox(doc, box);
  const v = doc.voxels!;
  if (solid) return { ...doc, voxels: { ...v, solid: [...v.solid, b] } };
  if (!v.solid.some((s) => overlaps(s, b))) return doc;
  const out: VoxelBox[] = [];
  for (const s of v.solid) {
    if (overlaps(s, b)) subtract(s, b, out);
    else out.push(s);
  }
  return { ...doc, voxels: { ...v, solid: out } };
}

/** Whether two inclusive boxes share a voxel. */
function overlaps(a: VoxelBox, b: VoxelBox): boolean {
  for (let k = 0; k < 3; k++)
    if (Math.max(a[k], a[k + 3]) < Math.min(b[k], b[k + 3]) || Math.min(a[k], a[k + 3]) > Math.max(b[k], b[k + 3])) return false;
  return true;
}

/** Appends the voxels of box a outside box b as at most six boxes (slabs along x, then y, then z). */
function subtract(a: VoxelBox, b: VoxelBox, out: VoxelBox[]): void {
  const lo = [0, 1, 2].map((k) => Math.min(a[k], a[k + 3]));
  const hi = [0, 1, 2].map((k) => Math.max(a[k], a[k + 3]));
  for (let k = 0; k < 3; k++) {
    const b0 = Math.min(b[k], b[k + 3]),
      b1 = Math.max(b[k], b[k + 3]);
    if (lo[k] < b0) {
      const piece = [...lo, ...hi];
      piece[k + 3] = b0 - 1;
      out.push(piece as VoxelBox);
      lo[k] = b0;
    }
    if (hi[k] > b1) {
      const piece = [...lo, ...hi];
      piece[k] = b1 + 1;
      out.push(piece as VoxelBox);
      hi[k] = b1;
    }
  }
}

/**
 * Paints terrain `kind` (a TERRAIN_KINDS name) on the voxel box. Regions apply in order, so
 * the box joins the last region when it has this kind, else a new region is appended.
 */
export function paintTerrain(doc: SceneDocument, box: readonly number[], kind: string): SceneDocument {
  const k = TERRAIN_KINDS[kind];
  if (k === undefined) throw new Error(`unknown terrain kind '${kind}' (known: ${Object.keys(TERRAIN_KINDS).join(', ')})`);
  const b = clipBox(doc, box);
  const v = doc.voxels!;
  const terrain = v.terrain.slice();
  const last = terrain.at(-1);
  if (last !== undefined && last.kind === kind && last.cost === k.cost)
    terrain[terrain.length - 1] = { ...last, boxes: [...last.boxes, b] };
  else terrain.push({ kind, cost: k.cost, color: k.color, boxes: [b] });
  return { ...doc, voxels: { ...v, terrain } };
}

/** Adds the obstacle, or replaces the one with its id. */
export function setObstacle(doc: SceneDocument, obstacle: SceneObstacle): SceneDocument {
  const i = doc.obstacles.findIndex((o) => o.id === obstacle.id);
  const obstacles = doc.obstacles.slice();
  if (i < 0) obstacles.push(structuredClone(obstacle));
  else obstacles[i] = structuredClone(obstacle);
  return { ...doc, obstacles };
}

/** Removes the obstacle `id`. */
export function removeObstacle(doc: SceneDocument, id: string): SceneDocument {
  if (!doc.obstacles.some((o) => o.id === id)) throw new Error(`no obstacle with id '${id}'`);
  return { ...doc, obstacles: doc.obstacles.filter((o) => o.id !== id) };
}

/**
 * Sets the start or goal of agent `id` to a position. Without such an agent, a new agent is
 * added with both ends at `position` (radius and speed at the level's scale: see levelScale).
 */
export function setAgentEnd(
  doc: SceneDocument,
  id: string | null,
  which: 'start' | 'goal',
  position: readonly number[],
): { doc: SceneDocument; id: string } {
  const p = vec(position);
  const i = id === null ? -1 : doc.agents.findIndex((a) => a.id === id);
  if (i < 0) {
    const newId =
      id ??
      freshId(
        'agent',
        doc.agents.map((a) => a.id),
      );
    const scale = levelScale(doc);
    const agent: SceneAgent = { id: newId, start: p, goal: [...p], radius: scale.agentRadius, speed: scale.agentSpeed };
    return { doc: { ...doc, agents: [...doc.agents, agent] }, id: newId };
  }
  const agents = doc.agents.slice();
  agents[i] = { ...agents[i], [which]: p };
  return { doc: { ...doc, agents }, id: agents[i].id };
}

/** An obstacle spanning at least this fraction of the scene's width and depth is scene-sized. */
export const SCENE_SIZED = 0.8;

/**
 * Whether an obstacle is scene-sized geometry (a ground slab, an enclosing wall box): its
 * horizontal extent covers at least SCENE_SIZED of the scene bounds on both x and z. The
 * editor keeps such geometry locked (not selectable, movable or deletable) unless the user
 * unlocks it, so that a click on the floor does not grab the floor.
 */
export function isSceneSized(o: SceneObstacle, bounds: { min: readonly number[]; max: readonly number[] }): boolean {
  const half =
    o.shape === 'box'
      ? o.rotation?.some((r) => r !== 0)
        ? [Math.hypot(...o.size) / 2, 0, Math.hypot(...o.size) / 2]
        : o.size.map((s) => s / 2)
      : [o.radius, 0, o.radius];
  return [0, 2].every((a) => 2 * half[a] >= SCENE_SIZED * (bounds.max[a] - bounds.min[a]));
}
