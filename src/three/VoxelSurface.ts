/**
 * The surface of a voxel layer in chunks, as plain quads: what a collision world builds its
 * BVH from and what VoxelChunks draws. No three.js here (no geometry, no material): it runs in
 * Node and in workers as it runs in the page.
 */
import { checkInstance, checkInteger, checkObject, checkOptions, checkVoxelBox } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { QUAD_STRIDE, voxelQuads } from '../core/geometry/voxelFaces.ts';

/** Default edge of a chunk, in voxels. */
export const CHUNK_SIZE = 32;

/**
 * The surface of every chunk of a layer as plain arrays (what a worker computes and sends):
 * chunk c's quads (see voxelQuads) are `quads[offsets[c] .. offsets[c + 1])`.
 */
export interface VoxelChunkData {
  /** Edge of a chunk in voxels. */
  chunkSize: number;
  /** Every chunk's quads, back to back (see voxelQuads for one quad's numbers). */
  quads: Uint16Array;
  /** One more entry than there are chunks. */
  offsets: Uint32Array;
}

/** How a VoxelSurface cuts a grid: the chunk size, or quads computed elsewhere (a worker). */
export interface VoxelSurfaceOptions {
  /** Edge of a chunk in voxels (1..1024). @default CHUNK_SIZE */
  chunkSize?: number;
  /** Quads computed elsewhere (e.g. in a worker) for this grid; else they are computed here. */
  data?: VoxelChunkData;
}

/** A usage error unless `data` holds the quads of `n` chunks (typed arrays, offsets ascending within `quads`, whole quads). */
function checkChunkData(who: string, data: VoxelChunkData, n: number): void {
  checkInstance(`${who}: data.quads`, data.quads, Uint16Array);
  checkInstance(`${who}: data.offsets`, data.offsets, Uint32Array);
  const { offsets, quads } = data;
  if (offsets.length !== n + 1) throw new NavlabError('usage', `${who}: data has ${offsets.length - 1} chunks, the grid needs ${n}`);
  for (let c = 0; c <= n; c++) {
    const ok = c === 0 ? offsets[0] === 0 : offsets[c] >= offsets[c - 1] && (offsets[c] - offsets[c - 1]) % QUAD_STRIDE === 0;
    if (!ok || offsets[c] > quads.length)
      throw new NavlabError(
        'usage',
        `${who}: data.offsets[${c}] = ${offsets[c]} does not start a chunk's quads within the ${quads.length} entries`,
      );
  }
}

/**
 * A voxel layer's exposed faces, greedily merged (voxelQuads), cut into cubic chunks
 * (CHUNK_SIZE^3 voxels by default). `update(box)` after editing the grid recomputes only the
 * chunks whose surface the box can change (the box grown by one voxel, since a face belongs
 * to the solid voxel beside it), so a one-voxel edit costs one to eight chunks however large
 * the layer is.
 *
 * Chunk c = cx + CX * (cy + CY * cz) covers voxels [cx*size, (cx+1)*size) (likewise y, z).
 */
export class VoxelSurface {
  /** The grid whose surface this is (kept by reference; call `update` after editing it). */
  readonly grid: VoxelGrid;
  /** Edge of a chunk in voxels. */
  readonly chunkSize: number;
  /** Chunks per axis. */
  readonly CX: number;
  /** Chunks along y. */
  readonly CY: number;
  /** Chunks along z. */
  readonly CZ: number;
  /** Chunks recomputed by `update` since construction (for tests and debug readouts). */
  rebuiltChunks = 0;
  /** Incremented by every `update` that recomputed a chunk. */
  version = 0;
  readonly #quads: Uint16Array[];

  /** @param who names the caller in error messages */
  constructor(grid: VoxelGrid, options: VoxelSurfaceOptions = {}, who = 'VoxelSurface') {
    checkInstance(`${who}: grid`, grid, VoxelGrid);
    checkOptions(`${who}: options`, options);
    if (options.data !== undefined) checkObject(`${who}: options.data`, options.data, 'voxel chunk data (VoxelChunks.data())');
    const size = options.data?.chunkSize ?? options.chunkSize ?? CHUNK_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > 1024)
      throw new NavlabError('usage', `chunkSize: expected an integer in [1, 1024], got ${size}`);
    this.grid = grid;
    this.chunkSize = size;
    this.CX = Math.ceil(grid.X / size);
    this.CY = Math.ceil(grid.Y / size);
    this.CZ = Math.ceil(grid.Z / size);
    const n = this.CX * this.CY * this.CZ;
    this.#quads = new Array<Uint16Array>(n);
    const data = options.data;
    if (data !== undefined) checkChunkData(who, data, n);
    for (let c = 0; c < n; c++)
      this.#quads[c] = data !== undefined ? data.quads.subarray(data.offsets[c], data.offsets[c + 1]) : voxelQuads(grid, this.chunkBox(c));
  }

  /** Number of chunks (empty ones included). */
  get chunkCount(): number {
    return this.#quads.length;
  }

  /** Chunks with at least one face. */
  get nonEmptyChunks(): number {
    let k = 0;
    for (const q of this.#quads) if (q.length > 0) k++;
    return k;
  }

  /** Triangles of all chunks. */
  get triangleCount(): number {
    let t = 0;
    for (const q of this.#quads) t += (2 * q.length) / QUAD_STRIDE;
    return t;
  }

  /** The quads of chunk c (see voxelQuads; grid coordinates). */
  chunkQuads(c: number): Uint16Array {
    checkInteger('VoxelSurface.chunkQuads: c', c, 0, this.#quads.length - 1);
    return this.#quads[c];
  }

  /** The inclusive voxel box of chunk c, clipped to the grid. */
  chunkBox(c: number): [number, number, number, number, number, number] {
    checkInteger('VoxelSurface.chunkBox: c', c, 0, this.#quads.length - 1);
    const s = this.chunkSize;
    const cx = c % this.CX,
      cy = Math.floor(c / this.CX) % this.CY,
      cz = Math.floor(c / (this.CX * this.CY));
    const g = this.grid;
    return [cx * s, cy * s, cz * s, Math.min(g.X, (cx + 1) * s) - 1, Math.min(g.Y, (cy + 1) * s) - 1, Math.min(g.Z, (cz + 1) * s) - 1];
  }

  /**
   * The chunks whose surface can change when the voxels of the inclusive box change: those
   * meeting the box grown by one voxel, in index order.
   */
  chunksTouching(box: readonly number[]): number[] {
    checkVoxelBox('VoxelSurface.chunksTouching: box', box);
    const s = this.chunkSize;
    const dims = [this.grid.X, this.grid.Y, this.grid.Z];
    const counts = [this.CX, this.CY, this.CZ];
    const lo = [0, 1, 2].map((a) => Math.max(0, Math.floor((box[a] - 1) / s)));
    const hi = [0, 1, 2].map((a) => Math.min(counts[a] - 1, Math.floor(Math.min(box[a + 3] + 1, dims[a] - 1) / s)));
    const out: number[] = [];
    for (let cz = lo[2]; cz <= hi[2]; cz++)
      for (let cy = lo[1]; cy <= hi[1]; cy++) for (let cx = lo[0]; cx <= hi[0]; cx++) out.push(cx + this.CX * (cy + this.CY * cz));
    return out;
  }

  /**
   * Call after the grid's occupancy changed inside the inclusive voxel box: recomputes the
   * chunks that box touches (see chunksTouching). Returns their indices.
   * @param source a surface of the same grid and chunk size already updated for this box (e.g.
   *   a collision world's): its faces are taken, not computed again
   */
  update(box: readonly number[], source?: VoxelSurface): number[] {
    checkVoxelBox('VoxelSurface.update: box', box);
    if (source !== undefined) checkInstance('VoxelSurface.update: source', source, VoxelSurface);
    const touched = this.chunksTouching(box);
    const from =
      source !== undefined && source !== this && source.grid === this.grid && source.chunkSize === this.chunkSize ? source : null;
    // Face lists are never written after they are made, so two surfaces may share one.
    for (const c of touched) this.#quads[c] = from !== null ? from.#quads[c] : voxelQuads(this.grid, this.chunkBox(c));
    this.rebuiltChunks += touched.length;
    if (touched.length > 0) this.version++;
    return touched;
  }

  /** All chunks' quads as one transferable block (see VoxelChunkData). */
  data(): VoxelChunkData {
    const offsets = new Uint32Array(this.#quads.length + 1);
    for (let c = 0; c < this.#quads.length; c++) offsets[c + 1] = offsets[c] + this.#quads[c].length;
    const quads = new Uint16Array(offsets[this.#quads.length]);
    this.#quads.forEach((q, c) => quads.set(q, offsets[c]));
    return { chunkSize: this.chunkSize, quads, offsets };
  }
}
