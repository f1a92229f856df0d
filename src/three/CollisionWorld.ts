import { Matrix4 } from 'three';
import type { BVHOptions } from 'three-mesh-bvh';
import { checkVoxelBox, describeValue } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { Aabb } from '../core/graph/visibility.ts';
import type { SceneObstacle } from '../scene/index.ts';
import { copyBox, emptyBox, resetBox, soupBox, unionBox } from '../core/geometry/boxes.ts';
import { insideUnitShape, obstacleMatrix, unitSoup } from './primitives.ts';
import type { LoadedMeshes } from './importedMesh.ts';
import type { MeshEntry, MeshTree } from './MeshTree.ts';
import { MeshWorld, type MeshWorldOptions, type WorldHit } from './MeshWorld.ts';
import type { StaticHit } from './StaticBVH.ts';
import { VoxelSurface, type VoxelChunkData } from './VoxelSurface.ts';
import { checkObstacle, checkWorldArgs } from './worldArgs.ts';
import { transformSoup } from './MeshTree.ts';
import { WorldTree, type ObstacleEntry } from './WorldTree.ts';
import { fillCentres, fillLayer } from './centreFill.ts';

export type { WorldHit, WorldMesh } from './MeshWorld.ts';

/** Options of a CollisionWorld: BVH build options, static meshes (MeshWorldOptions), the voxel surface if computed elsewhere. */
export interface CollisionWorldOptions extends MeshWorldOptions {
  /** For a scene's world (sceneCollisionWorld, ObstacleWorld.fromScene): the scene's mesh files, loaded by `loadSceneMeshes` (keyed by mesh id). */
  sceneMeshes?: LoadedMeshes;
  /** The voxel surface computed elsewhere for this grid (VoxelSurface.data), e.g. by a worker. */
  voxelChunks?: VoxelChunkData;
  /** For a scene's world: use this grid (kept by reference) instead of building one from the document. */
  grid?: VoxelGrid;
}

/**
 * The static world of a scene for queries, with nothing to draw (no Group, no material: it
 * runs in Node and in workers): the voxel layer's surface in chunks (VoxelSurface), each
 * primitive obstacle's triangles, the static meshes' triangles, and one scene-wide BVH over
 * all of them (moving obstacles are not part of it). Line of sight (segment and agent-radius
 * capsule), closest points, raycasts and inside tests. ObstacleWorld is this world drawn;
 * `sceneCollisionWorld(doc)` makes the world of a scene document.
 *
 * Edits return the world box they touched, so callers re-test only the waypoint pairs and
 * re-voxelize only the voxels near it. Moving, turning or resizing an obstacle refits the
 * BVH; adding or removing one or changing its shape rebuilds it (lazily, on the next query,
 * so a batch of edits costs one build).
 *
 * Voxel edits refit too. The layer's surface is kept in chunks: an edit recomputes the faces
 * of the chunks it touches only, and each chunk owns a fixed run of triangle slots in the
 * soup, with room to grow (src/three/voxelRuns.ts). The chunk's new triangles are written
 * into its run, its unused slots collapse onto a point of its surface, and the tree is
 * refitted along the paths from the changed leaves to the root (StaticBVH.refit), no SAH
 * build and no walk of the whole tree, so painting one voxel of a 89-million-voxel map stays
 * cheap. A collapsed slot is a point on the real surface, so every query (segment, capsule,
 * box, closest point, ray) answers exactly as without it. A chunk that outgrows its run makes
 * the next query rebuild the tree. One tree per chunk was the other choice; it would make
 * every line-of-sight test walk many small trees instead of one.
 *
 * Triangle soup order: voxel chunk runs first (chunk index order), then each obstacle's
 * triangles in document order, then each mesh's triangles. The meshes, line of sight, closest
 * points and raycasts are those of a MeshWorld (the world `NavWorld.fromObject3D` builds), which
 * this extends.
 */
export class CollisionWorld extends MeshWorld {
  /** The voxel layer (edited through `setVoxels`), or null. */
  override readonly grid: VoxelGrid | null;
  /** The voxel layer's surface in chunks (what the BVH holds of it), or null without a layer. */
  readonly voxelSurface: VoxelSurface | null;
  readonly #entries: ObstacleEntry[] = [];
  readonly #byId = new Map<string, ObstacleEntry>();

  /**
   * @param obstacles static primitives (copied)
   * @param grid the voxel layer, kept by reference (`setVoxels` edits it)
   */
  constructor(obstacles: readonly SceneObstacle[] = [], grid: VoxelGrid | null = null, options: CollisionWorldOptions = {}) {
    super(options);
    const checked = checkWorldArgs(this.who, obstacles, grid, options);
    this.grid = grid;
    for (const o of checked) this.#setObstacle(o);
    this.voxelSurface = grid === null ? null : new VoxelSurface(grid, { data: options.voxelChunks }, this.who);
    this.#tree.attach(this.#entries, this.voxelSurface, grid);
  }

  /** The tree over the voxel faces, obstacles and meshes. */
  protected override createTree(options: BVHOptions, meshes: readonly MeshEntry[]): MeshTree {
    return new WorldTree(options, meshes);
  }

  /** The tree `createTree` made. */
  get #tree(): WorldTree {
    return this.tree as WorldTree;
  }

  /** How messages name this world's class. */
  protected override get who(): string {
    return 'CollisionWorld';
  }

  /** The obstacles, in soup order (for a drawing of them). */
  protected obstacleEntries(): readonly ObstacleEntry[] {
    return this.#entries;
  }

  /** Called when obstacle `spec` is placed by `matrix` (a drawn world moves its mesh). */
  protected drawObstacle(_spec: SceneObstacle, _matrix: Matrix4): void {}

  /** Called when obstacle `id` is removed. */
  protected eraseObstacle(_id: string): void {}

  /** Recomputes the voxel surface's chunks the inclusive voxel box touches; returns them (a drawn world redraws them too). */
  protected updateSurface(box: readonly number[]): number[] {
    return this.voxelSurface!.update(box);
  }

  /** Triangles of the world's surfaces (voxel faces, obstacles, meshes; not the tree's spare slots). */
  override get triangleCount(): number {
    let n = super.triangleCount + (this.voxelSurface?.triangleCount ?? 0);
    for (const e of this.#entries) n += unitSoup(e.spec.shape).length / 9;
    return n;
  }

  /** Primitive obstacles in the world (not counting meshes and the voxel layer). */
  get obstacleCount(): number {
    return this.#entries.length;
  }

  /** The obstacle with this id (a copy of what was set), or undefined. */
  obstacle(id: string): SceneObstacle | undefined {
    return this.#byId.get(id)?.spec;
  }

  /** World box of the obstacle's mesh, or undefined. */
  obstacleBounds(id: string): Aabb | undefined {
    return this.#byId.get(id)?.bounds;
  }

  /**
   * Adds an obstacle, or replaces the one with the same id. Returns the world box that
   * changed (old and new place). Same shape: the tree is refitted; otherwise rebuilt.
   */
  setObstacle(spec: SceneObstacle): Aabb {
    return this.#setObstacle(checkObstacle(`${this.who}.setObstacle: spec`, spec));
  }

  /** setObstacle of `spec`, a checked copy of the caller's spec (kept as it is). */
  #setObstacle(spec: SceneObstacle): Aabb {
    const old = this.#byId.get(spec.id);
    if (old === undefined) {
      const entry: ObstacleEntry = { spec, matrix: new Matrix4(), inverse: new Matrix4(), bounds: emptyBox(), first: -1 };
      this.#place(entry);
      this.#entries.push(entry);
      this.#byId.set(spec.id, entry);
      this.#tree.invalidate();
      return copyBox(entry.bounds);
    }
    const changed = copyBox(old.bounds);
    const sameShape = old.spec.shape === spec.shape;
    old.spec = spec;
    this.#place(old);
    unionBox(changed, old.bounds);
    if (!sameShape || !this.#tree.refitObstacle(old)) this.#tree.invalidate();
    return changed;
  }

  /** Removes an obstacle; returns the world box it occupied, or null if there is no such id. */
  removeObstacle(id: string): Aabb | null {
    const entry = this.#byId.get(id);
    if (entry === undefined) return null;
    this.#entries.splice(this.#entries.indexOf(entry), 1);
    this.#byId.delete(id);
    this.eraseObstacle(id);
    this.#tree.invalidate();
    return copyBox(entry.bounds);
  }

  /**
   * Sets the voxels of the inclusive box [x0, y0, z0, x1, y1, z1] solid or free and rebuilds
   * the voxel mesh. Returns the world box of those voxels.
   */
  setVoxels(box: readonly number[], solid: boolean): Aabb {
    const grid = this.grid;
    if (grid === null) throw new NavlabError('usage', `${this.who}.setVoxels: the world has no voxel layer`);
    const [x0, y0, z0, x1, y1, z1] = checkVoxelBox(`${this.who}.setVoxels: box`, box);
    if (!grid.inBounds(x0, y0, z0) || !grid.inBounds(x1, y1, z1) || x0 > x1 || y0 > y1 || z0 > z1) {
      throw new NavlabError('usage', `${this.who}.setVoxels: box [${box.join(', ')}] is not inside ${grid.X}x${grid.Y}x${grid.Z}`);
    }
    for (let z = z0; z <= z1; z++)
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.occupancy[grid.index(x, y, z)] = solid ? 1 : 0;
    grid.markEdited(x0, y0, z0, x1, y1, z1);
    return this.voxelsChanged(box);
  }

  /**
   * Call after editing `grid` directly in the inclusive voxel box; returns its world box. The
   * chunks the box touches are recomputed and the tree refitted (see the class comment).
   */
  voxelsChanged(box: readonly number[]): Aabb {
    const grid = this.grid;
    if (grid === null || this.voxelSurface === null)
      throw new NavlabError('usage', `${this.who}.voxelsChanged: the world has no voxel layer`);
    checkVoxelBox(`${this.who}.voxelsChanged: box`, box);
    const touched = this.updateSurface(box);
    if (!this.#tree.refitChunks(touched)) this.#tree.invalidate();
    const s = grid.cellSize;
    const o = grid.origin;
    return {
      min: { x: o.x + box[0] * s, y: o.y + box[1] * s, z: o.z + box[2] * s },
      max: { x: o.x + (box[3] + 1) * s, y: o.y + (box[4] + 1) * s, z: o.z + (box[5] + 1) * s },
    };
  }

  /** A ray hit on a voxel face names the voxel behind it, one on an obstacle's triangles the obstacle. */
  protected override hitOf(hit: StaticHit): WorldHit {
    if (hit.triangle < this.#tree.voxelSlots && this.grid !== null) {
      // The voxel behind the face: half a cell into the surface from the hit point.
      const g = this.grid;
      const h = 0.5 * g.cellSize;
      const v = g.worldToVoxel(
        { x: hit.point.x - hit.normal.x * h, y: hit.point.y - hit.normal.y * h, z: hit.point.z - hit.normal.z * h },
        { x: 0, y: 0, z: 0 },
      );
      return { ...hit, obstacleId: null, voxel: [v.x, v.y, v.z] };
    }
    return { ...hit, obstacleId: this.#tree.ownerOf(hit.triangle), meshId: this.#tree.meshOf(hit.triangle), voxel: null };
  }

  /**
   * Whether world point p is inside a solid voxel of the layer or inside a primitive
   * (boundary included; round primitives by their true shape, not their mesh).
   */
  override contains(px: number, py: number, pz: number): boolean {
    if (this.voxelAt(px, py, pz)) return true;
    for (const e of this.#entries) if (this.#entryContains(e, px, py, pz)) return true;
    return false;
  }

  /** Indices (into `obstacleBoxes`) and boxes of the obstacles, for callers that filter them. */
  override obstacleBoxes(): Aabb[] {
    return this.#entries.map((e) => e.bounds);
  }

  /** Whether p is inside obstacle number `i` of `obstacleBoxes()`. */
  override obstacleContains(i: number, px: number, py: number, pz: number): boolean {
    // Called for every voxel centre a voxelization tests: the lookup is the check.
    const e = this.#entries[i];
    if (e === undefined)
      throw new NavlabError(
        'usage',
        `${this.who}.obstacleContains: i: expected an index in [0, ${this.#entries.length}), got ${describeValue(i)}`,
      );
    return this.#entryContains(e, px, py, pz);
  }

  /** Blocks the voxels of `grid` in the inclusive box whose centre lies in a solid voxel of the layer or inside an obstacle (see MeshWorld.fillSolids). */
  override fillSolids(grid: VoxelGrid, box: readonly number[]): void {
    super.fillSolids(grid, box);
    const block = [box[0], box[1], box[2], box[3] + 1, box[4] + 1, box[5] + 1];
    if (this.grid !== null) fillLayer(grid, block, this.grid);
    this.#entries.forEach((e, i) => fillCentres(grid, block, e.bounds, (cx, cy, cz) => this.obstacleContains(i, cx, cy, cz)));
  }

  /** Whether p lies in a solid voxel of the layer (outside the layer: false). */
  override voxelAt(px: number, py: number, pz: number): boolean {
    const g = this.grid;
    if (g === null) return false;
    const v = g.voxelIndexAt(px, py, pz);
    return v >= 0 && g.occupancy[v] !== 0;
  }

  #entryContains(e: ObstacleEntry, px: number, py: number, pz: number): boolean {
    const b = e.bounds;
    if (px < b.min.x || py < b.min.y || pz < b.min.z || px > b.max.x || py > b.max.y || pz > b.max.z) return false;
    return insideUnitShape(e.spec.shape, e.inverse.elements, px, py, pz);
  }

  /** Sets the entry's matrices, its drawing and its bounds from its spec. */
  #place(e: ObstacleEntry): void {
    obstacleMatrix(e.spec, e.matrix);
    e.inverse.copy(e.matrix).invert();
    this.drawObstacle(e.spec, e.matrix);
    const unit = unitSoup(e.spec.shape);
    resetBox(e.bounds);
    soupBox(e.bounds, transformSoup(unit, e.matrix.elements, new Float64Array(unit.length)));
  }
}
