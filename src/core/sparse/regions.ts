import { regionAdjacency } from './regionAdjacency.ts';
import type { SparseCells } from './sparseCells.ts';
import { EMPTY as EMPTY_, MIXED as MIXED_ } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const EMPTY = EMPTY_;
const MIXED = MIXED_;

/**
 * The octree's free cells (SparseCells) merged into larger boxes, the cells a query searches.
 * Octree cells are cubes aligned to powers of two and 4x4x4 bricks cut into a few boxes each,
 * so open space and the air along a wall or a floor are split into many small cells; a region
 * is a box that is exactly the union of whole cells, grown greedily across node and brick
 * borders, so a query crosses it in one expansion.
 *
 * Layout (R regions; cell index i = SparseCells.indexOf: brick boxes in list order, then one
 * per node):
 *   of[i]            the region of cell index i (-1: not a free cell)
 *   rep[r]           the cell id that names region r (its seed: the largest cell it started from)
 *   box[6r..6r+5]    its minimum voxel corner x, y, z and its sides along x, y, z
 *   start[r]..start[r+1]   its neighbours in `adj` (regions sharing part of a face; CSR)
 */
export interface Regions {
  /** Number of regions. */
  readonly count: number;
  /** Per cell index (SparseCells.indexOf): its region, -1 when no free cell. */
  readonly of: Int32Array;
  /** Per region: the cell id that names it. */
  readonly rep: Int32Array;
  /** Per region, 6 entries: minimum voxel corner and sides. */
  readonly box: Int32Array;
  /** Per region (and one past the last): its first neighbour in `adj`. */
  readonly start: Int32Array;
  /** The regions' neighbours, region after region. */
  readonly adj: Int32Array;
}

/** Box q of `boxes` (6 entries each: corner, sides; Regions.box) copied into out[0..5], element by element (no subarray per call). */
export function boxAt<T extends number[] | Int32Array>(boxes: Int32Array, q: number, out: T): T {
  const o = 6 * q;
  out[0] = boxes[o];
  out[1] = boxes[o + 1];
  out[2] = boxes[o + 2];
  out[3] = boxes[o + 3];
  out[4] = boxes[o + 4];
  out[5] = boxes[o + 5];
  return out;
}

/** Bytes the regions hold. */
export const regionsBytes = (r: Regions): number =>
  r.of.byteLength + r.rep.byteLength + r.box.byteLength + r.start.byteLength + r.adj.byteLength;

/** Growable Int32 scratch. */
let found = new Int32Array(1024);
let foundCount = 0;
let stack = new Int32Array(1024);

/** The slab being collected: [lo, hi) per axis, the growth axis and sign, and the farthest cell end along it. */
const lo = [0, 0, 0];
const hi = [0, 0, 0];
let axis = 0;
let up = true;
let reach = 0;
/**
 * Why collect last failed: true for a blocked voxel, the world's end or another region's cell,
 * which a wider slab through the same face meets too (the face can never grow); false for a cell
 * sticking out of the slab's cross-section, which may fit once the region grew sideways.
 */
let stuck = false;

function pushFound(i: number): void {
  if (foundCount === found.length) {
    const g = new Int32Array(2 * found.length);
    g.set(found);
    found = g;
  }
  found[foundCount++] = i;
}

/**
 * Checks a cell box met in the slab: not yet in a region, inside the slab's cross-section;
 * notes how far it reaches along the growth axis. False when it cannot join.
 */
function take(of: Int32Array, i: number, x: number, y: number, z: number, sx: number, sy: number, sz: number): boolean {
  if (of[i] !== -1) return false;
  const c0 = x,
    c1 = y,
    c2 = z,
    e0 = x + sx,
    e1 = y + sy,
    e2 = z + sz;
  if (
    (axis !== 0 && (c0 < lo[0] || e0 > hi[0])) ||
    (axis !== 1 && (c1 < lo[1] || e1 > hi[1])) ||
    (axis !== 2 && (c2 < lo[2] || e2 > hi[2]))
  )
    return (stuck = false);
  if (up) {
    const e = axis === 0 ? e0 : axis === 1 ? e1 : e2;
    if (e > reach) reach = e;
  } else {
    const s = axis === 0 ? c0 : axis === 1 ? c1 : c2;
    if (s < reach) reach = s;
  }
  pushFound(i);
  return true;
}

/**
 * The cells meeting the slab [lo, hi) into `found`, by descending the octree: false when a
 * voxel of the slab is blocked or outside the world, or a cell meeting it cannot join (take).
 */
function collect(cells: SparseCells): boolean {
  const w = cells.world;
  stuck = true;
  if (lo[0] < 0 || lo[1] < 0 || lo[2] < 0 || hi[0] > w.X || hi[1] > w.Y || hi[2] > w.Z) return false;
  const { kind, level, firstChild, maskLo, maskHi } = w;
  const { start: bStart, list } = cells.boxes;
  const boxCount = cells.boxes.count;
  const of = regionOf;
  foundCount = 0;
  reach = up ? 0 : 2 ** 31 - 1;
  // Stack entries: node, corner x, y, z (children's corners from their parent's: no Morton decoding per node).
  // From the smallest node holding the whole slab (one path down from the root), not the root itself.
  const diff = (lo[0] ^ (hi[0] - 1)) | (lo[1] ^ (hi[1] - 1)) | (lo[2] ^ (hi[2] - 1));
  const want = Math.max(0, 30 - Math.clz32(diff));
  let n0 = w.root;
  let k0 = w.top;
  for (; k0 > want && kind[n0] === MIXED; k0--) {
    const sh = k0 + 1;
    n0 = firstChild[n0] + (((lo[0] >> sh) & 1) | (((lo[1] >> sh) & 1) << 1) | (((lo[2] >> sh) & 1) << 2));
  }
  stack[0] = n0;
  stack[1] = (lo[0] >> (k0 + 2)) << (k0 + 2);
  stack[2] = (lo[1] >> (k0 + 2)) << (k0 + 2);
  stack[3] = (lo[2] >> (k0 + 2)) << (k0 + 2);
  let top = 4;
  while (top > 0) {
    top -= 4;
    const n = stack[top];
    const x0 = stack[top + 1],
      y0 = stack[top + 2],
      z0 = stack[top + 3];
    const lv = level[n];
    const side = 4 << lv;
    if (x0 >= hi[0] || y0 >= hi[1] || z0 >= hi[2] || x0 + side <= lo[0] || y0 + side <= lo[1] || z0 + side <= lo[2]) continue;
    const k = kind[n];
    if (k === EMPTY) {
      if (!take(of, boxCount + n, x0, y0, z0, side, side, side)) return false;
      continue;
    }
    if (k !== MIXED) return false;
    if (lv > 0) {
      if (top + 32 > stack.length) {
        const g = new Int32Array(2 * stack.length);
        g.set(stack);
        stack = g;
      }
      const f = firstChild[n];
      const h = side >> 1;
      for (let j = 0; j < 8; j++) {
        const cx = x0 + (j & 1) * h,
          cy = y0 + ((j >> 1) & 1) * h,
          cz = z0 + (j >> 2) * h;
        // Only the children that meet the slab.
        if (cx >= hi[0] || cy >= hi[1] || cz >= hi[2] || cx + h <= lo[0] || cy + h <= lo[1] || cz + h <= lo[2]) continue;
        stack[top] = f + j;
        stack[top + 1] = cx;
        stack[top + 2] = cy;
        stack[top + 3] = cz;
        top += 4;
      }
      continue;
    }
    // A brick: the slab's voxels in it must be free; then its boxes that meet the slab.
    const a0 = Math.max(lo[0] - x0, 0),
      b0 = Math.min(hi[0] - x0, 4),
      a1 = Math.max(lo[1] - y0, 0),
      b1 = Math.min(hi[1] - y0, 4),
      a2 = Math.max(lo[2] - z0, 0),
      b2 = Math.min(hi[2] - z0, 4);
    const row = ((1 << (b0 - a0)) - 1) << a0;
    let plane = 0;
    for (let j = a1; j < b1; j++) plane |= row << (4 * j);
    const mLo = maskLo[n],
      mHi = maskHi[n];
    for (let z = a2; z < b2; z++) if (((z < 2 ? mLo : mHi) & (plane << (16 * (z & 1)))) !== 0) return false;
    const ox = x0,
      oy = y0,
      oz = z0;
    for (let i = bStart[n], end = bStart[n + 1]; i < end; i++) {
      const q = list[i];
      const b = q & 63;
      const q0 = b & 3,
        q1 = (b >> 2) & 3,
        q2 = b >> 4;
      const s0 = ((q >> 6) & 3) + 1,
        s1 = ((q >> 8) & 3) + 1,
        s2 = ((q >> 10) & 3) + 1;
      if (q0 >= b0 || q1 >= b1 || q2 >= b2 || q0 + s0 <= a0 || q1 + s1 <= a1 || q2 + s2 <= a2) continue;
      if (!take(of, i, ox + q0, oy + q1, oz + q2, s0, s1, s2)) return false;
    }
  }
  return true;
}

/** The region labels being built (module scratch for collect/take). */
let regionOf: Int32Array = new Int32Array(0);

/** Longest side a region grows to, in voxels (bounds the slabs a growth step collects). */
const MAX_SIDE = 1 << 12;

/**
 * Grows region r (box at `box`, 6 entries from 6r: corner, sides) through its 6 faces in turn,
 * a slab at a time: a slab as thick as the cells on the face reach, taken when every voxel in it
 * is free and every cell meeting it is free of other regions and lies inside it. Until no face grows.
 */
function grow(cells: SparseCells, r: number, box: Int32Array): void {
  const o = 6 * r;
  let dead = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (let d = 0; d < 6; d++) {
      if ((dead >> d) & 1) continue;
      axis = d >> 1;
      up = (d & 1) === 0;
      if (box[o + 3 + axis] >= MAX_SIDE) continue;
      for (let a = 0; a < 3; a++) {
        lo[a] = box[o + a];
        hi[a] = box[o + a] + box[o + 3 + a];
      }
      const face = up ? hi[axis] : lo[axis];
      // First the one-voxel layer beyond the face; then the slab its cells span, until it holds them all.
      lo[axis] = up ? face : face - 1;
      hi[axis] = up ? face + 1 : face;
      let ok = false;
      for (;;) {
        if (!collect(cells)) break;
        if (up ? reach <= hi[axis] : reach >= lo[axis]) {
          ok = true;
          break;
        }
        if (up) hi[axis] = reach;
        else lo[axis] = reach;
      }
      if (!ok) {
        if (stuck) dead |= 1 << d;
        continue;
      }
      for (let k = 0; k < foundCount; k++) regionOf[found[k]] = r;
      if (up) box[o + 3 + axis] = hi[axis] - box[o + axis];
      else {
        box[o + 3 + axis] += face - lo[axis];
        box[o + axis] = lo[axis];
      }
      grew = true;
    }
  }
}

/** Regions so far: per region its naming cell and box (6 entries), `count` in use (the arrays may be longer). */
export interface RegionList {
  /** Per region: the cell id that names it. */
  rep: Int32Array;
  /** Per region, 6 entries: minimum voxel corner and sides. */
  box: Int32Array;
  /** Regions in use. */
  count: number;
}

/**
 * Makes a region of every cell `of` leaves unassigned (-1), seeded from the largest EMPTY nodes
 * down, then the bricks' boxes, each grown as far as whole unassigned free cells allow; appends
 * them after the `count` regions of `rep` and `box` (grown as needed). Writes `of`.
 */
export function growRegions(cells: SparseCells, of: Int32Array, rep: Int32Array, box: Int32Array, count: number): RegionList {
  const boxCount = cells.boxes.count;
  regionOf = of;
  const list = listScratch;
  list.rep = rep;
  list.box = box;
  list.count = count;
  seedAll(cells, list, of, boxCount);
  regionOf = new Int32Array(0);
  const out = { rep: list.rep, box: list.box, count: list.count };
  list.rep = list.box = new Int32Array(0);
  return out;
}

/**
 * Seeds and grows a region from every cell still unassigned: the EMPTY nodes from the largest
 * down, then the bricks' boxes (a function of its own: see regionAdjacency's adjacencyLists).
 */
function seedAll(cells: SparseCells, list: RegionList, of: Int32Array, boxCount: number): void {
  const w = cells.world;
  const kind = w.kind;
  for (let n = w.nodeCount - 1; n >= 0; n--)
    if (kind[n] === EMPTY && of[boxCount + n] === -1) seed(cells, list, boxCount + n, cells.voxelBase + n);
  const { start: bStart, list: boxes } = cells.boxes;
  for (let n = 0; n < w.brickCount; n++) {
    if (kind[n] !== MIXED) continue;
    for (let i = bStart[n], end = bStart[n + 1]; i < end; i++) if (of[i] === -1) seed(cells, list, i, 64 * n + (boxes[i] & 63));
  }
}

/** growRegions' list being built (module scratch: a function, not a closure per call, so optimized code keeps its call targets). */
const listScratch: RegionList = { rep: new Int32Array(0), box: new Int32Array(0), count: 0 };
/** Scratch: a cell's box. */
const cb = [0, 0, 0, 0, 0, 0];

/** Starts region `list.count` from cell index i (cell id c), grows it, and appends it to `list` (grown as needed). */
function seed(cells: SparseCells, list: RegionList, i: number, c: number): void {
  if (list.count === list.rep.length) {
    const g = new Int32Array(2 * list.rep.length);
    g.set(list.rep);
    list.rep = g;
    const h = new Int32Array(12 * list.count);
    h.set(list.box);
    list.box = h;
  }
  const r = list.count++;
  regionOf[i] = r;
  list.rep[r] = c;
  cells.cellBox(c, cb);
  const box = list.box;
  for (let a = 0; a < 6; a++) box[6 * r + a] = cb[a];
  grow(cells, r, box);
}

/**
 * Merges the free cells of `cells` into regions (see Regions): seeds from the largest EMPTY
 * nodes down, then the bricks' boxes, each grown as far as whole free cells allow; then the
 * regions' face neighbours (regionAdjacency).
 */
export function buildRegions(cells: SparseCells): Regions {
  const w = cells.world;
  const of = new Int32Array(cells.boxes.count + w.nodeCount).fill(-1);
  const { rep, box, count } = growRegions(cells, of, new Int32Array(1024), new Int32Array(6 * 1024), 0);
  const { start, adj } = regionAdjacency(box, count);
  return { count, of, rep: rep.slice(0, count), box: box.slice(0, 6 * count), start, adj };
}
