import { checkInstance, checkInteger, checkObject, checkOptions, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { now } from '../clock.ts';
import type { Algorithm } from './algorithms.ts';
import { ImmediateStack } from './immediateStack.ts';
import { resolveSearchOptions, type SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { CLOSED as CLOSED_STATE, OPEN as OPEN_STATE, SearchContext } from './SearchContext.ts';
import type { SearchSpace } from './space.ts';
import type { ComponentGoal, GridSpace } from '../grid/GridSpace.ts';

const CLOSED = CLOSED_STATE;

/** The methods a SearchSpace must have (space.ts). */
const SPACE_METHODS = ['isTraversable', 'expand', 'setGoal', 'estimate', 'distanceToGoal', 'position'] as const;
/** What checkSearchSpace expects (made once: a run is made per query). */
const SPACE_EXPECTED = `a search space (nodeCount, ${SPACE_METHODS.join(', ')})`;

/** A usage error naming `what` unless `space` looks like a SearchSpace (a node count and its methods). */
function checkSearchSpace(what: string, space: unknown): void {
  const s = checkObject<Record<string, unknown>>(what, space, SPACE_EXPECTED);
  if (!Number.isInteger(s.nodeCount) || (s.nodeCount as number) < 0) throw usageError(`${what}.nodeCount`, 'an integer >= 0', s.nodeCount);
  for (const m of SPACE_METHODS) if (typeof s[m] !== 'function') throw usageError(`${what}.${m}`, 'a function', s[m]);
}

/**
 * The spaces runs checked (checkSearchSpace) and their node counts then: a later run on one skips
 * the check while the count is the same (a run is made per query: on trivial sparse queries the
 * constructor took 15% of the time, its argument checks and messages about a third of that). Weak:
 * a dropped space is not kept alive.
 */
const checkedSpaces = new WeakMap<object, number>();

/** A usage error naming `what` ('start: node' or 'goal: node') unless `node` is a node of `space` that is traversable. */
function checkEnd(what: string, node: number, space: SearchSpace): void {
  checkInteger(what, node, 0, space.nodeCount - 1);
  if (!space.isTraversable(node)) throw new NavlabError('usage', `${what} ${node} is blocked`);
}

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

/**
 * Integer part of an open-list key: f rounded to 2^-24 (half up). floor(x + 0.5) equals
 * Math.round(x) for keys (x >= 0.5 or 0, below 2^52) and is several per cent faster per node.
 */
export const fKey = (f: number): number => Math.floor(f * KEY_SCALE + 0.5);
/** Fraction part of an open-list key: the tie-break. */
export const tieFraction = (hw: number, lowH: boolean): number => (lowH ? Math.min(hw * TIE_SLOPE, 0.49) : 0);

/** Path and cost a finished run reports. */
export interface RunPath {
  path: number[];
  cost: number;
}

/**
 * What every run over a SearchContext shares (A*, JPS, Lazy Theta*): argument checks, the
 * start on the open list, and the step loop with its bookkeeping (expansion budget, counts,
 * status, timing, slicing with `step(n)`, the final result). A subclass supplies `expandNode`
 * (offer the successors of one closed node) and `resultPath` (path and cost at the end).
 *
 * Slicing never changes the result: `step()` once and `step(1)` repeatedly expand the same
 * nodes in the same order. Nodes come from the ImmediateStack first, then the heap.
 *
 * On a voxel grid, a goal in another free component than the start is known unreachable before
 * any search (componentCheck.ts): the run then heads for the closest reachable point (`goal`
 * becomes that voxel, `requestedGoal` keeps the one asked for) and reports 'unreachable' with
 * the path to it. Its `maxExpansions` budget counts the expansions of that search; 'partial' and
 * 'cancelled' then end at the closed node nearest the closest reachable point.
 */
export abstract class SearchRun<Space extends SearchSpace = SearchSpace> {
  /** The algorithm this run is (switch on it rather than on the run's class). */
  abstract readonly algorithm: Algorithm;
  declare readonly space: Space;
  declare readonly ctx: SearchContext;
  declare readonly start: number;
  /**
   * The node the search heads for: the requested goal, or the closest reachable point when the goal is in another
   * component (when several voxels are equally near, the run heads for all of them: the first of them until it ends,
   * then the one it reached).
   */
  declare readonly goal: number;
  /** The goal the run was asked for. */
  declare readonly requestedGoal: number;
  declare readonly options: SearchOptions;
  declare protected readonly gen: number;
  declare protected readonly weight: number;
  declare protected readonly lowH: boolean;
  protected status: SearchStatus = 'running';
  protected expanded = 0;
  protected generated = 1;
  protected elapsedMs = 0;
  protected final: SearchResult | null = null;
  /**
   * Integer part of the key being expanded (f rounded, without the tie fraction). Starts as -0,
   * a double, not a small integer: keys pass 2^31 (f above 128), and a field first holding a
   * small integer would change its representation then, deoptimizing every compiled search.
   */
  protected key = -0;
  /** Successors with the key being expanded, expanded next (ImmediateStack, on the context's array). */
  declare protected readonly stack: ImmediateStack;
  /** Slot of the start node. */
  declare protected readonly startSlot: number;
  /**
   * The component check's answer: null (reaching `goal` reports 'found'), or the closest reachable point, or the
   * equally near ones (`tied`: the run ends at the first it reaches), that the run heads for instead (reaching it
   * reports 'unreachable').
   */
  declare protected readonly other: ComponentGoal | null;

  constructor(space: Space, start: number, goal: number, options: Partial<SearchOptions>, ctx: SearchContext) {
    // The space's and the context's messages are made only when their check fails.
    const known = typeof space === 'object' && space !== null ? checkedSpaces.get(space) : undefined;
    if (known === undefined || known !== space.nodeCount) {
      checkSearchSpace(`${new.target.name}: space`, space);
      checkedSpaces.set(space, space.nodeCount);
    }
    if (!(ctx instanceof SearchContext)) checkInstance(`${new.target.name}: ctx`, ctx, SearchContext);
    checkOptions(`${new.target.name}: options`, options);
    checkEnd('start: node', start, space);
    checkEnd('goal: node', goal, space);
    this.space = space;
    this.ctx = ctx;
    this.stack = new ImmediateStack(ctx);
    this.start = start;
    this.requestedGoal = goal;
    this.options = resolveSearchOptions(options);
    this.weight = this.options.weight;
    this.lowH = this.options.tieBreak === 'low-h';
    // A grid space with a component check (GridSearchSettings.components) answers unreachable goals before any search.
    const check = space.kind === 'grid' ? (space as unknown as GridSpace).components : null;
    const other = check ? check(space as unknown as GridSpace, start, goal, this.options.tieBreak, this.options) : null;
    this.other = other;
    if (other !== null) {
      goal = other.target;
      this.elapsedMs = other.ms;
    }
    this.goal = goal;
    // Equally near voxels: the check aimed the space at all of them.
    if (!other?.tied) space.setGoal(goal, this.options.heuristic);
    ctx.begin(space.nodeCount);
    const s = ctx.slot(start);
    ctx.g[s] = 0;
    ctx.parent[s] = -1;
    ctx.via[s] = 0;
    ctx.state[s] = OPEN_STATE;
    const h0 = this.weight * space.estimate(start);
    ctx.heap.push(s, fKey(h0) + tieFraction(h0, this.lowH));
    this.startSlot = s;
    this.gen = ctx.gen;
  }

  get done(): boolean {
    return this.status !== 'running';
  }

  /** Expands at most `maxExpansions` nodes; returns the final result or a 'running' snapshot. */
  step(maxExpansions = Infinity): SearchResult {
    if (typeof maxExpansions !== 'number' || !(maxExpansions >= 0))
      throw usageError(`${this.constructor.name}.step: maxExpansions`, 'a number >= 0 (Infinity: to the end)', maxExpansions);
    if (this.final) return this.final;
    const ctx = this.ctx;
    if (ctx.gen !== this.gen)
      throw new NavlabError('usage', `${this.constructor.name}.step: its SearchContext was reused by another search`);
    const t0 = now();
    this.beginSlice();
    const heap = ctx.heap;
    const budget = this.options.maxExpansions;
    const goal = this.goal;
    const tied = this.other?.tied;
    const stack = this.stack;
    let n = 0;
    let end: SearchStatus | null = null;
    for (;;) {
      const s = stack.next(ctx.state, heap);
      if (s < 0) {
        end = 'unreachable';
        break;
      }
      const u = ctx.nodeOf(s);
      if (u === goal || tied?.has(u)) {
        (this as { goal: number }).goal = u;
        end = 'found';
        break;
      }
      if (this.expanded >= budget) {
        end = 'partial';
        break;
      }
      if (n >= maxExpansions) break;
      this.key = stack.take(heap, this.key);
      ctx.state[s] = CLOSED;
      this.expanded++;
      n++;
      this.expandNode(s, u);
    }
    // One timed region per slice: the loop and, when the run ends, building its result.
    return this.#stamp(t0, end === null ? this.#result('running', [], 0) : this.#finish(end));
  }

  /** Stops the run: the result is 'cancelled' with the path to the nearest closed node. */
  cancel(): SearchResult {
    if (this.final) return this.final;
    return this.#stamp(now(), this.#finish('cancelled'));
  }

  /** Called at the start of every slice, inside its timed region. */
  protected beginSlice(): void {}

  /** Offers the successors of node u (slot s), just closed. */
  protected abstract expandNode(s: number, u: number): void;

  /** Path and cost of the finished run (`status` is not 'running'). */
  protected abstract resultPath(status: SearchStatus): RunPath;

  /** `r` with the time since `t0` added to the run's (one timed region per slice, its result included). */
  #stamp(t0: number, r: SearchResult): SearchResult {
    this.elapsedMs += now() - t0;
    r.elapsedMs = this.elapsedMs;
    return r;
  }

  /** A result with the run's counts (elapsedMs: set by `stamp`). */
  #result(status: SearchStatus, path: number[], cost: number): SearchResult {
    return { status, path, cost, expanded: this.expanded, generated: this.generated, elapsedMs: this.elapsedMs };
  }

  #finish(end: SearchStatus): SearchResult {
    const { path, cost } = this.resultPath(end);
    this.status = end === 'found' && this.other ? 'unreachable' : end;
    this.final = this.#result(this.status, path, cost);
    return this.final;
  }

  /** Nodes from the start to slot `last` along `parent` slots (-1 ends). */
  protected parentPath(last: number, parent: Int32Array): number[] {
    const ctx = this.ctx;
    const path: number[] = [];
    for (let s = last; s >= 0; s = parent[s]) path.push(ctx.nodeOf(s));
    return path.reverse();
  }

  /**
   * Closed slot nearest the goal in a straight line (ties: lower `cost[slot]`); the start if
   * none. The fallback of a run that ends without the goal.
   */
  protected nearestClosed(cost: Float64Array): number {
    const ctx = this.ctx;
    const state = ctx.state;
    let best = this.startSlot;
    let bestD = Infinity;
    let bestG = Infinity;
    for (let s = 0; s < ctx.slotCount; s++) {
      if (state[s] !== CLOSED) continue;
      const d = this.space.distanceToGoal(ctx.nodeOf(s));
      if (d < bestD || (d === bestD && cost[s] < bestG)) {
        best = s;
        bestD = d;
        bestG = cost[s];
      }
    }
    return best;
  }
}
