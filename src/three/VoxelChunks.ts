import { BufferAttribute, BufferGeometry, Color, Group, Material, Mesh, MeshStandardMaterial, type ColorRepresentation } from 'three';
import { checkBoolean, checkInstance, checkInteger, checkObject, checkOptions, checkVoxelBox } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { QUAD_STRIDE, quadTriangles, voxelQuads } from '../core/geometry/voxelFaces.ts';

const _color = new Color();

/** Default edge of a chunk, in voxels. */
export const CHUNK_SIZE = 32;

/**
 * The surface of every chunk of a layer as plain arrays (what a worker computes and sends):
 * chunk c's quads (see voxelQuads) are `quads[offsets[c] .. offsets[c + 1])`.
 */
export interface VoxelChunkData {
  chunkSize: number;
  quads: Uint16Array;
  /** One more entry than there are chunks. */
  offsets: Uint32Array;
}

/** How VoxelChunks cuts and draws a grid: chunk size, material, colours, and quads computed elsewhere (a worker). */
export interface VoxelChunksOptions {
  /** Edge of a chunk in voxels (1..1024). @default CHUNK_SIZE */
  chunkSize?: number;
  /** Quads computed elsewhere (e.g. in a worker) for this grid; else they are computed here. */
  data?: VoxelChunkData;
  /** Draw the chunks (one Mesh each). Off: only the quads are kept (a BVH source). @default true */
  draw?: boolean;
  /** Material of the chunk meshes (vertex colours are set). @default a MeshStandardMaterial */
  material?: Material;
  /** Surface colour at the bottom and the top of the layer (height shading). */
  low?: ColorRepresentation;
  high?: ColorRepresentation;
}

/** A usage error unless `data` holds the quads of `n` chunks (typed arrays, offsets ascending within `quads`, whole quads). */
function checkChunkData(data: VoxelChunkData, n: number): void {
  checkInstance('VoxelChunks: data.quads', data.quads, Uint16Array);
  checkInstance('VoxelChunks: data.offsets', data.offsets, Uint32Array);
  const { offsets, quads } = data;
  if (offsets.length !== n + 1) throw new NavlabError('usage', `VoxelChunks: data has ${offsets.length - 1} chunks, the grid needs ${n}`);
  for (let c = 0; c <= n; c++) {
    const ok = c === 0 ? offsets[0] === 0 : offsets[c] >= offsets[c - 1] && (offsets[c] - offsets[c - 1]) % QUAD_STRIDE === 0;
    if (!ok || offsets[c] > quads.length)
      throw new NavlabError(
        'usage',
        `VoxelChunks: data.offsets[${c}] = ${offsets[c]} does not start a chunk's quads within the ${quads.length} entries`,
      );
  }
}

/**
 * A voxel layer's surface cut into cubic chunks (CHUNK_SIZE^3 voxels by default), each its own
 * BufferGeometry of exposed, greedily merged faces (voxelQuads), shaded darker low and lighter
 * high. `update(box)` after editing the grid rebuilds only the chunks whose surface the box can
 * change (the box grown by one voxel, since a face belongs to the solid voxel beside it), so a
 * one-voxel edit costs one to eight chunks however large the layer is. A voxel-grid debug
 * helper: add it to a scene, edit the grid, call `update`.
 *
 * Chunk c = cx + CX * (cy + CY * cz) covers voxels [cx*size, (cx+1)*size) (likewise y, z).
 * Empty chunks have no mesh.
 */
export class VoxelChunks extends Group {
  readonly grid: VoxelGrid;
  readonly chunkSize: number;
  /** Chunks per axis. */
  readonly CX: number;
  readonly CY: number;
  readonly CZ: number;
  readonly material: Material;
  /** Chunks rebuilt by `update` since construction (for tests and debug readouts). */
  rebuiltChunks = 0;
  /** Incremented by every `update` that rebuilt a chunk. */
  version = 0;
  readonly #quads: Uint16Array[];
  readonly #meshes: (Mesh | null)[];
  readonly #draw: boolean;
  readonly #low: Color;
  readonly #high: Color;

  constructor(grid: VoxelGrid, options: VoxelChunksOptions = {}) {
    super();
    this.name = 'voxels';
    checkInstance('VoxelChunks: grid', grid, VoxelGrid);
    checkOptions('VoxelChunks: options', options);
    if (options.data !== undefined) checkObject('VoxelChunks: options.data', options.data, 'voxel chunk data (VoxelChunks.data())');
    if (options.draw !== undefined) checkBoolean('VoxelChunks: options.draw', options.draw);
    if (options.material !== undefined) checkInstance('VoxelChunks: options.material', options.material, Material);
    const size = options.data?.chunkSize ?? options.chunkSize ?? CHUNK_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > 1024)
      throw new NavlabError('usage', `chunkSize: expected an integer in [1, 1024], got ${size}`);
    this.grid = grid;
    this.chunkSize = size;
    this.CX = Math.ceil(grid.X / size);
    this.CY = Math.ceil(grid.Y / size);
    this.CZ = Math.ceil(grid.Z / size);
    const n = this.CX * this.CY * this.CZ;
    this.#draw = options.draw ?? true;
    this.material = options.material ?? new MeshStandardMaterial({ vertexColors: true, roughness: 0.85, metalness: 0.05 });
    this.#low = new Color(options.low ?? 0x46505f);
    this.#high = new Color(options.high ?? 0x8d99ab);
    this.#quads = new Array<Uint16Array>(n);
    this.#meshes = new Array<Mesh | null>(n).fill(null);
    const data = options.data;
    if (data !== undefined) checkChunkData(data, n);
    for (let c = 0; c < n; c++) {
      this.#quads[c] = data !== undefined ? data.quads.subarray(data.offsets[c], data.offsets[c + 1]) : voxelQuads(grid, this.chunkBox(c));
      this.#redraw(c);
    }
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
    checkInteger('VoxelChunks.chunkQuads: c', c, 0, this.#quads.length - 1);
    return this.#quads[c];
  }

  /** The inclusive voxel box of chunk c, clipped to the grid. */
  chunkBox(c: number): [number, number, number, number, number, number] {
    checkInteger('VoxelChunks.chunkBox: c', c, 0, this.#quads.length - 1);
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
    checkVoxelBox('VoxelChunks.chunksTouching: box', box);
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
   * Call after the grid's occupancy changed inside the inclusive voxel box: recomputes and
   * redraws the chunks that box touches (see chunksTouching). Returns their indices.
   * @param source chunks of the same grid and chunk size already updated for this box (e.g.
   *   the undrawn ones of an ObstacleWorld): their faces are taken, not computed again
   */
  update(box: readonly number[], source?: VoxelChunks): number[] {
    checkVoxelBox('VoxelChunks.update: box', box);
    if (source !== undefined) checkInstance('VoxelChunks.update: source', source, VoxelChunks);
    const touched = this.chunksTouching(box);
    const from =
      source !== undefined && source !== this && source.grid === this.grid && source.chunkSize === this.chunkSize ? source : null;
    for (const c of touched) {
      // Face lists are never written after they are made, so two chunk sets may share one.
      this.#quads[c] = from !== null ? from.#quads[c] : voxelQuads(this.grid, this.chunkBox(c));
      this.#redraw(c);
    }
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

  /** Frees the chunk geometries and the material. */
  dispose(): void {
    for (const m of this.#meshes) m?.geometry.dispose();
    this.material.dispose();
    this.removeFromParent();
  }

  /** Replaces chunk c's mesh by one of its current quads (none when empty or not drawing). */
  #redraw(c: number): void {
    if (!this.#draw) return;
    const old = this.#meshes[c];
    if (old !== null) {
      this.remove(old);
      old.geometry.dispose();
      this.#meshes[c] = null;
    }
    const quads = this.#quads[c];
    if (quads.length === 0) return;
    const tris = (2 * quads.length) / QUAD_STRIDE;
    const positions = new Float32Array(9 * tris);
    const normals = new Float32Array(9 * tris);
    quadTriangles(this.grid, quads, positions, normals);
    // Height shading: a cheap depth cue in stacked voxel worlds.
    const colors = new Float32Array(9 * tris);
    const y0 = this.grid.origin.y;
    const span = Math.max(1e-9, this.grid.Y * this.grid.cellSize);
    for (let i = 0; i < colors.length; i += 3)
      _color.lerpColors(this.#low, this.#high, Math.min(1, Math.max(0, (positions[i + 1] - y0) / span))).toArray(colors, i);
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(positions, 3));
    g.setAttribute('normal', new BufferAttribute(normals, 3));
    g.setAttribute('color', new BufferAttribute(colors, 3));
    g.computeBoundingSphere();
    g.computeBoundingBox();
    const mesh = new Mesh(g, this.material);
    mesh.name = `voxel-chunk-${c}`;
    mesh.userData.chunk = c;
    this.#meshes[c] = mesh;
    this.add(mesh);
  }
}
