import { checkInstance, checkObject, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import type { HeuristicName } from '../search/heuristics.ts';
import type { NeighborSink, SearchSpace } from '../search/space.ts';
import { BrickBoxes } from './brickBoxes.ts';
import { componentOf, nearestInComponent, type SparseComponents, sparseComponents } from './components.ts';
import { entryBetween } from './cellEntry.ts';
import { boxAt, buildRegions, type Regions } from './regions.ts';
import { SparseCells } from './sparseCells.ts';
import { voxelNode as voxelNode_ } from './sparseSight.ts';
import { EMPTY as EMPTY_, MIXED as MIXED_, SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx).
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const voxelNode = voxelNode_;

/** What editSparseSpace hands a new SparseSpace: the boxes it kept, and how to label components from the old ones. */
export interface SparseSpaceParts {
  /** The MIXED bricks' boxes. */
  boxes: BrickBoxes;
  /** The components of the new space (labelled on its octree cells, `space.cells`). */
  components: (space: SparseSpace) => SparseComponents;
  /** The regions of the new space from its octree cells (editRegions); undefined: built afresh. */
  regions?: (cells: SparseCells) => Regions | undefined;
}

/**
 * The free space of a SparseWorld as a search space. Its cells are regions (regions.ts): boxes
 * of free voxels, each exactly the union of some of the octree's own cells (SparseCells: the
 * EMPTY nodes, and the boxes each MIXED brick's free voxels are split into), grown greedily
 * across node and brick borders so open space is crossed in few expansions. Two cells are
 * neighbours when they share part of a face. A region is named by the id of one of its octree
 * cells (SparseCells' ids: brick * 64 + bit, or voxelBase + node), so ids stay below
 * `nodeCount` whatever the merge; with `regions: false` every octree cell is its own region.
 * A cell stands for one voxel, its representative: the voxel at the centre of its box (minimum
 * corner + side / 2 per axis); the start and goal cells of the pinned query stand for its start
 * and goal voxels. Every voxel of a cell is free and a cell is a box, so any two voxels of one
 * cell see each other.
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
  /** Cell boxes: minimum corner x, y, z and sides along x, y, z. */
  private readonly box = [0, 0, 0, 0, 0, 0];
  private readonly box2 = [0, 0, 0, 0, 0, 0];
  private readonly box3 = new Int32Array(12);
  /** The boxes of the MIXED bricks. */
  readonly boxes: BrickBoxes;
  /** The octree's own cells (what components are labelled on and edits rebuild). */
  readonly cells: SparseCells;
  /** The merged cells this space searches (regions.ts); null when built with `regions: false` (every octree cell its own). */
  readonly regions: Regions | null;
  private readonly rep = [0, 0, 0];

  /** The free cells' connected components (null: built without them; unreachable goals then flood). */
  readonly components: SparseComponents | null;
  /** True when the pinned goal is in another component: the pinned goal voxel is then the closest reachable one. */
  redirected = false;
  /** The goal voxel the pinned query asked for. */
  readonly requestedGoal = [0, 0, 0];

  /**
   * The cells of `world`, with their connected components unless `components` is false, merged
   * into regions unless `regions` is false (a space made only for its components needs none).
   * @param parts internal (editSparseSpace): the brick boxes and components made from an earlier space's
   */
  constructor(world: SparseWorld, options: { components?: boolean; regions?: boolean } = {}, parts?: SparseSpaceParts) {
    checkInstance('SparseSpace: world', world, SparseWorld);
    checkObject('SparseSpace: options', options, 'an object { components?, regions? }');
    for (const k of ['components', 'regions'] as const)
      if (options[k] !== undefined && typeof options[k] !== 'boolean')
        throw usageError(`SparseSpace: options.${k}`, 'true or false', options[k]);
    this.world = world;
    this.voxelBase = 64 * world.brickCount;
    this.nodeCount = this.voxelBase + world.nodeCount;
    if (this.nodeCount > 2 ** 31) throw usageError('SparseSpace: world', 'at most 2^31 cell ids (64 per brick)', this.nodeCount);
    this.boxes = parts?.boxes ?? new BrickBoxes(world);
    this.cells = new SparseCells(world, this.boxes);
    this.buffer = this.cells.buffer;
    this.boxBuffer = this.cells.boxBuffer;
    this.components = options.components === false ? null : parts ? parts.components(this) : sparseComponents(this.cells);
    this.regions = options.regions === false ? null : (parts?.regions?.(this.cells) ?? buildRegions(this.cells));
  }

  /** The octree cell (SparseCells) of voxel `b` of MIXED brick n: the brick box holding it, or -1 when blocked. */
  voxelCell(n: number, b: number): number {
    return this.cells.voxelCell(n, b);
  }

  /** The cell holding voxel (x, y, z), or -1 when it is blocked or outside the world. */
  cellOf(x: number, y: number, z: number): number {
    const c = this.cells.cellOf(x, y, z);
    const r = this.regions;
    return c < 0 || r === null ? c : r.rep[r.of[this.cells.indexOf(c)]];
  }

  /** Fixes the query's start and goal voxels (both free, inside); returns the start cell. */
  pin(start: readonly number[], goal: readonly number[]): number {
    const startCell = this.#pinned('start', start);
    this.goalCell = this.#pinned('goal', goal);
    this.startCell = startCell;
    for (let a = 0; a < 3; a++) {
      this.startVoxel[a] = start[a];
      this.goalVoxel[a] = goal[a];
    }
    for (let a = 0; a < 3; a++) this.requestedGoal[a] = goal[a];
    const comp = this.components;
    const from = comp === null ? -1 : componentOf(comp, this.voxelBase, this.startCell);
    this.redirected = comp !== null && from !== componentOf(comp, this.voxelBase, this.goalCell);
    if (this.redirected) {
      nearestInComponent(this.cells, comp!, from, this.goalVoxel);
      this.goalCell = this.cellOf(this.goalVoxel[0], this.goalVoxel[1], this.goalVoxel[2]);
    }
    return this.startCell;
  }

  /** The cell of endpoint v of a query (`name`: start or goal); a NavlabError naming it when v is not a free voxel. */
  #pinned(name: string, v: readonly number[]): number {
    if (!Array.isArray(v) || v.length !== 3 || !v.every(Number.isInteger))
      throw new NavlabError('usage', `SparseRun ${name}: expected integer voxel coordinates [x, y, z], got ${JSON.stringify(v)}`);
    const c = this.cellOf(v[0], v[1], v[2]);
    if (c < 0) throw new NavlabError('query', `SparseRun ${name}: voxel (${v.join(', ')}) is blocked or outside the world`);
    return c;
  }

  /**
   * The box of the cell holding voxel (x, y, z) (its minimum corner and sides, as cellBox writes
   * them) into out[0..5]; false when the voxel is blocked or outside the world.
   */
  voxelBox(x: number, y: number, z: number, out: Int32Array): boolean {
    const r = this.regions;
    if (r === null) {
      const c = this.cells.cellOf(x, y, z);
      if (c >= 0) this.cells.cellBox(c, out);
      return c >= 0;
    }
    // The cell's index at once (cellOf then indexOf would scan a brick's boxes twice).
    const w = this.world;
    const n = voxelNode(w, x, y, z);
    if (n < 0) return false;
    const kind = w.kind[n];
    let i = -1;
    if (kind === EMPTY) i = this.boxes.count + n;
    else if (kind === MIXED) {
      const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
      if (((b < 32 ? w.maskLo[n] >>> b : w.maskHi[n] >>> (b - 32)) & 1) !== 0) return false;
      const { start, list } = this.boxes;
      const lx = x & 3,
        ly = y & 3,
        lz = z & 3;
      for (let k = start[n], end = start[n + 1]; k < end && i < 0; k++) {
        const v = list[k],
          c = v & 63;
        const dx = lx - (c & 3),
          dy = ly - ((c >> 2) & 3),
          dz = lz - (c >> 4);
        if (dx >= 0 && dy >= 0 && dz >= 0 && dx <= ((v >> 6) & 3) && dy <= ((v >> 8) & 3) && dz <= ((v >> 10) & 3)) i = k;
      }
    }
    if (i < 0) return false;
    const o = 6 * r.of[i];
    const box = r.box;
    for (let k = 0; k < 6; k++) out[k] = box[o + k];
    return true;
  }

  /** Minimum voxel corner of cell c and its sides along x, y, z, written into out[0..5]. */
  cellBox<T extends number[] | Int32Array>(c: number, out: T): T {
    const r = this.regions;
    if (r === null) return this.cells.cellBox(c, out);
    return boxAt(r.box, r.of[this.cells.indexOf(c)], out);
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

  /** Whether c is a cell: a region's name (with `regions: false`, any octree cell). */
  isTraversable(c: number): boolean {
    if (!Number.isInteger(c) || c < 0 || c >= this.nodeCount || !this.cells.isTraversable(c)) return false;
    const r = this.regions;
    return r === null || r.rep[r.of[this.cells.indexOf(c)]] === c;
  }

  /**
   * Fills `buffer` with the neighbour cells of cell c and `boxBuffer` with their boxes (6 per
   * cell, as cellBox writes them), and returns their count. Read them right after the call.
   */
  neighbours(c: number): number {
    const r = this.regions;
    if (r === null) {
      const count = this.cells.neighbours(c);
      this.buffer = this.cells.buffer;
      this.boxBuffer = this.cells.boxBuffer;
      return count;
    }
    const i = r.of[this.cells.indexOf(c)];
    const from = r.start[i],
      count = r.start[i + 1] - from;
    if (this.buffer.length < count || this.buffer === this.cells.buffer) {
      this.buffer = new Int32Array(Math.max(256, 2 * count));
      this.boxBuffer = new Int32Array(6 * this.buffer.length);
    }
    const { adj, rep, box } = r;
    const buf = this.buffer,
      bb = this.boxBuffer;
    for (let k = 0; k < count; k++) {
      const q = adj[from + k];
      buf[k] = rep[q];
      const o = 6 * q,
        p = 6 * k;
      bb[p] = box[o];
      bb[p + 1] = box[o + 1];
      bb[p + 2] = box[o + 2];
      bb[p + 3] = box[o + 3];
      bb[p + 4] = box[o + 4];
      bb[p + 5] = box[o + 5];
    }
    return count;
  }

  /** Where the last `regionNeighbours` list starts in `regions.adj`. */
  adjFrom = 0;

  /**
   * The neighbours of cell c (a region's name; the space has regions) without copying them: they
   * are regions.adj[adjFrom + k] for k below the count returned (region indices: their names are
   * regions.rep[.], their boxes at regions.box[6 * .]).
   */
  regionNeighbours(c: number): number {
    const r = this.regions!;
    const i = r.of[this.cells.indexOf(c)];
    this.adjFrom = r.start[i];
    return r.start[i + 1] - this.adjFrom;
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
