import type { Matrix4 } from 'three';
import type { BVHOptions } from 'three-mesh-bvh';
import type { Aabb } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { SceneObstacle } from '../scene/index.ts';
import { unitSoup } from './primitives.ts';
import { StaticBVH } from './StaticBVH.ts';
import type { VoxelSurface } from './VoxelSurface.ts';
import { gridExtent, VoxelRuns } from './voxelRuns.ts';

/**
 * After this many refits in a row the tree is rebuilt on its next use: refitting keeps the
 * tree's shape, whose boxes grow loose as obstacles wander from where they were at build time.
 */
export const MAX_REFITS = 32;

/** A primitive obstacle of a CollisionWorld: its spec, placement and bounds, and its place in the soup. */
export interface ObstacleEntry {
  spec: SceneObstacle;
  /** Unit mesh to world. */
  matrix: Matrix4;
  /** World to unit mesh (for the inside tests). */
  inverse: Matrix4;
  bounds: Aabb;
  /** First triangle in the current soup (valid while the tree is current). */
  first: number;
}

/** A static triangle mesh of a CollisionWorld, in world coordinates. */
export interface MeshEntry {
  id: string;
  /** World triangles. */
  soup: Float64Array;
  /** First triangle in the current soup. */
  first: number;
}

/**
 * The scene-wide BVH of a CollisionWorld and the triangle soup it is built over, kept in step
 * with the world's edits as the CollisionWorld class comment describes: built on demand,
 * refitted where an edit allows it, else dropped and rebuilt on the next query. Reads the
 * world's obstacle and mesh lists (kept by reference). Soup order: the voxel chunk runs
 * (VoxelRuns), then each obstacle's triangles in list order, then each mesh's triangles.
 */
export class WorldTree {
  readonly #options: BVHOptions;
  readonly #entries: readonly ObstacleEntry[];
  readonly #meshes: readonly MeshEntry[];
  /** The voxel layer's runs of triangle slots in the current soup (valid while the tree is current). */
  #runs = new VoxelRuns(null, null);
  /** First mesh triangle in the current soup. */
  #meshStart = 0;
  #tree: StaticBVH | null = null;
  #refits = 0;
  #retiredTests = 0;

  constructor(options: BVHOptions, entries: readonly ObstacleEntry[], meshes: readonly MeshEntry[]) {
    this.#options = options;
    this.#entries = entries;
    this.#meshes = meshes;
  }

  /** The tree, or null when an edit made it stale. */
  get current(): StaticBVH | null {
    return this.#tree;
  }

  /** Triangle slots of the voxel layer's runs: soup triangles below this are voxel faces. */
  get voxelSlots(): number {
    return this.#runs.slots;
  }

  /** Segment and capsule tests run so far, over all rebuilds. */
  get segmentTests(): number {
    return this.#retiredTests + (this.#tree?.segmentTests ?? 0);
  }

  /** Lays out the soup (the layer's runs for its chunks' current faces, obstacles, meshes) and builds the tree over it. */
  build(chunks: VoxelSurface | null, grid: VoxelGrid | null): StaticBVH {
    this.invalidate();
    const runs = (this.#runs = new VoxelRuns(chunks, grid));
    let count = runs.slots;
    for (const e of this.#entries) count += unitSoup(e.spec.shape).length / 9;
    for (const m of this.#meshes) count += m.soup.length / 9;
    const soup = new Float64Array(9 * count);
    runs.writeAll(soup);
    let t = runs.slots;
    for (const e of this.#entries) {
      e.first = t;
      t += writeTriangles(e, soup);
    }
    this.#meshStart = t;
    for (const m of this.#meshes) {
      m.first = t;
      soup.set(m.soup, 9 * t);
      t += m.soup.length / 9;
    }
    this.#tree = new StaticBVH(soup, this.#options, gridExtent(grid));
    this.#refits = 0;
    return this.#tree;
  }

  /** Drops the tree (keeping the count of its tests); the next query builds a new one. */
  invalidate(): void {
    if (this.#tree !== null) {
      this.#retiredTests += this.#tree.segmentTests;
      this.#tree.dispose();
      this.#tree = null;
    }
  }

  /**
   * Rewrites obstacle e's triangles (same shape, new placement) in the current tree and refits
   * it; false, tree untouched, if there is no tree, it was refitted MAX_REFITS times in a row,
   * or a new vertex lies beyond what the tree's float32 boxes can hold.
   */
  refitObstacle(e: ObstacleEntry): boolean {
    const tree = this.#tree;
    if (tree === null || this.#refits >= MAX_REFITS) return false;
    const count = writeTriangles(e, tree.soup);
    for (let i = 9 * e.first; i < 9 * (e.first + count); i++) {
      if (Math.abs(tree.soup[i]) * 2 ** -22 > tree.pad) return false;
    }
    tree.updateTriangles(e.first, count);
    this.#refits++;
    return true;
  }

  /** Rewrites the runs of the given chunks in the current tree and refits it; false if it cannot (or there is no tree). */
  refitChunks(touched: readonly number[]): boolean {
    if (this.#tree === null || this.#refits >= MAX_REFITS * 8 || !this.#runs.refit(this.#tree, touched)) return false;
    this.#refits++;
    return true;
  }

  /** See CollisionWorld.surfaceOf: the obstacle index, -1 - k for voxel rectangle k, or a mesh triangle's own surface. */
  surfaceOf(triangle: number): number {
    if (triangle >= this.#meshStart && this.#meshes.length > 0) return this.#entries.length + (triangle - this.#meshStart);
    return triangle < this.#runs.slots ? -1 - (triangle >> 1) : this.#entryIndexOf(triangle);
  }

  /** Id of the obstacle soup triangle `triangle` belongs to, or null (a voxel face or a mesh). */
  ownerOf(triangle: number): string | null {
    if (triangle >= this.#meshStart && this.#meshes.length > 0) return null;
    const i = this.#entryIndexOf(triangle);
    return i < 0 ? null : this.#entries[i].spec.id;
  }

  /** Id of the mesh soup triangle `triangle` belongs to, or null. */
  meshOf(triangle: number): string | null {
    if (triangle < this.#meshStart) return null;
    for (const m of this.#meshes) if (triangle < m.first + m.soup.length / 9) return m.id;
    return null;
  }

  /** Frees the tree's memory. */
  dispose(): void {
    this.#tree?.dispose();
  }

  #entryIndexOf(triangle: number): number {
    // Entries are in soup order: the last one starting at or before `triangle` owns it.
    let lo = 0;
    let hi = this.#entries.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.#entries[mid].first <= triangle) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}

/** Writes the entry's world triangles into `soup` at its `first` triangle; returns their count. */
function writeTriangles(e: ObstacleEntry, soup: Float64Array): number {
  const unit = unitSoup(e.spec.shape);
  transformSoup(unit, e.matrix.elements, soup, 9 * e.first);
  return unit.length / 9;
}

/** Writes the points of `src` (xyz triples) mapped by the affine matrix `m` (Matrix4 elements) into `out` from `o` on. */
export function transformSoup(src: ArrayLike<number>, m: ArrayLike<number>, out: Float64Array, o = 0): Float64Array {
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i],
      y = src[i + 1],
      z = src[i + 2];
    out[o++] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[o++] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[o++] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}
