import { NavlabError } from '../errors.ts';
import type { GridSpace } from '../grid/GridSpace.ts';
import { forcedAt, StraightJumper } from './jpsJump.ts';
import { jumpRules, type JumpRules } from './jpsRules.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult, SearchStatus } from './result.ts';
import { CLOSED as CLOSED_STATE, OPEN as OPEN_STATE, SearchContext } from './SearchContext.ts';
import { fKey, SearchRun, tieFraction, type RunPath } from './SearchRun.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const CLOSED = CLOSED_STATE;
const OPEN = OPEN_STATE;
const F_KEY = fKey;
const TIE_FRACTION = tieFraction;

/**
 * Why jump point search cannot run on `space`, or null when it can: it needs 26 neighbours,
 * corner cutting forbidden and no terrain costs (its pruning assumes every move of a given
 * direction costs the same).
 */
export function jpsUnsupported(space: GridSpace): string | null {
  if (space.neighborhood !== 26) return `jps supports only 26 neighbours (neighborhood ${space.neighborhood} is unsupported)`;
  if (space.cornerCutting !== 'forbid')
    return `jps supports only corner cutting 'forbid' (corner cutting '${space.cornerCutting}' is unsupported)`;
  const t = space.grid.terrain;
  if (t !== null) {
    for (let i = 0; i < t.length; i++)
      if (t[i] !== 1) return 'jps does not support terrain costs (the grid has voxels with a cost multiplier other than 1)';
  }
  return null;
}

/** A usage error naming `who` unless `space` is a voxel grid's space (kind 'grid'). */
export function checkGridSpace(who: string, space: GridSpace): void {
  if (space === null || typeof space !== 'object' || (space as { kind?: unknown }).kind !== 'grid')
    throw new NavlabError('usage', `${who}: space must be a GridSpace`);
}

/** `space` when jump point search can search it; a usage error otherwise. */
function supportedSpace(space: GridSpace): GridSpace {
  checkGridSpace('JpsRun', space);
  const why = jpsUnsupported(space);
  if (why !== null) throw new NavlabError('unsupported', why);
  return space;
}

/** All 26 directions: the start offers every legal move. */
const ALL_MOVES = (1 << 26) - 1;

/**
 * Jump point search on a 26-neighbour voxel grid without corner cutting (rules derived in
 * jpsRules.ts). Same interface and guarantees as AStarRun: `step(n)` expands at most n jump
 * points, slicing never changes the result, `maxExpansions` counts expanded jump points, and
 * with an admissible, consistent heuristic the cost is optimal.
 *
 * The returned path lists every voxel (the straight and diagonal runs between jump points are
 * filled in), so it reads like an A* path. A goal in another free component is 'unreachable'
 * with the optimal path to the closest reachable voxel (componentCheck.ts: the run is a found
 * search to that voxel). When a budget or a cancel ends the run first, the path ends at the
 * voxel nearest the goal (straight-line distance, then lower cost) among the voxels the
 * expanded jump points' scans passed; its cost is the cost of that path, which may exceed the
 * least cost of reaching that voxel.
 *
 * Search state: ctx.g / ctx.parent hold the cost and previous jump point of each jump point,
 * ctx.via 1 + the direction it was reached by (0 for the start).
 */
export class JpsRun extends SearchRun<GridSpace> {
  /** Jump point search ('lazy-theta' in the LazyThetaRun subclass). */
  readonly algorithm: 'jps' | 'lazy-theta' = 'jps';
  readonly #rules: JumpRules;
  readonly #jumper: StraightJumper;
  /** Per move: axis (0, 1, 2) and sign of a straight move; axis -1 for diagonal moves. */
  readonly #axis = new Int8Array(26);
  readonly #sign = new Int8Array(26);
  /** Voxels scanned so far (every step of every jump), for the views and benchmarks. */
  scanned = 0;
  /** Closest-voxel tracking, only while the fallback pass re-scans (see nearestScanned). */
  protected tracking = false;
  /** Jump point slot whose rays are being re-scanned, and its cost. */
  #from = -1;
  #fromG = 0;
  #best: { from: number; node: number; d2: number; g: number } | null = null;
  /** Called with each jump point found (node, from node); for the watched search view. */
  onJumpPoint: ((node: number, from: number) => void) | null = null;

  /**
   * A resumable Jump Point Search run on a voxel grid, from voxel index `start` to `goal`; a grid or rules it does not
   * support throw a NavlabError (unsupported) naming what is unsupported.
   */
  constructor(space: GridSpace, start: number, goal: number, options: Partial<SearchOptions> = {}, ctx = new SearchContext()) {
    super(supportedSpace(space), start, goal, options, ctx);
    this.#rules = jumpRules(space);
    this.#jumper = new StraightJumper(space, this.#rules, this.other?.tied ?? [this.goal]);
    for (let k = 0; k < 26; k++) {
      const d = space.moveDelta;
      const changed = (d[3 * k] !== 0 ? 1 : 0) + (d[3 * k + 1] !== 0 ? 1 : 0) + (d[3 * k + 2] !== 0 ? 1 : 0);
      const a = changed !== 1 ? -1 : d[3 * k] !== 0 ? 0 : d[3 * k + 1] !== 0 ? 1 : 2;
      this.#axis[k] = a;
      this.#sign[k] = a < 0 ? 0 : d[3 * k + a];
    }
  }

  protected beginSlice(): void {
    this.#jumper.refresh();
  }

  protected expandNode(s: number, u: number): void {
    const space = this.space;
    const ctx = this.ctx;
    const p = this.decode(u);
    const x = p[0],
      y = p[1],
      z = p[2];
    const blocked = space.blockedMask(x, y, z);
    // Successor directions: the natural ones for the arrival direction plus the forced ones (all from the start).
    const d = ctx.via[s] - 1;
    const dirs = d < 0 ? ALL_MOVES : this.#rules.natural[d] | forcedAt(this.#rules, space.moveNeed, d, blocked);
    const need = space.moveNeed;
    const delta = space.moveDelta;
    const gu = ctx.g[s];
    this.#from = s;
    this.#fromG = gu;
    for (let k = 0; k < 26; k++) {
      if (((dirs >> k) & 1) === 0 || (blocked & need[k]) !== 0) continue;
      const steps = this.#scan(x, y, z, u, k);
      if (steps === 0 || this.tracking) continue;
      const v = u + steps * space.moveOffset[k];
      const ng = gu + steps * space.moveCost[k];
      const vs = ctx.slot(v);
      const st = ctx.state[vs];
      if (st === CLOSED) continue;
      if (st === OPEN && ng >= ctx.g[vs]) continue;
      ctx.state[vs] = OPEN;
      ctx.g[vs] = ng;
      ctx.parent[vs] = s;
      ctx.via[vs] = k + 1;
      this.generated++;
      const hw = this.weight * space.estimateAt(x + steps * delta[3 * k], y + steps * delta[3 * k + 1], z + steps * delta[3 * k + 2]);
      ctx.heap.push(vs, F_KEY(ng + hw) + TIE_FRACTION(hw, this.lowH));
      this.onJumpPoint?.(v, u);
    }
  }

  /**
   * Follows direction k from voxel (x, y, z) = node u (the first move is legal); returns the
   * number of steps to the first jump point, or 0 when the ray ends at an obstacle. Straight
   * rays run until the goal or a voxel with a forced neighbour (StraightJumper). Diagonal rays
   * stop after one voxel: every diagonal voxel is a jump point. Full JPS would scan their
   * sub-directions from every voxel instead (O(L^2) to O(L^3) voxels per ray on the open
   * Warframe maps); stopping early is always safe, since a superset of the jump points keeps
   * every optimal path.
   */
  #scan(x: number, y: number, z: number, u: number, k: number): number {
    const a = this.#axis[k];
    let n = 1;
    let run = 1;
    if (a >= 0) {
      const r = this.#jumper.jump(x, y, z, k, a, this.#sign[k]);
      n = Math.max(r, 0);
      run = r > 0 ? r : -r;
    }
    this.scanned += run;
    if (this.tracking) this.#trackRun(u, x, y, z, k, run);
    return n;
  }

  readonly #xyz = [0, 0, 0, 0, 0, 0];
  /**
   * Voxel coordinates of node u into a shared array at [at, at + 3) (at 0 or 3: two voxels
   * decoded side by side), which it returns.
   */
  protected decode(u: number, at = 0): number[] {
    const space = this.space;
    const z = Math.floor((u + 0.5) * space.invXY);
    const r = u - z * space.XY;
    const y = Math.floor((r + 0.5) * space.invX);
    this.#xyz[at] = r - y * space.grid.X;
    this.#xyz[at + 1] = y;
    this.#xyz[at + 2] = z;
    return this.#xyz;
  }

  /**
   * Offers the voxel nearest the goal among the `run` voxels after u = (x, y, z) along move k
   * (d2 is convex along the run: the real minimiser rounded down and up covers it; ties go to
   * the fewer steps, the lower cost).
   */
  #trackRun(u: number, x: number, y: number, z: number, k: number, run: number): void {
    if (run === 0) return;
    const space = this.space;
    const d = space.moveDelta;
    const dx = d[3 * k],
      dy = d[3 * k + 1],
      dz = d[3 * k + 2];
    const ex = space.gx - x,
      ey = space.gy - y,
      ez = space.gz - z;
    const m0 = (dx * ex + dy * ey + dz * ez) / (dx * dx + dy * dy + dz * dz);
    for (const m of [Math.floor(m0), Math.ceil(m0)]) {
      const c = Math.min(Math.max(m, 1), run);
      this.#track(u + c * space.moveOffset[k], x + c * dx, y + c * dy, z + c * dz, c * space.moveCost[k]);
    }
  }

  #track(u: number, x: number, y: number, z: number, runCost: number): void {
    const space = this.space;
    const a = x - space.gx,
      b = y - space.gy,
      c = z - space.gz;
    const d2 = a * a + b * b + c * c;
    const g = this.#fromG + runCost;
    const best = this.#best;
    if (best !== null && (d2 > best.d2 || (d2 === best.d2 && g >= best.g))) return;
    this.#best = { from: this.#from, node: u, d2, g };
  }

  protected resultPath(status: SearchStatus): RunPath {
    if (status !== 'found') {
      const best = this.nearestScanned();
      const path = this.#jumpPath(best.from);
      if (path[path.length - 1] !== best.node) this.#appendRun(path, best.node);
      return { path, cost: best.g };
    }
    const last = this.ctx.find(this.goal);
    return { path: this.#jumpPath(last), cost: this.ctx.g[last] };
  }

  /** Voxels from the start to the jump point in slot `s`, runs between jump points filled in. */
  #jumpPath(s: number): number[] {
    const ctx = this.ctx;
    const points: number[] = [];
    for (let t = s; t >= 0; t = ctx.parent[t]) points.push(ctx.nodeOf(t));
    points.reverse();
    const path = [points[0]];
    for (let i = 1; i < points.length; i++) this.#appendRun(path, points[i]);
    return path;
  }

  /** Appends the straight or diagonal run from the path's last voxel to `to` (excluded start). */
  #appendRun(path: number[], to: number): void {
    const from = path[path.length - 1];
    this.decode(from, 0);
    const c = this.decode(to, 3);
    const dx = c[3] - c[0],
      dy = c[4] - c[1],
      dz = c[5] - c[2];
    const sx = Math.sign(dx),
      sy = Math.sign(dy),
      sz = Math.sign(dz);
    const steps = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
    const off = sx + this.space.grid.X * (sy + this.space.grid.Y * sz);
    for (let i = 1; i <= steps; i++) path.push(from + i * off);
  }

  /**
   * Fallback when the goal was not reached: scans again from every closed jump point (the
   * same rays the search followed) and returns the voxel nearest the goal (node), the slot of
   * the jump point whose run reaches it (from) and the cost of that path (g). Costs nothing
   * while searching; runs once when a search ends without the goal.
   */
  protected nearestScanned(): { from: number; node: number; g: number } {
    const ctx = this.ctx;
    this.tracking = true;
    this.#best = null;
    const startSlot = ctx.find(this.start);
    const sp = this.decode(this.start);
    this.#from = startSlot;
    this.#fromG = 0;
    this.#track(this.start, sp[0], sp[1], sp[2], 0);
    const saved = this.scanned;
    for (let s = 0; s < ctx.slotCount; s++) {
      if (ctx.state[s] === CLOSED) this.expandNode(s, ctx.nodeOf(s));
    }
    this.scanned = saved;
    this.tracking = false;
    return this.#best!;
  }
}

/** Runs a whole jump point search at once (same result as stepping a JpsRun to the end). */
export function findPathJps(
  space: GridSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): SearchResult {
  return new JpsRun(space, start, goal, options, ctx).step();
}
