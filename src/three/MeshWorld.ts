import type { Matrix4, Object3D, Ray } from 'three';
import type { BVHOptions } from 'three-mesh-bvh';
import { checkInstance, checkNumber, checkNumbers, checkObject, checkString, checkVoxelBox, usageError } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { Aabb, LineOfSight } from '../core/graph/visibility.ts';
import { emptyBox, soupBox } from '../core/geometry/boxes.ts';
import { type MeshEntry, MeshTree, transformSoup } from './MeshTree.ts';
import { STATIC_BVH_OPTIONS, type StaticBVH, type StaticHit } from './StaticBVH.ts';
import { checkMeshWorldOptions } from './worldArgs.ts';

/** Options of a MeshWorld: BVH build options and the static meshes. */
export interface MeshWorldOptions {
  /** three-mesh-bvh build options. @default STATIC_BVH_OPTIONS (SAH, leaves of 1) */
  bvh?: BVHOptions;
  /** Static triangle meshes. */
  meshes?: readonly WorldMesh[];
}

/** A static triangle mesh of the world. */
export interface WorldMesh {
  /** Unique id of the mesh (a scene's mesh id; hits report it). */
  id: string;
  /** Triangles in the mesh's own coordinates, 9 numbers each. */
  soup: ArrayLike<number>;
  /** Mesh coordinates to world. */
  matrix: Matrix4;
  /** What to draw (e.g. the imported file's objects); placed by `matrix`. An ObstacleWorld draws it; a CollisionWorld does not use it. */
  object?: Object3D;
}

/** A ray hit on the static world, for picking. */
export interface WorldHit {
  /** Distance from the ray origin to the hit, world units. */
  distance: number;
  /** The hit point, world units. */
  point: Vec3;
  /** Unit normal of the hit face, facing the ray origin. */
  normal: Vec3;
  /** Id of the obstacle hit, or null for the voxel layer and meshes. */
  obstacleId: string | null;
  /** Id of the mesh hit, or null. */
  meshId?: string | null;
  /** The solid voxel hit [x, y, z], or null for an obstacle. */
  voxel: [number, number, number] | null;
}

/**
 * A static world of triangle meshes for queries, with nothing to draw (runs in Node and in
 * workers): the meshes' world triangles and one BVH over them. Line of sight (segment and
 * agent-radius capsule), closest points and raycasts. What `NavWorld.fromObject3D` builds its
 * world as; a CollisionWorld is a MeshWorld with a voxel layer and primitive obstacles too (a
 * scene's world), and an ObstacleWorld one drawn. A mesh keeps its id and triangle count;
 * `setMeshTriangles` moves its triangles (the tree is rebuilt on the next query).
 */
export class MeshWorld {
  /** The voxel layer (a CollisionWorld's), or null: a MeshWorld has none. */
  readonly grid: VoxelGrid | null = null;
  readonly #meshes: MeshEntry[] = [];
  /** The BVH over the world's soup. */
  readonly #tree: MeshTree;

  /** A world of `options.meshes` (their triangles copied into world space by each mesh's matrix); the BVH is built on the first query. */
  constructor(options: MeshWorldOptions = {}) {
    checkMeshWorldOptions(this.who, options);
    this.#tree = this.createTree({ ...STATIC_BVH_OPTIONS, ...options?.bvh }, this.#meshes);
    for (const m of options?.meshes ?? []) {
      const soup = transformSoup(m.soup, m.matrix.elements, new Float64Array(m.soup.length));
      this.#meshes.push({ id: m.id, soup, first: -1 });
    }
  }

  /** How messages name this world's class. */
  protected get who(): string {
    return 'MeshWorld';
  }

  /** The tree over the soup (a CollisionWorld's holds its voxel faces and obstacles before the meshes). Called by the constructor. */
  protected createTree(options: BVHOptions, meshes: readonly MeshEntry[]): MeshTree {
    return new MeshTree(options, meshes);
  }

  /** The tree `createTree` made. */
  protected get tree(): MeshTree {
    return this.#tree;
  }

  /** Ids of the world's meshes, in soup order. */
  get meshIds(): string[] {
    return this.#meshes.map((m) => m.id);
  }

  /**
   * Replaces the world triangles of mesh `id` (after the object moved, turned or deformed; the
   * drawn object is not touched). Returns the world box that changed (old and new place), or
   * null if there is no such mesh. Throws a NavlabError (code usage) when the triangle count differs.
   */
  setMeshTriangles(id: string, worldSoup: ArrayLike<number>): Aabb | null {
    checkString(`${this.who}.setMeshTriangles: id`, id);
    checkNumbers(`${this.who}.setMeshTriangles: worldSoup`, worldSoup, 9);
    const m = this.#meshes.find((e) => e.id === id);
    if (m === undefined) return null;
    if (worldSoup.length !== m.soup.length)
      throw new NavlabError('usage', `setMeshTriangles '${id}': expected ${m.soup.length / 9} triangles, got ${worldSoup.length / 9}`);
    const box = soupBox(soupBox(emptyBox(), m.soup), worldSoup);
    m.soup.set(worldSoup);
    this.#tree.invalidate();
    return box;
  }

  /** The world's BVH, rebuilt first if an edit made it stale. */
  get bvh(): StaticBVH {
    return this.#tree.current ?? this.#tree.build();
  }

  /**
   * First triangle of the meshes in `bvh.soup` (the tree is built first if stale): the meshes'
   * triangles run from it to the soup's end; the triangles before it are a CollisionWorld's
   * voxel faces (with their spare slots) and primitive obstacles.
   */
  get meshSoupStart(): number {
    return this.bvh && this.#tree.meshStart;
  }

  /** Segment and capsule tests run so far, over all rebuilds. */
  get segmentTests(): number {
    return this.#tree.segmentTests;
  }

  /** Triangles of the world's surfaces (a CollisionWorld's voxel faces and obstacles too; not the tree's spare slots). */
  get triangleCount(): number {
    let n = 0;
    for (const m of this.#meshes) n += m.soup.length / 9;
    return n;
  }

  /** Builds the soup and the BVH now (queries do it on demand). */
  rebuild(): void {
    this.#tree.build();
  }

  /** True when segment a-b meets no static triangle (both faces count). */
  segmentClear(ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
    return this.bvh.segmentClear(ax, ay, az, bx, by, bz);
  }

  /** True when the capsule of radius r around segment a-b touches nothing (axis stays >= r - 1e-6 away). */
  capsuleClear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, r: number): boolean {
    return this.bvh.capsuleClear(ax, ay, az, bx, by, bz, r);
  }

  /** A line-of-sight function for an agent of radius r (0: the plain segment test). */
  lineOfSight(r = 0): LineOfSight {
    checkNumber(`${this.who}.lineOfSight: r`, r, 0);
    // Reads `this.bvh` on every call, so the function stays valid across edits and rebuilds.
    // capsuleClear with r <= 0 is the plain segment test.
    return (ax, ay, az, bx, by, bz) => this.bvh.capsuleClear(ax, ay, az, bx, by, bz, r);
  }

  /**
   * Closest point of the static obstacles to `point` within `maxDistance`: writes it to
   * `outPoint`, a unit normal pointing from the surface towards `point` to `outNormal`, and
   * returns the distance (Infinity, outputs untouched, when nothing is that close).
   */
  closestPointOnObstacles(point: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number {
    return this.bvh.closestPoint(point, maxDistance, outPoint, outNormal);
  }

  /** First static surface along the ray origin + t * direction, t <= far; for mouse picking. */
  raycast(origin: Vec3, direction: Vec3, far = Infinity): WorldHit | null {
    const hit = this.bvh.raycast(origin, direction, far);
    return hit === null ? null : this.hitOf(hit);
  }

  /** What a ray hit on the tree's triangle `hit.triangle` reports (a CollisionWorld tells voxels and obstacles). */
  protected hitOf(hit: StaticHit): WorldHit {
    return { ...hit, obstacleId: null, meshId: this.#tree.meshOf(hit.triangle), voxel: null };
  }

  /** `raycast` for a three.js Ray (e.g. `raycaster.ray`). */
  pick(ray: Ray, far = Infinity): WorldHit | null {
    checkObject(`${this.who}.pick: ray`, ray, 'a Ray { origin, direction }');
    return this.raycast(ray.origin, ray.direction, far);
  }

  /**
   * Whether world point p is inside a solid voxel of the layer or inside a primitive
   * (boundary included; round primitives by their true shape, not their mesh). A MeshWorld
   * has neither: false.
   */
  contains(_px: number, _py: number, _pz: number): boolean {
    return false;
  }

  /** Boxes of the primitive obstacles (a CollisionWorld's; none here), for callers that filter them. */
  obstacleBoxes(): Aabb[] {
    return [];
  }

  /** Whether p is inside obstacle number `i` of `obstacleBoxes()` (a MeshWorld has none: any `i` throws). */
  obstacleContains(i: number, _px: number, _py: number, _pz: number): boolean {
    throw usageError(`${this.who}.obstacleContains: i`, 'an index in [0, 0)', i);
  }

  /**
   * Blocks the voxels of `grid` in the inclusive voxel box [x0, y0, z0, x1, y1, z1] whose centre
   * lies inside the world's solids: what `voxelize` adds to the voxels the triangles meet. A
   * MeshWorld has none (its meshes are surfaces), so nothing changes; a CollisionWorld blocks
   * the centres in a solid voxel of its layer or inside a primitive obstacle. Throws a
   * NavlabError (usage) when `grid` is not a VoxelGrid or the box is not inside it.
   */
  fillSolids(grid: VoxelGrid, box: readonly number[]): void {
    checkInstance(`${this.who}.fillSolids: grid`, grid, VoxelGrid);
    const [x0, y0, z0, x1, y1, z1] = checkVoxelBox(`${this.who}.fillSolids: box`, box);
    if (!grid.inBounds(x0, y0, z0) || !grid.inBounds(x1, y1, z1))
      throw new NavlabError('usage', `${this.who}.fillSolids: box [${box.join(', ')}] is not inside ${grid.X}x${grid.Y}x${grid.Z}`);
  }

  /** Whether p lies in a solid voxel of the layer (a MeshWorld has none: false). */
  voxelAt(_px: number, _py: number, _pz: number): boolean {
    return false;
  }

  /** Frees the BVH's geometry; the world answers no queries afterwards. */
  dispose(): void {
    this.#tree.dispose();
  }

  /**
   * The surface soup triangle `triangle` belongs to, for the current `bvh`: a mesh triangle
   * is a surface of its own, numbered after a CollisionWorld's obstacles (there: the
   * obstacle's index in `obstacleBoxes()` order, or -1 - k for the k-th rectangle of the
   * voxel mesh). Steering treats each surface as one obstacle.
   */
  surfaceOf(triangle: number): number {
    return this.#tree.surfaceOf(triangle);
  }
}
