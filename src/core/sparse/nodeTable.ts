import { MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// A module-local copy: an imported binding may compile to a getter call (tsx).
const MIXED = MIXED_;

/** Most cubes a node table holds (32 kB): its level is the finest with at most this many. */
export const NODE_TABLE_CELLS = 8192;

/**
 * The nodes of a SparseWorld at one coarse level, flat: the world's X x Y x Z box is cut into
 * cubes of side 1 << shift voxels (a node's side at level shift - 2), and each holds the node
 * there at that level, or the coarser childless node holding it. A voxel's node is then one
 * read and at most shift - 2 steps down, where a descent from the root takes `top` steps, with no
 * walk up through parents and links (sparseSight's lookups). Filled as asked (cubeNode), so a new
 * world (every edit makes one) costs its first queries only the cubes their walks reach.
 */
export interface NodeTable {
  /** Per cube, x fastest, then y, then z: its node, -1 until cubeNode first found it. */
  readonly nodes: Int32Array;
  /** log2 of a cube's side in voxels (its level + 2). */
  readonly shift: number;
  /** Cubes along x. */
  readonly nx: number;
  /** Cubes along y. */
  readonly ny: number;
}

/** The tables made so far, each kept as long as its world (an edit makes a new world, so a new table). */
const tables = new WeakMap<SparseWorld, NodeTable>();

/** The node table of `w` (NODE_TABLE_CELLS cubes at most), made at its first use. */
export function nodeTableOf(w: SparseWorld): NodeTable {
  let t = tables.get(w);
  if (t === undefined) tables.set(w, (t = buildNodeTable(w)));
  return t;
}

/** An empty node table of `w` at the finest level with at most `maxCells` cubes (the root's level at most). */
export function buildNodeTable(w: SparseWorld, maxCells = NODE_TABLE_CELLS): NodeTable {
  let k = 0;
  const cubes = (k: number, v: number): number => Math.ceil(v / (4 << k));
  while (k < w.top && cubes(k, w.X) * cubes(k, w.Y) * cubes(k, w.Z) > maxCells) k++;
  return {
    nodes: new Int32Array(cubes(k, w.X) * cubes(k, w.Y) * cubes(k, w.Z)).fill(-1),
    shift: k + 2,
    nx: cubes(k, w.X),
    ny: cubes(k, w.Y),
  };
}

/**
 * The node of table t (of world w) for the cube holding voxel (x, y, z) (inside the X x Y x Z
 * box): read, or found from the root and kept on the first ask.
 */
export function cubeNode(w: SparseWorld, t: NodeTable, x: number, y: number, z: number): number {
  const sh = t.shift;
  const i = (x >> sh) + t.nx * ((y >> sh) + t.ny * (z >> sh));
  let n = t.nodes[i];
  if (n >= 0) return n;
  const { kind, firstChild } = w;
  n = w.root;
  for (let j = w.top; j > sh - 2 && kind[n] === MIXED; j--)
    n = firstChild[n] + (((x >> (j + 1)) & 1) | (((y >> (j + 1)) & 1) << 1) | (((z >> (j + 1)) & 1) << 2));
  return (t.nodes[i] = n);
}
