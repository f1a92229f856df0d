import type { ClearSpace, SweepProof } from '../grid/clearance.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import { findPath } from '../search/AStarRun.ts';
import { gridDistance } from '../search/heuristics.ts';
import { SearchContext } from '../search/SearchContext.ts';
import { pairClear, VisibilityGraph, type LineOfSight } from './visibility.ts';
import type { WaypointGraph } from './WaypointGraph.ts';
import { GridLandmarks } from './gridLandmarks.ts';
import { graphComponents, samplePairs, voxelCenter } from './waypointMetrics.ts';
import { stringPull, WaypointRouter } from './waypointRoute.ts';
import { blockOrder, coverOrder } from './coverOrder.ts';
import { voxelPath } from './voxelPath.ts';

/** The refinement settings of `placeWaypoints` (see PlaceWaypointsOptions), all given. */
export interface RefineOptions {
  targetRatio: number;
  goalRatio: number;
  goalShare: number;
  batchPairs: number;
  maxBatches: number;
  seed: number;
}

/**
 * Refinement routes link their ends to this many nearest visible waypoints only: an upper
 * bound of the full route, so a pair judged good is good, at a fraction of the tests.
 */
const ROUTE_END_LINKS = 12;

/**
 * Refinement judges a pair by a route whose ends link to this many nearest visible waypoints:
 * an upper bound of the figures' route (every visible waypoint linked), close to it, without
 * testing every waypoint.
 */
const JUDGE_END_LINKS = 48;

/** Landmarks per component for the refinement's distance bounds (`GridLandmarks`). */
const LANDMARKS = 2;

/** The steps of `placeWaypoints`. Pruning marks waypoints dead; `compact` then drops them. */
export class Placer {
  readonly space: ClearSpace;
  readonly los: LineOfSight;
  /** The grid's proof of clear capsules (`gridSweepProof`), or null for a grid too big. */
  readonly sweep: SweepProof | null;
  readonly maxWaypoints: number;
  readonly maxLink: number;
  vis: VisibilityGraph;
  /** Voxel index of each waypoint. */
  voxel: number[] = [];
  alive: boolean[] = [];
  /** Waypoint positions, xyz triples. */
  xyz: number[] = [];
  /** Per clear voxel (position in space.clearVoxels): the waypoint it is known to see, or -1. */
  readonly coveredBy: Int32Array;
  readonly #c = { x: 0, y: 0, z: 0 };

  constructor(space: ClearSpace, los: LineOfSight, sweep: SweepProof | null, maxWaypoints: number, maxLink: number) {
    this.space = space;
    this.los = los;
    this.sweep = sweep;
    this.maxWaypoints = maxWaypoints;
    this.maxLink = maxLink;
    this.vis = new VisibilityGraph(los, { maxLinkDistance: maxLink });
    this.coveredBy = new Int32Array(space.clearVoxels.length).fill(-1);
  }

  get count(): number {
    return this.voxel.length;
  }

  add(v: number): number {
    voxelCenter(this.space, v, this.#c);
    this.voxel.push(v);
    this.alive.push(true);
    this.xyz.push(this.#c.x, this.#c.y, this.#c.z);
    return this.vis.add(this.#c.x, this.#c.y, this.#c.z);
  }

  /** Whether voxel centre u sees waypoint w. */
  sees(u: number, w: number): boolean {
    const a = this.#c;
    voxelCenter(this.space, u, a);
    const p = this.xyz;
    return pairClear(this.los, a.x, a.y, a.z, p[3 * w], p[3 * w + 1], p[3 * w + 2]);
  }

  /**
   * Step 1. The uncovered voxels are kept grouped by block of COVER_BLOCK^3 voxels: when the
   * grid proves that the new waypoint sees the whole box of a block's uncovered voxels of its
   * component (`gridSweepProof`), they are covered without a test each.
   */
  cover(): void {
    const { space, sweep } = this;
    const { grid, component, clearVoxels: voxels } = space;
    const order = coverOrder(space);
    const { uncovered, block } = blockOrder(space);
    let remaining = uncovered.length;
    let next = 0;
    const c = this.#c;
    const s = grid.cellSize,
      o = grid.origin;
    while (remaining > 0 && this.count < this.maxWaypoints) {
      while (this.coveredBy[order[next]] !== -1) next++;
      const k = order[next];
      const w = this.add(voxels[k]);
      const comp = component[voxels[k]];
      const wx = this.xyz[3 * w],
        wy = this.xyz[3 * w + 1],
        wz = this.xyz[3 * w + 2];
      let kept = 0;
      for (let i = 0; i < remaining; ) {
        // The run [i, end) of one block; the box of its voxel centres in the component.
        let end = i;
        let x0 = Infinity,
          y0 = Infinity,
          z0 = Infinity,
          x1 = -Infinity,
          y1 = -Infinity,
          z1 = -Infinity;
        while (end < remaining && block[uncovered[end]] === block[uncovered[i]]) {
          const v = voxels[uncovered[end++]];
          if (component[v] !== comp) continue;
          grid.coords(v, c);
          x0 = Math.min(x0, c.x);
          y0 = Math.min(y0, c.y);
          z0 = Math.min(z0, c.z);
          x1 = Math.max(x1, c.x);
          y1 = Math.max(y1, c.y);
          z1 = Math.max(z1, c.z);
        }
        const all =
          sweep !== null &&
          end - i > 1 &&
          x0 <= x1 &&
          sweep.sweep(
            wx,
            wy,
            wz,
            wx,
            wy,
            wz,
            o.x + (x0 + 0.5) * s,
            o.y + (y0 + 0.5) * s,
            o.z + (z0 + 0.5) * s,
            o.x + (x1 + 0.5) * s,
            o.y + (y1 + 0.5) * s,
            o.z + (z1 + 0.5) * s,
          );
        for (; i < end; i++) {
          const u = uncovered[i];
          if (u === k || (component[voxels[u]] === comp && (all || this.sees(voxels[u], w)))) this.coveredBy[u] = w;
          else uncovered[kept++] = u;
        }
      }
      remaining = kept;
    }
  }

  connect(): void {
    const { space } = this;
    // Each round joins one pair of graph components; a round that adds nothing ends the loop.
    for (let guard = 0; guard < 10000 && this.count < this.maxWaypoints; guard++) {
      const graph = this.vis.graph();
      const { label } = graphComponents(graph);
      // First graph component met in each clear-space component.
      const firstLabel = new Int32Array(space.componentCount).fill(-1);
      let split = -1;
      for (let w = 0; w < this.count; w++) {
        const c = space.component[this.voxel[w]];
        if (firstLabel[c] === -1) firstLabel[c] = label[w];
        else if (firstLabel[c] !== label[w]) {
          split = c;
          break;
        }
      }
      if (split === -1) return;
      const from: number[] = [];
      const to: number[] = [];
      for (let w = 0; w < this.count; w++) {
        if (space.component[this.voxel[w]] !== split) continue;
        (label[w] === firstLabel[split] ? from : to).push(w);
      }
      if (!this.#bridge(from, to)) return;
    }
  }

  /**
   * Adds waypoints along the shortest face-connected voxel path from a waypoint of `from` to
   * one of `to`, at the path's string-pulled corners. Returns false when nothing was added.
   */
  #bridge(from: number[], to: number[]): boolean {
    const path = voxelPath(
      this.space,
      from.map((w) => this.voxel[w]),
      to.map((w) => this.voxel[w]),
    );
    if (path.length < 2) return false;
    const corners: number[] = [];
    const c = this.#c;
    for (const v of path) {
      voxelCenter(this.space, v, c);
      corners.push(c.x, c.y, c.z);
    }
    const pulled = stringPull(corners, this.limitedLos());
    let added = 0;
    // Interior corners become waypoints; they are centres of path voxels, so clear.
    for (let k = 3; k < pulled.points.length - 3 && this.count < this.maxWaypoints; k += 3) {
      const v = this.space.grid.worldToVoxel(
        { x: pulled.points[k], y: pulled.points[k + 1], z: pulled.points[k + 2] },
        { x: 0, y: 0, z: 0 },
      );
      this.add(this.space.grid.index(v.x, v.y, v.z));
      added++;
    }
    return added > 0;
  }

  /** The line of sight, refused beyond the link distance (so corners end up linked). */
  limitedLos(): LineOfSight {
    const los = this.los;
    const limit = this.maxLink;
    if (!Number.isFinite(limit)) return los;
    return (ax, ay, az, bx, by, bz) => Math.hypot(bx - ax, by - ay, bz - az) <= limit && los(ax, ay, az, bx, by, bz);
  }

  /** Step 3; returns how many waypoints it removed. */
  prune(): number {
    const { space } = this;
    const n = this.count;
    const graph = this.vis.graph();
    const owned: number[][] = Array.from({ length: n }, () => []);
    for (let k = 0; k < this.coveredBy.length; k++) {
      const w = this.coveredBy[k];
      if (w >= 0) owned[w].push(k);
    }
    const order = Array.from(owned.keys()).sort((a, b) => owned[a].length - owned[b].length || b - a);
    const p = this.xyz;
    let removed = 0;
    for (const w of order) {
      const comp = space.component[this.voxel[w]];
      // Other live waypoints of the component; they must stay connected without w.
      const others: number[] = [];
      for (let o = 0; o < n; o++) if (o !== w && this.alive[o] && space.component[this.voxel[o]] === comp) others.push(o);
      if (others.length === 0 || !this.#connectedWithout(graph, w, others)) continue;
      // Nearest to w first.
      const d = (o: number) => Math.hypot(p[3 * o] - p[3 * w], p[3 * o + 1] - p[3 * w + 1], p[3 * o + 2] - p[3 * w + 2]);
      others.sort((a, b) => d(a) - d(b) || a - b);
      const moved: number[] = [];
      let last = others[0];
      let ok = true;
      for (const k of owned[w]) {
        const u = space.clearVoxels[k];
        let seen = this.sees(u, last) ? last : -1;
        for (let i = 0; seen === -1 && i < others.length; i++) if (others[i] !== last && this.sees(u, others[i])) seen = others[i];
        if (seen === -1) {
          ok = false;
          break;
        }
        moved.push(seen);
        last = seen;
      }
      if (!ok) continue;
      owned[w].forEach((k, i) => {
        this.coveredBy[k] = moved[i];
        owned[moved[i]].push(k);
      });
      owned[w] = [];
      this.alive[w] = false;
      removed++;
    }
    return removed;
  }

  /** Whether `members` (live waypoints other than `w`) are connected in `graph` without `w`. */
  #connectedWithout(graph: WaypointGraph, w: number, members: readonly number[]): boolean {
    if (members.length <= 1) return true;
    const seen = new Set<number>([members[0]]);
    const stack = [members[0]];
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (let e = graph.offsets[u]; e < graph.offsets[u + 1]; e++) {
        const v = graph.targets[e];
        if (v === w || !this.alive[v] || seen.has(v)) continue;
        seen.add(v);
        stack.push(v);
      }
    }
    return seen.size === members.length;
  }

  /** Drops the dead waypoints (renumbering the rest) and relinks the live ones. */
  compact(): void {
    const renumber = new Int32Array(this.count).fill(-1);
    const voxel: number[] = [];
    const xyz: number[] = [];
    for (let w = 0; w < this.count; w++) {
      if (!this.alive[w]) continue;
      renumber[w] = voxel.length;
      voxel.push(this.voxel[w]);
      xyz.push(this.xyz[3 * w], this.xyz[3 * w + 1], this.xyz[3 * w + 2]);
    }
    for (let k = 0; k < this.coveredBy.length; k++) if (this.coveredBy[k] >= 0) this.coveredBy[k] = renumber[this.coveredBy[k]];
    this.voxel = voxel;
    this.xyz = xyz;
    this.alive = voxel.map(() => true);
    this.vis = new VisibilityGraph(this.los, { maxLinkDistance: this.maxLink });
    this.vis.setAll(xyz);
  }

  /**
   * Step 4, in batches of seeded training pairs: a pair whose route over the current graph is
   * longer than `targetRatio` times the grid optimum gets the interior string-pulled corners
   * of its optimal grid path as waypoints (corners hug geometry: where good routes turn).
   * After a batch in which at most `goalShare` of the pairs exceeded `goalRatio` (each
   * measured before its own corners were added), the step stops. Most pairs are judged
   * without the optimum: a pair is fine when its quick route (an upper bound of the route) is
   * at most `targetRatio` times a lower bound of the optimum (the obstacle-free grid
   * distance, then the landmark bound of `GridLandmarks`); else a capped search
   * (`GridLandmarks.distanceBelow`) finds the optimum only when it is below route /
   * `targetRatio`, and the full grid path is searched only for pairs that get corners.
   * Returns the number of batches run.
   */
  refine(o: RefineOptions): number {
    const { space } = this;
    const grid = space.grid;
    const gridSpace = new GridSpace(space.dilated, { neighborhood: 26, cornerCutting: 'forbid' });
    const ctx = new SearchContext();
    const landmarks = new GridLandmarks(space, gridSpace, LANDMARKS);
    const routeCtx = new SearchContext();
    const limited = this.limitedLos();
    const placed = new Set(this.voxel);
    const a = { x: 0, y: 0, z: 0 },
      b = { x: 0, y: 0, z: 0 },
      v = { x: 0, y: 0, z: 0 };
    let batch = 0;
    while (batch < o.maxBatches && o.batchPairs > 0 && this.count < this.maxWaypoints) {
      const pairs = samplePairs(space, o.batchPairs, o.seed + batch);
      batch++;
      let over = 0;
      for (let k = 0; k < pairs.length / 2 && this.count < this.maxWaypoints; k++) {
        const s = pairs[2 * k],
          g = pairs[2 * k + 1];
        grid.coords(s, a);
        grid.coords(g, b);
        const bound = gridDistance(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z), 26) * grid.cellSize;
        voxelCenter(space, s, a);
        voxelCenter(space, g, b);
        const graph = this.vis.graph();
        const quick = new WaypointRouter(graph, this.los, routeCtx, ROUTE_END_LINKS).route([a.x, a.y, a.z], [b.x, b.y, b.z]);
        if (quick.length <= o.targetRatio * bound) continue;
        if (quick.length <= o.targetRatio * landmarks.lowerBound(s, g)) continue;
        const distance = landmarks.distanceBelow(s, g, quick.length / o.targetRatio);
        if (distance === Infinity) continue;
        // Judge by a fuller route (ends linked to many more visible waypoints), near the figures'.
        const route = new WaypointRouter(graph, this.los, routeCtx, JUDGE_END_LINKS).route([a.x, a.y, a.z], [b.x, b.y, b.z]);
        if (route.length <= o.targetRatio * distance) continue;
        const optimum = findPath(gridSpace, s, g, {}, ctx);
        if (route.length > o.goalRatio * optimum.cost) over++;
        const corners: number[] = [];
        for (const node of optimum.path) {
          voxelCenter(space, node, v);
          corners.push(v.x, v.y, v.z);
        }
        const pulled = stringPull(corners, limited).points;
        for (let i = 3; i < pulled.length - 3 && this.count < this.maxWaypoints; i += 3) {
          grid.worldToVoxel({ x: pulled[i], y: pulled[i + 1], z: pulled[i + 2] }, v);
          const idx = grid.index(v.x, v.y, v.z);
          if (placed.has(idx)) continue;
          placed.add(idx);
          this.add(idx);
        }
      }
      if (over <= o.goalShare * (pairs.length / 2)) break;
    }
    return batch;
  }
}
