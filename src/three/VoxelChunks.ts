import { BufferAttribute, BufferGeometry, Color, Group, Material, Mesh, MeshStandardMaterial, type ColorRepresentation } from 'three';
import { checkBoolean, checkInstance, checkInteger, checkOptions, checkVoxelBox } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { QUAD_STRIDE, quadTriangles } from '../core/geometry/voxelFaces.ts';
import { VoxelSurface, type VoxelChunkData, type VoxelSurfaceOptions } from './VoxelSurface.ts';

const _color = new Color();

export { CHUNK_SIZE, type VoxelChunkData } from './VoxelSurface.ts';

/** How VoxelChunks cuts and draws a grid: chunk size, material, colours, and quads computed elsewhere (a worker). */
export interface VoxelChunksOptions extends VoxelSurfaceOptions {
  /**
   * The surface to draw, shared (e.g. a collision world's `voxelSurface`, of the same grid):
   * `update` then updates it. @default a surface of its own (chunkSize, data)
   */
  surface?: VoxelSurface;
  /** Draw the chunks (one Mesh each). Off: only the quads are kept (a BVH source). @default true */
  draw?: boolean;
  /** Material of the chunk meshes (vertex colours are set). @default a MeshStandardMaterial */
  material?: Material;
  /** Surface colour at the bottom and the top of the layer (height shading). */
  low?: ColorRepresentation;
  /** Surface colour at the top of the layer (see `low`). */
  high?: ColorRepresentation;
}

/**
 * A voxel layer's surface (VoxelSurface: exposed faces, greedily merged, in cubic chunks of
 * CHUNK_SIZE^3 voxels by default) drawn: each chunk its own BufferGeometry, shaded darker low
 * and lighter high. `update(box)` after editing the grid recomputes and redraws only the
 * chunks whose surface the box can change, so a one-voxel edit costs one to eight chunks
 * however large the layer is. A voxel-grid debug helper: add it to a scene, edit the grid,
 * call `update`.
 *
 * Chunk c = cx + CX * (cy + CY * cz) covers voxels [cx*size, (cx+1)*size) (likewise y, z).
 * Empty chunks have no mesh.
 */
export class VoxelChunks extends Group {
  /** The quads drawn (shared when given in the options). */
  readonly surface: VoxelSurface;
  /** The grid drawn (kept by reference; call `update` after editing it). */
  readonly grid: VoxelGrid;
  /** Edge of a chunk in voxels. */
  readonly chunkSize: number;
  /** Chunks per axis. */
  readonly CX: number;
  /** Chunks along y. */
  readonly CY: number;
  /** Chunks along z. */
  readonly CZ: number;
  /** Material of every chunk mesh (vertex colours set). */
  readonly material: Material;
  readonly #meshes: (Mesh | null)[];
  readonly #draw: boolean;
  readonly #low: Color;
  readonly #high: Color;

  /** Draws the surface of `grid` in chunks; options are checked (a NavlabError usage names the bad field). */
  constructor(grid: VoxelGrid, options: VoxelChunksOptions = {}) {
    super();
    this.name = 'voxels';
    checkInstance('VoxelChunks: grid', grid, VoxelGrid);
    checkOptions('VoxelChunks: options', options);
    if (options.draw !== undefined) checkBoolean('VoxelChunks: options.draw', options.draw);
    if (options.material !== undefined) checkInstance('VoxelChunks: options.material', options.material, Material);
    if (options.surface !== undefined) {
      checkInstance('VoxelChunks: options.surface', options.surface, VoxelSurface);
      if (options.surface.grid !== grid) throw new NavlabError('usage', 'VoxelChunks: options.surface: a surface of another grid');
    }
    const surface = options.surface ?? new VoxelSurface(grid, { chunkSize: options.chunkSize, data: options.data }, 'VoxelChunks');
    this.surface = surface;
    this.grid = grid;
    this.chunkSize = surface.chunkSize;
    this.CX = surface.CX;
    this.CY = surface.CY;
    this.CZ = surface.CZ;
    this.#draw = options.draw ?? true;
    this.material = options.material ?? new MeshStandardMaterial({ vertexColors: true, roughness: 0.85, metalness: 0.05 });
    this.#low = new Color(options.low ?? 0x46505f);
    this.#high = new Color(options.high ?? 0x8d99ab);
    this.#meshes = new Array<Mesh | null>(surface.chunkCount).fill(null);
    for (let c = 0; c < surface.chunkCount; c++) this.#redraw(c);
  }

  /** Chunks recomputed by `update` since the surface was made (for tests and debug readouts). */
  get rebuiltChunks(): number {
    return this.surface.rebuiltChunks;
  }

  /** Incremented by every `update` that recomputed a chunk. */
  get version(): number {
    return this.surface.version;
  }

  /** Number of chunks (empty ones included). */
  get chunkCount(): number {
    return this.surface.chunkCount;
  }

  /** Chunks with at least one face. */
  get nonEmptyChunks(): number {
    return this.surface.nonEmptyChunks;
  }

  /** Triangles of all chunks. */
  get triangleCount(): number {
    return this.surface.triangleCount;
  }

  /** The quads of chunk c (see voxelQuads; grid coordinates). */
  chunkQuads(c: number): Uint16Array {
    checkInteger('VoxelChunks.chunkQuads: c', c, 0, this.chunkCount - 1);
    return this.surface.chunkQuads(c);
  }

  /** The inclusive voxel box of chunk c, clipped to the grid. */
  chunkBox(c: number): [number, number, number, number, number, number] {
    checkInteger('VoxelChunks.chunkBox: c', c, 0, this.chunkCount - 1);
    return this.surface.chunkBox(c);
  }

  /**
   * The chunks whose surface can change when the voxels of the inclusive box change: those
   * meeting the box grown by one voxel, in index order.
   */
  chunksTouching(box: readonly number[]): number[] {
    checkVoxelBox('VoxelChunks.chunksTouching: box', box);
    return this.surface.chunksTouching(box);
  }

  /**
   * Call after the grid's occupancy changed inside the inclusive voxel box: recomputes and
   * redraws the chunks that box touches (see chunksTouching). Returns their indices.
   * @param source chunks (or a surface) of the same grid and chunk size already updated for
   *   this box (e.g. the undrawn ones of an ObstacleWorld): their faces are taken, not computed again
   */
  update(box: readonly number[], source?: VoxelChunks | VoxelSurface): number[] {
    checkVoxelBox('VoxelChunks.update: box', box);
    if (source !== undefined && !(source instanceof VoxelSurface))
      checkInstance('VoxelChunks.update: source', source, VoxelChunks, 'VoxelChunks or VoxelSurface');
    const touched = this.surface.update(box, source instanceof VoxelChunks ? source.surface : source);
    for (const c of touched) this.#redraw(c);
    return touched;
  }

  /** All chunks' quads as one transferable block (see VoxelChunkData). */
  data(): VoxelChunkData {
    return this.surface.data();
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
    const quads = this.surface.chunkQuads(c);
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
