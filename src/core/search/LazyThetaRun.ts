import { NavlabError } from '../errors.ts';
import { centreSightThrough, sightData, type SightData } from '../grid/centreSight.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { AStarRun } from './AStarRun.ts';
import { CLOSED, SearchContext } from './SearchContext.ts';
import type { RunPath } from './SearchRun.ts';

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
 *   grid label   ctx.g / ctx.parent: plain A* over the grid moves (this run is an AStarRun),
 *                so nodes close in A*'s order and the goal's grid label is the grid optimum.
 *   any-angle    anyG / anyParent: Lazy Theta*'s label, set when the node is expanded. Node
 *                u with grid parent p first assumes p's any-angle parent q, with cost
 *                anyG(q) + |q u|, and checks that q sees u (once: the lazy check). If the
 *                segment q-u is not legal, u takes the best closed grid neighbour w instead,
 *                anyG(w) + step(w, u).
 * Invariant: a closed node's any-angle label is verified and anyG <= its grid cost. (Through
 * q: anyG(q) + |q u| <= anyG(q) + |q p| + |p u| = anyG(p) + |p u| <= g(p) + step(p, u) = g(u);
 * the fallback takes the minimum over closed neighbours, p among them.) So the goal's
 * any-angle path is never longer than the grid optimum; where floating-point rounding makes it
 * longer by an ulp, the grid path is returned instead. Unlike the paper's Lazy Theta*, a node
 * takes only its final grid parent's any-angle parent, not the best of every parent it was
 * offered: the expansion loop stays A*'s own, and the path is still never longer.
 *
 * A segment between voxel centres is legal when every voxel whose closed box it touches is
 * free (centreSight: through an edge or a corner, every voxel sharing it). The path
 * lists the voxels whose centres are its corners; `cost` = sum of segment lengths x cellSize.
 * Unreached goals end at the closed node nearest the goal (ties: lower any-angle cost).
 */
export class LazyThetaRun extends AStarRun {
  private readonly grid: GridSpace;
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
    this.grid = space;
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
   * Verified for a closed node; for an open one, the parent it will assume (its grid
   * parent's). For debug views: it reads the run's labels, it does not search.
   */
  anyAngleParent(node: number): number {
    const ctx = this.ctx;
    const s = ctx.gen === this.gen ? ctx.find(node) : -1;
    if (s < 0) return -1;
    const labelled = s === this.startSlot || ctx.state[s] === CLOSED;
    return ctx.nodeOf(this.anyParent[labelled ? s : ctx.parent[s]]);
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
    this.sight = sightData(this.grid.grid);
  }

  /**
   * Sets node u's any-angle label (slot s, its grid parent closed): its grid parent's
   * any-angle parent q when q sees u, else the best closed grid neighbour.
   */
  private label(s: number, u: number): void {
    const ctx = this.ctx;
    const p = ctx.parent[s];
    if (p < 0) return;
    this.fit();
    const anyG = this.anyG, anyParent = this.anyParent;
    const q = anyParent[p];
    const space = this.grid;
    const grid = space.grid;
    const a = this.coords(u, 0);
    if (q === p) {
      // The start's grid children: the move itself.
      anyG[s] = anyG[p] + space.moveCost[ctx.via[s] - 1];
      anyParent[s] = p;
      return;
    }
    const qn = ctx.nodeOf(q);
    const b = this.coords(qn, 3);
    this.losChecks++;
    const legal = centreSightThrough(this.sight ??= sightData(grid), b[3], b[4], b[5], a[0], a[1], a[2]);
    this.onLineOfSight?.(qn, u, legal);
    if (legal) {
      const dx = a[0] - b[3], dy = a[1] - b[4], dz = a[2] - b[5];
      anyG[s] = anyG[q] + Math.sqrt(dx * dx + dy * dy + dz * dz) * grid.cellSize;
      anyParent[s] = q;
      return;
    }
    const blocked = space.blockedMask(a[0], a[1], a[2]);
    const need = space.moveNeed;
    let best = Infinity;
    let bestW = -1;
    for (let k = 0; k < need.length; k++) {
      if ((blocked & need[k]) !== 0) continue;
      const w = ctx.find(u + space.moveOffset[k]);
      if (w < 0 || ctx.state[w] !== CLOSED) continue;
      const c = anyG[w] + space.moveCost[k];
      if (c < best) {
        best = c;
        bestW = w;
      }
    }
    // The grid parent is a closed neighbour reached by a legal move, so bestW >= 0.
    anyG[s] = best;
    anyParent[s] = bestW;
  }

  protected expandNode(s: number, u: number): void {
    this.label(s, u);
    super.expandNode(s, u);
  }

  private readonly xyz = [0, 0, 0, 0, 0, 0];
  /** Voxel coordinates of node u into xyz[at .. at+2]. */
  private coords(u: number, at: number): number[] {
    const space = this.grid;
    const z = Math.floor((u + 0.5) * space.invXY);
    const r = u - z * space.XY;
    const y = Math.floor((r + 0.5) * space.invX);
    this.xyz[at] = r - y * space.grid.X;
    this.xyz[at + 1] = y;
    this.xyz[at + 2] = z;
    return this.xyz;
  }

  /**
   * The goal's any-angle path (labelled first), or for an unreached goal the path to the
   * closed node nearest it (ties: lower any-angle cost).
   */
  protected resultPath(status: SearchStatus): RunPath {
    const ctx = this.ctx;
    let last: number;
    if (status === 'found') {
      last = ctx.find(this.goal);
      this.label(last, this.goal);
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
