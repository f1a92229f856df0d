import type { Matrix4 } from 'three';
import type { Aabb } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { SceneObstacle } from '../scene/index.ts';
import { unitSoup } from './primitives.ts';
import { MeshTree, transformSoup } from './MeshTree.ts';
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

/**
 * The scene-wide BVH of a CollisionWorld and the triangle soup it is built over, kept in step
 * with the world's edits as the CollisionWorld class comment describes: built on demand,
 * refitted where an edit allows it, else dropped and rebuilt on the next query. Reads the
 * world's obstacle and mesh lists (kept by reference). Soup order: the voxel chunk runs
 * (VoxelRuns), then each obstacle's triangles in list order, then each mesh's triangles (MeshTree).
 */
export class WorldTree extends MeshTree {
  #entries: readonly ObstacleEntry[] = [];
  #chunks: VoxelSurface | null = null;
  #grid: VoxelGrid | null = null;
  /** The voxel layer's runs of triangle slots in the current soup (valid while the tree is current). */
  #runs = new VoxelRuns(null, null);

  /** Gives the tree the world's obstacle list (kept by reference) and its voxel layer's surface and grid. */
  attach(entries: readonly ObstacleEntry[], chunks: VoxelSurface | null, grid: VoxelGrid | null): void {
    this.#entries = entries;
    this.#chunks = chunks;
    this.#grid = grid;
  }

  /** Triangle slots of the voxel layer's runs: soup triangles below this are voxel faces. */
  get voxelSlots(): number {
    return this.#runs.slots;
  }

  /** The layer's runs for its chunks' current faces, then the obstacles. */
  protected override layoutPrefix(): number {
    const runs = (this.#runs = new VoxelRuns(this.#chunks, this.#grid));
    let count = runs.slots;
    for (const e of this.#entries) count += unitSoup(e.spec.shape).length / 9;
    return count;
  }

  protected override writePrefix(soup: Float64Array): void {
    this.#runs.writeAll(soup);
    let t = this.#runs.slots;
    for (const e of this.#entries) {
      e.first = t;
      t += writeTriangles(e, soup);
    }
  }

  protected override extent(): number {
    return gridExtent(this.#grid);
  }

  /**
   * Rewrites obstacle e's triangles (same shape, new placement) in the current tree and refits
   * it; false, tree untouched, if there is no tree, it was refitted MAX_REFITS times in a row,
   * or a new vertex lies beyond what the tree's float32 boxes can hold.
   */
  refitObstacle(e: ObstacleEntry): boolean {
    const tree = this.current;
    if (tree === null || this.refits >= MAX_REFITS) return false;
    const count = writeTriangles(e, tree.soup);
    for (let i = 9 * e.first; i < 9 * (e.first + count); i++) {
      if (Math.abs(tree.soup[i]) * 2 ** -22 > tree.pad) return false;
    }
    tree.updateTriangles(e.first, count);
    this.refits++;
    return true;
  }

  /** Rewrites the runs of the given chunks in the current tree and refits it; false if it cannot (or there is no tree). */
  refitChunks(touched: readonly number[]): boolean {
    const tree = this.current;
    if (tree === null || this.refits >= MAX_REFITS * 8 || !this.#runs.refit(tree, touched)) return false;
    this.refits++;
    return true;
  }

  /** See CollisionWorld.surfaceOf: the obstacle index, -1 - k for voxel rectangle k, or a mesh triangle's own surface. */
  override surfaceOf(triangle: number): number {
    if (triangle >= this.meshStart && this.meshes.length > 0) return this.#entries.length + (triangle - this.meshStart);
    return triangle < this.#runs.slots ? -1 - (triangle >> 1) : this.#entryIndexOf(triangle);
  }

  /** Id of the obstacle soup triangle `triangle` belongs to, or null (a voxel face or a mesh). */
  ownerOf(triangle: number): string | null {
    if (triangle >= this.meshStart && this.meshes.length > 0) return null;
    const i = this.#entryIndexOf(triangle);
    return i < 0 ? null : this.#entries[i].spec.id;
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
