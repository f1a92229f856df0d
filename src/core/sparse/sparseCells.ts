import { BOX_BLOCKED as BOX_BLOCKED_, type BrickBoxes } from './brickBoxes.ts';
import { compact3 as compact3_ } from './morton.ts';
import { NeighbourList } from './neighbourList.ts';
import { EMPTY as EMPTY_, MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const compact3 = compact3_;
const BOX_BLOCKED = BOX_BLOCKED_;

/**
 * The octree's own free cells: every EMPTY node of any level (a cube of free voxels) and the
 * boxes a MIXED brick's free voxels are split into (splitBrick). Two cells are neighbours when
 * they share part of a face. Cell ids:
 *   brick * 64 + bit           a box of MIXED brick `brick` (bit = lx + 4 ly + 16 lz of its
 *                              minimum corner)
 *   voxelBase + node           an EMPTY node (voxelBase = 64 x bricks)
 * These cells are what components are labelled on and what edits rebuild; SparseSpace searches
 * the larger boxes they are merged into (regions.ts), each named by one of its cells.
 */
export class SparseCells {
  /** Neighbour buffer of `neighbours` (grows; read it right after the call). */
  buffer: Int32Array;
  /** The boxes of the cells in `buffer` (6 per cell: minimum corner, sides), written by `neighbours`. */
  boxBuffer: Int32Array;
  private readonly list = new NeighbourList();
  /** First id of the node cells (64 x bricks). */
  readonly voxelBase: number;
  /** Number of cell ids (voxelBase + the world's nodes); ids are below it. */
  readonly nodeCount: number;

  /**
   * @param world the octree
   * @param boxes its MIXED bricks' boxes
   */
  constructor(
    readonly world: SparseWorld,
    readonly boxes: BrickBoxes,
  ) {
    this.buffer = this.list.cells;
    this.boxBuffer = this.list.boxes;
    this.voxelBase = 64 * world.brickCount;
    this.nodeCount = this.voxelBase + world.nodeCount;
  }

  /** The cell holding voxel (x, y, z), or -1 when it is blocked or outside the world. */
  cellOf(x: number, y: number, z: number): number {
    const w = this.world;
    if (!w.inBounds(x, y, z)) return -1;
    const n = w.nodeAt(x, y, z);
    const k = w.kind[n];
    if (k === EMPTY) return this.voxelBase + n;
    if (k !== MIXED) return -1;
    return this.voxelCell(n, (x & 3) | ((y & 3) << 2) | ((z & 3) << 4));
  }

  /** The cell of voxel `b` of MIXED brick n: the box holding it, or -1 when blocked. */
  voxelCell(n: number, b: number): number {
    const v = this.boxes.get(n, b);
    return v === BOX_BLOCKED ? -1 : 64 * n + (v & 63);
  }

  /** Index of cell c among all cells: brick boxes first (BrickBoxes' list order), then one per node; -1 when c is no cell. */
  indexOf(c: number): number {
    const boxes = this.boxes;
    if (c >= this.voxelBase) return boxes.count + c - this.voxelBase;
    const n = c >> 6,
      bit = c & 63;
    const { start, list } = boxes;
    for (let i = start[n], end = start[n + 1]; i < end; i++) if ((list[i] & 63) === bit) return i;
    return -1;
  }

  /** Minimum voxel corner of cell c and its sides along x, y, z, written into out[0..5]. */
  cellBox<T extends number[] | Int32Array>(c: number, out: T): T {
    const w = this.world;
    if (c >= this.voxelBase) {
      w.nodeBox(c - this.voxelBase, out);
      out[4] = out[5] = out[3];
      return out;
    }
    const n = c >> 6,
      b = c & 63;
    const code = w.code[n];
    const v = this.boxes.get(n, b);
    out[0] = (compact3(code) << 2) | (b & 3);
    out[1] = (compact3(code >>> 1) << 2) | ((b >> 2) & 3);
    out[2] = (compact3(code >>> 2) << 2) | (b >> 4);
    out[3] = ((v >> 6) & 3) + 1;
    out[4] = ((v >> 8) & 3) + 1;
    out[5] = ((v >> 10) & 3) + 1;
    return out;
  }

  /** Whether c is a cell: an EMPTY node, or a box of a MIXED brick (c's bit its minimum corner). */
  isTraversable(c: number): boolean {
    if (c >= this.voxelBase) return this.world.kind[c - this.voxelBase] === EMPTY;
    const n = c >> 6;
    const b = c & 63;
    if (n >= this.world.brickCount || this.world.kind[n] !== MIXED) return false;
    const v = this.boxes.get(n, b);
    return v !== BOX_BLOCKED && (v & 63) === b;
  }

  /**
   * Fills `buffer` with the neighbour cells of cell c and `boxBuffer` with their boxes (6 per
   * cell, as cellBox writes them), and returns their count (NeighbourList: each brick's boxes
   * tested as boxes, no cell twice). A node's face may meet many small cells: the buffers grow
   * as needed; read them right after the call.
   */
  neighbours(c: number): number {
    const l = this.list;
    const count = l.fill(this.world, this.voxelBase, this.boxes, c);
    this.buffer = l.cells;
    this.boxBuffer = l.boxes;
    return count;
  }
}
