import { VisibilityGraph, type LineOfSight } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { walkVoxels } from '../core/grid/voxelWalk.ts';
import { waypointPositions, type SceneDocument } from '../scene/index.ts';
import type { CollisionWorld } from '../three/CollisionWorld.ts';
import { sceneCollisionWorld } from '../three/sceneWorld.ts';
import { gridCapsule } from './gridCapsule.ts';

/** What `importLinks` found: the linked pairs and how the pairs were decided. */
export interface ImportLinks {
  /** Linked waypoint pairs (as `preprocessScene` of the document links them). */
  links: number;
  /** The waypoint graph (null without two waypoints). */
  graph: WaypointGraph | null;
  /** Pairs the grid proved clear, proved blocked, and left to the capsule test. */
  tests: { clear: number; blocked: number; capsule: number };
}

/**
 * The waypoint links of an imported scene, the same as `preprocessScene(doc, { drawn: false })`
 * finds over its voxel layer alone (its meshes lie in the layer's blocked voxels), with fewer
 * capsule tests: `grid` is the layer's grid (the document's voxels, no obstacles). A pair is
 * decided on the grid when it can be:
 *  - blocked: the segment passes through a blocked voxel after starting in a free one
 *    (`walkVoxels`), so it crosses the layer's surface and every capsule of radius r
 *    touches it. Only when r is well above the margin and the grid's border is free (then that
 *    crossing is a face of the surface, not the grid's edge);
 *  - else by the exact distance from the segment to the blocked voxels' boxes (`gridCapsule`):
 *    clear or blocked when it is farther than a margin from the capsule test's threshold
 *    (r - 1e-6); the margin covers the tree's float32 coordinates and the arithmetic.
 * The rest get the capsule test through the world's tree, built (and freed) only when needed.
 */
export function importLinks(doc: SceneDocument, grid: VoxelGrid, agentRadius: number): ImportLinks {
  const tests = { clear: 0, blocked: 0, capsule: 0 };
  const positions = waypointPositions(doc);
  if (positions.length < 6) return { links: 0, graph: null, tests };
  const s = grid.cellSize;
  const o = grid.origin;
  const far = Math.max(Math.abs(o.x), Math.abs(o.y), Math.abs(o.z)) + s * Math.max(grid.X, grid.Y, grid.Z);
  // Past rounding of the tree's coordinates (float32: within 6e-8 x |coordinate|) and of the
  // tests' arithmetic (in world units).
  const margin = 2e-7 * far + 1e-6 * s + 1e-9;
  const walls = agentRadius > 4 * margin && borderFree(grid);
  let world: CollisionWorld | null = null;
  let capsule: LineOfSight | null = null;
  // The capsule test clears a pair when its axis stays >= agentRadius - 1e-6 from the surface.
  const threshold = agentRadius - 1e-6;
  const los: LineOfSight = (ax, ay, az, bx, by, bz) => {
    if (walls && crossesBlocked(grid, ax, ay, az, bx, by, bz)) {
      tests.blocked++;
      return false;
    }
    const onGrid = gridCapsule(grid, threshold, margin, walls && endFree(grid, ax, ay, az), ax, ay, az, bx, by, bz);
    if (onGrid === 0) {
      tests.clear++;
      return true;
    }
    if (onGrid === 1) {
      tests.blocked++;
      return false;
    }
    tests.capsule++;
    if (capsule === null) {
      world = sceneCollisionWorld({ ...doc, meshes: [] }, { grid });
      capsule = world.lineOfSight(agentRadius);
    }
    return capsule(ax, ay, az, bx, by, bz);
  };
  const visibility = new VisibilityGraph(los, { maxLinkDistance: doc.maxLinkDistance ?? Infinity });
  visibility.setAll(positions);
  const graph = visibility.graph();
  (world as CollisionWorld | null)?.dispose();
  return { links: graph.linkCount, graph, tests };
}

/** Whether no voxel on the grid's outer layer is blocked. */
function borderFree(grid: VoxelGrid): boolean {
  const { X, Y, Z } = grid;
  const occ = grid.occupancy;
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const base = X * (y + Y * z);
      if (z === 0 || y === 0 || z === Z - 1 || y === Y - 1) {
        for (let x = 0; x < X; x++) if (occ[base + x] !== 0) return false;
      } else if (occ[base] !== 0 || occ[base + X - 1] !== 0) return false;
    }
  }
  return true;
}

/**
 * Whether segment a-b touches a blocked voxel's box after starting in a free voxel inside the
 * grid: the voxels it passes through, in order (`walkVoxels`), up to the first blocked one.
 */
function crossesBlocked(grid: VoxelGrid, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const s = grid.cellSize;
  const o = grid.origin;
  let first = true;
  let hit = false;
  walkVoxels((ax - o.x) / s, (ay - o.y) / s, (az - o.z) / s, (bx - o.x) / s, (by - o.y) / s, (bz - o.z) / s, (x, y, z) => {
    if (!grid.inBounds(x, y, z)) return false;
    if (grid.occupancy[x + grid.X * (y + grid.Y * z)] !== 0) {
      hit = !first;
      return false;
    }
    first = false;
    return true;
  });
  return hit;
}

/** Whether point a lies in a free voxel of the grid. */
function endFree(grid: VoxelGrid, ax: number, ay: number, az: number): boolean {
  const v = grid.voxelIndexAt(ax, ay, az);
  return v >= 0 && grid.occupancy[v] === 0;
}
