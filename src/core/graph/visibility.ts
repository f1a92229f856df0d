import { NavlabError } from '../errors.ts';
import { clipSegment } from '../math/clipSegment.ts';
import type { Vec3 } from '../math/vec3.ts';
import { NearestPoints } from './NearestPoints.ts';
import { SpatialHash } from './SpatialHash.ts';
import { DISTANCE_MATRIX_LIMIT, WaypointGraph } from './WaypointGraph.ts';

/**
 * Up to this many waypoints, every visible pair (within maxLinkDistance, if set) is linked.
 * Above it, links grow with n^2 in an open world (50,000 waypoints: 1.25e9 pairs), so each
 * waypoint links instead to its NEAREST_LINKS nearest visible waypoints among its
 * NEAREST_CANDIDATES nearest (within maxLinkDistance, if set); a pair is linked when either
 * end chooses the other. At most NEAREST_LINKS x n links and NEAREST_CANDIDATES x n tests.
 */
export const ALL_PAIRS_LIMIT = DISTANCE_MATRIX_LIMIT;
/** Visible neighbours each waypoint chooses above ALL_PAIRS_LIMIT. */
export const NEAREST_LINKS = 16;
/** Nearest waypoints each waypoint tests above ALL_PAIRS_LIMIT. */
export const NEAREST_CANDIDATES = 64;

/**
 * Above ALL_PAIRS_LIMIT: for each waypoint i, tests its NEAREST_CANDIDATES nearest waypoints
 * (within maxLinkDistance), nearest first, with `clear(i, j)` (called with i < j) until
 * NEAREST_LINKS are visible, and calls `link(i, j)` for each. `linked(i, j)` tells a pair
 * already linked from the other end (counted, not tested again).
 */
export function linkNearestVisible(
  positions: ArrayLike<number>,
  maxLinkDistance: number,
  clear: (i: number, j: number) => boolean,
  linked: (i: number, j: number) => boolean,
  link: (i: number, j: number) => void,
): void {
  const n = positions.length / 3;
  const tree = new NearestPoints(positions);
  const near = new Int32Array(NEAREST_CANDIDATES);
  const limitSq = maxLinkDistance * maxLinkDistance;
  for (let i = 0; i < n; i++) {
    const m = tree.nearest(i, NEAREST_CANDIDATES, near);
    let chosen = 0;
    for (let c = 0; c < m && chosen < NEAREST_LINKS; c++) {
      const j = near[c];
      const dx = positions[3 * j] - positions[3 * i], dy = positions[3 * j + 1] - positions[3 * i + 1], dz = positions[3 * j + 2] - positions[3 * i + 2];
      if (dx * dx + dy * dy + dz * dz > limitSq) break;
      const a = Math.min(i, j), b = Math.max(i, j);
      if (linked(a, b)) chosen++;
      else if (clear(a, b)) {
        link(a, b);
        chosen++;
      }
    }
  }
}

/** An axis-aligned box in world units (three.js `Box3` fits this shape). */
export interface Aabb {
  min: Vec3;
  max: Vec3;
}

/**
 * A line-of-sight test between two world points: true when an agent can go straight from a
 * to b. Supplied by the engine side (e.g. `ObstacleWorld.lineOfSight(radius)` over a BVH).
 */
export type LineOfSight = (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => boolean;

/** Options of visibility graphs: the longest link. */
export interface VisibilityOptions {
  /** Waypoints farther apart than this are never linked. @default Infinity */
  maxLinkDistance?: number;
}

/**
 * Calls `visit(i, j)` once for every pair i < j of the `n` points in `positions` (xyz
 * triples) no farther apart than `maxLinkDistance`. With a finite distance only nearby pairs
 * are enumerated: points are bucketed in cells of that size and each point meets the points
 * of its 27 surrounding cells.
 */
export function forEachCandidatePair(positions: ArrayLike<number>, maxLinkDistance: number, visit: (i: number, j: number) => void): void {
  const n = positions.length / 3;
  const limitSq = maxLinkDistance * maxLinkDistance;
  if (!Number.isFinite(maxLinkDistance)) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) visit(i, j);
    return;
  }
  const hash = new SpatialHash(maxLinkDistance);
  for (let i = 0; i < n; i++) hash.insert(i, positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  const near: number[] = [];
  const gather = (j: number): void => void near.push(j);
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    near.length = 0;
    hash.query(x - maxLinkDistance, y - maxLinkDistance, z - maxLinkDistance, x + maxLinkDistance, y + maxLinkDistance, z + maxLinkDistance, gather);
    // Ascending j, so the visiting order does not depend on the hash's bucket order.
    near.sort((a, b) => a - b);
    for (const j of near) {
      if (j <= i) continue;
      const dx = positions[3 * j] - x, dy = positions[3 * j + 1] - y, dz = positions[3 * j + 2] - z;
      if (dx * dx + dy * dy + dz * dz <= limitSq) visit(i, j);
    }
  }
}

/**
 * Tests the segment between waypoints i and j with `lineOfSight`, always in the same
 * direction (from the lexicographically smaller position), so the answer for a pair never
 * depends on waypoint order: a full build and any sequence of incremental edits agree.
 */
export function pairClear(los: LineOfSight, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const aFirst = ax < bx || (ax === bx && (ay < by || (ay === by && az <= bz)));
  return aFirst ? los(ax, ay, az, bx, by, bz) : los(bx, by, bz, ax, ay, az);
}

/**
 * The visibility graph of a waypoint set: every pair within `maxLinkDistance` whose segment
 * `segmentClear(i, j)` (i < j, indices into `positions`) declares clear becomes a link; above
 * ALL_PAIRS_LIMIT waypoints, the nearest visible ones only (`linkNearestVisible`).
 */
export function buildVisibility(positions: Float64Array, segmentClear: (i: number, j: number) => boolean, options: VisibilityOptions = {}): WaypointGraph {
  const maxLinkDistance = checkDistance(options.maxLinkDistance);
  const pairs: number[] = [];
  const n = positions.length / 3;
  if (n > ALL_PAIRS_LIMIT) {
    const done = new Set<number>();
    linkNearestVisible(positions, maxLinkDistance, segmentClear, (i, j) => done.has(i * n + j), (i, j) => {
      done.add(i * n + j);
      pairs.push(i, j);
    });
  } else {
    forEachCandidatePair(positions, maxLinkDistance, (i, j) => {
      if (segmentClear(i, j)) pairs.push(i, j);
    });
  }
  return new WaypointGraph(positions, pairs);
}

/** `segmentClear` for `buildVisibility` from a world-space line-of-sight test (see `pairClear`). */
export function segmentClearOf(positions: ArrayLike<number>, los: LineOfSight): (i: number, j: number) => boolean {
  const p = positions;
  return (i, j) => pairClear(los, p[3 * i], p[3 * i + 1], p[3 * i + 2], p[3 * j], p[3 * j + 1], p[3 * j + 2]);
}

function checkDistance(d: number | undefined): number {
  if (d === undefined) return Infinity;
  if (!(d > 0)) throw new NavlabError('usage', `maxLinkDistance: expected a positive number, got ${d}`);
  return d;
}

/**
 * A visibility graph kept up to date under edits. Adding, moving or removing a waypoint
 * re-tests only that waypoint's pairs (at most N segment tests, fewer with maxLinkDistance);
 * `retestRegion` re-tests only the pairs whose segment passes through a box, after an
 * obstacle edit there. After any sequence of edits the links equal those of a full
 * `buildVisibility` over the same positions with the same test. Above ALL_PAIRS_LIMIT
 * waypoints (nearest-visible links, where one waypoint's edit changes others' choices) an
 * edit rebuilds the graph.
 *
 * Waypoints are addressed by index in insertion order, like the document's list: removing one
 * shifts the later ones down. Internally each waypoint lives in a stable slot.
 *
 * Layout:
 *   xyz[3s..3s+2]  position of slot s (Float64Array, grown by doubling)
 *   links[s]       Set of the slots linked to slot s (both directions stored)
 *   order[i]       slot of waypoint i;  indexOf[s]: waypoint index of slot s (-1 when free)
 */
export class VisibilityGraph {
  readonly maxLinkDistance: number;
  /** Line-of-sight tests run so far. */
  segmentTests = 0;
  #los: LineOfSight;
  #xyz = new Float64Array(3 * 64);
  #links: Set<number>[] = [];
  #order: number[] = [];
  #indexOf = new Int32Array(64).fill(-1);
  #freeSlots: number[] = [];
  readonly #hash: SpatialHash | null;
  #cached: WaypointGraph | null = null;
  /** The links are nearest-visible ones (more than ALL_PAIRS_LIMIT waypoints at the last build). */
  #nearestMode = false;

  constructor(lineOfSight: LineOfSight, options: VisibilityOptions = {}) {
    this.#los = lineOfSight;
    this.maxLinkDistance = checkDistance(options.maxLinkDistance);
    this.#hash = Number.isFinite(this.maxLinkDistance) ? new SpatialHash(this.maxLinkDistance) : null;
  }

  /** Number of waypoints. */
  get count(): number {
    return this.#order.length;
  }

  /** Number of linked pairs. */
  get linkCount(): number {
    let n = 0;
    for (const s of this.#order) n += this.#links[s].size;
    return n / 2;
  }

  /** Replaces all waypoints with `positions` (xyz triples) and tests every candidate pair. */
  setAll(positions: ArrayLike<number>): void {
    this.#order = [];
    this.#links = [];
    this.#freeSlots = [];
    this.#indexOf.fill(-1);
    this.#hash?.clear();
    const n = positions.length / 3;
    for (let i = 0; i < n; i++) this.#place(this.#newSlot(), positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
    this.#nearestMode = n > ALL_PAIRS_LIMIT;
    if (this.#nearestMode) {
      linkNearestVisible(positions, this.maxLinkDistance, (i, j) => this.#test(i, j), (i, j) => this.#links[this.#order[i]].has(this.#order[j]), (i, j) => this.#link(i, j));
    } else {
      forEachCandidatePair(positions, this.maxLinkDistance, (i, j) => {
        if (this.#test(i, j)) this.#link(i, j);
      });
    }
    this.#cached = null;
  }

  /** After an edit: in nearest-visible mode (before or after it) the links are rebuilt. */
  #rebuildIfNearest(): boolean {
    if (!this.#nearestMode && this.#order.length <= ALL_PAIRS_LIMIT) return false;
    this.setAll(this.positions());
    return true;
  }

  /** Appends a waypoint, links it to every waypoint it sees, and returns its index. */
  add(x: number, y: number, z: number): number {
    const s = this.#newSlot();
    this.#place(s, x, y, z);
    if (!this.#rebuildIfNearest()) this.#retestSlot(s);
    this.#cached = null;
    return this.#order.length - 1;
  }

  /** Moves waypoint `index` and re-tests its pairs. */
  move(index: number, x: number, y: number, z: number): void {
    const s = this.#lift(index, 'move');
    this.#place(s, x, y, z);
    if (!this.#rebuildIfNearest()) this.#retestSlot(s);
    this.#cached = null;
  }

  /** Removes waypoint `index` and its links; later waypoints move down one index. */
  remove(index: number): void {
    const s = this.#lift(index, 'remove');
    this.#order.splice(index, 1);
    this.#indexOf[s] = -1;
    for (let i = index; i < this.#order.length; i++) this.#indexOf[this.#order[i]] = i;
    this.#freeSlots.push(s);
    this.#rebuildIfNearest();
    this.#cached = null;
  }

  /**
   * Re-tests every candidate pair whose segment passes through `box` grown by `margin` (pass
   * the agent radius when the test is a capsule). Call after obstacles changed inside the box
   * (the box `ObstacleWorld` edits return). Returns the number of pairs re-tested.
   */
  retestRegion(box: Aabb, margin = 0): number {
    if (this.#nearestMode) {
      const before = this.segmentTests;
      this.setAll(this.positions());
      return this.segmentTests - before;
    }
    const minX = box.min.x - margin, minY = box.min.y - margin, minZ = box.min.z - margin;
    const maxX = box.max.x + margin, maxY = box.max.y + margin, maxZ = box.max.z + margin;
    // A pair's segment is no longer than maxLinkDistance, so both ends of a segment that
    // meets the box lie within that distance of it.
    const candidates: number[] = [];
    this.#near(minX, minY, minZ, maxX, maxY, maxZ, (s) => void candidates.push(s));
    candidates.sort((a, b) => a - b);
    const limitSq = this.maxLinkDistance * this.maxLinkDistance;
    const p = this.#xyz;
    let retested = 0;
    for (let ai = 0; ai < candidates.length; ai++) {
      const a = candidates[ai];
      const ax = p[3 * a], ay = p[3 * a + 1], az = p[3 * a + 2];
      for (let bi = ai + 1; bi < candidates.length; bi++) {
        const b = candidates[bi];
        const dx = p[3 * b] - ax, dy = p[3 * b + 1] - ay, dz = p[3 * b + 2] - az;
        if (dx * dx + dy * dy + dz * dz > limitSq) continue;
        if (!clipSegment(ax, ay, az, dx, dy, dz, minX, minY, minZ, maxX, maxY, maxZ)) continue;
        retested++;
        if (this.#testSlots(a, b)) this.#linkSlots(a, b);
        else this.#unlinkSlots(a, b);
      }
    }
    if (retested > 0) this.#cached = null;
    return retested;
  }

  /**
   * Replaces the line-of-sight test (e.g. a new agent radius) and re-tests every pair.
   */
  setLineOfSight(los: LineOfSight): void {
    this.#los = los;
    this.setAll(this.positions());
  }

  /** Whether waypoints i and j are linked. */
  linked(i: number, j: number): boolean {
    return this.#links[this.#slotOf(i, 'linked')].has(this.#slotOf(j, 'linked'));
  }

  /** Waypoint positions in index order (a fresh array). */
  positions(): Float64Array {
    const out = new Float64Array(3 * this.#order.length);
    this.#order.forEach((s, i) => out.set(this.#xyz.subarray(3 * s, 3 * s + 3), 3 * i));
    return out;
  }

  /** The links as a WaypointGraph; rebuilt only when read after a change. */
  graph(): WaypointGraph {
    if (this.#cached !== null) return this.#cached;
    const pairs = new Int32Array(2 * this.linkCount);
    let k = 0;
    for (let i = 0; i < this.#order.length; i++) {
      for (const t of this.#links[this.#order[i]]) {
        const j = this.#indexOf[t];
        if (j > i) {
          pairs[k++] = i;
          pairs[k++] = j;
        }
      }
    }
    this.#cached = new WaypointGraph(this.positions(), pairs);
    return this.#cached;
  }

  #slotOf(index: number, method: string): number {
    if (!Number.isInteger(index) || index < 0 || index >= this.#order.length) {
      throw new NavlabError('usage', `VisibilityGraph.${method}: index ${index} is outside [0, ${this.#order.length})`);
    }
    return this.#order[index];
  }

  #newSlot(): number {
    const s = this.#freeSlots.pop() ?? this.#links.length;
    if (s === this.#links.length) this.#links.push(new Set());
    if (3 * s + 3 > this.#xyz.length) {
      const grown = new Float64Array(2 * this.#xyz.length);
      grown.set(this.#xyz);
      this.#xyz = grown;
      const idx = new Int32Array(2 * this.#indexOf.length).fill(-1);
      idx.set(this.#indexOf);
      this.#indexOf = idx;
    }
    this.#indexOf[s] = this.#order.length;
    this.#order.push(s);
    return s;
  }

  #place(s: number, x: number, y: number, z: number): void {
    this.#xyz[3 * s] = x;
    this.#xyz[3 * s + 1] = y;
    this.#xyz[3 * s + 2] = z;
    this.#hash?.insert(s, x, y, z);
  }

  /** Tests slot s against every other waypoint within reach and links the clear ones. */
  #retestSlot(s: number): void {
    const p = this.#xyz;
    const x = p[3 * s], y = p[3 * s + 1], z = p[3 * s + 2];
    const limitSq = this.maxLinkDistance * this.maxLinkDistance;
    const visit = (t: number): void => {
      if (t === s) return;
      const dx = p[3 * t] - x, dy = p[3 * t + 1] - y, dz = p[3 * t + 2] - z;
      if (dx * dx + dy * dy + dz * dz > limitSq) return;
      if (this.#testSlots(s, t)) this.#linkSlots(s, t);
    };
    this.#near(x, y, z, x, y, z, visit);
  }

  /** Visits the slots within maxLinkDistance of the box [min, max] (and maybe more; every slot without a distance). */
  #near(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (s: number) => void): void {
    const d = this.maxLinkDistance;
    if (this.#hash !== null) this.#hash.query(minX - d, minY - d, minZ - d, maxX + d, maxY + d, maxZ + d, visit);
    else for (const t of this.#order) visit(t);
  }

  /** Slot of waypoint `index`, unlinked and out of the hash (about to move or go). */
  #lift(index: number, method: string): number {
    const s = this.#slotOf(index, method);
    for (const t of this.#links[s]) this.#links[t].delete(s);
    this.#links[s].clear();
    this.#hash?.remove(s, this.#xyz[3 * s], this.#xyz[3 * s + 1], this.#xyz[3 * s + 2]);
    return s;
  }

  #test(i: number, j: number): boolean {
    return this.#testSlots(this.#order[i], this.#order[j]);
  }

  #testSlots(a: number, b: number): boolean {
    this.segmentTests++;
    const p = this.#xyz;
    return pairClear(this.#los, p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2]);
  }

  #link(i: number, j: number): void {
    this.#linkSlots(this.#order[i], this.#order[j]);
  }

  #linkSlots(a: number, b: number): void {
    this.#links[a].add(b);
    this.#links[b].add(a);
  }

  #unlinkSlots(a: number, b: number): void {
    this.#links[a].delete(b);
    this.#links[b].delete(a);
  }
}

/**
 * The index of the waypoint nearest to `point` that it can see (`los(point, waypoint)`), for
 * starting or ending a search at a point off the graph; -1 if none within `maxDistance`
 * is visible. Waypoints are tried nearest first, so usually only a few tests run.
 */
export function snapToVisibleWaypoint(point: Vec3, positions: ArrayLike<number>, los: LineOfSight, maxDistance = Infinity): number {
  const n = positions.length / 3;
  const order: number[] = [];
  const dist = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dx = positions[3 * i] - point.x, dy = positions[3 * i + 1] - point.y, dz = positions[3 * i + 2] - point.z;
    dist[i] = dx * dx + dy * dy + dz * dz;
    if (dist[i] <= maxDistance * maxDistance) order.push(i);
  }
  order.sort((a, b) => dist[a] - dist[b] || a - b);
  for (const i of order) {
    if (los(point.x, point.y, point.z, positions[3 * i], positions[3 * i + 1], positions[3 * i + 2])) return i;
  }
  return -1;
}
