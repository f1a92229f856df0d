import { EMPTY, MIXED, type SparseWorld } from './SparseWorld.ts';

/**
 * The connected components of a SparseWorld's free cells (face neighbours, the same
 * connectivity as the dense grid's 6-connected free voxels, which no-corner-cutting moves
 * keep), so an unreachable goal is known before any search.
 *
 * Layout, compact: per node its component (-1 unless EMPTY); per brick one component when all
 * its free voxels share it (the usual case; -1 without free voxels), else -(k + 2) where
 * voxelComp[64 k + bit] holds them voxel by voxel. Components are numbered by their smallest cell id.
 */
export interface SparseComponents {
  nodeComp: Int32Array;
  brickComp: Int32Array;
  voxelComp: Int32Array;
}

/** What the union-find reads of a SparseSpace (structural, so this module does not import it). */
export interface CellGraph {
  readonly world: SparseWorld;
  readonly nodeCount: number;
  readonly voxelBase: number;
  readonly buffer: Int32Array;
  isTraversable(c: number): boolean;
  neighbours(c: number): number;
  /** The cell of voxel `b` of MIXED brick n (-1 when blocked). */
  voxelCell(n: number, b: number): number;
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

/** Union-find over every cell and its face neighbours (a transient Int32 per cell id), then the compact labels. */
export function sparseComponents(space: CellGraph): SparseComponents {
  const w: SparseWorld = space.world;
  const n = space.nodeCount;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  for (let c = 0; c < n; c++) {
    if (!space.isTraversable(c)) continue;
    const count = space.neighbours(c);
    const buf = space.buffer;
    for (let i = 0; i < count; i++) {
      const v = buf[i];
      if (v < c) continue;
      const a = find(parent, c),
        b = find(parent, v);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const nodeComp = new Int32Array(w.nodeCount).fill(-1);
  for (let k = 0; k < w.nodeCount; k++) if (w.kind[k] === EMPTY) nodeComp[k] = find(parent, space.voxelBase + k);
  const bricks = w.brickCount;
  const brickComp = new Int32Array(bricks).fill(-1);
  const extra: number[] = [];
  for (let b = 0; b < bricks; b++) {
    if (w.kind[b] !== MIXED) continue;
    let one = -1,
      many = false;
    for (let bit = 0; bit < 64; bit++) {
      if (!space.isTraversable(64 * b + bit)) continue;
      const r = find(parent, 64 * b + bit);
      if (one < 0) one = r;
      else if (r !== one) many = true;
    }
    if (!many) {
      brickComp[b] = one;
      continue;
    }
    brickComp[b] = -(extra.length / 64) - 2;
    for (let bit = 0; bit < 64; bit++) extra.push(space.isTraversable(64 * b + bit) ? find(parent, 64 * b + bit) : -1);
  }
  return { nodeComp, brickComp, voxelComp: Int32Array.from(extra) };
}

/** The component of cell c (-1 for a cell that is not free). */
export function componentOf(comp: SparseComponents, voxelBase: number, c: number): number {
  if (c >= voxelBase) return comp.nodeComp[c - voxelBase];
  const b = comp.brickComp[c >> 6];
  return b >= -1 ? b : comp.voxelComp[64 * (-b - 2) + (c & 63)];
}

/** Bytes the labels hold. */
export const componentsBytes = (comp: SparseComponents): number =>
  comp.nodeComp.byteLength + comp.brickComp.byteLength + comp.voxelComp.byteLength;

/**
 * Replaces voxel g by the voxel of component `comp` nearest it (least straight-line distance;
 * ties: the first found, nodes before bricks), scanning the component's cells, not searching.
 */
export function nearestInComponent(space: CellGraph, c: SparseComponents, comp: number, g: number[]): void {
  const w = space.world;
  let best = Infinity;
  const at = [0, 0, 0];
  const q = [g[0], g[1], g[2]];
  const box = [0, 0, 0, 0];
  for (let n = 0; n < w.nodeCount; n++) {
    if (c.nodeComp[n] !== comp) continue;
    w.nodeBox(n, box);
    let d = 0;
    for (let a = 0; a < 3; a++) {
      const v = Math.max(box[a], Math.min(q[a], box[a] + box[3] - 1));
      d += (v - q[a]) * (v - q[a]);
    }
    if (d < best) {
      best = d;
      for (let a = 0; a < 3; a++) at[a] = Math.max(box[a], Math.min(q[a], box[a] + box[3] - 1));
    }
  }
  for (let b = 0; b < w.brickCount; b++) {
    if (w.kind[b] !== MIXED) continue;
    const one = c.brickComp[b];
    if (one >= 0 && one !== comp) continue;
    w.nodeBox(b, box);
    // Only a brick nearer than the best so far.
    let d0 = 0;
    for (let a = 0; a < 3; a++) {
      const v = Math.max(box[a], Math.min(q[a], box[a] + 3));
      d0 += (v - q[a]) * (v - q[a]);
    }
    if (d0 >= best) continue;
    for (let bit = 0; bit < 64; bit++) {
      const cell = space.voxelCell(b, bit);
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
