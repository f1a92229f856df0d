import { checkInstance } from '../args.ts';
import { CLOSED as CLOSED_STATE, FRESH as FRESH_STATE, OPEN as OPEN_STATE, type SearchContext } from '../search/SearchContext.ts';
import { LargeSearchContext } from './largeContext.ts';
import type { SearchOptions } from '../search/options.ts';
import type { SearchResult, SearchStatus } from '../search/result.ts';
import { fKey as fKey_, type RunPath, SearchRun, tieFraction as tieFraction_ } from '../search/SearchRun.ts';
import { faceAt as faceAt_, faceEntry as faceEntry_, portalStep } from './cellEntry.ts';
import { SparseSpace } from './SparseSpace.ts';
import { len as len_ } from './corners.ts';
import { finishPath, spaceSees as spaceSees_ } from './finishPath.ts';
import { grownSlots, keptSlots, listed, listNeighbours, put3 as put3_, regionSlots, slotCorners } from './runSlots.ts';
import { boxAt as boxAt_ } from './regions.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const CLOSED = CLOSED_STATE;
const fKey = fKey_;
const tieFraction = tieFraction_;
const spaceSees = spaceSees_;
const OPEN = OPEN_STATE;
const FRESH = FRESH_STATE;
const len = len_;
const faceEntry = faceEntry_;
const faceAt = faceAt_;
const boxAt = boxAt_;
const put3 = put3_;

/**
 * The heuristic weight of a sparse search whose options give none (SearchOptions' default is 1):
 * on the Warframe maps' hard tails 1.5 expands 5-18x fewer regions than 1 and its smoothed paths
 * are 0.2-1.0% longer (still under the grid optimum; 2 gave 1.06-1.14 of it at worst). The CLI's
 * `--world sparse` passes `--weight` (default 1, the contract's) explicitly.
 */
export const SPARSE_WEIGHT = 1.5;

/** `space` when it is a SparseSpace (the message made only when not). */
const checkedSpace = (space: SparseSpace): SparseSpace =>
  space instanceof SparseSpace ? space : checkInstance('SparseRun: space', space, SparseSpace);

/** `options` with the sparse default weight when it gives none (anything else is left for SearchRun's checks). */
function weighted(options: Partial<SearchOptions>): Partial<SearchOptions> {
  return typeof options === 'object' && options !== null && options.weight === undefined ? { ...options, weight: SPARSE_WEIGHT } : options;
}

/** Scratch (single-threaded): voxels; the best portal step's g and g + h (settle); the expanded cell's box and its parent's. */
const va = [0, 0, 0];
const vb = [0, 0, 0];
const vd = [0, 0, 0];
const best = new Float64Array(2);
const boxU = new Int32Array(6);
const boxP = new Int32Array(6);
/** bySlot of a run without regions (no typed array made per run). */
const NO_SLOTS: Int32Array = new Int32Array(0);

/**
 * The goal sight check (expandNode) is made again once a cell's point is this fraction of the last
 * checked point's distance to the goal. Against checking from the start only (Warframe tails, weight
 * 1.5): 9-29% fewer expansions, as many sight checks, lengths +-0.001. Every expansion: 10-30% slower.
 */
const LOOK_RATIO = 0.9;

/** How a slot's point is reached from its parent's point (kept in ctx.via). */
const LAZY = 1; // assumed straight, not yet checked
const DIRECT = 2; // a straight segment, checked
const PORTAL = 3; // parent point -> last voxel before the shared face -> entry voxel -> point

export { reachedPoint } from './runSlots.ts';

/**
 * Any-angle search on a SparseWorld: A* over the octree's free cells (SparseSpace), crossing large
 * empty nodes in one expansion, with Lazy Theta*'s line-of-sight shortcuts (Nash, Koenig and
 * Tovey, AAAI 2010) on the leaf masks.
 *
 * Every reached cell carries a point, a voxel of the cell: the start, the goal, or where the path
 * from the cell it was reached from enters it, heading for the goal (SparseSpace.entry). A cell
 * reached from the expanded cell s assumes s's parent as its own (g = g(parent) + the straight
 * distance between their points). On expansion that segment is checked (sparseSight, the
 * closed-box rule of the dense `lazy-theta`); when it is not legal, the cell is reached through
 * the closed neighbour n giving the least cost by a portal step, always legal: from n's point to
 * n's last voxel before the shared face, one face step to the entry voxel, then to the cell's
 * point. So no cell its free neighbours reach is lost, and every segment is legal. When the start
 * sees the goal (one check), the straight segment is the answer; later, an expanded cell whose point
 * is LOOK_RATIO nearer the goal than the last one checked is checked too, and when it sees the goal
 * the goal is reached from it next (its f is the least), without its other neighbours. The corners are then
 * straightened where the one before sees the one after, and slid voxel by voxel while that
 * shortens the path and keeps it legal (corners.ts). `cost` = Euclidean length x cellSize.
 *
 * The heuristic is the straight-line distance from a cell's point ('zero': none); `weight`
 * (default SPARSE_WEIGHT = 1.5 here: pass `weight: 1` for the unweighted search), `tieBreak`,
 * `maxExpansions` and `step(n)` work as in the dense runs (SearchRun). A goal in another
 * component (SparseSpace.components) is known before any search: the run heads for the voxel of
 * the start's component nearest the goal and ends 'unreachable' there (a space without
 * components floods the start's region instead). An exhausted budget ends 'partial' at the
 * voxel nearest its target among the closed cells. `result.path` holds voxel indices
 * x + X (y + Y z) of the world.
 */
export class SparseRun extends SearchRun<SparseSpace> {
  /** Any-angle (the grid's lazy-theta contract for paths and costs). */
  readonly algorithm = 'lazy-theta';
  /** Line-of-sight checks made so far. */
  losChecks = 0;
  /** The goal is in another component: the run heads for the closest reachable voxel. */
  private unreachable = false;
  /** Per slot, 3 each: the slot's point and (PORTAL) its entry voxel. */
  private point: Int32Array;
  private entryAt: Int32Array;
  /** Per slot: the region index of its cell when expandNode generated it from the regions' lists, else -1 (settle's box lookup). */
  private area: Int32Array;
  /** The neighbours of the cell being expanded when settle listed them (their count), else -1. */
  private listed = -1;
  /** The context when it is a LargeSearchContext and the space has regions: slots are then found by region (regionSlots), else null. */
  private large: LargeSearchContext | null = null;
  /** Per region index: its slot, when `large` (regionSlots). */
  private bySlot = NO_SLOTS;
  /** The goal cell's region index (when `large`). */
  private goalQ = -1;
  /** Distance to the goal (voxels) at or below which a cell's point is checked for sight of the goal (expandNode). */
  private lookAt = 0;

  /**
   * A resumable any-angle run on `space` from voxel `start` to voxel `goal` ([x, y, z], both free); a blocked or outside
   * endpoint throws a NavlabError (query), bad options a usage error.
   */
  constructor(
    space: SparseSpace,
    start: readonly number[],
    goal: readonly number[],
    options: Partial<SearchOptions> = {},
    ctx: SearchContext = new LargeSearchContext(),
  ) {
    // The space checked, and the query's endpoints pinned in it (SparseSpace.pin: the start cell).
    super(space, checkedSpace(space).pin(start, goal), space.goalCell, weighted(options), ctx);
    const k = keptSlots(ctx);
    this.point = k.point;
    this.entryAt = k.entry;
    this.area = k.area;
    this.fit();
    put3(this.point, this.startSlot, space.startVoxel);
    this.area[this.startSlot] = -1;
    const r = space.regions;
    if (r !== null && ctx instanceof LargeSearchContext) {
      this.large = ctx;
      this.bySlot = regionSlots(ctx, r.count);
      const q = r.of[space.cells.indexOf(space.startCell)];
      this.bySlot[q] = this.startSlot;
      this.area[this.startSlot] = q;
      this.goalQ = r.of[space.cells.indexOf(space.goalCell)];
    }
    this.unreachable = space.redirected;
  }

  /** Steps as SearchRun does; a goal in another component than the start ends 'unreachable' at the closest reachable voxel. */
  override step(maxExpansions = Infinity): SearchResult {
    const r = super.step(maxExpansions);
    if (this.unreachable && r.status === 'found') r.status = 'unreachable';
    return r;
  }

  /** Grows the point arrays with the context's slot arrays. */
  private fit(): void {
    if (this.area.length >= this.ctx.g.length) return;
    const k = grownSlots(this.ctx, { point: this.point, entry: this.entryAt, area: this.area });
    this.point = k.point;
    this.entryAt = k.entry;
    this.area = k.area;
  }

  private getPoint(s: number, out: number[]): number[] {
    out[0] = this.point[3 * s];
    out[1] = this.point[3 * s + 1];
    out[2] = this.point[3 * s + 2];
    return out;
  }

  /** Slot of region q's cell (when `large`) if this query touched it, else -1 (regionSlots). */
  private foundIn(q: number): number {
    const t = this.bySlot[q];
    return t < this.ctx.used && this.area[t] === q && this.ctx.state[t] !== FRESH ? t : -1;
  }

  /** Line of sight between voxels a and b (spaceSees, walked from b), counted in losChecks. */
  private sees(a: readonly number[], b: readonly number[], boxA?: Int32Array, boxB?: Int32Array): boolean {
    this.losChecks++;
    return spaceSees(this.space, a, b, boxA, boxB);
  }

  /** The box of slot s's cell (SparseSpace.cellBox) into out: from its region index when expandNode kept it, else looked up. */
  private slotBox(s: number, out: Int32Array): Int32Array {
    const q = this.area[s];
    const r = this.space.regions;
    return q < 0 || r === null ? this.space.cellBox(this.ctx.nodeOf(s), out) : boxAt(r.box, q, out);
  }

  /** The box of the goal's region (a walk ends on entering it: sooner than its cell's), else of its cell, into boxP. */
  private goalBox(): Int32Array {
    const r = this.space.regions;
    return this.goalQ >= 0 && r !== null ? boxAt(r.box, this.goalQ, boxP) : this.space.cellBox(this.space.goalCell, boxP);
  }

  /** The neighbours of slot s's cell u (their count; where: `listed`): listNeighbours, once per expansion without regions. */
  private neighbourList(s: number, u: number): number {
    return (this.listed = listNeighbours(this.space, this.area[s], u, this.listed));
  }

  /** Checks the assumed segment of slot s (cell u); when it is not legal, reaches u by the best portal step. */
  private settle(s: number, u: number): boolean {
    const ctx = this.ctx;
    const sp = this.space;
    // u's box, also for expandNode.
    const bu = this.slotBox(s, boxU);
    if (ctx.via[s] !== LAZY) return true;
    if (this.sees(this.getPoint(ctx.parent[s], va), this.getPoint(s, vb), this.slotBox(ctx.parent[s], boxP), bu)) {
      ctx.via[s] = DIRECT;
      return true;
    }
    const cs = sp.world.cellSize;
    const count = this.neighbourList(s, u);
    const { adj, from, ids, boxes } = listed;
    const toGoal = u === sp.goalCell;
    const zeroH = this.options.heuristic === 'zero';
    let bestSlot = -1;
    for (let i = 0; i < count; i++) {
      const q = adj === null ? i : adj[from + i];
      const t = this.large !== null && adj !== null ? this.foundIn(q) : ctx.find(ids[q]);
      if (t < 0 || ctx.state[t] !== CLOSED) continue;
      // The best of this neighbour's entry voxels (portalStep) when it beats the best so far.
      const p = this.getPoint(t, va);
      const f = bestSlot < 0 ? Infinity : best[1];
      if (portalStep(boxes, 6 * q, bu, p, sp.goalVoxel, ctx.g[t], cs, toGoal, zeroH, f, vb, best)) bestSlot = t;
    }
    if (bestSlot < 0) return false;
    put3(this.entryAt, s, vb);
    put3(this.point, s, toGoal ? sp.goalVoxel : vb);
    ctx.g[s] = best[0];
    ctx.parent[s] = bestSlot;
    ctx.via[s] = PORTAL;
    return true;
  }

  protected expandNode(s: number, u: number): void {
    this.listed = -1;
    if (!this.settle(s, u)) return;
    const ctx = this.ctx;
    const sp = this.space;
    const cs = sp.world.cellSize;
    const U = this.getPoint(s, vd);
    // Does u's point see the goal? Checked at the start, then whenever a point is LOOK_RATIO nearer than the last one checked.
    // Walked from u's point (the same answer either way): 6-14% fewer walk steps and locates than from the goal (recast pairs).
    const d = len(U, sp.goalVoxel);
    const look = (s === this.startSlot || d <= this.lookAt) && this.options.heuristic !== 'zero';
    if (look) this.lookAt = d * LOOK_RATIO;
    if (look && this.sees(sp.goalVoxel, U, this.goalBox(), boxU)) {
      // The straight segment to the goal: its f (g + the segment) is at most u's (g + w h, w >= 1), the least of the
      // open list, so the goal is expanded next (from the immediate stack) and u's other neighbours are never needed.
      // (From the start: the straight segment is the shortest path.) Not with heuristic 'zero' (Dijkstra's order).
      let t = this.large !== null ? this.foundIn(this.goalQ) : ctx.slot(sp.goalCell);
      if (t < 0) this.area[(t = this.bySlot[this.goalQ] = this.large!.claim(sp.goalCell))] = this.goalQ;
      this.fit();
      const ng = ctx.g[s] + d * cs;
      if (ctx.state[t] !== OPEN || ng < ctx.g[t]) {
        ctx.state[t] = OPEN;
        ctx.g[t] = ng;
        ctx.parent[t] = s;
        ctx.via[t] = DIRECT;
        put3(this.point, t, sp.goalVoxel);
        this.area[t] = this.large !== null ? this.goalQ : -1;
        this.generated++;
      }
      this.stack.push(t);
      return;
    }
    const pp = s === this.startSlot ? s : ctx.parent[s];
    const point = this.point;
    const P0 = point[3 * pp],
      P1 = point[3 * pp + 1],
      P2 = point[3 * pp + 2];
    const gp = ctx.g[pp];
    const count = this.neighbourList(s, u);
    const { adj, from, ids, boxes: bb } = listed;
    // Slots found by region (one claimed per new neighbour), else through the context (a paged one takes 64 per touch).
    const large = this.large !== null && adj !== null;
    // Room for every neighbour's slot first, so the slot arrays stay put through the loop.
    ctx.reserve(ctx.used + (large ? count : 64 * count));
    this.fit();
    const { g, state, parent, via, heap } = ctx;
    const bySlot = this.bySlot;
    let used = ctx.used;
    const goalQ = this.goalQ;
    const key = this.key;
    let generated = this.generated;
    const pts = this.point;
    const area = this.area;
    const goal = sp.goalVoxel;
    const goalCell = sp.goalCell;
    const g0 = goal[0],
      g1 = goal[1],
      g2 = goal[2];
    const zeroH = this.options.heuristic === 'zero';
    const weight = this.weight;
    const lowH = this.lowH;
    // u's box (minimum corner, ends past it), and its faces whose entry voxel faceEntry gave (bits).
    const ux = boxU[0],
      uy = boxU[1],
      uz = boxU[2],
      uX = ux + boxU[3],
      uY = uy + boxU[4],
      uZ = uz + boxU[5];
    let faces = 0;
    for (let i = 0; i < count; i++) {
      const q = adj === null ? i : adj[from + i];
      // The neighbour's slot by region (regionSlots; a new one claimed, its region noted at once), else the context's.
      let t: number;
      if (!large) t = ctx.slot(ids[q]);
      else if ((t = bySlot[q]) >= used || area[t] !== q) {
        bySlot[q] = t = this.large!.claim(ids[q]);
        used = t + 1;
        area[t] = q;
      }
      const st = state[t];
      if (st === CLOSED) continue;
      let x = g0,
        y = g1,
        z = g2;
      if (large ? q !== goalQ : ids[q] !== goalCell) {
        // Where the line from u's point to the goal crosses v's layer (the face's voxel, faceEntry), clamped into v.
        const o = 6 * q;
        const vx = bb[o],
          vy = bb[o + 1],
          vz = bb[o + 2],
          vX = vx + bb[o + 3],
          vY = vy + bb[o + 4],
          vZ = vz + bb[o + 5];
        // u's face toward v (across the last separating axis, as entryBetween).
        const f = vz >= uZ ? 5 : vZ <= uz ? 4 : vy >= uY ? 3 : vY <= uy ? 2 : vx >= uX ? 1 : 0;
        if ((faces & (1 << f)) === 0) {
          faces |= 1 << f;
          faceEntry(f, boxU, U, goal);
        }
        x = faceAt[3 * f];
        y = faceAt[3 * f + 1];
        z = faceAt[3 * f + 2];
        if (x >= vX) x = vX - 1;
        if (x < vx) x = vx;
        if (y >= vY) y = vY - 1;
        if (y < vy) y = vy;
        if (z >= vZ) z = vZ - 1;
        if (z < vz) z = vz;
      }
      const dx = P0 - x,
        dy = P1 - y,
        dz = P2 - z;
      const ng = gp + Math.sqrt(dx * dx + dy * dy + dz * dz) * cs;
      if (st === OPEN) {
        if (ng >= g[t]) continue;
      } else state[t] = OPEN;
      g[t] = ng;
      parent[t] = pp;
      via[t] = LAZY;
      pts[3 * t] = x;
      pts[3 * t + 1] = y;
      pts[3 * t + 2] = z;
      area[t] = adj === null ? -1 : q;
      generated++;
      const hx = x - g0,
        hy = y - g1,
        hz = z - g2;
      const hw = weight * (zeroH ? 0 : Math.sqrt(hx * hx + hy * hy + hz * hz) * cs);
      const f = fKey(ng + hw);
      if (lowH && f === key) this.stack.push(t);
      else heap.push(t, f + tieFraction(hw, lowH));
    }
    this.generated = generated;
  }

  protected resultPath(status: SearchStatus): RunPath {
    const ctx = this.ctx;
    const sp = this.space;
    let last = status !== 'found' ? -1 : this.large !== null ? this.foundIn(this.goalQ) : ctx.find(this.goal);
    if (last < 0 || !this.settle(last, this.goal)) last = this.nearestClosed(ctx.g);
    const corners: number[][] = [];
    // The goal voxel itself when the run ends in the goal's cell (also when it starts there: the start's point is the start voxel).
    if (ctx.nodeOf(last) !== sp.goalCell) corners.push(sp.nearestToGoal(ctx.nodeOf(last), [0, 0, 0]));
    else corners.push([sp.goalVoxel[0], sp.goalVoxel[1], sp.goalVoxel[2]]);
    slotCorners(ctx, sp, this.point, this.entryAt, last, this.startSlot, PORTAL, corners);
    return finishPath(sp, corners, this);
  }
}

/** Runs a whole sparse query at once (same result as stepping a SparseRun to the end; weight default SPARSE_WEIGHT = 1.5). */
export function findPathSparse(
  space: SparseSpace,
  start: readonly number[],
  goal: readonly number[],
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): SearchResult {
  return new SparseRun(space, start, goal, options, ctx).step();
}
