import { now } from '../clock.ts';
import { resolveSearchOptions, type SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { CLOSED as CLOSED_STATE, OPEN as OPEN_STATE, PAGE_BITS as PAGE_BITS_, SearchContext } from './SearchContext.ts';
import type { NeighborSink, SearchSpace } from './space.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import { ImmediateStack } from './immediateStack.ts';

/**
 * Open-list key of a node: one double, so the heap compares once per step.
 *   integer part  f = g + w*h rounded to 2^-24 (`fKey`): paths of equal cost tie exactly
 *                 despite floating-point noise, and two nodes are misordered only when their
 *                 f differ by less than 6e-8;
 *   fraction      the tie-break (`tieFraction`), in [0, 0.5): with 'low-h' it grows with h,
 *                 so among equal f the node nearer the goal comes first; with 'none' it is 0.
 * The fraction resolves h steps of 0.15 up to f ~ 1000 and saturates at h ~ 8000 world units:
 * past that, ties are broken less well, never f.
 */
const KEY_SCALE = 2 ** 24;
const TIE_SLOPE = 2 ** -14;

/** Integer part of an open-list key: f rounded to 2^-24. */
export const fKey = (f: number): number => Math.round(f * KEY_SCALE);
/** Fraction part of an open-list key: the tie-break. */
export const tieFraction = (hw: number, lowH: boolean): number => (lowH ? Math.min(hw * TIE_SLOPE, 0.49) : 0);

/**
 * Starts a search in `ctx`: a new generation sized for `space`, and `start` open at g = 0 with
 * its key on the heap. Shared by every run over a SearchContext (A*, JPS, Lazy Theta*), so
 * their keys and tie-breaks agree. Returns the start's slot.
 */
export function openStart(ctx: SearchContext, space: SearchSpace, start: number, weight: number, lowH: boolean): number {
  ctx.begin(space.nodeCount);
  const s = ctx.slot(start);
  ctx.g[s] = 0;
  ctx.parent[s] = -1;
  ctx.via[s] = 0;
  ctx.state[s] = OPEN_STATE;
  const h0 = weight * space.estimate(start);
  ctx.heap.push(s, fKey(h0) + tieFraction(h0, lowH));
  return s;
}
// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const CLOSED = CLOSED_STATE;
const OPEN = OPEN_STATE;
const PAGE_BITS = PAGE_BITS_;
const PAGE_MASK = (1 << PAGE_BITS) - 1;
const C_A = Math.sqrt(3) - Math.SQRT2;
const C_B = Math.SQRT2 - 1;
/** Slots one grid expansion may allocate: 26 neighbours in at most 27 fresh pages. */
const GRID_EXPANSION_SLOTS = 27 << PAGE_BITS;

/**
 * One A* query that can be advanced in slices: `step(n)` expands at most n nodes and returns
 * 'running' until the search ends. Slicing never changes the result: `step()` once and
 * `step(1)` repeatedly expand the same nodes in the same order.
 *
 * Closed nodes are never reopened: with a consistent heuristic (every `exact` one) the result
 * is optimal; with weight w >= 1 its cost is at most w x optimal.
 */
export class AStarRun implements NeighborSink {
  readonly space: SearchSpace;
  readonly ctx: SearchContext;
  readonly start: number;
  readonly goal: number;
  readonly options: SearchOptions;
  private readonly gen: number;
  private readonly weight: number;
  private readonly lowH: boolean;
  private status: SearchStatus = 'running';
  private expanded = 0;
  private generated = 0;
  private elapsedMs = 0;
  private final: SearchResult | null = null;
  /** Slot and cost of the node being expanded (read by relax). */
  private us = -1;
  private gu = 0;
  /** Integer part of the key being expanded (f rounded, without the tie fraction). */
  private key = 0;
  /** Successors with the key being expanded, expanded next (ImmediateStack). */
  private readonly stack = new ImmediateStack();
  /** Set when the space is a voxel grid: its expansions take the fused path below. */
  private readonly grid: GridSpace | null;

  constructor(space: SearchSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx = new SearchContext()) {
    for (const [name, node] of [['start', start], ['goal', goal]] as const) {
      if (!Number.isInteger(node) || node < 0 || node >= space.nodeCount) throw new RangeError(`${name}: node ${node} is outside [0, ${space.nodeCount})`);
      if (!space.isTraversable(node)) throw new RangeError(`${name}: node ${node} is blocked`);
    }
    this.space = space;
    this.ctx = ctx;
    this.start = start;
    this.goal = goal;
    this.options = resolveSearchOptions(options);
    this.weight = this.options.weight;
    this.lowH = this.options.tieBreak === 'low-h';
    this.grid = space instanceof GridSpace ? space : null;
    space.setGoal(goal, this.options.heuristic);
    openStart(ctx, space, start, this.weight, this.lowH);
    this.gen = ctx.gen;
    this.generated = 1;
  }

  get done(): boolean {
    return this.status !== 'running';
  }

  /** Expands at most `maxExpansions` nodes; returns the final result or a 'running' snapshot. */
  step(maxExpansions = Infinity): SearchResult {
    if (this.final) return this.final;
    const ctx = this.ctx;
    if (ctx.gen !== this.gen) throw new Error('AStarRun.step: its SearchContext was reused by another search');
    const t0 = now();
    const heap = ctx.heap;
    const budget = this.options.maxExpansions;
    const goal = this.goal;
    const space = this.space;
    const grid = this.grid;
    const stack = this.stack;
    let n = 0;
    let end: SearchStatus | null = null;
    for (;;) {
      const s = stack.next(ctx.state, heap);
      if (s < 0) { end = 'unreachable'; break; }
      const u = ctx.nodeOf(s);
      if (u === goal) { end = 'found'; break; }
      if (this.expanded >= budget) { end = 'partial'; break; }
      if (n >= maxExpansions) break;
      this.key = stack.take(heap, this.key);
      ctx.state[s] = CLOSED;
      this.expanded++;
      n++;
      if (grid !== null) {
        this.expandGrid(grid, s, u);
      } else {
        this.us = s;
        this.gu = ctx.g[s];
        space.expand(u, this);
      }
    }
    this.elapsedMs += now() - t0;
    if (end === null) return this.snapshot('running');
    return this.finish(end);
  }

  /** Stops the run: the result is 'cancelled' with the path to the nearest closed node. */
  cancel(): SearchResult {
    return this.final ?? this.finish('cancelled');
  }

  /** Offers successor `v` of the node being expanded, reached by an edge of cost `w`. */
  relax(v: number, w: number): void {
    const ctx = this.ctx;
    const s = ctx.slot(v);
    const st = ctx.state[s];
    if (st === CLOSED) return;
    const ng = this.gu + w;
    if (st === OPEN) {
      if (ng >= ctx.g[s]) return;
    } else {
      ctx.state[s] = OPEN;
    }
    ctx.g[s] = ng;
    ctx.parent[s] = this.us;
    this.generated++;
    const hw = this.weight * this.space.estimate(v);
    const f = fKey(ng + hw);
    if (this.lowH && f === this.key) this.stack.push(s);
    else ctx.heap.push(s, f + tieFraction(hw, this.lowH));
  }

  /**
   * The grid fast path: GridSpace.expand + relax fused into one loop, with the neighbour's
   * coordinates known from the move (no index decoding for the heuristic). Same successors in
   * the same order with the same keys as the generic path, so results are identical.
   */
  private expandGrid(space: GridSpace, us: number, u: number): void {
    const ctx = this.ctx;
    ctx.reserve(ctx.slotCount + GRID_EXPANSION_SLOTS);
    const { g, parent, state, via, pageGen, pageBase, heap, gen } = ctx;
    const z = Math.floor((u + 0.5) * space.invXY);
    const r = u - z * space.XY;
    const y = Math.floor((r + 0.5) * space.invX);
    const x = r - y * space.grid.X;
    const blocked = space.blockedMask(x, y, z);
    const need = space.moveNeed;
    const off = space.moveOffset;
    const cost = space.moveCost;
    const delta = space.moveDelta;
    const terrain = space.grid.terrain;
    const gu = g[us];
    const weight = this.weight;
    const lowH = this.lowH;
    const curKey = this.key;
    const n = need.length;
    const prune = space.pruneNeed;
    // Without terrain the triangle inequality makes pruned moves no-ops; with terrain it may not.
    const pruneRow = terrain === null && via[us] > 0 ? (via[us] - 1) * n : -1;
    const exact26 = space.hKind === 0;
    const gx = space.gx, gy = space.gy, gz = space.gz, cs = space.grid.cellSize;
    let generated = 0;
    for (let k = 0; k < n; k++) {
      if ((blocked & need[k]) !== 0) continue;
      if (pruneRow >= 0) {
        const m = prune[pruneRow + k];
        if (m !== -1 && (blocked & m) === 0) continue;
      }
      const v = u + off[k];
      const p = v >> PAGE_BITS;
      const s = pageGen[p] === gen ? pageBase[p] + (v & PAGE_MASK) : ctx.slot(v);
      const st = state[s];
      if (st === CLOSED) continue;
      const ng = gu + (terrain === null ? cost[k] : cost[k] * terrain[v]);
      if (st === OPEN) {
        if (ng >= g[s]) continue;
      } else {
        state[s] = OPEN;
      }
      g[s] = ng;
      parent[s] = us;
      via[s] = k + 1;
      generated++;
      let h: number;
      if (exact26) {
        // Inlined 26-neighbour exact distance (gridDistance), with branch-free sorting.
        const a = Math.abs(x + delta[3 * k] - gx);
        const b = Math.abs(y + delta[3 * k + 1] - gy);
        const c = Math.abs(z + delta[3 * k + 2] - gz);
        const lo = Math.min(a, b, c);
        const hi = Math.max(a, b, c);
        h = (C_A * lo + C_B * (a + b + c - lo - hi) + hi) * cs;
      } else {
        h = space.estimateAt(x + delta[3 * k], y + delta[3 * k + 1], z + delta[3 * k + 2]);
      }
      const hw = weight * h;
      const f = fKey(ng + hw);
      if (lowH && f === curKey) this.stack.push(s);
      else heap.push(s, f + tieFraction(hw, lowH));
    }
    this.generated += generated;
  }

  private snapshot(status: SearchStatus): SearchResult {
    return { status, path: [], cost: 0, expanded: this.expanded, generated: this.generated, elapsedMs: this.elapsedMs };
  }

  private finish(status: SearchStatus): SearchResult {
    const t0 = now();
    const ctx = this.ctx;
    const last = status === 'found' ? ctx.find(this.goal) : this.nearestClosed();
    const path: number[] = [];
    for (let s = last; s >= 0; s = ctx.parent[s]) path.push(ctx.nodeOf(s));
    path.reverse();
    this.status = status;
    this.elapsedMs += now() - t0;
    this.final = { ...this.snapshot(status), path, cost: ctx.g[last] };
    return this.final;
  }

  /** Closed slot nearest the goal in a straight line (ties: lower cost); the start if none. */
  private nearestClosed(): number {
    const { state, g } = this.ctx;
    let best = this.ctx.find(this.start);
    let bestD = Infinity;
    let bestG = Infinity;
    for (let s = 0; s < this.ctx.slotCount; s++) {
      if (state[s] !== CLOSED) continue;
      const d = this.space.distanceToGoal(this.ctx.nodeOf(s));
      if (d < bestD || (d === bestD && g[s] < bestG)) {
        best = s;
        bestD = d;
        bestG = g[s];
      }
    }
    return best;
  }
}

/** Runs a whole query at once (same result as stepping an AStarRun to the end). */
export function findPath(space: SearchSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx?: SearchContext): SearchResult {
  return new AStarRun(space, start, goal, options, ctx).step();
}
