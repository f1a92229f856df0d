import { NavlabError } from '../errors.ts';
import { centreSightThrough, sightData, type SightData } from '../grid/centreSight.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { checkGridSpace, JpsRun } from './JpsRun.ts';
import { CLOSED, SearchContext } from './SearchContext.ts';
import type { RunPath } from './SearchRun.ts';
import { grown } from '../math/grown.ts';

/**
 * Why Lazy Theta* cannot run on `space`, or null: it needs corner cutting forbidden (its
 * segments obey the closed-box rule, which for unit moves is exactly that rule) and no
 * terrain costs (segment cost is Euclidean length only).
 */
export function lazyThetaUnsupported(space: GridSpace): string | null {
  if (space.cornerCutting !== 'forbid')
    return `lazy-theta supports only corner cutting 'forbid' (corner cutting '${space.cornerCutting}' is unsupported)`;
  const t = space.grid.terrain;
  if (t !== null) {
    for (let i = 0; i < t.length; i++)
      if (t[i] !== 1) return 'lazy-theta does not support terrain costs (the grid has voxels with a cost multiplier other than 1)';
  }
  return null;
}

/** The 26-neighbour view of each space the jump points of its Lazy Theta* runs are found in. */
const jumpViews = new WeakMap<GridSpace, GridSpace>();

/**
 * The space Lazy Theta* finds its jump points in: `space` itself when it has 26 neighbours,
 * else a 26-neighbour view of its grid (kept per space); a usage error when it cannot run.
 */
function jumpSpace(space: GridSpace): GridSpace {
  checkGridSpace('LazyThetaRun', space);
  const why = lazyThetaUnsupported(space);
  if (why !== null) throw new NavlabError('unsupported', why);
  if (space.neighborhood === 26) return space;
  let view = jumpViews.get(space);
  if (view === undefined) {
    view = new GridSpace(space.grid, { neighborhood: 26, cornerCutting: 'forbid', components: space.components ?? undefined });
    jumpViews.set(space, view);
  }
  return view;
}

/** Any-angle label arrays per search context, reused by its next Lazy Theta* run. */
const anyLabels = new WeakMap<SearchContext, { anyG: Float64Array; anyParent: Int32Array }>();

/**
 * Any-angle search on a voxel grid: Lazy Theta* (Nash, Koenig and Tovey, "Lazy Theta*:
 * Any-Angle Path Planning and Path Length Analysis in 3D", AAAI 2010) over the jump points of
 * jump point search, so that its path is never longer than the grid optimum.
 *
 * The run is a JpsRun (on a 26-neighbour view of the grid when the space has fewer
 * neighbours: its optimum is never longer than theirs) whose jump points also carry an
 * any-angle label:
 *   grid label   ctx.g / ctx.parent: the jump search's, so the goal's is the grid optimum.
 *   any-angle    anyG / anyParent, set when the jump point is expanded. Jump point u with
 *                jump parent p first assumes p's any-angle parent q, with cost anyG(q) +
 *                |q u|, and checks that q sees u (once: the lazy check). If the segment q-u is
 *                not legal, u takes p itself: anyG(p) + |p u| (the jump from p to u is a
 *                straight or diagonal run, a legal segment).
 * Invariant: anyG <= the grid label. (Through q: anyG(q) + |q u| <= anyG(q) + |q p| + |p u| =
 * anyG(p) + |p u| <= g(p) + |p u| = g(u).) Searching jump points rather than every voxel
 * checks far fewer segments: Lazy Theta* over every voxel spends most of its time in these
 * checks. Its corners are then fewer, so the path's corners are straightened last: a corner
 * is dropped where the corner before it sees the one after (each removal shortens the path).
 * So the path is never longer than the grid optimum; where floating-point rounding makes it
 * longer by an ulp, the grid path is returned instead.
 *
 * A segment between voxel centres is legal when every voxel whose closed box it touches is
 * free (centreSight: through an edge or a corner, every voxel sharing it). The path
 * lists the voxels whose centres are its corners; `cost` = sum of segment lengths x cellSize.
 * Unreached goals end at the voxel JpsRun ends at (the one nearest the goal that the expanded
 * jump points' runs passed), through the any-angle path of the jump point whose run passed it.
 */
export class LazyThetaRun extends JpsRun {
  /** Lazy Theta*: any-angle paths between voxel centres, on the JPS expansion. */
  override readonly algorithm = 'lazy-theta';
  #anyG: Float64Array;
  #anyParent: Int32Array;
  /** Line-of-sight checks made so far. */
  losChecks = 0;
  /** Called after each line-of-sight check (from node, to node, legal); for the watched view. */
  onLineOfSight: ((from: number, to: number, legal: boolean) => void) | null = null;
  /** The grid's sight data, fetched once per slice (the grid does not change within one). */
  #sight: SightData | null = null;

  /**
   * A resumable Lazy Theta* run on a voxel grid, from voxel index `start` to `goal` (the grids JpsRun supports; others
   * throw a NavlabError unsupported).
   */
  constructor(space: GridSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx = new SearchContext()) {
    super(jumpSpace(space), start, goal, options, ctx);
    const kept = anyLabels.get(ctx);
    this.#anyG = kept?.anyG ?? new Float64Array(0);
    this.#anyParent = kept?.anyParent ?? new Int32Array(0);
    this.#fit();
    const s = this.startSlot;
    this.#anyG[s] = 0;
    this.#anyParent[s] = s;
  }

  /**
   * The any-angle parent of a jump point this run reached (the start is its own parent), or
   * -1. Verified for a closed one; for an open one, the parent it will assume (its jump
   * parent's). For debug views: it reads the run's labels, it does not search.
   */
  anyAngleParent(node: number): number {
    const ctx = this.ctx;
    const s = ctx.gen === this.gen ? ctx.find(node) : -1;
    if (s < 0) return -1;
    const labelled = s === this.startSlot || ctx.state[s] === CLOSED;
    return ctx.nodeOf(this.#anyParent[labelled ? s : ctx.parent[s]]);
  }

  /**
   * Grows the any-angle labels with the context's slot arrays. They are kept per context for
   * the next run (a slot's label is written before it is read in every run).
   */
  #fit(): void {
    const cap = this.ctx.g.length;
    if (this.#anyG.length >= cap) return;
    this.#anyG = grown(this.#anyG, cap);
    this.#anyParent = grown(this.#anyParent, cap);
    anyLabels.set(this.ctx, { anyG: this.#anyG, anyParent: this.#anyParent });
  }

  protected beginSlice(): void {
    super.beginSlice();
    this.#sight = sightData(this.space.grid);
  }

  /** Whether the centres of voxels a and b see each other (counted and reported). */
  #sees(a: number, b: number): boolean {
    const pa = this.decode(a, 0);
    const pb = this.decode(b, 3);
    this.losChecks++;
    const legal = centreSightThrough((this.#sight ??= sightData(this.space.grid)), pa[0], pa[1], pa[2], pb[3], pb[4], pb[5]);
    this.onLineOfSight?.(a, b, legal);
    return legal;
  }

  /** Distance between the centres of voxels a and b, in world units. */
  #distance(a: number, b: number): number {
    const p = this.decode(a, 0);
    const q = this.decode(b, 3);
    const dx = p[0] - q[3],
      dy = p[1] - q[4],
      dz = p[2] - q[5];
    return Math.sqrt(dx * dx + dy * dy + dz * dz) * this.space.grid.cellSize;
  }

  /**
   * Sets jump point u's any-angle label (slot s, its jump parent closed): its jump parent's
   * any-angle parent q when q sees u, else the jump parent itself.
   */
  #label(s: number, u: number): void {
    const ctx = this.ctx;
    const p = ctx.parent[s];
    if (p < 0) return;
    this.#fit();
    const q = this.#anyParent[p];
    const via = q !== p && this.#sees(ctx.nodeOf(q), u) ? q : p;
    this.#anyG[s] = this.#anyG[via] + this.#distance(ctx.nodeOf(via), u);
    this.#anyParent[s] = via;
  }

  protected expandNode(s: number, u: number): void {
    // The fallback pass re-scans closed jump points, already labelled.
    if (!this.tracking) this.#label(s, u);
    super.expandNode(s, u);
  }

  /**
   * The any-angle path to the goal (labelled first) or, for an unreached goal, to the voxel
   * JpsRun ends at; its corners straightened.
   */
  protected resultPath(status: SearchStatus): RunPath {
    const ctx = this.ctx;
    let last: number;
    let gridCost: number;
    let tail = -1;
    if (status === 'found') {
      last = ctx.find(this.goal);
      this.#label(last, this.goal);
      gridCost = ctx.g[last];
    } else {
      const best = this.nearestScanned();
      last = best.from;
      gridCost = best.g;
      if (best.node !== ctx.nodeOf(last)) tail = best.node;
    }
    const corners: number[] = [];
    for (let s = last; ; s = this.#anyParent[s]) {
      corners.push(ctx.nodeOf(s));
      if (this.#anyParent[s] === s) break;
    }
    corners.reverse();
    if (tail >= 0) corners.push(tail);
    const path = this.#straighten(corners);
    let cost = 0;
    for (let i = 1; i < path.length; i++) cost += this.#distance(path[i - 1], path[i]);
    // Rounding only (every step above keeps the length <= the grid label's).
    if (!(cost <= gridCost)) return super.resultPath(status);
    return { path, cost };
  }

  /** The corners without those the corner before sees past (greedy, from the start). */
  #straighten(corners: number[]): number[] {
    const out = [corners[0]];
    for (let i = 1; i < corners.length; i++) {
      if (i + 1 < corners.length && this.#sees(out[out.length - 1], corners[i + 1])) continue;
      out.push(corners[i]);
    }
    return out;
  }
}

/** Runs a whole Lazy Theta* query at once (same result as stepping a LazyThetaRun to the end). */
export function findPathLazyTheta(
  space: GridSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): SearchResult {
  return new LazyThetaRun(space, start, goal, options, ctx).step();
}
