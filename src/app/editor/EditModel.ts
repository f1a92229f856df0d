import type { BufferGeometry, Mesh } from 'three';
import type { Aabb } from '../../core/graph/visibility.ts';
import { VisibilityGraph } from '../../core/graph/visibility.ts';
import { buildVoxelGrid, waypointPositions } from '../../scene/build.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import { ObstacleWorld } from '../../three/ObstacleWorld.ts';
import { gridData } from '../search/sceneQuery.ts';
import type { SceneData } from '../workers/protocol.ts';

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

  constructor(doc: SceneDocument) {
    this.doc = doc;
    this.agentRadius = doc.agentRadius ?? 0;
    this.world = ObstacleWorld.fromScene(doc);
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
    const out: SyncResult = { voxels: false, obstacles: false, links: false, boxes: [] };
    const pv = prev.voxels;
    const nv = next.voxels;
    const layerChanged = (pv === undefined) !== (nv === undefined) || (pv !== undefined && nv !== undefined &&
      (!sameNumbers(pv.dims, nv.dims) || !sameNumbers(pv.origin, nv.origin) || pv.cellSize !== nv.cellSize));
    if (layerChanged || (next.agentRadius ?? 0) !== this.agentRadius || next.maxLinkDistance !== prev.maxLinkDistance) {
      this.world.dispose();
      Object.assign(this, new EditModel(next));
      return { voxels: true, obstacles: true, links: true, boxes: [] };
    }
    // Obstacles: removed, added or changed ones, by id.
    if (prev.obstacles !== next.obstacles) {
      const after = new Map(next.obstacles.map((o) => [o.id, o]));
      for (const o of prev.obstacles) {
        if (!after.has(o.id)) out.boxes.push(this.world.removeObstacle(o.id)!);
      }
      const before = new Map(prev.obstacles.map((o) => [o.id, o]));
      for (const o of next.obstacles) {
        const old = before.get(o.id);
        if (old === undefined || JSON.stringify(old) !== JSON.stringify(o)) out.boxes.push(this.world.setObstacle(o));
      }
      out.obstacles = out.boxes.length > 0;
    }
    // Voxels: compare occupancy with the new layer; the changed voxels' box is updated.
    const grid = this.world.grid;
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
      out.voxels = pv?.terrain !== nv.terrain;
      if (hi[0] >= 0) {
        grid.occupancy.set(target.occupancy);
        grid.version++;
        out.boxes.push(this.world.voxelsChanged([lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]]));
        out.voxels = true;
      }
    }
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

  /** The searchable data of the current state (copies, for a LoadedScene and the workers). */
  sceneData(): SceneData {
    const g = this.visibility.graph();
    const pairs = Int32Array.from(g.pairs().flat());
    return { grid: this.world.grid === null ? null : gridData(this.world.grid), positions: g.positions.slice(), pairs, ids: this.ids.slice() };
  }

  /** The drawn voxel surface (as the preprocessing worker sends it), or null. */
  faces(): { positions: Float32Array; normals: Float32Array } | null {
    const mesh = this.world.group.getObjectByName('voxels') as Mesh<BufferGeometry> | undefined;
    if (mesh === undefined) return null;
    return {
      positions: Float32Array.from(mesh.geometry.getAttribute('position').array),
      normals: Float32Array.from(mesh.geometry.getAttribute('normal').array),
    };
  }

  dispose(): void {
    this.world.dispose();
  }
}
