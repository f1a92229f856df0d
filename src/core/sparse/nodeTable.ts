import { MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// A module-local copy: an imported binding may compile to a getter call (tsx).
const MIXED = MIXED_;

/** Most cells a node table holds (32 kB): its level is the finest with at most this many. */
export const NODE_TABLE_CELLS = 8192;

/**
 * The nodes of a SparseWorld at one coarse level, flat: the world's X x Y x Z box is cut into
 * cubes of side 1 << shift voxels (a node's side at level shift - 2), and each holds the node
 * there at that level, or the coarser childless node holding it. A voxel's node is then one
 * read and at most shift - 2 steps down, where a descent from the root takes `top` steps, with no
 * walk up through parents and links (sparseSight's lookups).
 */
export interface NodeTable {
  /** Per cube, x fastest, then y, then z: its node. */
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

/** A node table of `w` at the finest level with at most `maxCells` cubes (the root's level at most). */
export function buildNodeTable(w: SparseWorld, maxCells = NODE_TABLE_CELLS): NodeTable {
  let k = 0;
  const cubes = (k: number, v: number): number => Math.ceil(v / (4 << k));
  while (k < w.top && cubes(k, w.X) * cubes(k, w.Y) * cubes(k, w.Z) > maxCells) k++;
  const shift = k + 2;
  const nx = cubes(k, w.X),
    ny = cubes(k, w.Y),
    nz = cubes(k, w.Z);
  const nodes = new Int32Array(nx * ny * nz);
  const { kind, firstChild } = w;
  let i = 0;
  for (let z = 0; z < nz << shift; z += 1 << shift)
    for (let y = 0; y < ny << shift; y += 1 << shift)
      for (let x = 0; x < nx << shift; x += 1 << shift) {
        let n = w.root;
        for (let j = w.top; j > k && kind[n] === MIXED; j--)
          n = firstChild[n] + (((x >> (j + 1)) & 1) | (((y >> (j + 1)) & 1) << 1) | (((z >> (j + 1)) & 1) << 2));
        nodes[i++] = n;
      }
  return { nodes, shift, nx, ny };
}
