import type { Aabb } from '../../core/graph/visibility.ts';
import { buildVoxelGrid } from '../../scene/build.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import type { ObstacleWorld } from '../../three/ObstacleWorld.ts';

/** What syncWorld changed. */
export interface WorldChange {
  /** The voxel layer's occupancy or terrain changed. */
  voxels: boolean;
  /** Obstacles changed. */
  obstacles: boolean;
  /** World boxes whose geometry changed (links through them and agents' paths are re-tested). */
  boxes: Aabb[];
}

/**
 * Brings `world` (built from `prev`) to `next`'s static geometry by changing only what differs:
 * obstacles added, changed or removed by id, and the box of the voxels whose occupancy
 * changed; terrain costs are replaced. The voxel layer's dims, origin and cell size must be
 * the same in both documents (otherwise rebuild the world).
 */
export function syncWorld(world: ObstacleWorld, prev: SceneDocument, next: SceneDocument): WorldChange {
  const out: WorldChange = { voxels: false, obstacles: false, boxes: [] };
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
  // Voxels: compare occupancy with the new layer; the changed voxels' box is updated.
  const grid = world.grid;
  const pv = prev.voxels;
  const nv = next.voxels;
  if (grid !== null && nv !== undefined && pv !== nv) {
    const target = buildVoxelGrid(next)!;
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-1, -1, -1];
    for (let z = 0, i = 0; z < grid.Z; z++) for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++, i++) {
      if (grid.occupancy[i] === target.occupancy[i]) continue;
      lo[0] = Math.min(lo[0], x); lo[1] = Math.min(lo[1], y); lo[2] = Math.min(lo[2], z);
      hi[0] = Math.max(hi[0], x); hi[1] = Math.max(hi[1], y); hi[2] = Math.max(hi[2], z);
    }
    grid.terrain = target.terrain;
    out.voxels = !sameValue(pv?.terrain, nv.terrain);
    if (hi[0] >= 0) {
      grid.occupancy.set(target.occupancy);
      grid.version++;
      out.boxes.push(world.voxelsChanged([lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]]));
      out.voxels = true;
    }
  }
  return out;
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
  const sameLayer = pv === nv || (pv !== undefined && nv !== undefined && sameNumbers(pv.dims, nv.dims) && sameNumbers(pv.origin, nv.origin) && pv.cellSize === nv.cellSize);
  return sameLayer && sameValue(prev.waypoints, next.waypoints) && sameValue(prev.agents, next.agents) && sameValue(prev.movingObstacles, next.movingObstacles)
    && sameValue(prev.search, next.search) && sameValue(prev.steering, next.steering) && prev.agentRadius === next.agentRadius
    && prev.maxLinkDistance === next.maxLinkDistance && sameNumbers(prev.bounds.min, next.bounds.min) && sameNumbers(prev.bounds.max, next.bounds.max);
}
