import { checkAabb, checkFunction, checkNumber } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { WAYPOINT_LIMIT } from '../limits.ts';
import { clipSegment } from '../math/clipSegment.ts';
import { NearestLinks, type NearestHost } from './nearestLinks.ts';
import { SpatialHash } from './SpatialHash.ts';
import {
  checkPositions,
  checkVisibilityOptions,
  forEachCandidatePair,
  pairClear,
  type Aabb,
  type LineOfSight,
  type VisibilityOptions,
} from './visibilityPairs.ts';
import { WaypointGraph } from './WaypointGraph.ts';
import { ALL_PAIRS_LIMIT } from './buildVisibility.ts';
import { grown } from '../math/grown.ts';

export { NEAREST_CANDIDATES, NEAREST_LINKS } from './nearestLinks.ts';
export {
  forEachCandidatePair,
  pairClear,
  segmentClearOf,
  snapToVisibleWaypoint,
  type Aabb,
  type LineOfSight,
  type VisibilityOptions,
} from './visibilityPairs.ts';

export { ALL_PAIRS_LIMIT, buildVisibility } from './buildVisibility.ts';

/**
 * A visibility graph kept up to date under edits. Adding, moving or removing a waypoint
 * re-tests only that waypoint's pairs (at most N segment tests, fewer with maxLinkDistance);
 * `retestRegion` re-tests only the pairs whose segment passes through a box, after an
 * obstacle edit there. After any sequence of edits the links equal those of a full
 * `buildVisibility` over the same positions with the same test. Above the all-pairs limit
 * (nearest-visible links, where one waypoint's edit changes others' choices) `NearestLinks`
 * refills only the choices an edit can change; an edit that crosses the limit rebuilds.
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
  /** Longest link considered, world units (Infinity: no limit), as given in the options. */
  declare readonly maxLinkDistance: number;
  /** Line-of-sight tests run so far (the work of an edit: the difference across it). */
  segmentTests = 0;
  #los: LineOfSight;
  #xyz = new Float64Array(3 * 64);
  #links: Set<number>[] = [];
  #order: number[] = [];
  #indexOf = new Int32Array(64).fill(-1);
  #freeSlots: number[] = [];
  readonly #hash: SpatialHash | null;
  readonly #limit: number;
  #cached: WaypointGraph | null = null;
  /** The nearest-visible links (non-null when the last build had more than #limit waypoints). */
  #nearest: NearestLinks | null = null;
  readonly #host: NearestHost;
  /** Slots whose links changed since the last `takeLinkChanges` (null: not recording, see there). */
  #touched: Set<number> | null = null;

  /** An empty graph whose links are tested with `lineOfSight`; options are checked (a NavlabError usage names the bad one). */
  constructor(lineOfSight: LineOfSight, options: VisibilityOptions = {}) {
    this.#los = checkFunction('VisibilityGraph: lineOfSight', lineOfSight);
    const checked = checkVisibilityOptions('VisibilityGraph', options, ALL_PAIRS_LIMIT);
    this.maxLinkDistance = checked.maxLinkDistance;
    this.#limit = checked.allPairsLimit;
    this.#hash = Number.isFinite(this.maxLinkDistance) ? new SpatialHash(this.maxLinkDistance) : null;
    const self = this;
    this.#host = {
      get xyz() {
        return self.#xyz;
      },
      get rank() {
        return self.#indexOf;
      },
      clear: (a, b) => this.#testSlots(a, b),
      setLinked: (a, b, on) => (on ? this.#linkSlots(a, b) : this.#unlinkSlots(a, b)),
    };
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

  /** Replaces all waypoints with `positions` (xyz triples, at most LIMITS.waypoints) and links them from scratch. */
  setAll(positions: ArrayLike<number>): void {
    checkPositions('VisibilityGraph.setAll: positions', positions);
    this.#touched = null;
    this.#order = [];
    this.#links = [];
    this.#freeSlots = [];
    this.#indexOf.fill(-1);
    this.#hash?.clear();
    const n = positions.length / 3;
    for (let i = 0; i < n; i++) this.#place(this.#newSlot(), positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
    this.#nearest = n > this.#limit ? new NearestLinks(this.#host, this.maxLinkDistance) : null;
    if (this.#nearest !== null) {
      this.#nearest.build(this.#order);
      this.#nearest.linkAll();
    } else {
      forEachCandidatePair(positions, this.maxLinkDistance, (i, j) => {
        if (this.#testSlots(this.#order[i], this.#order[j])) this.#linkSlots(this.#order[i], this.#order[j]);
      });
    }
    this.#cached = null;
  }

  /** After an edit that crossed the all-pairs limit (either way): a full build. */
  #rebuildOnModeChange(): boolean {
    if ((this.#nearest !== null) === this.#order.length > this.#limit) return false;
    this.setAll(this.positions());
    return true;
  }

  /** Appends a waypoint, links it to every waypoint it sees, and returns its index. */
  add(x: number, y: number, z: number): number {
    checkNumber('VisibilityGraph.add: x', x);
    checkNumber('VisibilityGraph.add: y', y);
    checkNumber('VisibilityGraph.add: z', z);
    if (this.#order.length >= WAYPOINT_LIMIT)
      throw new NavlabError('usage', `VisibilityGraph.add: the graph already holds ${WAYPOINT_LIMIT} waypoints, the limit`);
    const s = this.#newSlot();
    this.#place(s, x, y, z);
    if (!this.#rebuildOnModeChange()) this.#relink(s);
    this.#cached = null;
    return this.#order.length - 1;
  }

  /** Moves waypoint `index` and re-tests the pairs whose links it can change. */
  move(index: number, x: number, y: number, z: number): void {
    // Every argument is checked before anything changes (three number tests: a move is a hot path).
    checkNumber('VisibilityGraph.move: x', x);
    checkNumber('VisibilityGraph.move: y', y);
    checkNumber('VisibilityGraph.move: z', z);
    this.#nearest?.detach(this.#slotOf(index, 'move'));
    const s = this.#lift(index, 'move');
    this.#place(s, x, y, z);
    this.#relink(s);
    this.#cached = null;
  }

  /** Removes waypoint `index` and its links; later waypoints move down one index. */
  remove(index: number): void {
    this.#nearest?.detach(this.#slotOf(index, 'remove'));
    const s = this.#lift(index, 'remove');
    this.#order.splice(index, 1);
    this.#indexOf[s] = -1;
    for (let i = index; i < this.#order.length; i++) this.#indexOf[this.#order[i]] = i;
    this.#freeSlots.push(s);
    if (!this.#rebuildOnModeChange()) this.#nearest?.settle();
    // Later waypoints were renumbered: a record of indices would mislead.
    this.#touched = null;
    this.#cached = null;
  }

  /** Links slot s, just placed: its pairs (all pairs) or the choices it changes (nearest). */
  #relink(s: number): void {
    if (this.#nearest === null) this.#retestSlot(s);
    else {
      this.#nearest.attach(s);
      this.#nearest.settle();
    }
  }

  /**
   * Re-tests every candidate pair whose segment passes through `box` grown by `margin` (pass
   * the agent radius when the test is a capsule). Call after obstacles changed inside the box
   * (the box `ObstacleWorld` edits return). Returns the number of pairs re-tested.
   */
  retestRegion(box: Aabb, margin = 0): number {
    checkAabb('VisibilityGraph.retestRegion: box', box);
    checkNumber('VisibilityGraph.retestRegion: margin', margin, 0);
    const minX = box.min.x - margin,
      minY = box.min.y - margin,
      minZ = box.min.z - margin;
    const maxX = box.max.x + margin,
      maxY = box.max.y + margin,
      maxZ = box.max.z + margin;
    if (this.#nearest !== null) {
      const retested = this.#nearest.retestBox(minX, minY, minZ, maxX, maxY, maxZ);
      if (retested > 0) this.#cached = null;
      return retested;
    }
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
      const ax = p[3 * a],
        ay = p[3 * a + 1],
        az = p[3 * a + 2];
      for (let bi = ai + 1; bi < candidates.length; bi++) {
        const b = candidates[bi];
        const dx = p[3 * b] - ax,
          dy = p[3 * b + 1] - ay,
          dz = p[3 * b + 2] - az;
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
    this.#los = checkFunction('VisibilityGraph.setLineOfSight: los', los);
    this.setAll(this.positions());
  }

  /**
   * The waypoints whose links changed (or may have) since the previous call, as ascending
   * indices; the record then starts over. Null on the first call and after a `setAll` or a
   * `remove` (they relink or renumber everything). A drawing kept in step with edits redraws
   * the links of these waypoints alone (the editor's drag: a few per move among thousands).
   */
  takeLinkChanges(): number[] | null {
    const touched = this.#touched;
    this.#touched = new Set();
    if (touched === null) return null;
    const out: number[] = [];
    for (const s of touched) if (this.#indexOf[s] >= 0) out.push(this.#indexOf[s]);
    return out.sort((a, b) => a - b);
  }

  /** The waypoints linked to waypoint `index`, as ascending indices. */
  linksOf(index: number): number[] {
    const out: number[] = [];
    for (const t of this.#links[this.#slotOf(index, 'linksOf')]) out.push(this.#indexOf[t]);
    return out.sort((a, b) => a - b);
  }

  /** Whether waypoints i and j are linked. */
  linked(i: number, j: number): boolean {
    return this.#links[this.#slotOf(i, 'linked')].has(this.#slotOf(j, 'linked'));
  }

  /** Waypoint positions in index order (a fresh array). */
  positions(): Float64Array {
    const order = this.#order,
      p = this.#xyz;
    const out = new Float64Array(3 * order.length);
    for (let i = 0; i < order.length; i++) {
      const s = order[i];
      out[3 * i] = p[3 * s];
      out[3 * i + 1] = p[3 * s + 1];
      out[3 * i + 2] = p[3 * s + 2];
    }
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
      this.#xyz = grown(this.#xyz, 2 * this.#xyz.length);
      this.#indexOf = grown(this.#indexOf, 2 * this.#indexOf.length).fill(-1, this.#indexOf.length);
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
    const x = p[3 * s],
      y = p[3 * s + 1],
      z = p[3 * s + 2];
    const limitSq = this.maxLinkDistance * this.maxLinkDistance;
    const visit = (t: number): void => {
      if (t === s) return;
      const dx = p[3 * t] - x,
        dy = p[3 * t + 1] - y,
        dz = p[3 * t + 2] - z;
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
    if (this.#touched !== null && this.#links[s].size > 0) this.#touched.add(s);
    for (const t of this.#links[s]) {
      this.#links[t].delete(s);
      this.#touched?.add(t);
    }
    this.#links[s].clear();
    this.#hash?.remove(s, this.#xyz[3 * s], this.#xyz[3 * s + 1], this.#xyz[3 * s + 2]);
    return s;
  }

  #testSlots(a: number, b: number): boolean {
    this.segmentTests++;
    const p = this.#xyz;
    return pairClear(this.#los, p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2]);
  }

  #linkSlots(a: number, b: number): void {
    if (this.#touched !== null && !this.#links[a].has(b)) this.#touched.add(a).add(b);
    this.#links[a].add(b);
    this.#links[b].add(a);
  }

  #unlinkSlots(a: number, b: number): void {
    if (this.#touched !== null && this.#links[a].has(b)) this.#touched.add(a).add(b);
    this.#links[a].delete(b);
    this.#links[b].delete(a);
  }
}
