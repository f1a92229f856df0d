import { checkInstance, checkInteger, checkOneOf, checkOptions, usageError } from '../args.ts';
import type { Vec3 } from '../math/vec3.ts';
import { exact26, heuristicFunction, type CellHeuristic, type HeuristicName, type Neighborhood } from './gridHeuristic.ts';
import { VoxelGrid, type CornerCutting } from './VoxelGrid.ts';

const SQRT2 = Math.SQRT2;
const SQRT3 = Math.sqrt(3);

/** The least neighbourhood with the moves that change k coordinates (none for k = 0). */
const LEAST_NEIGHBORHOOD = [Infinity, 6, 18, 26];

/** Bit of the 3x3x3 neighbourhood cell (dx, dy, dz), each in {-1, 0, 1}. */
export const bit = (dx: number, dy: number, dz: number): number => 1 << (dx + 1 + 3 * (dy + 1) + 9 * (dz + 1));

/** The movement rules of a grid search: neighbourhood and corner cutting. */
export interface GridSearchSettings {
  /** 6 (faces), 18 (+edges) or 26 (+corners). @default 26 */
  neighborhood?: Neighborhood;
  /** 'forbid': the whole box of a move must be free; 'allow': only its target. @default 'forbid' */
  cornerCutting?: CornerCutting;
  /**
   * The component check every run on the space asks first (navlab's `componentCheck`): a goal in
   * another free component than the start is then answered 'unreachable', with the path to the
   * closest reachable voxel, without flooding the start's component. Default: none (the run
   * floods the component to find the same end point; a program that only searches connected
   * grids does not carry the components). navlab's query path, NavWorld, the agents' planners,
   * the CLI and the app always pass it.
   */
  components?: ComponentCheck;
}

/** Where a search whose goal lies in another free component heads instead, and the work spent choosing it. */
export interface ComponentGoal {
  /** The closest reachable point (a voxel index in the start's component). */
  target: number;
  /**
   * The equally near voxels (`target` first) when several are and the run settles the tie itself (see
   * `ComponentCheck`): the check has aimed the space at all of them (its heuristic is the least over them), and the run
   * ends at the first it reaches, the one of least cost.
   */
  tied?: ReadonlySet<number>;
  /** Nodes closed by tie-settling searches (0 without a tie, or when the run settles it). */
  expanded: number;
  /** Time spent: the component check, the nearest-voxel scan and any tie-settling search (not building the components). */
  ms: number;
}

/**
 * A component check for grid searches (GridSearchSettings.components; navlab exports one,
 * `componentCheck`): null when `goal` may be reachable from `start`, else where to head instead.
 * `run` is the run's heuristic and weight: a run of weight 1 with a consistent heuristic reaches the
 * least-cost of several goals first, so it can settle a tie of equally near voxels itself (`tied`).
 */
export type ComponentCheck = (
  space: GridSpace,
  start: number,
  goal: number,
  tieBreak: 'low-h' | 'none',
  run?: { heuristic: HeuristicName; weight: number },
) => ComponentGoal | null;

/** Receives the successors of an expanded voxel (the search engine's NeighborSink). */
export interface GridSink {
  relax(v: number, stepCost: number): void;
}

/**
 * A VoxelGrid seen as a search space: node id = voxel index, successors by the movement rules
 * of docs/architecture.md. Expanding a voxel reads its 3x3x3 block once into a 27-bit mask of
 * blocked cells; a move is legal when the mask has none of the bits the move needs (its target
 * only, or with `forbid` every voxel of the box it spans).
 *
 * It is a SearchSpace (search/space.ts) and offers its move table as `lattice`, so the engine
 * can fuse expansion and relaxation into one loop; `expand` is the generic path, with the same
 * successors in the same order at the same costs. (The grid imports nothing from the search.)
 */
export class GridSpace {
  /** The space's kind tag (SearchSpace.kind): voxels of a grid. */
  readonly kind = 'grid';
  /** The grid searched (kept by reference: edits in place are seen by the next search). */
  declare readonly grid: VoxelGrid;
  /** Moves per voxel: 6 (faces), 18 (+ edges) or 26 (+ corners). */
  declare readonly neighborhood: Neighborhood;
  /** 'forbid': a move is legal only when every voxel of the box it spans is free; 'allow': only the target must be. */
  declare readonly cornerCutting: CornerCutting;
  /** The component check runs ask first (GridSearchSettings.components), or null. */
  declare readonly components: ComponentCheck | null;
  /** Nodes of the space: the grid's voxel count (X * Y * Z). */
  declare readonly nodeCount: number;
  // The fields below are public for the fused grid loops of the search runs; treat them as read-only.
  /** Per move k: index offset, step cost (length x cellSize), mask of cells that must be free. */
  declare readonly moveOffset: Int32Array;
  /** Per move k: step cost, the move's length x cellSize (world units). */
  declare readonly moveCost: Float64Array;
  /** Per move k: bit mask of the cells of the 3x3x3 frame that must be free for it (the target, and with forbid the box). */
  declare readonly moveNeed: Int32Array;
  /** Per move k: dx, dy, dz at 3k, 3k+1, 3k+2. */
  declare readonly moveDelta: Int8Array;
  /**
   * Pruning table, row d (the move that reached u from its parent p), column k (the move u->v):
   * the mask of cells (in u's 3x3x3 frame) that must be free for the direct move p->v, or -1
   * when p->v is not a single legal move. When that mask is free, p already offered v a cost
   * no higher than through u (triangle inequality), so the relaxation would change nothing.
   */
  declare readonly pruneNeed: Int32Array;
  /**
   * Move lists, row r = moveList[moveListStart[r] .. moveListStart[r + 1]), moves in table
   * order. Row 0: every move. Row d + 1: the moves left after arriving by move d when the whole
   * 3x3x3 block is free (pruneNeed -1 in row d), without the move back to the parent.
   */
  declare readonly moveList: Uint8Array;
  /** Row starts of `moveList`: row r is moveList[moveListStart[r] .. moveListStart[r + 1]). */
  declare readonly moveListStart: Int32Array;
  /** Index offset and step cost of each moveList entry (moveOffset, moveCost of its move). */
  declare readonly moveListOffset: Int32Array;
  /** Step cost of each `moveList` entry (moveCost of its move). */
  declare readonly moveListCost: Float64Array;
  /** X * Y: the index step of one z layer. */
  declare readonly XY: number;
  /** 1 / X, for index-to-coordinate division in the hot loops. */
  declare readonly invX: number;
  /** 1 / (X * Y), for index-to-coordinate division in the hot loops. */
  declare readonly invXY: number;
  /** Goal voxel selected by setGoal. */
  gx = 0;
  /** Goal voxel y (see gx). */
  gy = 0;
  /** Goal voxel z (see gx). */
  gz = 0;
  /**
   * Heuristic selected by setGoal, in cells (gridHeuristic.ts); `estimateAt` is
   * cellEstimate(x - gx, y - gy, z - gz) x cellSize x squaredScale ('squared' is scaled once more).
   */
  cellEstimate: CellHeuristic = exact26;
  /** Extra factor of the heuristic: cellSize for 'squared' (scaled once more), else 1. */
  squaredScale = 1;
  /** The move table the engine's fused expansion reads (this space itself). */
  get lattice(): this {
    return this;
  }

  /**
   * A search space over `grid` with its move rules (neighborhood 6 | 18 | 26, default 26; cornerCutting forbid | allow,
   * default forbid); bad values throw a NavlabError (usage) naming them.
   */
  constructor(grid: VoxelGrid, settings: GridSearchSettings = {}) {
    checkInstance('GridSpace: grid', grid, VoxelGrid);
    const {
      neighborhood = 26,
      cornerCutting = 'forbid',
      components = null,
    } = checkOptions<GridSearchSettings>('GridSpace: settings', settings);
    if (components !== null && typeof components !== 'function')
      throw usageError('components', 'a component check (componentCheck)', components);
    checkOneOf('neighborhood', neighborhood, [6, 18, 26]);
    checkOneOf('cornerCutting', cornerCutting, ['forbid', 'allow']);
    this.grid = grid;
    this.neighborhood = neighborhood;
    this.cornerCutting = cornerCutting;
    this.components = components;
    this.nodeCount = grid.size;
    this.XY = grid.X * grid.Y;
    this.invX = 1 / grid.X;
    this.invXY = 1 / this.XY;
    const offsets: number[] = [];
    const costs: number[] = [];
    const needs: number[] = [];
    const deltas: number[] = [];
    for (let dz = -1; dz <= 1; dz++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const changed = dx * dx + dy * dy + dz * dz; // coordinates changed (each of dx, dy, dz in -1..1)
          if (LEAST_NEIGHBORHOOD[changed] > neighborhood) continue;
          let need = bit(dx, dy, dz);
          if (cornerCutting === 'forbid') {
            for (let k = 0; k <= (dz !== 0 ? 1 : 0); k++)
              for (let j = 0; j <= (dy !== 0 ? 1 : 0); j++)
                for (let i = 0; i <= (dx !== 0 ? 1 : 0); i++) need |= bit(i * dx, j * dy, k * dz);
          }
          offsets.push(dx + grid.X * (dy + grid.Y * dz));
          costs.push([0, 1, SQRT2, SQRT3][changed] * grid.cellSize);
          needs.push(need);
          deltas.push(dx, dy, dz);
        }
      }
    }
    const n = needs.length;
    this.pruneNeed = new Int32Array(n * n).fill(-1);
    for (let d = 0; d < n; d++) {
      for (let k = 0; k < n; k++) {
        // p = u - delta[d], v = u + delta[k]: the move p->v is m = delta[k] + delta[d].
        const m = [0, 1, 2].map((a) => deltas[3 * k + a] + deltas[3 * d + a]);
        const changed = m.filter((c) => c !== 0).length;
        if (m.some((c) => c < -1 || c > 1) || LEAST_NEIGHBORHOOD[changed] > neighborhood) continue;
        let mask = 0;
        // Cells of the box between p and v, in u's frame (each coordinate in -1..1).
        const lo = [0, 1, 2].map((a) => Math.min(-deltas[3 * d + a], deltas[3 * k + a]));
        const hi = [0, 1, 2].map((a) => Math.max(-deltas[3 * d + a], deltas[3 * k + a]));
        if (cornerCutting === 'allow') mask = bit(deltas[3 * k], deltas[3 * k + 1], deltas[3 * k + 2]);
        else
          for (let z = lo[2]; z <= hi[2]; z++)
            for (let y = lo[1]; y <= hi[1]; y++) for (let x = lo[0]; x <= hi[0]; x++) mask |= bit(x, y, z);
        this.pruneNeed[d * n + k] = mask;
      }
    }
    const list: number[] = [];
    const starts = [0];
    for (let k = 0; k < n; k++) list.push(k);
    starts.push(list.length);
    for (let d = 0; d < n; d++) {
      for (let k = 0; k < n; k++) {
        const back = [0, 1, 2].every((a) => deltas[3 * k + a] === -deltas[3 * d + a]);
        if (this.pruneNeed[d * n + k] === -1 && !back) list.push(k);
      }
      starts.push(list.length);
    }
    this.moveList = Uint8Array.from(list);
    this.moveListStart = Int32Array.from(starts);
    this.moveOffset = Int32Array.from(offsets);
    this.moveCost = Float64Array.from(costs);
    this.moveNeed = Int32Array.from(needs);
    this.moveDelta = Int8Array.from(deltas);
    this.moveListOffset = Int32Array.from(list, (k) => offsets[k]);
    this.moveListCost = Float64Array.from(list, (k) => costs[k]);
  }

  /** Whether voxel `node` is free (a blocked voxel can be neither start nor goal). */
  isTraversable(node: number): boolean {
    return this.grid.occupancy[node] === 0;
  }

  /** Relaxes every legal move from voxel `u` (in move-table order, at step cost x the target's terrain multiplier). */
  expand(u: number, sink: GridSink): void {
    const grid = this.grid;
    const X = grid.X;
    const z = Math.floor((u + 0.5) * this.invXY);
    const r = u - z * this.XY;
    const y = Math.floor((r + 0.5) * this.invX);
    const x = r - y * X;
    const blocked = this.blockedMask(x, y, z);
    const need = this.moveNeed;
    const off = this.moveOffset;
    const cost = this.moveCost;
    const terrain = grid.terrain;
    const n = need.length;
    if (terrain === null) {
      for (let k = 0; k < n; k++) if ((blocked & need[k]) === 0) sink.relax(u + off[k], cost[k]);
    } else {
      for (let k = 0; k < n; k++) {
        if ((blocked & need[k]) !== 0) continue;
        const v = u + off[k];
        sink.relax(v, cost[k] * terrain[v]);
      }
    }
  }

  /**
   * 27-bit mask of the blocked cells (out of bounds included) in the 3x3x3 block around
   * u = (x, y, z), bit dx+1 + 3(dy+1) + 9(dz+1): nine reads of three bits from the grid's
   * padded bit rows instead of 27 byte reads and bounds checks.
   */
  blockedMask(x: number, y: number, z: number): number {
    const grid = this.grid;
    const bits = grid.blockedRows();
    const W = grid.rowWords;
    const plane = (grid.Y + 2) * W;
    // Bits x .. x+2 of a padded row are the voxels x-1 .. x+1; rows y-1 .. y+1 follow each
    // other W words apart, planes z-1 .. z+1 `plane` words apart.
    const shift = x & 31;
    let at = y * W + z * plane + (x >>> 5);
    let mask = 0;
    if (shift <= 29) {
      for (let b = 0; b < 27; b += 9, at += plane) {
        mask |= (((bits[at] >>> shift) & 7) | (((bits[at + W] >>> shift) & 7) << 3) | (((bits[at + 2 * W] >>> shift) & 7) << 6)) << b;
      }
    } else {
      for (let b = 0; b < 27; b += 3, at += b % 9 === 0 ? plane - 2 * W : W) {
        mask |= (((bits[at] >>> shift) | (bits[at + 1] << (32 - shift))) & 7) << b;
      }
    }
    return mask;
  }

  /** Fixes the goal voxel and the heuristic that `estimate` and `estimateAt` use. */
  setGoal(goal: number, heuristic: HeuristicName): void {
    checkInteger('GridSpace.setGoal: goal', goal, 0, this.nodeCount - 1);
    const X = this.grid.X;
    this.gz = Math.floor(goal / this.XY);
    const r = goal - this.gz * this.XY;
    this.gy = Math.floor(r / X);
    this.gx = r - this.gy * X;
    const h = heuristicFunction(heuristic, this.neighborhood);
    if (h === undefined) throw usageError('heuristic', 'a heuristic name', heuristic);
    this.cellEstimate = h;
    this.squaredScale = heuristic === 'squared' ? this.grid.cellSize : 1;
  }

  /** The chosen heuristic from voxel index `v` to the goal, world units (unweighted). */
  estimate(v: number): number {
    const z = Math.floor((v + 0.5) * this.invXY);
    const r = v - z * this.XY;
    const y = Math.floor((r + 0.5) * this.invX);
    return this.estimateAt(r - y * this.grid.X, y, z);
  }

  /** Heuristic from voxel (x, y, z) to the goal, in world units (gridHeuristic.ts defines it). */
  estimateAt(x: number, y: number, z: number): number {
    return this.cellEstimate(x - this.gx, y - this.gy, z - this.gz) * this.grid.cellSize * this.squaredScale;
  }

  /** Straight-line distance between the centres of voxel `v` and the goal, world units. */
  distanceToGoal(v: number): number {
    const z = Math.floor((v + 0.5) * this.invXY);
    const r = v - z * this.XY;
    const y = Math.floor((r + 0.5) * this.invX);
    const a = r - y * this.grid.X - this.gx;
    const b = y - this.gy;
    const c = z - this.gz;
    return Math.sqrt(a * a + b * b + c * c) * this.grid.cellSize;
  }

  /** World position of the centre of voxel `node`, written into `out` and returned. */
  position(node: number, out: Vec3): Vec3 {
    this.grid.coords(node, out);
    return this.grid.voxelCenter(out.x, out.y, out.z, out);
  }
}
