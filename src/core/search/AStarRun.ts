import type { SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { CLOSED as CLOSED_STATE, OPEN as OPEN_STATE, PAGE_BITS as PAGE_BITS_, SearchContext } from './SearchContext.ts';
import { fKey, SearchRun, tieFraction, type RunPath } from './SearchRun.ts';
import type { Lattice, NeighborSink, SearchSpace } from './space.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const CLOSED = CLOSED_STATE;
const OPEN = OPEN_STATE;
const PAGE_BITS = PAGE_BITS_;
const PAGE_MASK = (1 << PAGE_BITS) - 1;
const F_KEY = fKey;
const TIE_FRACTION = tieFraction;
/** Slots one lattice expansion may allocate: 26 neighbours in at most 27 fresh pages. */
const LATTICE_EXPANSION_SLOTS = 27 << PAGE_BITS;

/**
 * One A* query that can be advanced in slices: `step(n)` expands at most n nodes and returns
 * 'running' until the search ends (SearchRun holds the loop and the bookkeeping).
 *
 * Closed nodes are never reopened: with a consistent heuristic (every `exact` one) the result
 * is optimal; with weight w >= 1 its cost is at most w x optimal. A space that offers a
 * `lattice` (a voxel grid) is expanded through its move table in one fused loop; any other
 * through its `expand`, one `relax` call per successor. Both give the same successors in the
 * same order with the same keys, so the same result.
 */
export class AStarRun extends SearchRun implements NeighborSink {
  /** A* (Dijkstra with heuristic 'zero'; the waypoint graph's run too). */
  readonly algorithm = 'astar';
  /** Slot and cost of the node being expanded (read by relax). */
  #us = -1;
  #gu = 0;
  /** The space's move table when it offers one (the fused path). */
  readonly #lattice: Lattice | null;

  /**
   * A resumable A* run from node `start` to node `goal` of `space` (advance it with `step`); options and endpoints are
   * checked (NavlabError usage, or query for a blocked endpoint). `ctx` holds the search state and may be reused across
   * runs.
   */
  constructor(space: SearchSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx = new SearchContext()) {
    super(space, start, goal, options, ctx);
    this.#lattice = space.lattice ?? null;
  }

  protected expandNode(s: number, u: number): void {
    const lattice = this.#lattice;
    if (lattice !== null) {
      this.#expandLattice(lattice, s, u);
    } else {
      this.#us = s;
      this.#gu = this.ctx.g[s];
      this.space.expand(u, this);
    }
  }

  /** Offers successor `v` of the node being expanded, reached by an edge of cost `w`. */
  relax(v: number, w: number): void {
    const ctx = this.ctx;
    const s = ctx.slot(v);
    const st = ctx.state[s];
    if (st === CLOSED) return;
    const ng = this.#gu + w;
    if (st === OPEN) {
      if (ng >= ctx.g[s]) return;
    } else {
      ctx.state[s] = OPEN;
    }
    ctx.g[s] = ng;
    ctx.parent[s] = this.#us;
    this.generated++;
    const hw = this.weight * this.space.estimate(v);
    const f = F_KEY(ng + hw);
    if (this.lowH && f === this.key) this.stack.push(s);
    else ctx.heap.push(s, f + TIE_FRACTION(hw, this.lowH));
  }

  /**
   * The fused path: the lattice's expansion + relax in one loop, with the neighbour's
   * coordinates known from the move (no index decoding for the heuristic). Same successors in
   * the same order with the same keys as the generic path, so results are identical.
   */
  #expandLattice(space: Lattice, us: number, u: number): void {
    const ctx = this.ctx;
    ctx.reserve(ctx.slotCount + LATTICE_EXPANSION_SLOTS);
    const { g, parent, state, via, pageBase, heap } = ctx;
    const z = Math.floor((u + 0.5) * space.invXY);
    const r = u - z * space.XY;
    const y = Math.floor((r + 0.5) * space.invX);
    const x = r - y * space.grid.X;
    const blocked = space.blockedMask(x, y, z);
    const need = space.moveNeed;
    const delta = space.moveDelta;
    const terrain = space.grid.terrain;
    const gu = g[us];
    const weight = this.weight;
    const lowH = this.lowH;
    const curKey = this.key;
    const stack = this.stack;
    const n = need.length;
    const prune = space.pruneNeed;
    // Without terrain the triangle inequality makes pruned moves no-ops; with terrain it may not.
    const pruneRow = terrain === null && via[us] > 0 ? (via[us] - 1) * n : -1;
    // A free block leaves only the moves its arrival move never prunes (one list per arrival
    // move), with nothing to test. Otherwise every move, tested one by one.
    const row = blocked === 0 && pruneRow >= 0 ? via[us] : 0;
    const test = row === 0;
    const list = space.moveList;
    const listOff = space.moveListOffset;
    const listCost = space.moveListCost;
    const listEnd = space.moveListStart[row + 1];
    // The space's heuristic, called directly (the JIT inlines it): values equal `estimateAt`.
    const estimate = space.cellEstimate;
    const cs = space.grid.cellSize,
      sq = space.squaredScale;
    const ex = x - space.gx,
      ey = y - space.gy,
      ez = z - space.gz;
    let generated = 0;
    for (let i = space.moveListStart[row]; i < listEnd; i++) {
      if (test) {
        // Row 0 lists every move in table order (moveList[i] = i): index the tables by i.
        if ((blocked & need[i]) !== 0) continue;
        if (pruneRow >= 0) {
          const m = prune[pruneRow + i];
          if (m !== -1 && (blocked & m) === 0) continue;
        }
      }
      const v = u + listOff[i];
      const base = pageBase[v >> PAGE_BITS];
      const s = base >= 0 ? base + (v & PAGE_MASK) : ctx.slot(v);
      const st = state[s];
      if (st === CLOSED) continue;
      const ng = gu + (terrain === null ? listCost[i] : listCost[i] * terrain[v]);
      if (st === OPEN) {
        if (ng >= g[s]) continue;
      } else {
        state[s] = OPEN;
      }
      const k = list[i];
      g[s] = ng;
      parent[s] = us;
      via[s] = k + 1;
      generated++;
      const hw = weight * (estimate(ex + delta[3 * k], ey + delta[3 * k + 1], ez + delta[3 * k + 2]) * cs * sq);
      const f = F_KEY(ng + hw);
      if (lowH && f === curKey) stack.push(s);
      else heap.push(s, f + TIE_FRACTION(hw, lowH));
    }
    this.generated += generated;
  }

  protected resultPath(status: SearchStatus): RunPath {
    const ctx = this.ctx;
    const last = status === 'found' ? ctx.find(this.goal) : this.nearestClosed(ctx.g);
    return { path: this.parentPath(last, ctx.parent), cost: ctx.g[last] };
  }
}

/** Runs a whole query at once (same result as stepping an AStarRun to the end). */
export function findPath(
  space: SearchSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): SearchResult {
  return new AStarRun(space, start, goal, options, ctx).step();
}
