import { NavlabError } from '../errors.ts';
import { centreSightThrough, sightData, type SightData } from '../grid/centreSight.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { CLOSED as CLOSED_STATE, FRESH as FRESH_STATE, OPEN as OPEN_STATE, PAGE_BITS as PAGE_BITS_, SearchContext } from './SearchContext.ts';
import { fKey, SearchRun, tieFraction, type RunPath } from './SearchRun.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const CLOSED = CLOSED_STATE;
const OPEN = OPEN_STATE;
const FRESH = FRESH_STATE;
const PAGE_BITS = PAGE_BITS_;
const PAGE_MASK = (1 << PAGE_BITS) - 1;
const F_KEY = fKey;
const TIE_FRACTION = tieFraction;

/**
 * Why Lazy Theta* cannot run on `space`, or null: it needs corner cutting forbidden (its
 * segments obey the closed-box rule, which for unit moves is exactly that rule) and no
 * terrain costs (segment cost is Euclidean length only).
 */
export function lazyThetaUnsupported(space: GridSpace): string | null {
  if (space.cornerCutting !== 'forbid') return `lazy-theta supports only corner cutting 'forbid' (corner cutting '${space.cornerCutting}' is unsupported)`;
  const t = space.grid.terrain;
  if (t !== null) {
    for (let i = 0; i < t.length; i++) if (t[i] !== 1) return 'lazy-theta does not support terrain costs (the grid has voxels with a cost multiplier other than 1)';
  }
  return null;
}

/** `space` when Lazy Theta* can search it; a usage error otherwise. */
function supportedSpace(space: GridSpace): GridSpace {
  if (!(space instanceof GridSpace)) throw new NavlabError('usage', 'LazyThetaRun: space must be a GridSpace');
  const why = lazyThetaUnsupported(space);
  if (why !== null) throw new NavlabError('unsupported', why);
  return space;
}

/** Any-angle label arrays per search context, reused by its next Lazy Theta* run. */
const anyLabels = new WeakMap<SearchContext, { anyG: Float64Array; anyParent: Int32Array }>();

/**
 * Any-angle search on a voxel grid: Lazy Theta* (Nash, Koenig and Tovey, "Lazy Theta*:
 * Any-Angle Path Planning and Path Length Analysis in 3D", AAAI 2010), run so that its path
 * is never longer than the grid optimum.
 *
 * Every node carries two labels:
 *   grid label   ctx.g / ctx.parent: plain A* over the grid moves. The open list is ordered by
 *                it, so nodes close in A*'s order and the goal's grid label is the grid optimum.
 *   any-angle    anyG / anyParent: Lazy Theta*'s label. When s lowers v's grid label, v is
 *                offered s's any-angle parent q (assuming q sees v) with cost anyG(q) + |q v|
 *                and keeps the lower of that and its current label. When v is expanded, the
 *                assumption is checked once (lazily): if the segment q-v is not legal, v
 *                takes the best closed grid neighbour w instead, anyG(w) + step(w, v).
 * Invariant: a closed node's any-angle label is verified and anyG <= its grid cost. (The grid
 * parent of v is closed and was offered to v: v's label is at most anyG(parent) + step, and
 * the fallback takes the minimum over closed neighbours, that parent among them.) So the goal's
 * any-angle path is never longer than the grid optimum; where floating-point rounding makes it
 * longer by an ulp, the grid path is returned instead.
 *
 * A segment between voxel centres is legal when every voxel whose closed box it touches is
 * free (centreSight: through an edge or a corner, every voxel sharing it). The path
 * lists the voxels whose centres are its corners; `cost` = sum of segment lengths x cellSize.
 * Unreached goals end at the closed node nearest the goal (ties: lower any-angle cost).
 */
export class LazyThetaRun extends SearchRun<GridSpace> {
  private anyG: Float64Array;
  private anyParent: Int32Array;
  /** Line-of-sight checks made so far. */
  losChecks = 0;
  /** Called after each line-of-sight check (from node, to node, legal); for the watched view. */
  onLineOfSight: ((from: number, to: number, legal: boolean) => void) | null = null;
  /** The grid's sight data, fetched once per slice (the grid does not change within one). */
  private sight: SightData | null = null;

  constructor(space: GridSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx = new SearchContext()) {
    super(supportedSpace(space), start, goal, options, ctx);
    const kept = anyLabels.get(ctx);
    this.anyG = kept?.anyG ?? new Float64Array(0);
    this.anyParent = kept?.anyParent ?? new Int32Array(0);
    this.fit();
    const s = this.startSlot;
    this.anyG[s] = 0;
    this.anyParent[s] = s;
  }

  /**
   * The any-angle parent of a node this run reached (the start is its own parent), or -1.
   * Verified for a closed node; for an open one, the parent it assumes. For debug views: it
   * reads the run's labels, it does not search.
   */
  anyAngleParent(node: number): number {
    const s = this.ctx.gen === this.gen ? this.ctx.find(node) : -1;
    return s < 0 ? -1 : this.ctx.nodeOf(this.anyParent[s]);
  }

  /**
   * Grows the any-angle labels with the context's slot arrays. They are kept per context for
   * the next run (a slot's label is written before it is read in every run).
   */
  private fit(): void {
    const cap = this.ctx.g.length;
    if (this.anyG.length >= cap) return;
    const g = new Float64Array(cap);
    g.set(this.anyG);
    this.anyG = g;
    const p = new Int32Array(cap);
    p.set(this.anyParent);
    this.anyParent = p;
    anyLabels.set(this.ctx, { anyG: g, anyParent: p });
  }

  protected beginSlice(): void {
    this.sight = sightData(this.space.grid);
  }

  /** Checks node u's any-angle parent; on failure falls back to the best closed grid neighbour. */
  private verify(s: number, u: number): void {
    const ctx = this.ctx;
    const q = this.anyParent[s];
    if (q === s) return;
    const space = this.space;
    const grid = space.grid;
    const qn = ctx.nodeOf(q);
    const a = this.coords(qn, 0);
    const b = this.coords(u, 3);
    this.losChecks++;
    const legal = centreSightThrough(this.sight ??= sightData(grid), a[0], a[1], a[2], b[3], b[4], b[5]);
    this.onLineOfSight?.(qn, u, legal);
    if (legal) return;
    const blocked = space.blockedMask(b[3], b[4], b[5]);
    const need = space.moveNeed;
    let best = Infinity;
    let bestW = -1;
    for (let k = 0; k < need.length; k++) {
      if ((blocked & need[k]) !== 0) continue;
      const w = ctx.find(u + space.moveOffset[k]);
      if (w < 0 || ctx.state[w] !== CLOSED) continue;
      const c = this.anyG[w] + space.moveCost[k];
      if (c < best) {
        best = c;
        bestW = w;
      }
    }
    // The grid parent is a closed neighbour reached by a legal move, so bestW >= 0.
    this.anyG[s] = best;
    this.anyParent[s] = bestW;
  }

  protected expandNode(s: number, u: number): void {
    this.verify(s, u);
    const space = this.space;
    const ctx = this.ctx;
    ctx.reserve(ctx.slotCount + (27 << PAGE_BITS));
    this.fit();
    const { g, parent, state, via, heap, pageBase } = ctx;
    const anyG = this.anyG;
    const anyParent = this.anyParent;
    const invXY = space.invXY, XY = space.XY, invX = space.invX, X = space.grid.X;
    const z = Math.floor((u + 0.5) * invXY);
    const r = u - z * XY;
    const y = Math.floor((r + 0.5) * invX);
    const x = r - y * X;
    const q = anyParent[s];
    const qn = ctx.nodeOf(q);
    const qz = Math.floor((qn + 0.5) * invXY);
    const qr = qn - qz * XY;
    const qy = Math.floor((qr + 0.5) * invX);
    const qx = qr - qy * X;
    const qg = anyG[q];
    const cs = space.grid.cellSize;
    const blocked = space.blockedMask(x, y, z);
    const need = space.moveNeed;
    const delta = space.moveDelta;
    const gu = g[s];
    const weight = this.weight;
    const lowH = this.lowH;
    const stack = this.stack;
    const curKey = this.key;
    const n = need.length;
    const prune = space.pruneNeed;
    const pruneRow = via[s] > 0 ? (via[s] - 1) * n : -1;
    // As in A*: a free block leaves only the moves its arrival move never prunes, untested.
    const row = blocked === 0 && pruneRow >= 0 ? via[s] : 0;
    const test = row === 0;
    const list = space.moveList;
    const listOff = space.moveListOffset;
    const listCost = space.moveListCost;
    const listEnd = space.moveListStart[row + 1];
    // The space's heuristic, called directly (the JIT inlines it): values equal `estimateAt`.
    const estimate = space.cellEstimate;
    const sq = space.squaredScale;
    const hx = x - space.gx, hy = y - space.gy, hz = z - space.gz;
    let generated = 0;
    for (let i = space.moveListStart[row]; i < listEnd; i++) {
      const k = list[i];
      if (test) {
        if ((blocked & need[k]) !== 0) continue;
        // As in A*: when the grid parent reaches v directly, this move cannot improve v's grid
        // cost, and v's grid parent (which offers its any-angle label) is another node.
        if (pruneRow >= 0) {
          const m = prune[pruneRow + k];
          if (m !== -1 && (blocked & m) === 0) continue;
        }
      }
      const v = u + listOff[i];
      const base = pageBase[v >> PAGE_BITS];
      const vs = base >= 0 ? base + (v & PAGE_MASK) : ctx.slot(v);
      const st = state[vs];
      if (st === CLOSED) continue;
      const ng = gu + listCost[i];
      if (st === OPEN && ng >= g[vs]) continue;
      // An open node already labelled through q would get the same cost again.
      if (st === FRESH || anyParent[vs] !== q) {
        const ex = x + delta[3 * k] - qx, ey = y + delta[3 * k + 1] - qy, ez = z + delta[3 * k + 2] - qz;
        const viaQ = qg + Math.sqrt(ex * ex + ey * ey + ez * ez) * cs;
        if (st === FRESH || viaQ < anyG[vs]) {
          anyG[vs] = viaQ;
          anyParent[vs] = q;
        }
      }
      state[vs] = OPEN;
      g[vs] = ng;
      parent[vs] = s;
      via[vs] = k + 1;
      generated++;
      const hw = weight * (estimate(hx + delta[3 * k], hy + delta[3 * k + 1], hz + delta[3 * k + 2]) * cs * sq);
      const f = F_KEY(ng + hw);
      if (lowH && f === curKey) stack.push(vs);
      else heap.push(vs, f + TIE_FRACTION(hw, lowH));
    }
    this.generated += generated;
  }

  private readonly xyz = [0, 0, 0, 0, 0, 0];
  /** Voxel coordinates of node u into xyz[at .. at+2]. */
  private coords(u: number, at: number): number[] {
    const space = this.space;
    const z = Math.floor((u + 0.5) * space.invXY);
    const r = u - z * space.XY;
    const y = Math.floor((r + 0.5) * space.invX);
    this.xyz[at] = r - y * space.grid.X;
    this.xyz[at + 1] = y;
    this.xyz[at + 2] = z;
    return this.xyz;
  }

  /**
   * The goal's any-angle path (verified first), or for an unreached goal the path to the
   * closed node nearest it (ties: lower any-angle cost).
   */
  protected resultPath(status: SearchStatus): RunPath {
    const ctx = this.ctx;
    let last: number;
    if (status === 'found') {
      last = ctx.find(this.goal);
      this.verify(last, this.goal);
    } else {
      last = this.nearestClosed(this.anyG);
    }
    // Rounding only (the invariant keeps anyG <= g): the grid path is then no longer.
    if (!(this.anyG[last] <= ctx.g[last])) return { path: this.parentPath(last, ctx.parent), cost: ctx.g[last] };
    const path: number[] = [];
    for (let s = last; ; s = this.anyParent[s]) {
      path.push(ctx.nodeOf(s));
      if (this.anyParent[s] === s) break;
    }
    return { path: path.reverse(), cost: this.anyG[last] };
  }
}

/** Runs a whole Lazy Theta* query at once (same result as stepping a LazyThetaRun to the end). */
export function findPathLazyTheta(space: GridSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx?: SearchContext): SearchResult {
  return new LazyThetaRun(space, start, goal, options, ctx).step();
}
