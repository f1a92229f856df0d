import { clipSegment } from '../math/clipSegment.ts';
import { PointGrid } from './PointGrid.ts';
import { grown } from '../math/grown.ts';

/** Visible neighbours each waypoint chooses in nearest-visible mode. */
export const NEAREST_LINKS = 16;
/** Nearest waypoints each waypoint may test in nearest-visible mode. */
export const NEAREST_CANDIDATES = 64;

/** What NearestLinks reads of the waypoints it links: owned by the caller, read on every call. */
export interface NearestHost {
  /** Position of slot s: xyz[3s .. 3s+2]. */
  readonly xyz: ArrayLike<number>;
  /** Tie-break order of slot s among the waypoints (its index). */
  readonly rank: ArrayLike<number>;
  /** The line-of-sight test of slots a and b (the host counts it). */
  clear(a: number, b: number): boolean;
  /** Links (or unlinks) slots a and b; called again for a pair already in that state. */
  setLinked(a: number, b: number, linked: boolean): void;
}

// Row entries: 4 * slot + flags.
const CLEAR = 1;
/** The pair's status is unknown: an obstacle changed on its segment (retestRegion). */
const STALE = 2;

/**
 * Nearest-visible links, kept exact under edits. The rule (a pure function of positions,
 * ranks and the line-of-sight test, so any sequence of edits ends where a fresh build does):
 *  - C(i), the candidates of waypoint i: its NEAREST_CANDIDATES nearest waypoints no farther
 *    than maxLinkDistance, ordered by (distance, rank);
 *  - the row of i: C(i) walked in order, each pair tested, up to and including the
 *    NEAREST_LINKS-th clear one (all of C(i) if fewer are clear); its clear entries are the
 *    waypoints i chooses;
 *  - i and j are linked when either chooses the other.
 * An edit of waypoint s changes the row of s, of the rows holding s (found through the
 * rows' reaches, see below) and of the rows s now enters; an obstacle edit changes the rows
 * holding a pair whose segment meets it. Only those rows are refilled, and a refill tests only
 * the pairs no row knows (a row records each walked pair's status).
 *
 * Layout (per slot s, `K` = NEAREST_CANDIDATES):
 *   row[K*s .. K*s + len[s])  the row, in order: 4 * slot + CLEAR? + STALE?
 *   reach (in the PointGrid)  the squared distance within which a waypoint can enter or is in
 *                             the row: to its last entry when the row is full (NEAREST_LINKS
 *                             clear) or holds all K candidates, else maxLinkDistance^2.
 */
export class NearestLinks {
  /** Segment tests run by edits (the work of the last `settle`: see `lastTests`). */
  lastTests = 0;
  readonly #host: NearestHost;
  readonly #maxDistSq: number;
  #grid = new PointGrid(1);
  #fitted = 0;
  #live = 0;
  #row = new Int32Array(0);
  #len = new Int32Array(0);
  #present = new Uint8Array(0);
  #mark = new Uint8Array(0);
  #pending: number[] = [];
  #touched: number[] = [];
  #fresh = -1;
  #filled = false;
  readonly #cand = new Int32Array(NEAREST_CANDIDATES);
  readonly #old = new Int32Array(NEAREST_CANDIDATES);
  #oldLen = 0;

  constructor(host: NearestHost, maxLinkDistance: number) {
    this.#host = host;
    this.#maxDistSq = maxLinkDistance * maxLinkDistance;
  }

  /** Links the waypoints in `slots` from scratch (setLinked is not called: see `linkAll`). */
  build(slots: ArrayLike<number>): void {
    let top = 0;
    for (let k = 0; k < slots.length; k++) top = Math.max(top, slots[k] + 1);
    this.#row = new Int32Array(NEAREST_CANDIDATES * top);
    this.#len = new Int32Array(top);
    this.#present = new Uint8Array(top);
    this.#mark = new Uint8Array(top);
    this.#refit(slots);
    this.#fresh = -1;
    for (let k = 0; k < slots.length; k++) this.#fill(slots[k], false);
  }

  /** Calls host.setLinked(a, b, true) once for every linked pair. */
  linkAll(): void {
    const K = NEAREST_CANDIDATES;
    for (let a = 0; a < this.#len.length; a++) {
      for (let k = 0; k < this.#len[a]; k++) {
        const e = this.#row[K * a + k];
        if (!(e & CLEAR)) continue;
        const b = e >> 2;
        if (a < b || !this.#chooses(b, a)) this.#host.setLinked(a, b, true);
      }
    }
  }

  /**
   * Slot s is about to move or go (still at its old position): the rows holding it are
   * marked for refilling and its own links for re-evaluation.
   */
  detach(s: number): void {
    const p = this.#host.xyz;
    const x = p[3 * s],
      y = p[3 * s + 1],
      z = p[3 * s + 2];
    this.#grid.forEachReaching(x, y, z, x, y, z, (i) => {
      if (i !== s && this.#mark[i] === 0 && this.#holds(i, s)) this.#markRow(i);
    });
    this.#grid.remove(s, x, y, z);
    this.#present[s] = 0;
    this.#live--;
    const K = NEAREST_CANDIDATES;
    for (let k = 0; k < this.#len[s]; k++) if (this.#row[K * s + k] & CLEAR) this.#touched.push(s, this.#row[K * s + k] >> 2);
    this.#len[s] = 0;
  }

  /** Slot s was placed (added, or moved after `detach`): marks the rows it now enters. */
  attach(s: number): void {
    this.#ensure(s + 1);
    const p = this.#host.xyz;
    const x = p[3 * s],
      y = p[3 * s + 1],
      z = p[3 * s + 2];
    this.#grid.forEachReaching(x, y, z, x, y, z, (i) => {
      if (i !== s && this.#mark[i] === 0 && this.#wouldTake(i, s)) this.#markRow(i);
    });
    this.#len[s] = 0;
    this.#grid.insert(s, x, y, z);
    this.#grid.setReach(s, x, y, z, 0);
    this.#present[s] = 1;
    this.#live++;
    this.#fresh = s;
  }

  /**
   * Marks the rows holding a pair whose segment meets the box [min, max] (an obstacle changed
   * there) and settles them; returns the number of pairs re-tested.
   */
  retestBox(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): number {
    const K = NEAREST_CANDIDATES,
      p = this.#host.xyz,
      row = this.#row;
    this.#grid.forEachReaching(minX, minY, minZ, maxX, maxY, maxZ, (i) => {
      let hit = false;
      for (let k = 0; k < this.#len[i]; k++) {
        const t = row[K * i + k] >> 2;
        // From the lexicographically smaller end, so both rows holding a pair agree.
        const first = lexLess(p, i, t);
        const a = first ? i : t,
          b = first ? t : i;
        const ax = p[3 * a],
          ay = p[3 * a + 1],
          az = p[3 * a + 2];
        if (!clipSegment(ax, ay, az, p[3 * b] - ax, p[3 * b + 1] - ay, p[3 * b + 2] - az, minX, minY, minZ, maxX, maxY, maxZ)) continue;
        row[K * i + k] |= STALE;
        hit = true;
      }
      if (hit && this.#mark[i] === 0) this.#markRow(i);
    });
    this.settle();
    return this.lastTests;
  }

  /** Refills the marked rows (the attached slot's first) and re-evaluates the touched links. */
  settle(): void {
    this.lastTests = 0;
    const fresh = this.#fresh;
    this.#filled = false;
    if (fresh >= 0) {
      this.#fill(fresh, true);
      this.#filled = true;
    }
    for (const i of this.#pending) if (i !== fresh && this.#present[i]) this.#fill(i, true);
    const t = this.#touched;
    for (let k = 0; k < t.length; k += 2) {
      const a = t[k],
        b = t[k + 1];
      this.#host.setLinked(a, b, this.#chooses(a, b) || this.#chooses(b, a));
    }
    for (const i of this.#pending) this.#mark[i] = 0;
    this.#pending.length = 0;
    t.length = 0;
    this.#fresh = -1;
    // The grid's cells were sized for another count: resize them (rows stay as they are).
    if (this.#live > 2 * this.#fitted || 2 * this.#live < this.#fitted) {
      const slots: number[] = [];
      for (let s = 0; s < this.#present.length; s++) if (this.#present[s]) slots.push(s);
      this.#refit(slots, true);
    }
  }

  /** A grid sized for `slots`, holding them (with their reaches when `keepReach`). */
  #refit(slots: ArrayLike<number>, keepReach = false): void {
    const p = this.#host.xyz;
    const old = this.#grid;
    const grid = PointGrid.fit(p, slots);
    for (let k = 0; k < slots.length; k++) {
      const s = slots[k];
      grid.insert(s, p[3 * s], p[3 * s + 1], p[3 * s + 2]);
      grid.setReach(s, p[3 * s], p[3 * s + 1], p[3 * s + 2], keepReach ? old.reachSq(s) : 0);
      this.#present[s] = 1;
    }
    this.#grid = grid;
    this.#fitted = this.#live = slots.length;
  }

  #ensure(size: number): void {
    if (size <= this.#len.length) return;
    const cap = Math.max(size, 2 * this.#len.length, 64);
    this.#row = grown(this.#row, NEAREST_CANDIDATES * cap);
    this.#len = grown(this.#len, cap);
    this.#present = grown(this.#present, cap);
    this.#mark = grown(this.#mark, cap);
  }

  #markRow(i: number): void {
    this.#mark[i] = 1;
    this.#pending.push(i);
  }

  /** Whether slot t is an entry of row i. */
  #holds(i: number, t: number): boolean {
    const K = NEAREST_CANDIDATES;
    for (let k = 0; k < this.#len[i]; k++) if (this.#row[K * i + k] >> 2 === t) return true;
    return false;
  }

  /** Whether a ranks before the nearest-first walk of row i stops (so it would enter it). */
  #wouldTake(i: number, s: number): boolean {
    const K = NEAREST_CANDIDATES,
      row = this.#row,
      len = this.#len[i];
    const d = distSq(this.#host.xyz, i, s);
    if (d > this.#maxDistSq) return false;
    let chosen = 0;
    for (let k = 0; k < len; k++) chosen += row[K * i + k] & CLEAR;
    if (chosen < NEAREST_LINKS && len < K) return true;
    const last = row[K * i + len - 1] >> 2;
    const dl = distSq(this.#host.xyz, i, last);
    return d < dl || (d === dl && this.#host.rank[s] < this.#host.rank[last]);
  }

  /** Whether i chooses t (t is a clear entry of row i). */
  #chooses(i: number, t: number): boolean {
    const K = NEAREST_CANDIDATES;
    for (let k = 0; k < this.#len[i]; k++) if (this.#row[K * i + k] === 4 * t + CLEAR) return true;
    return false;
  }

  /** Fills row i from its candidates; with `record`, its old and new choices are touched. */
  #fill(i: number, record: boolean): void {
    const K = NEAREST_CANDIDATES,
      row = this.#row,
      p = this.#host.xyz;
    this.#oldLen = this.#len[i];
    for (let k = 0; k < this.#oldLen; k++) {
      const e = row[K * i + k];
      this.#old[k] = e;
      if (record && e & CLEAR) this.#touched.push(i, e >> 2);
    }
    const m = this.#grid.nearest(p[3 * i], p[3 * i + 1], p[3 * i + 2], i, K, this.#maxDistSq, p, this.#host.rank, this.#cand);
    let len = 0,
      chosen = 0;
    for (let c = 0; c < m && chosen < NEAREST_LINKS; c++) {
      const t = this.#cand[c];
      const st = this.#status(i, t);
      row[K * i + len++] = 4 * t + st;
      if (st === CLEAR) {
        chosen++;
        if (record) this.#touched.push(i, t);
      }
    }
    this.#len[i] = len;
    const reach = chosen === NEAREST_LINKS || len === K ? distSq(p, i, row[K * i + len - 1] >> 2) : this.#maxDistSq;
    this.#grid.setReach(i, p[3 * i], p[3 * i + 1], p[3 * i + 2], reach);
  }

  /** The status of pair (i, t): from a row that walked it, else tested. */
  #status(i: number, t: number): number {
    const fresh = this.#fresh;
    if (i !== fresh) {
      // The fresh slot's pairs are known only from its own, refilled row.
      if (t === fresh) {
        if (this.#filled) {
          const e = this.#find(t, i);
          if (e >= 0) return e & CLEAR;
        }
      } else {
        for (let k = 0; k < this.#oldLen; k++) {
          const e = this.#old[k];
          if (e >> 2 === t && !(e & STALE)) return e & CLEAR;
        }
        const e = this.#find(t, i);
        if (e >= 0 && !(e & STALE)) return e & CLEAR;
      }
    }
    this.lastTests++;
    return this.#host.clear(i, t) ? CLEAR : 0;
  }

  /** The entry for slot t in row i, or -1. */
  #find(i: number, t: number): number {
    const K = NEAREST_CANDIDATES;
    for (let k = 0; k < this.#len[i]; k++) if (this.#row[K * i + k] >> 2 === t) return this.#row[K * i + k];
    return -1;
  }
}

function distSq(p: ArrayLike<number>, a: number, b: number): number {
  const dx = p[3 * b] - p[3 * a],
    dy = p[3 * b + 1] - p[3 * a + 1],
    dz = p[3 * b + 2] - p[3 * a + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** Whether slot a's position is lexicographically no greater than slot b's. */
function lexLess(p: ArrayLike<number>, a: number, b: number): boolean {
  const ax = p[3 * a],
    ay = p[3 * a + 1],
    az = p[3 * a + 2],
    bx = p[3 * b],
    by = p[3 * b + 1],
    bz = p[3 * b + 2];
  return ax < bx || (ax === bx && (ay < by || (ay === by && az <= bz)));
}
