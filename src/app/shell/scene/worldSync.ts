import type { Aabb } from '../../../core/graph/visibility.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { SceneDocument, VoxelLayer, VoxelBox } from '../../../scene/schema.ts';
import type { ObstacleWorld } from '../../../three/ObstacleWorld.ts';

/** What syncWorld changed. */
export interface WorldChange {
  /** The voxel layer's occupancy or terrain changed. */
  voxels: boolean;
  /** Obstacles changed. */
  obstacles: boolean;
  /** World boxes whose geometry changed (links through them and agents' paths are re-tested). */
  boxes: Aabb[];
  /** The inclusive voxel box whose occupancy changed, or null. */
  voxelBox: number[] | null;
}

/**
 * Brings `world` (built from `prev`) to `next`'s static geometry by changing only what differs:
 * obstacles added, changed or removed by id, and the voxels in the region of the solid and
 * terrain boxes that differ between the two layers (boxes are compared by identity, then by
 * value, so an edit that appends a box costs that box's volume, not the layer's). The voxel
 * layer's dims, origin and cell size must be the same in both documents (otherwise rebuild
 * the world).
 */
export function syncWorld(world: ObstacleWorld, prev: SceneDocument, next: SceneDocument): WorldChange {
  const out: WorldChange = { voxels: false, obstacles: false, boxes: [], voxelBox: null };
  if (prev.obstacles !== next.obstacles) {
    const after = new Map(next.obstacles.map((o) => [o.id, o]));
    for (const o of prev.obstacles) {
      if (!after.has(o.id)) out.boxes.push(world.removeObstacle(o.id)!);
    }
    const before = new Map(prev.obstacles.map((o) => [o.id, o]));
    for (const o of next.obstacles) {
      const old = before.get(o.id);
      if (old === undefined || JSON.stringify(old) !== JSON.stringify(o)) out.boxes.push(world.setObstacle(o));
    }
    out.obstacles = out.boxes.length > 0;
  }
  const grid = world.grid;
  const pv = prev.voxels;
  const nv = next.voxels;
  if (grid === null || nv === undefined || pv === nv) return out;
  const region = changedRegion(pv, nv);
  if (region === null) return out;
  clipToGrid(region, grid);
  const terrainChanged = !sameValue(pv?.terrain, nv.terrain);
  const changed = rewriteRegion(grid, nv, region, terrainChanged);
  out.voxels = terrainChanged;
  if (changed !== null) {
    // Derived grid structures (bit rows, empty blocks) then update only this box.
    grid.markEdited(changed[0], changed[1], changed[2], changed[3], changed[4], changed[5]);
    out.boxes.push(world.voxelsChanged(changed));
    out.voxelBox = changed;
    out.voxels = true;
  }
  return out;
}

/**
 * Appends to `out` the boxes that are in only one of two lists. Matched by identity first
 * (an edit keeps the untouched boxes), then by value among the rest only, so appending a box
 * to a list of 20,000 costs no string per box.
 */
function symmetricDifference(a: readonly VoxelBox[], b: readonly VoxelBox[], out: VoxelBox[]): void {
  const [onlyA, onlyB] = removedAndAppended(a, b) ?? byIdentity(a, b);
  if (onlyA.length === 0 || onlyB.length === 0) {
    out.push(...onlyA, ...onlyB);
    return;
  }
  const count = new Map<string, number>();
  for (const x of onlyA) count.set(x.join(), (count.get(x.join()) ?? 0) + 1);
  for (const x of onlyB) {
    const k = x.join();
    const n = count.get(k) ?? 0;
    if (n > 0) count.set(k, n - 1);
    else out.push(x);
  }
  for (const x of onlyA) {
    const k = x.join();
    const n = count.get(k) ?? 0;
    if (n > 0) {
      count.set(k, n - 1);
      out.push(x);
    }
  }
}

/** The boxes of `a` not in `b` and of `b` not in `a`, by identity. */
function byIdentity(a: readonly VoxelBox[], b: readonly VoxelBox[]): [VoxelBox[], VoxelBox[]] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [a.filter((x) => !inB.has(x)), b.filter((x) => !inA.has(x))];
}

/** Most boxes `removedAndAppended` checks one by one. */
const FEW_BOXES = 64;

/**
 * byIdentity without hashing every box, when `b` is `a` with a few boxes removed and a few
 * appended (as a paint edit makes it): one walk in order, then each box found only in one list
 * is checked against the other. Null when `b` is not so made.
 */
function removedAndAppended(a: readonly VoxelBox[], b: readonly VoxelBox[]): [VoxelBox[], VoxelBox[]] | null {
  const onlyA: VoxelBox[] = [];
  let j = 0;
  for (const x of a) {
    if (j < b.length && x === b[j]) j++;
    else if (onlyA.push(x) > FEW_BOXES) return null;
  }
  const onlyB = b.slice(j);
  if (onlyB.length > FEW_BOXES) return null;
  // The walk is right when no box it found removed is in b and none it found appended is in a.
  if (onlyA.some((x) => b.includes(x)) || onlyB.some((x) => a.includes(x))) return null;
  return [onlyA, onlyB];
}

/**
 * The inclusive voxel box holding every solid or terrain box that differs between two layers
 * (terrain regions compared in order: a region whose kind or cost changed counts whole), or
 * null when none does.
 */
function changedRegion(pv: VoxelLayer | undefined, nv: VoxelLayer): number[] | null {
  const diff: VoxelBox[] = [];
  const ps = pv?.solid ?? [];
  if (ps !== nv.solid) {
    symmetricDifference(ps, nv.solid, diff);
  }
  const pt = pv?.terrain ?? [];
  if (pt !== nv.terrain) {
    for (let i = 0; i < Math.max(pt.length, nv.terrain.length); i++) {
      const a = pt[i],
        b = nv.terrain[i];
      if (a === b) continue;
      if (a === undefined || b === undefined || a.cost !== b.cost) {
        diff.push(...(a?.boxes ?? []), ...(b?.boxes ?? []));
        continue;
      }
      symmetricDifference(a.boxes, b.boxes, diff);
    }
  }
  if (diff.length === 0) return null;
  const r = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const b of diff) {
    for (let a = 0; a < 3; a++) {
      r[a] = Math.min(r[a], b[a], b[a + 3]);
      r[a + 3] = Math.max(r[a + 3], b[a], b[a + 3]);
    }
  }
  return r;
}

function clipToGrid(r: number[], grid: VoxelGrid): void {
  const dims = [grid.X, grid.Y, grid.Z];
  for (let a = 0; a < 3; a++) {
    r[a] = Math.max(0, r[a]);
    r[a + 3] = Math.min(dims[a] - 1, r[a + 3]);
  }
}

/**
 * Recomputes occupancy (and terrain, when `terrain`) of the voxels in `region` from the layer's
 * boxes; returns the inclusive box of the voxels whose occupancy changed, or null.
 */
function rewriteRegion(grid: VoxelGrid, layer: VoxelLayer, region: readonly number[], terrain: boolean): number[] | null {
  const [x0, y0, z0, x1, y1, z1] = region;
  if (x0 > x1 || y0 > y1 || z0 > z1) return null;
  const W = x1 - x0 + 1,
    H = y1 - y0 + 1,
    D = z1 - z0 + 1;
  // Layout of the region's scratch arrays: (x - x0) + W * ((y - y0) + H * (z - z0)).
  const occ = new Uint8Array(W * H * D);
  const clip = (b: VoxelBox, f: (i: number) => void): void => {
    const bx0 = Math.max(x0, Math.min(b[0], b[3])),
      bx1 = Math.min(x1, Math.max(b[0], b[3]));
    const by0 = Math.max(y0, Math.min(b[1], b[4])),
      by1 = Math.min(y1, Math.max(b[1], b[4]));
    const bz0 = Math.max(z0, Math.min(b[2], b[5])),
      bz1 = Math.min(z1, Math.max(b[2], b[5]));
    for (let z = bz0; z <= bz1; z++)
      for (let y = by0; y <= by1; y++) {
        const row = W * (y - y0 + H * (z - z0)) - x0;
        for (let x = bx0; x <= bx1; x++) f(row + x);
      }
  };
  const set = (i: number) => (occ[i] = 1);
  // Only the boxes meeting the region are walked (a big layer has tens of thousands).
  for (const b of layer.solid) if (meets(b, region)) clip(b, set);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-1, -1, -1];
  for (let z = z0, i = 0; z <= z1; z++)
    for (let y = y0; y <= y1; y++) {
      let g = grid.index(x0, y, z);
      for (let x = x0; x <= x1; x++, i++, g++) {
        if (grid.occupancy[g] === occ[i]) continue;
        grid.occupancy[g] = occ[i];
        if (x < lo[0]) lo[0] = x;
        if (y < lo[1]) lo[1] = y;
        if (z < lo[2]) lo[2] = z;
        if (x > hi[0]) hi[0] = x;
        if (y > hi[1]) hi[1] = y;
        if (z > hi[2]) hi[2] = z;
      }
    }
  if (terrain) rewriteTerrain(grid, layer, region, clip, W * H * D);
  return hi[0] < 0 ? null : [lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]];
}

/** Whether voxel box b (corners in any order) shares a voxel with the ordered inclusive region r. */
function meets(b: VoxelBox, r: readonly number[]): boolean {
  for (let a = 0; a < 3; a++) {
    const lo = Math.min(b[a], b[a + 3]);
    const hi = Math.max(b[a], b[a + 3]);
    if (hi < r[a] || lo > r[a + 3]) return false;
  }
  return true;
}

/** Terrain costs of the region from the layer's regions, applied in order (as buildVoxelGrid does). */
function rewriteTerrain(
  grid: VoxelGrid,
  layer: VoxelLayer,
  region: readonly number[],
  clip: (b: VoxelBox, f: (i: number) => void) => void,
  n: number,
): void {
  const any = layer.terrain.some((r) => r.cost !== 1 && r.boxes.length > 0);
  if (!any && grid.terrain === null) return;
  const cost = new Float32Array(n).fill(1);
  for (const r of layer.terrain) for (const b of r.boxes) clip(b, (i) => (cost[i] = r.cost));
  if (grid.terrain === null) grid.terrain = new Float32Array(grid.size).fill(1);
  const [x0, y0, z0, x1, y1, z1] = region;
  for (let z = z0, i = 0; z <= z1; z++)
    for (let y = y0; y <= y1; y++) {
      grid.terrain.set(cost.subarray(i, i + x1 - x0 + 1), grid.index(x0, y, z));
      i += x1 - x0 + 1;
    }
  // A layer whose terrain is all gone costs 1 everywhere: drop the array as buildVoxelGrid would.
  if (!any) grid.terrain = null;
}

/**
 * Whether two parts of documents hold the same data. Documents reaching a worker are copies
 * (postMessage clones them), so identity says nothing there; equal parts serialize equally.
 */
const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

const sameNumbers = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * Whether `next` differs from `prev` only in static geometry that syncWorld can apply in
 * place (obstacles, voxel occupancy and terrain), so a running simulation can take the edit
 * without restarting: the same voxel layer frame, waypoints, agents, moving obstacles and
 * settings. Compares by value: the documents may be copies.
 */
export function geometryOnlyEdit(prev: SceneDocument, next: SceneDocument): boolean {
  const pv = prev.voxels;
  const nv = next.voxels;
  const sameLayer =
    pv === nv ||
    (pv !== undefined &&
      nv !== undefined &&
      sameNumbers(pv.dims, nv.dims) &&
      sameNumbers(pv.origin, nv.origin) &&
      pv.cellSize === nv.cellSize);
  return (
    sameLayer &&
    sameValue(prev.waypoints, next.waypoints) &&
    sameValue(prev.agents, next.agents) &&
    sameValue(prev.movingObstacles, next.movingObstacles) &&
    sameValue(prev.search, next.search) &&
    sameValue(prev.steering, next.steering) &&
    prev.agentRadius === next.agentRadius &&
    prev.maxLinkDistance === next.maxLinkDistance &&
    sameNumbers(prev.bounds.min, next.bounds.min) &&
    sameNumbers(prev.bounds.max, next.bounds.max)
  );
}
