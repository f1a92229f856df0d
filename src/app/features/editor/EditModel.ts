import type { Aabb } from '../../../core/graph/visibility.ts';
import { VisibilityGraph } from '../../../core/graph/visibility.ts';
import { waypointPositions } from '../../../scene/build.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import { ObstacleWorld } from '../../../three/ObstacleWorld.ts';
import type { VoxelChunkData } from '../../../three/VoxelChunks.ts';
import type { SearchableScene } from '../../../core/query/target.ts';
import { syncWorld } from '../../shell/scene/worldSync.ts';

/** What `sync` changed. */
export interface SyncResult {
  /** The voxel layer's occupancy or terrain changed (the surface must be redrawn). */
  voxels: boolean;
  /** Obstacles changed. */
  obstacles: boolean;
  /** Waypoints or links changed. */
  links: boolean;
  /** World boxes whose geometry changed (for the simulation). */
  boxes: Aabb[];
  /** The inclusive voxel box whose occupancy changed, or null. */
  voxelBox: number[] | null;
}

/** What an EditModel can start from instead of building it from the document. */
export interface EditStart {
  /** The document's voxel grid (kept by reference and edited in place). */
  grid: VoxelGrid | null;
  /** Its surface in chunks. */
  voxelChunks?: VoxelChunkData;
}

const sameNumbers = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * The editor's main-thread copy of a scene's derived data: the obstacle world (voxel layer,
 * primitives, BVH for picking and line of sight) and the incremental visibility graph. `sync`
 * brings it to a new document by changing only what differs: obstacle and voxel edits re-test
 * the links through the changed box (VisibilityGraph.retestRegion), waypoint edits add, move
 * or remove one waypoint (O(N) segment tests each).
 */
export class EditModel {
  world: ObstacleWorld;
  visibility: VisibilityGraph;
  agentRadius: number;
  private doc: SceneDocument;
  private ids: string[];

  /**
   * @param start the grid shown and its surface, so that a huge layer is neither built nor
   *   meshed again here (the grid is then edited in place: show it, do not keep it as a snapshot)
   * @param meshes the meshes the document lists, loaded (see LoadedScene.meshes)
   */
  constructor(
    doc: SceneDocument,
    start?: EditStart,
    private readonly meshes: LoadedMeshes = new Map(),
  ) {
    this.doc = doc;
    this.agentRadius = doc.agentRadius ?? 0;
    this.world = ObstacleWorld.fromScene(doc, {
      drawVoxels: false,
      grid: start?.grid ?? undefined,
      voxelChunks: start?.voxelChunks,
      sceneMeshes: meshes,
    });
    this.visibility = new VisibilityGraph(this.world.lineOfSight(this.agentRadius), { maxLinkDistance: doc.maxLinkDistance ?? Infinity });
    this.visibility.setAll(waypointPositions(doc));
    this.ids = doc.waypoints.map((w) => w.id);
  }

  /** Moves waypoint `index` without a document change (live dragging); `sync` commits it. */
  moveLive(index: number, x: number, y: number, z: number): void {
    this.visibility.move(index, x, y, z);
  }

  /** Updates the world and the links to `next`; see the class comment. */
  sync(next: SceneDocument): SyncResult {
    const prev = this.doc;
    const out: SyncResult = { voxels: false, obstacles: false, links: false, boxes: [], voxelBox: null };
    const pv = prev.voxels;
    const nv = next.voxels;
    const layerChanged =
      (pv === undefined) !== (nv === undefined) ||
      (pv !== undefined &&
        nv !== undefined &&
        (!sameNumbers(pv.dims, nv.dims) || !sameNumbers(pv.origin, nv.origin) || pv.cellSize !== nv.cellSize));
    if (layerChanged || (next.agentRadius ?? 0) !== this.agentRadius || next.maxLinkDistance !== prev.maxLinkDistance) {
      this.world.dispose();
      Object.assign(this, new EditModel(next, undefined, this.meshes));
      const g = this.world.grid;
      return { voxels: true, obstacles: true, links: true, boxes: [], voxelBox: g === null ? null : [0, 0, 0, g.X - 1, g.Y - 1, g.Z - 1] };
    }
    // Obstacles: removed, added or changed ones, by id.
    const world = syncWorld(this.world, prev, next);
    Object.assign(out, world);
    for (const box of out.boxes) if (this.visibility.retestRegion(box, this.agentRadius) > 0) out.links = true;
    if (this.syncWaypoints(next)) out.links = true;
    this.doc = next;
    return out;
  }

  /** Brings the visibility graph's waypoints to `next`'s; true when anything changed. */
  private syncWaypoints(next: SceneDocument): boolean {
    const want = next.waypoints;
    const vis = this.visibility;
    let changed = false;
    // Remove the waypoints that are gone (from the back, so indices stay valid).
    const keep = new Set(want.map((w) => w.id));
    for (let i = this.ids.length - 1; i >= 0; i--) {
      if (keep.has(this.ids[i])) continue;
      vis.remove(i);
      this.ids.splice(i, 1);
      changed = true;
    }
    // The survivors must be the first ones, in order; new waypoints can then be appended.
    const inOrder = this.ids.every((id, i) => want[i]?.id === id);
    if (!inOrder) {
      vis.setAll(waypointPositions(next));
      this.ids = want.map((w) => w.id);
      return true;
    }
    const p = vis.positions();
    for (let i = 0; i < this.ids.length; i++) {
      const [x, y, z] = want[i].position;
      if (p[3 * i] !== x || p[3 * i + 1] !== y || p[3 * i + 2] !== z) {
        vis.move(i, x, y, z);
        changed = true;
      }
    }
    for (let i = this.ids.length; i < want.length; i++) {
      const [x, y, z] = want[i].position;
      vis.add(x, y, z);
      this.ids.push(want[i].id);
      changed = true;
    }
    return changed;
  }

  /**
   * The searchable state, for the scene shown: the grid by reference (edits change it in
   * place; no copy of a huge layer per edit), the waypoint graph and ids.
   */
  searchable(): SearchableScene {
    const graph = this.visibility.graph();
    const ids = this.ids.slice();
    return { grid: this.world.grid, graph, ids, index: new Map(ids.map((id, i) => [id, i])) };
  }

  dispose(): void {
    this.world.dispose();
  }
}
