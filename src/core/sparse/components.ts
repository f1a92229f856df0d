import { EMPTY as EMPTY_, MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const EMPTY = EMPTY_;
const MIXED = MIXED_;

/**
 * The connected components of a SparseWorld's free cells (face neighbours, the same
 * connectivity as the dense grid's 6-connected free voxels, which no-corner-cutting moves
 * keep), so an unreachable goal is known before any search.
 *
 * Layout, compact: per node its component (-1 unless EMPTY); per brick one component when all
 * its free voxels share it (the usual case; -1 without free voxels), else -(k + 2) where
 * boxComp[k..] holds them box by box: per box of the brick (BrickBoxes order) two entries, its
 * packed box (splitBrick's value; BOX_LAST set on the brick's last box) and its component. (A
 * brick on a wall between the outside and sealed air: 16-32 bytes, not 64 labels of 4.)
 * Components are numbered by their smallest cell id.
 */
export interface SparseComponents {
  nodeComp: Int32Array;
  brickComp: Int32Array;
  boxComp: Int32Array;
}

/** Set on the packed box of a brick's last box in `boxComp`. */
export const BOX_LAST = 1 << 16;

/** What the union-find reads of a SparseSpace (structural, so this module does not import it). */
export interface CellGraph {
  readonly world: SparseWorld;
  readonly nodeCount: number;
  readonly voxelBase: number;
  readonly buffer: Int32Array;
  /** The MIXED bricks' boxes: per brick its packed boxes (corner bit in the low 6 bits, ascending) and the first one's index. */
  readonly boxes: {
    boxesOf(n: number): Uint16Array;
    first(n: number): number;
    readonly count: number;
    /** Per brick its first box in `list`; the last entry ends the list. */
    readonly start: Uint32Array;
    readonly list: Uint16Array;
  };
  isTraversable(c: number): boolean;
  neighbours(c: number): number;
  /** The cell of voxel `b` of MIXED brick n (-1 when blocked). */
  voxelCell(n: number, b: number): number;
  /** Index of cell c among all cells (SparseCells; a SparseSpace, whose cells are regions, is no CellGraph). */
  indexOf(c: number): number;
}

/** A growable Int32 list (a number[] overflows at city scale). */
export class Int32List {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const g = new Int32Array(2 * this.data.length);
      g.set(this.data);
      this.data = g;
    }
    this.data[this.length++] = v;
  }
  /** The entries, copied into an array of their own size. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

/**
 * Union-find over every cell and its face neighbours, on a dense index (one Int32 per brick box
 * and per node, not per cell id: 64 ids per brick would not fit at city scale), then the compact labels.
 */
export function sparseComponents(space: CellGraph): SparseComponents {
  const w: SparseWorld = space.world;
  const boxCount = space.boxes.count;
  const total = boxCount + w.nodeCount;
  const parent = new Int32Array(total);
  for (let i = 0; i < total; i++) parent[i] = i;
  // The dense order is the cell id order, so a root (the least index) is the component's least cell id.
  const unite = (c: number, i: number): void => {
    const count = space.neighbours(c);
    const buf = space.buffer;
    for (let j = 0; j < count; j++) {
      const v = buf[j];
      if (v < c) continue;
      const a = find(parent, i),
        b = find(parent, space.indexOf(v));
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  };
  const bricks = w.brickCount;
  const { start, list } = space.boxes;
  for (let n = 0; n < bricks; n++) {
    if (w.kind[n] !== MIXED) continue;
    for (let i = start[n], end = start[n + 1]; i < end; i++) unite(64 * n + (list[i] & 63), i);
  }
  for (let k = 0; k < w.nodeCount; k++) if (w.kind[k] === EMPTY) unite(space.voxelBase + k, boxCount + k);
  // Labels in index order: parent[i] <= i, so parent[i]'s label is known; a label L is stored as -L - 1.
  // Bricks whose free voxels are in several components are marked first (-2), then listed box by box.
  const brickComp = new Int32Array(bricks).fill(-1);
  let entries = 0;
  for (let n = 0; n < bricks; n++) {
    if (w.kind[n] !== MIXED) continue;
    let one = -1,
      many = false;
    for (let x = start[n], end = start[n + 1]; x < end; x++) {
      const p = parent[x];
      parent[x] = p === x ? -(64 * n + (list[x] & 63)) - 1 : parent[p];
      const L = -parent[x] - 1;
      if (one < 0) one = L;
      else if (L !== one) many = true;
    }
    brickComp[n] = many ? -2 : one;
    if (many) entries += 2 * (start[n + 1] - start[n]);
  }
  const boxComp = new Int32Array(entries);
  let at = 0;
  for (let n = 0; n < bricks; n++) {
    if (brickComp[n] >= -1) continue;
    brickComp[n] = -at - 2;
    for (let x = start[n], end = start[n + 1]; x < end; x++) {
      boxComp[at++] = list[x] | (x === end - 1 ? BOX_LAST : 0);
      boxComp[at++] = -parent[x] - 1;
    }
  }
  const nodeComp = new Int32Array(w.nodeCount).fill(-1);
  for (let k = 0; k < w.nodeCount; k++) {
    const x = boxCount + k;
    const p = parent[x];
    parent[x] = p === x ? -(space.voxelBase + k) - 1 : parent[p];
    if (w.kind[k] === EMPTY) nodeComp[k] = -parent[x] - 1;
  }
  return { nodeComp, brickComp, boxComp };
}

/** The component of cell c (-1 for a cell that is not free: c & 63 not the corner of a box of a MIXED brick). */
export function componentOf(comp: SparseComponents, voxelBase: number, c: number): number {
  if (c >= voxelBase) return comp.nodeComp[c - voxelBase];
  const b = comp.brickComp[c >> 6];
  if (b >= -1) return b;
  const e = comp.boxComp;
  for (let i = -b - 2; ; i += 2) {
    if ((e[i] & 63) === (c & 63)) return e[i + 1];
    if ((e[i] & BOX_LAST) !== 0) return -1;
  }
}

/** Bytes the labels hold. */
export const componentsBytes = (comp: SparseComponents): number =>
  comp.nodeComp.byteLength + comp.brickComp.byteLength + comp.boxComp.byteLength;

/** Squared distance from q to the nearest voxel of the cube at box[0..2] with side box[3]. */
function boxDistance(q: readonly number[], box: readonly number[]): number {
  let d = 0;
  for (let a = 0; a < 3; a++) {
    const v = Math.max(box[a], Math.min(q[a], box[a] + box[3] - 1));
    d += (v - q[a]) * (v - q[a]);
  }
  return d;
}

/** Per component label, its voxel bounding box: [x0, y0, z0, x1, y1, z1] (inclusive) at index 6 x `index.get(label)`. */
interface ComponentBounds {
  index: Map<number, number>;
  box: Int32List;
}

/** Bounds per labels object, made on the first redirected query (an edited space has new labels). */
const boundsOf = new WeakMap<SparseComponents, ComponentBounds>();

/** The bounding box of every component, in one pass over the labels. */
function componentBounds(w: SparseWorld, c: SparseComponents): ComponentBounds {
  const known = boundsOf.get(c);
  if (known) return known;
  const index = new Map<number, number>();
  const box = new Int32List();
  const nb = [0, 0, 0, 0];
  let lastL = -1,
    lastI = -1;
  const add = (L: number, x: number, y: number, z: number, side: number): void => {
    let i = lastI;
    if (L !== lastL) {
      const k = index.get(L);
      if (k === undefined) {
        i = box.length;
        index.set(L, i);
        for (let a = 0; a < 3; a++) box.push(2 ** 31 - 1);
        for (let a = 0; a < 3; a++) box.push(-1);
      } else i = k;
      lastL = L;
      lastI = i;
    }
    const d = box.data;
    if (x < d[i]) d[i] = x;
    if (y < d[i + 1]) d[i + 1] = y;
    if (z < d[i + 2]) d[i + 2] = z;
    if (x + side - 1 > d[i + 3]) d[i + 3] = x + side - 1;
    if (y + side - 1 > d[i + 4]) d[i + 4] = y + side - 1;
    if (z + side - 1 > d[i + 5]) d[i + 5] = z + side - 1;
  };
  for (let n = 0; n < w.nodeCount; n++) {
    const k = w.kind[n];
    if (k === EMPTY) {
      w.nodeBox(n, nb);
      add(c.nodeComp[n], nb[0], nb[1], nb[2], nb[3]);
    } else if (k === MIXED && w.level[n] === 0) {
      const b = c.brickComp[n];
      if (b === -1) continue;
      w.nodeBox(n, nb);
      if (b >= 0) add(b, nb[0], nb[1], nb[2], 4);
      else
        for (let i = -b - 2; ; i += 2) {
          const v = c.boxComp[i];
          const x = nb[0] + (v & 3),
            y = nb[1] + ((v >> 2) & 3),
            z = nb[2] + ((v >> 4) & 3);
          // The box's two opposite corners (add takes cubes: side 1 at each).
          add(c.boxComp[i + 1], x, y, z, 1);
          add(c.boxComp[i + 1], x + ((v >> 6) & 3), y + ((v >> 8) & 3), z + ((v >> 10) & 3), 1);
          if ((v & BOX_LAST) !== 0) break;
        }
    }
  }
  const out = { index, box };
  boundsOf.set(c, out);
  return out;
}

/**
 * Replaces voxel g by the voxel of component `comp` nearest it (least straight-line distance;
 * ties: the first found), descending the octree from the root, nearer children first, and
 * skipping every node no nearer than the best voxel so far or outside the component's bounding
 * box (so a query visits the nodes near the goal and the component, not the whole world).
 */
export function nearestInComponent(space: CellGraph, c: SparseComponents, comp: number, g: number[]): void {
  const w = space.world;
  const bounds = componentBounds(w, c);
  const bi = bounds.index.get(comp) ?? -1;
  const cb = bi < 0 ? null : bounds.box.data.subarray(bi, bi + 6);
  let best = Infinity;
  const at = [0, 0, 0];
  const q = [g[0], g[1], g[2]];
  const box = [0, 0, 0, 0];
  const stack: number[] = [w.root];
  const kids: number[] = [];
  const dist: number[] = [];
  const outside = (b: readonly number[]): boolean =>
    cb !== null && (b[0] > cb[3] || b[1] > cb[4] || b[2] > cb[5] || b[0] + b[3] <= cb[0] || b[1] + b[3] <= cb[1] || b[2] + b[3] <= cb[2]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    w.nodeBox(n, box);
    if (boxDistance(q, box) >= best || outside(box)) continue;
    const k = w.kind[n];
    if (k === EMPTY) {
      if (c.nodeComp[n] !== comp) continue;
      best = boxDistance(q, box);
      for (let a = 0; a < 3; a++) at[a] = Math.max(box[a], Math.min(q[a], box[a] + box[3] - 1));
      continue;
    }
    if (k !== MIXED) continue;
    if (w.level[n] > 0) {
      // Children farthest first on the stack, so the nearest is taken next.
      kids.length = dist.length = 0;
      for (let j = 0; j < 8; j++) {
        const ch = w.firstChild[n] + j;
        w.nodeBox(ch, box);
        const d = boxDistance(q, box);
        let i = kids.length;
        while (i > 0 && dist[i - 1] < d) {
          kids[i] = kids[i - 1];
          dist[i] = dist[i - 1];
          i--;
        }
        kids[i] = ch;
        dist[i] = d;
      }
      for (let i = 0; i < 8; i++) if (dist[i] < best) stack.push(kids[i]);
      continue;
    }
    const one = c.brickComp[n];
    if (one === -1 || (one >= 0 && one !== comp)) continue;
    for (let bit = 0; bit < 64; bit++) {
      const cell = space.voxelCell(n, bit);
      if (cell < 0 || componentOf(c, space.voxelBase, cell) !== comp) continue;
      const x = box[0] + (bit & 3),
        y = box[1] + ((bit >> 2) & 3),
        z = box[2] + (bit >> 4);
      const d = (x - q[0]) ** 2 + (y - q[1]) ** 2 + (z - q[2]) ** 2;
      if (d < best) {
        best = d;
        at[0] = x;
        at[1] = y;
        at[2] = z;
      }
    }
  }
  g[0] = at[0];
  g[1] = at[1];
  g[2] = at[2];
}
