import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { StaticBVH } from './StaticBVH.ts';
import type { VoxelSurface } from './VoxelSurface.ts';
import { quadTriangles, QUAD_STRIDE } from '../core/geometry/voxelFaces.ts';

/**
 * The voxel layer's part of a CollisionWorld's triangle soup, at its start: each chunk of the
 * layer (VoxelSurface) owns a fixed run of triangle slots, with room to grow (its triangles at
 * build time plus a quarter, at least 8). An edit rewrites the runs of the chunks it touched,
 * collapses their unused slots onto one vertex of the chunk's surface, and refits the tree:
 * O(tree) simple box updates, no SAH build. A collapsed slot is a point on the real surface,
 * so every query (segment, capsule, box, closest point, ray) answers exactly as without it.
 * A chunk that outgrows its run (or was empty at build time, with nothing to anchor spare
 * slots to) cannot be refitted: the tree must be rebuilt.
 *
 * Layout: chunk c's run is soup triangles first[c] .. first[c] + cap[c]; cap is even, so that
 * a face rectangle's two triangles share `triangle >> 1`.
 */
export class VoxelRuns {
  /** Triangle slots of all runs: soup triangles below this belong to the voxel layer. */
  readonly slots: number;
  readonly #chunks: VoxelSurface | null;
  readonly #grid: VoxelGrid | null;
  readonly #first: Int32Array;
  readonly #cap: Int32Array;

  /** Lays out the runs for the chunks' current faces (no layer: no runs). */
  constructor(chunks: VoxelSurface | null, grid: VoxelGrid | null) {
    this.#chunks = chunks;
    this.#grid = grid;
    const n = chunks === null ? 0 : chunks.chunkCount;
    this.#first = new Int32Array(n);
    this.#cap = new Int32Array(n);
    let slots = 0;
    for (let c = 0; c < n; c++) {
      const tris = this.#triangles(c);
      this.#first[c] = slots;
      this.#cap[c] = tris === 0 ? 0 : tris + 2 * Math.max(4, tris >> 3);
      slots += this.#cap[c];
    }
    this.slots = slots;
  }

  /** Writes every run into the first `slots` triangles of `soup`. */
  writeAll(soup: Float64Array): void {
    for (let c = 0; c < this.#first.length; c++) this.#write(c, soup);
  }

  /** Rewrites the runs of the given chunks in the tree's soup and refits it; false (tree untouched) if one does not fit. */
  refit(tree: StaticBVH, touched: readonly number[]): boolean {
    // Check every run first: a partly rewritten soup would leave the tree inconsistent.
    for (const c of touched) {
      const tris = this.#triangles(c);
      if (tris > this.#cap[c] || (tris === 0 && this.#cap[c] > 0)) return false;
    }
    for (const c of touched) {
      if (!this.#write(c, tree.soup)) return false;
      if (this.#cap[c] > 0) tree.updateTriangles(this.#first[c], this.#cap[c], false);
    }
    tree.refit();
    return true;
  }

  #triangles(c: number): number {
    return (2 * this.#chunks!.chunkQuads(c).length) / QUAD_STRIDE;
  }

  /** Writes chunk c's triangles into its run of `soup`; false when they do not fit. */
  #write(c: number, soup: Float64Array): boolean {
    const quads = this.#chunks!.chunkQuads(c);
    const tris = (2 * quads.length) / QUAD_STRIDE;
    const first = this.#first[c],
      cap = this.#cap[c];
    if (tris > cap) return false;
    if (cap === 0) return true;
    if (tris > 0) quadTriangles(this.#grid!, quads, soup, null, first);
    // Spare slots: collapsed onto the run's first vertex, a point of the chunk's surface. A
    // chunk left without faces has no such point: the caller rebuilds the tree.
    if (tris === 0) return false;
    const ax = soup[9 * first],
      ay = soup[9 * first + 1],
      az = soup[9 * first + 2];
    for (let k = 9 * (first + tris); k < 9 * (first + cap); k += 3) {
      soup[k] = ax;
      soup[k + 1] = ay;
      soup[k + 2] = az;
    }
    return true;
  }
}

/** The largest coordinate magnitude a voxel face of `grid` can have (so refits stay inside the tree's padding). */
export function gridExtent(grid: VoxelGrid | null): number {
  if (grid === null) return 0;
  const o = [grid.origin.x, grid.origin.y, grid.origin.z];
  const d = [grid.X, grid.Y, grid.Z];
  let m = 0;
  for (let a = 0; a < 3; a++) m = Math.max(m, Math.abs(o[a]), Math.abs(o[a] + d[a] * grid.cellSize));
  return m;
}
