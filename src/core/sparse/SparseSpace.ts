import { checkInstance, checkObject, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import type { HeuristicName } from '../search/heuristics.ts';
import type { NeighborSink, SearchSpace } from '../search/space.ts';
import { BOX_BLOCKED as BOX_BLOCKED_, BrickBoxes } from './brickBoxes.ts';
import { componentOf, nearestInComponent, type SparseComponents, sparseComponents } from './components.ts';
import { entryBetween } from './cellEntry.ts';
import { compact3 as compact3_ } from './morton.ts';
import { NeighbourList } from './neighbourList.ts';
import { EMPTY as EMPTY_, MIXED as MIXED_, SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const compact3 = compact3_;
const BOX_BLOCKED = BOX_BLOCKED_;

/** What editSparseSpace hands a new SparseSpace: the boxes it kept, and how to label components from the old ones. */
export interface SparseSpaceParts {
  /** The MIXED bricks' boxes. */
  boxes: BrickBoxes;
  /** The components of the new space. */
  components: (space: SparseSpace) => SparseComponents;
}

/**
 * The free cells of a SparseWorld as a search space. A cell is an EMPTY node of any level
 * (a cube of free voxels) or one of the boxes a MIXED brick's free voxels are split into
 * (splitBrick: a few boxes per brick, not a cell per voxel); two cells are neighbours when
 * they share part of a face. Cell ids:
 *   brick * 64 + bit           a box of MIXED brick `brick` (bit = lx + 4 ly + 16 lz of its
 *                              minimum corner)
 *   voxelBase + node           an EMPTY node (voxelBase = 64 x bricks)
 * A cell stands for one voxel, its representative: the voxel itself, or the voxel at the
 * centre of an EMPTY node or brick box (minimum corner + side / 2 per axis); the start and goal cells of the pinned
 * query stand for its start and goal voxels. Every voxel of a cell is free and a cell is a box,
 * so any two voxels of one cell see each other.
 */
export class SparseSpace implements SearchSpace {
  /** The octree whose free cells this space searches. */
  readonly world: SparseWorld;
  /** First id of the node cells (64 x bricks). */
  readonly voxelBase: number;
  /** Number of cell ids (voxelBase + the world's nodes); ids are below it. */
  readonly nodeCount: number;
  /** The pinned query's start cell (-1 before `pin`). */
  startCell = -1;
  /** The pinned query's goal cell: the closest reachable voxel's when the goal is in another component. */
  goalCell = -1;
  /** The pinned query's start voxel. */
  readonly startVoxel = [0, 0, 0];
  /** The pinned query's goal voxel (the closest reachable one when the goal is in another component). */
  readonly goalVoxel = [0, 0, 0];
  /** Estimate = 0 (heuristic 'zero') or the straight-line distance to the goal voxel. */
  private zeroH = false;
  /** Neighbour buffer of `neighbours` (grows; read it right after the call). */
  buffer: Int32Array;
  /** The boxes of the cells in `buffer` (6 per cell: minimum corner, sides), written by `neighbours`. */
  boxBuffer: Int32Array;
  private readonly list = new NeighbourList();
  /** Cell boxes: minimum corner x, y, z and sides along x, y, z. */
  private readonly box = [0, 0, 0, 0, 0, 0];
  private readonly box2 = [0, 0, 0, 0, 0, 0];
  private readonly box3 = new Int32Array(12);
  /** The boxes of the MIXED bricks. */
  readonly boxes: BrickBoxes;
  private readonly rep = [0, 0, 0];

  /** The free cells' connected components (null: built without them; unreachable goals then flood). */
  readonly components: SparseComponents | null;
  /** True when the pinned goal is in another component: the pinned goal voxel is then the closest reachable one. */
  redirected = false;
  /** The goal voxel the pinned query asked for. */
  readonly requestedGoal = [0, 0, 0];

  /**
   * The cells of `world`, with their connected components unless `components` is false.
   * @param parts internal (editSparseSpace): the brick boxes and components made from an earlier space's
   */
  constructor(world: SparseWorld, options: { components?: boolean } = {}, parts?: SparseSpaceParts) {
    checkInstance('SparseSpace: world', world, SparseWorld);
    checkObject('SparseSpace: options', options, 'an object { components? }');
    if (options.components !== undefined && typeof options.components !== 'boolean')
      throw usageError('SparseSpace: options.components', 'true or false', options.components);
    this.world = world;
    this.buffer = this.list.cells;
    this.boxBuffer = this.list.boxes;
    this.voxelBase = 64 * world.brickCount;
    this.nodeCount = this.voxelBase + world.nodeCount;
    if (this.nodeCount > 2 ** 31) throw usageError('SparseSpace: world', 'at most 2^31 cell ids (64 per brick)', this.nodeCount);
    this.boxes = parts?.boxes ?? new BrickBoxes(world);
    this.components = options.components === false ? null : (parts?.components ?? sparseComponents)(this);
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

  /** Fixes the query's start and goal voxels (both free, inside); returns the start cell. */
  pin(start: readonly number[], goal: readonly number[]): number {
    for (const [name, v] of [
      ['start', start],
      ['goal', goal],
    ] as const) {
      if (!Array.isArray(v) || v.length !== 3 || !v.every(Number.isInteger))
        throw new NavlabError('usage', `SparseRun ${name}: expected integer voxel coordinates [x, y, z], got ${JSON.stringify(v)}`);
      if (this.cellOf(v[0], v[1], v[2]) < 0)
        throw new NavlabError('query', `SparseRun ${name}: voxel (${v.join(', ')}) is blocked or outside the world`);
    }
    for (let a = 0; a < 3; a++) {
      this.startVoxel[a] = start[a];
      this.goalVoxel[a] = goal[a];
    }
    this.startCell = this.cellOf(start[0], start[1], start[2]);
    this.goalCell = this.cellOf(goal[0], goal[1], goal[2]);
    for (let a = 0; a < 3; a++) this.requestedGoal[a] = goal[a];
    const comp = this.components;
    const from = comp === null ? -1 : componentOf(comp, this.voxelBase, this.startCell);
    this.redirected = comp !== null && from !== componentOf(comp, this.voxelBase, this.goalCell);
    if (this.redirected) {
      nearestInComponent(this, comp!, from, this.goalVoxel);
      this.goalCell = this.cellOf(this.goalVoxel[0], this.goalVoxel[1], this.goalVoxel[2]);
    }
    return this.startCell;
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

  /** The voxel cell c stands for (see the class comment), written into out[0..2]. */
  voxelOf(c: number, out: number[]): number[] {
    if (c === this.startCell) {
      out[0] = this.startVoxel[0];
      out[1] = this.startVoxel[1];
      out[2] = this.startVoxel[2];
      return out;
    }
    if (c === this.goalCell) {
      out[0] = this.goalVoxel[0];
      out[1] = this.goalVoxel[1];
      out[2] = this.goalVoxel[2];
      return out;
    }
    const b = this.cellBox(c, this.box);
    out[0] = b[0] + (b[3] >> 1);
    out[1] = b[1] + (b[4] >> 1);
    out[2] = b[2] + (b[5] >> 1);
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

  /** Distance between the voxels cells a and b stand for, in world units. */
  distance(a: number, b: number): number {
    const p = this.voxelOf(a, this.rep);
    const x = p[0],
      y = p[1],
      z = p[2];
    const q = this.voxelOf(b, this.rep);
    const dx = x - q[0],
      dy = y - q[1],
      dz = z - q[2];
    return Math.sqrt(dx * dx + dy * dy + dz * dz) * this.world.cellSize;
  }

  /** Gives `sink` every face-neighbour cell of u with the distance between their voxels. */
  expand(u: number, sink: NeighborSink): void {
    const count = this.neighbours(u);
    const buf = this.buffer;
    for (let i = 0; i < count; i++) sink.relax(buf[i], this.distance(u, buf[i]));
  }

  /** Sets the estimate: 0 for heuristic 'zero', else the straight-line distance (the goal is the pinned one). */
  setGoal(_goal: number, heuristic: HeuristicName): void {
    this.zeroH = heuristic === 'zero';
  }

  /** Estimated distance from cell c to the goal cell, in world units (never more than the true one). */
  estimate(c: number): number {
    return this.zeroH ? 0 : this.distance(c, this.goalCell);
  }

  /**
   * The voxel of cell v (a face neighbour of cell u) where a path from voxel p (in u) toward
   * the goal voxel enters v: on v's layer along the shared face, inside the shared part of the
   * face, where the line from p to the goal crosses that layer (rounded, then clamped), or
   * nearest p when the line does not head that way. Written into out[0..2]. With `mode` 1:
   * the voxel of that part nearest p; 2: nearest the goal voxel.
   */
  entry(u: number, v: number, p: readonly number[], out: number[], mode = 0): number[] {
    return this.entryFrom(this.cellBox(u, this.box2), v, p, out, mode);
  }

  /** entry() with u's box given (cellBox), for many neighbours of one cell. */
  entryFrom(bu: readonly number[], v: number, p: readonly number[], out: number[], mode = 0): number[] {
    const b = this.box3;
    for (let k = 0; k < 6; k++) b[k] = bu[k];
    this.cellBox(v, this.box);
    for (let k = 0; k < 6; k++) b[6 + k] = this.box[k];
    return entryBetween(b, 0, b, 6, p, this.goalVoxel, out, mode);
  }

  /** The voxel of cell c nearest voxel p, written into out[0..2]. */
  clampTo(c: number, p: readonly number[], out: number[]): number[] {
    const b = this.cellBox(c, this.box);
    for (let a = 0; a < 3; a++) out[a] = Math.min(Math.max(p[a], b[a]), b[a] + b[3 + a] - 1);
    return out;
  }

  /** Distance from the goal voxel to the nearest voxel of cell c, in world units. */
  distanceToGoal(c: number): number {
    const b = this.cellBox(c, this.box);
    let s = 0;
    for (let a = 0; a < 3; a++) {
      const g = this.goalVoxel[a];
      const d = g < b[a] ? b[a] - g : g > b[a] + b[3 + a] - 1 ? g - (b[a] + b[3 + a] - 1) : 0;
      s += d * d;
    }
    return Math.sqrt(s) * this.world.cellSize;
  }

  /** The voxel of cell c nearest the goal voxel, written into out[0..2]. */
  nearestToGoal(c: number, out: number[]): number[] {
    const b = this.cellBox(c, this.box);
    for (let a = 0; a < 3; a++) out[a] = Math.min(Math.max(this.goalVoxel[a], b[a]), b[a] + b[3 + a] - 1);
    return out;
  }

  /** World position of the centre of the voxel cell c stands for, written into out. */
  position(c: number, out: Vec3): Vec3 {
    const w = this.world;
    const p = this.voxelOf(c, this.rep);
    out.x = w.origin.x + (p[0] + 0.5) * w.cellSize;
    out.y = w.origin.y + (p[1] + 0.5) * w.cellSize;
    out.z = w.origin.z + (p[2] + 0.5) * w.cellSize;
    return out;
  }
}
