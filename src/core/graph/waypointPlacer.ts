import type { ClearSpace } from '../grid/clearance.ts';
import { ALL_PAIRS_LIMIT } from './buildVisibility.ts';
import { pairClear, VisibilityGraph, type LineOfSight } from './visibility.ts';
import { voxelCenter } from './waypointMetrics.ts';
import { stringPull } from './waypointRoute.ts';
import { coverOrder } from './coverOrder.ts';
import { floodMeetings } from './voxelPath.ts';
import { nearestPoints } from './nearestPoints.ts';

/**
 * Pruning moves a waypoint's voxels only to the waypoints nearest to it, at most this many
 * (a voxel that sees none of them keeps the waypoint).
 */
const PRUNE_NEAREST = 64;

/**
 * Pruning keeps a waypoint that covers more than this many voxels without trying: moving them
 * costs a sight test each (1.5 million on space-station), and such a waypoint rarely goes.
 * Pruning was most of placement's sight walks once cover capped its tests (COVER_NEAR): 1024
 * instead of 4096 halves them (cave 3.5M -> 1.8M steps, city-block 4.3M -> 1.5M) for 3-15 % more
 * waypoints at the end (cave 241 -> 258, city-block 224 -> 247, gen-10k 338 -> 355).
 */
const PRUNE_MAX_OWNED = 1024;

/** Cover moves a waypoint out of a voxel with less clearance than this (cells) to the clearest voxel within COVER_REACH voxels that sees it. */
const COVER_LOW = 2;
const COVER_REACH = 4;

/**
 * Cover tests a new waypoint's sight only from blocks whose middle voxel lies within this many
 * cells of it (farther voxels wait for a nearer waypoint). Long sight tests from voxels near
 * geometry were most of cover's work; with this cap (and `sees`' clear balls) cover, pruning
 * and refinement walk 13-60 % fewer voxels on the example and generated levels (cover places
 * more waypoints, pruning drops them again; 32 walked least of 24-64 and no cap).
 */
const COVER_NEAR = 32;

/** The steps of `placeWaypoints` (step 4, refinement, is `refinePlacement`, placerRefine.ts). Pruning marks waypoints dead; `compact` then drops them. */
export class Placer {
  readonly space: ClearSpace;
  readonly los: LineOfSight;
  readonly maxWaypoints: number;
  declare readonly maxLink: number;
  /** Above this many waypoints `vis` keeps nearest-visible links (VisibilityOptions.allPairsLimit). */
  declare readonly allPairsLimit: number;
  declare vis: VisibilityGraph;
  /** Voxel index of each waypoint. */
  voxel: number[] = [];
  alive: boolean[] = [];
  /** Waypoint positions, xyz triples. */
  xyz: number[] = [];
  /** Per clear voxel (position in space.clearVoxels): the waypoint it is known to see, or -1. */
  declare readonly coveredBy: Int32Array;
  readonly #c = { x: 0, y: 0, z: 0 };

  constructor(space: ClearSpace, los: LineOfSight, maxWaypoints: number, maxLink: number, allPairsLimit = ALL_PAIRS_LIMIT) {
    this.space = space;
    this.los = los;
    this.maxWaypoints = maxWaypoints;
    this.maxLink = maxLink;
    this.allPairsLimit = allPairsLimit;
    this.vis = new VisibilityGraph(los, { maxLinkDistance: maxLink, allPairsLimit });
    this.coveredBy = new Int32Array(space.clearVoxels.length).fill(-1);
  }

  get count(): number {
    return this.voxel.length;
  }

  /**
   * Makes voxel v's centre a waypoint and returns its index; linked in `vis` unless `link` is
   * false (cover's waypoints: their links are made by `compact`, after pruning, or when
   * `connect` needs them; cave's cover spent a fifth of its sight tests linking 498 waypoints
   * of which 119 stay).
   */
  add(v: number, link = true): number {
    voxelCenter(this.space, v, this.#c);
    this.voxel.push(v);
    this.alive.push(true);
    this.xyz.push(this.#c.x, this.#c.y, this.#c.z);
    if (link) this.vis.add(this.#c.x, this.#c.y, this.#c.z);
    return this.voxel.length - 1;
  }

  /**
   * Whether voxel centre u sees waypoint w: at once when the clear balls around both (radius
   * their clearance less the agent's, grown by a hair as in `gridCapsuleSight`, and less a
   * millionth for the float32 rounding of the clearance) together span the segment (no geometry
   * lies outside blocked voxels' boxes), else by the line of sight.
   */
  sees(u: number, w: number): boolean {
    const { clearance, radius, grid } = this.space;
    const a = this.#c;
    voxelCenter(this.space, u, a);
    const p = this.xyz;
    return (
      Math.hypot(a.x - p[3 * w], a.y - p[3 * w + 1], a.z - p[3 * w + 2]) <
        (clearance[u] + clearance[this.voxel[w]]) * (1 - 1e-6) - 2 * (radius + 1e-6 * grid.cellSize) ||
      pairClear(this.los, a.x, a.y, a.z, p[3 * w], p[3 * w + 1], p[3 * w + 2])
    );
  }

  /**
   * Step 1. The uncovered voxels are kept grouped by block of 8^3 voxels, and taken
   * in `coverOrder` (most open first). The next uncovered voxel k gets a waypoint: at k, or,
   * when k lies within COVER_LOW cells of geometry (a corner or a crevice, which sees little),
   * at the voxel of its component within COVER_REACH voxels (along each axis) with the most
   * clearance that sees k, of the COVER_TRIES with the most (one step out of a corner sees the
   * corner and much more: on the example levels this halves to fifths the waypoints cover
   * places, and pruning then has less to remove). A new waypoint first tests the middle
   * uncovered voxel of each block: a block whose middle lies farther than COVER_NEAR cells, or
   * does not see it (or lies in another component), waits for a later waypoint, untested
   * (every voxel is still covered only by a waypoint it sees, and each waypoint covers at least
   * voxel k, so cover ends). In a block whose middle sees it, and in k's block, each voxel of
   * the component is tested (`sees`: most in the open at once, by their clear balls; on
   * space-station 2.13M tests, 0.29M of them sight tests). (Proofs of whole blocks by fattened
   * capsules cut the tests as much but cost as much CPU, and more bytes: dropped.)
   */
  cover(): void {
    const { space } = this;
    const { grid, clearance, component, clearVoxels: voxels } = space;
    const { order, uncovered, first, block } = coverOrder(space);
    // Block b's uncovered voxels are uncovered[first[b] .. last[b]).
    const last = first.slice(1);
    const c = { x: 0, y: 0, z: 0 };
    let remaining = uncovered.length;
    let next = 0;
    while (remaining > 0 && this.count < this.maxWaypoints) {
      while (this.coveredBy[order[next]] !== -1) next++;
      const k = order[next];
      let v = voxels[k];
      const comp = component[v];
      if (clearance[v] < COVER_LOW * grid.cellSize) {
        // The clearest voxel of the component within reach that sees k (the test is symmetric).
        voxelCenter(space, v, c);
        const [kx, ky, kz] = [c.x, c.y, c.z];
        const R = COVER_REACH * grid.cellSize;
        for (let dz = -R; dz <= R; dz += grid.cellSize)
          for (let dy = -R; dy <= R; dy += grid.cellSize)
            for (let dx = -R; dx <= R; dx += grid.cellSize) {
              const u = grid.voxelIndexAt(kx + dx, ky + dy, kz + dz);
              if (u >= 0 && component[u] === comp && clearance[u] > clearance[v]) {
                voxelCenter(space, u, c);
                if (pairClear(this.los, c.x, c.y, c.z, kx, ky, kz)) v = u;
              }
            }
      }
      const w = this.add(v, false);
      const { x: wx, y: wy, z: wz } = grid.coords(v, c);
      // Whether voxel u lies within COVER_NEAR cells of the new waypoint.
      const near = (u: number): boolean => {
        grid.coords(u, c);
        return (c.x - wx) ** 2 + (c.y - wy) ** 2 + (c.z - wz) ** 2 <= COVER_NEAR ** 2;
      };
      for (let b = 0; b < last.length; b++) {
        const start = first[b],
          end = last[b];
        const mid = voxels[uncovered[(start + end) >> 1]];
        if (start < end && (b === block[k] || (component[mid] === comp && near(mid) && this.sees(mid, w)))) {
          let put = start;
          for (let i = start; i < end; i++) {
            const u = uncovered[i];
            if (u === k || (component[voxels[u]] === comp && this.sees(voxels[u], w))) {
              this.coveredBy[u] = w;
              remaining--;
            } else uncovered[put++] = u;
          }
          last[b] = put;
        }
      }
    }
  }

  /**
   * Step 2: while a component of clear voxels holds waypoints of two graph components, bridges
   * them. A round floods the clear voxels from every waypoint at once, labelled by graph
   * component (`floodMeetings`), and walks the meetings of two components about shortest
   * first (Kruskal, in the order the flood met them): a meeting whose two components are still apart gets the string-pulled
   * corners of its voxel path as waypoints (`#bridge`). So a round costs one flood, not one
   * search per bridge. The graph components are kept in a union-find over the links of each
   * waypoint added. Above the all-pairs limit `vis` keeps nearest-visible links, and an added
   * waypoint may take the place of older links: there the union-find is rebuilt from the
   * graph's links after every bridge (else it would join components the graph no longer joins).
   */
  connect(): void {
    if (this.vis.count < this.count) this.compact();
    const { space } = this;
    const parent: number[] = [];
    const find = (w: number): number => {
      while (parent[w] !== w) {
        parent[w] = parent[parent[w]];
        w = parent[w];
      }
      return w;
    };
    const join = (w: number): void => {
      parent[w] = w;
      for (const t of this.vis.linksOf(w)) if (t < w) parent[find(t)] = find(w);
    };
    let linked = 0;
    const update = (): void => {
      // Links only grow up to the all-pairs limit: join the new waypoints; above it, all of them.
      if (this.count > this.allPairsLimit) linked = 0;
      for (; linked < this.count; linked++) join(linked);
    };
    const firstRoot = new Int32Array(space.componentCount);
    const split = (): boolean => {
      firstRoot.fill(-1);
      for (let w = 0; w < this.count; w++) {
        const c = space.component[this.voxel[w]];
        const root = find(w);
        if (firstRoot[c] === -1) firstRoot[c] = root;
        else if (firstRoot[c] !== root) return true;
      }
      return false;
    };
    // Each round bridges every pair of graph components its flood finds apart; a round that adds nothing ends the loop.
    for (let guard = 0; guard < 1000 && this.count < this.maxWaypoints; guard++) {
      update();
      if (!split()) return;
      const n = this.count;
      const sources = this.voxel.slice(0, n);
      const labels = sources.map((_, w) => find(w));
      let added = 0;
      const { met, pathOf } = floodMeetings(space, sources, labels);
      for (let k = 0; k < met.length && this.count < this.maxWaypoints; k += 4) {
        if (find(met[k + 2]) === find(met[k + 3])) continue;
        // The corners see each other and both ends (string-pulled within the link distance).
        if (this.#bridge(pathOf(met[k], met[k + 1]))) added++;
        update();
      }
      if (added === 0) return;
    }
  }

  /**
   * Adds the interior string-pulled corners of a voxel path (from one waypoint's voxel to
   * another's) as waypoints. Returns false when nothing was added.
   */
  #bridge(path: readonly number[]): boolean {
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
      this.add(this.space.grid.voxelIndexAt(pulled.points[k], pulled.points[k + 1], pulled.points[k + 2]));
      added++;
    }
    return added > 0;
  }

  /** The line of sight, refused beyond the link distance (so corners end up linked). */
  limitedLos(): LineOfSight {
    const los = this.los;
    const limit = this.maxLink;
    return (ax, ay, az, bx, by, bz) => Math.hypot(bx - ax, by - ay, bz - az) <= limit && los(ax, ay, az, bx, by, bz);
  }

  /**
   * Step 3: drops each waypoint (fewest covered voxels first, at most PRUNE_MAX_OWNED) whose
   * covered voxels all see another live waypoint of their component; returns how many it
   * removed. It may split the graph: `placeWaypoints` connects after refinement (which finds
   * the routes a split leaves long, and adds their corners).
   */
  prune(): number {
    const { space } = this;
    const n = this.count;
    const owned: number[][] = Array.from({ length: n }, () => []);
    for (let k = 0; k < this.coveredBy.length; k++) {
      const w = this.coveredBy[k];
      if (w >= 0) owned[w].push(k);
    }
    const order = Array.from(owned.keys()).sort((a, b) => owned[a].length - owned[b].length || b - a);
    const p = this.xyz;
    const others = new Int32Array(PRUNE_NEAREST),
      dist = new Float64Array(PRUNE_NEAREST);
    let removed = 0;
    let comp = 0,
      w = 0;
    // Other live waypoints of w's component (w's links must stay connected without it).
    const other = (o: number): boolean => o !== w && this.alive[o] && space.component[this.voxel[o]] === comp;
    for (w of order) {
      comp = space.component[this.voxel[w]];
      // The PRUNE_NEAREST nearest to w, nearest first.
      if (owned[w].length > PRUNE_MAX_OWNED) continue;
      const near = nearestPoints(p, n, p[3 * w], p[3 * w + 1], p[3 * w + 2], others, dist, other);
      if (near === 0) continue;
      const moved: number[] = [];
      let last = others[0];
      let ok = true;
      for (const k of owned[w]) {
        const u = space.clearVoxels[k];
        let seen = this.sees(u, last) ? last : -1;
        for (let i = 0; seen === -1 && i < near; i++) if (others[i] !== last && this.sees(u, others[i])) seen = others[i];
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
    this.vis = new VisibilityGraph(this.los, { maxLinkDistance: this.maxLink, allPairsLimit: this.allPairsLimit });
    this.vis.setAll(xyz);
  }
}
