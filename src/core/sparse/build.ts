import { NavlabError } from '../errors.ts';
import { checkInstance } from '../args.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import type { Vec3 } from '../math/vec3.ts';
import { BrickSet, grownTo } from './brickSet.ts';
import { compact3 as compact3_, MORTON_AXIS, morton as morton_ } from './morton.ts';
import { boundaryBricks, boundaryNodes } from './boundaryNodes.ts';
import { EMPTY as EMPTY_, FACE_DIRS as FACE_DIRS_, linkBase, MIXED as MIXED_, SOLID as SOLID_, SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const compact3 = compact3_;
const morton = morton_;
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const SOLID = SOLID_;
const FACE_DIRS = FACE_DIRS_;

export { boundaryBricks };

/** Largest world side (voxels) a SparseWorld holds: 1024 bricks of 4 per axis. */
export const SPARSE_MAX_SIDE = 4 * MORTON_AXIS;

/** A growable Uint32 list. */
class U32List {
  data = new Uint32Array(256);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) this.data = grownTo(this.data, 2 * this.length);
    this.data[this.length++] = v;
  }
}

/** The ascending, distinct values of a[i] >>> shift and b[j] (both ascending). */
function mergeCodes(a: ArrayLike<number>, shift: number, b: ArrayLike<number>): Uint32Array {
  const out = new U32List();
  let j = 0;
  const emit = (p: number): void => {
    if (out.length === 0 || out.data[out.length - 1] !== p) out.push(p);
  };
  for (let i = 0; i < a.length; i++) {
    const p = a[i] >>> shift;
    while (j < b.length && b[j] < p) emit(b[j++]);
    emit(p);
  }
  while (j < b.length) emit(b[j++]);
  return out.data.slice(0, out.length);
}

/** A usage error naming `what` unless every side is a positive integer at most SPARSE_MAX_SIDE. */
export function checkSparseDims(what: string, X: number, Y: number, Z: number): void {
  for (const v of [X, Y, Z])
    if (!Number.isInteger(v) || v < 1 || v > SPARSE_MAX_SIDE)
      throw new NavlabError('usage', `${what}: sides must be integers in [1, ${SPARSE_MAX_SIDE}], got ${X}x${Y}x${Z}`);
}

/**
 * sparseFromBricks' kind lookup (module-wide while it runs: functions, not closures made per
 * call, so optimized code keeps its call targets): per level, the sorted codes of the nodes
 * holding a blocked voxel, their kinds, a cursor per level, and the world's sides.
 */
const K = { codes: [] as Uint32Array[], kinds: [] as Uint8Array[], cursor: new Int32Array(0), X: 0, Y: 0, Z: 0 };

/** Whether level-k node `code` lies outside the world (wholly: a node partly inside is listed). */
function outside(code: number, k: number): boolean {
  const sh = k + 2;
  return compact3(code) << sh >= K.X || compact3(code >>> 1) << sh >= K.Y || compact3(code >>> 2) << sh >= K.Z;
}

/** The kind of level-k node `code` (codes asked in ascending order per level): listed, else SOLID outside the world, else EMPTY. */
function kindOf(code: number, k: number): number {
  const cs = K.codes[k];
  const cursor = K.cursor;
  let i = cursor[k];
  while (i < cs.length && cs[i] < code) i++;
  cursor[k] = i;
  return i < cs.length && cs[i] === code ? K.kinds[k][i] : outside(code, k) ? SOLID : EMPTY;
}

/**
 * Builds the octree of an X x Y x Z world from its blocked bricks (consumed: the bricks on the
 * far faces get their outside voxels set, and the set is emptied once its masks are copied)
 * and, optionally, coarse nodes blocked whole: `solids[k]` (k >= 1) lists the ascending, distinct
 * Morton codes of level-k nodes that are all blocked (the bricks inside them need not be listed,
 * nor are they ever enumerated; leaves may overlap: blocked voxels are their union). Bottom-up,
 * each level keeps only the nodes holding a blocked voxel (code -> SOLID or MIXED); top-down, the
 * children of every MIXED node are laid out, 8 together, level by level in Morton order; then
 * the face links. The tree is the same whatever leaves describe the same voxels. With `limit`,
 * `limit.fail` is called before the top-down allocations when the tree could hold more than
 * `limit.nodes` nodes (8 per MIXED node above the bricks, + 1: a bound from the bottom-up pass).
 */
export function sparseFromBricks(
  dims: readonly [number, number, number],
  bricks: BrickSet,
  cellSize = 1,
  origin: Vec3 = { x: 0, y: 0, z: 0 },
  solids: readonly Uint32Array[] = [],
  limit?: { nodes: number; fail: (message: string) => never },
): SparseWorld {
  const X = dims[0],
    Y = dims[1],
    Z = dims[2];
  checkSparseDims('sparseFromBricks dims', X, Y, Z);
  let top = 0;
  while (4 << top < Math.max(X, Y, Z)) top++;
  boundaryNodes(4, X, Y, Z, bricks, null);
  bricks.normalize();
  const { levelStart, code, kind, level, firstChild, parents } = treeLevels(top, X, Y, Z, bricks, solids, limit);
  const bricksN = levelStart[1];
  const maskLo = new Uint32Array(bricksN);
  const maskHi = new Uint32Array(bricksN);
  brickMasks(bricksN, kind, code, bricks, maskLo, maskHi);
  // The bricks are consumed: their arrays go before the links are laid out.
  bricks.codes = bricks.lo = bricks.hi = new Uint32Array(0);
  bricks.length = 0;
  const coarseLink = faceLinks(top, levelStart, code, kind, level, firstChild, parents);
  return new SparseWorld(dims, cellSize, origin, { top, levelStart, code, kind, level, firstChild, parents, coarseLink, maskLo, maskHi });
}

/*
 * sparseFromBricks' loops are in functions of their own, each ending in a return: code optimized
 * on-stack in a loop (the first build) has had no type feedback for what follows the loop, and
 * would deoptimize there at every build.
 */

/** sparseFromBricks' node levels (bottom-up, then top-down), laid out (layoutLevels). */
function treeLevels(
  top: number,
  X: number,
  Y: number,
  Z: number,
  bricks: BrickSet,
  solids: readonly Uint32Array[],
  limit?: { nodes: number; fail: (message: string) => never },
) {
  const bn = bricks.length;
  // Bottom-up: per level, the sorted codes of the nodes holding a blocked voxel and their kinds.
  const levCodes: Uint32Array[] = [];
  const levKinds: Uint8Array[] = [];
  {
    let m = 0;
    for (let i = 0; i < bn; i++) if (bricks.lo[i] !== 0 || bricks.hi[i] !== 0) m++;
    const c0 = new Uint32Array(m),
      k0 = new Uint8Array(m);
    m = 0;
    for (let i = 0; i < bn; i++) {
      const lo = bricks.lo[i],
        hi = bricks.hi[i];
      if (lo === 0 && hi === 0) continue;
      c0[m] = bricks.codes[i];
      k0[m++] = lo === 0xffffffff && hi === 0xffffffff ? SOLID : MIXED;
    }
    levCodes.push(c0);
    levKinds.push(k0);
  }
  // Kinds looked up in ascending code order (a cursor per level): kindOf's state.
  const cursor = new Int32Array(top + 1);
  K.codes = levCodes;
  K.kinds = levKinds;
  K.cursor = cursor;
  K.X = X;
  K.Y = Y;
  K.Z = Z;
  for (let k = 1; k <= top; k++) {
    const extra: number[] = [];
    boundaryNodes(4 << k, X, Y, Z, null, extra);
    extra.sort((p, q) => p - q);
    const whole = solids[k] ?? new Uint32Array(0);
    // This level's nodes: the parents of the level below, the boundary nodes and the whole ones.
    const codesK = mergeCodes(mergeCodes(levCodes[k - 1], 3, extra), 0, whole);
    const kindsK = new Uint8Array(codesK.length);
    cursor[k - 1] = 0;
    let w = 0;
    for (let i = 0; i < codesK.length; i++) {
      while (w < whole.length && whole[w] < codesK[i]) w++;
      let solid = true;
      if (w >= whole.length || whole[w] !== codesK[i])
        for (let j = 0; j < 8 && solid; j++) solid = kindOf(8 * codesK[i] + j, k - 1) === SOLID;
      kindsK[i] = solid ? SOLID : MIXED;
    }
    levCodes.push(codesK);
    levKinds.push(kindsK);
  }
  if (limit) {
    let nodes = 1;
    for (let k = 1; k <= top; k++) for (const kind of levKinds[k]) if (kind === MIXED) nodes += 8;
    if (nodes > limit.nodes) limit.fail(`the sparse tree would hold up to ${nodes} nodes, over ${limit.nodes}`);
  }
  // Top-down: the nodes of each level, children of a MIXED node together (each level ascends in code).
  const codes: Uint32Array[] = new Array(top + 1);
  const kindsOut: Uint8Array[] = new Array(top + 1);
  const childAt: Int32Array[] = new Array(top + 1);
  codes[top] = Uint32Array.of(0);
  cursor.fill(0);
  kindsOut[top] = Uint8Array.of(kindOf(0, top));
  for (let k = top; k > 0; k--) {
    const cs = codes[k],
      ks = kindsOut[k];
    let mixed = 0;
    for (let i = 0; i < ks.length; i++) if (ks[i] === MIXED) mixed++;
    const nc = new Uint32Array(8 * mixed),
      nk = new Uint8Array(8 * mixed);
    const at = new Int32Array(cs.length);
    let used = 0;
    for (let i = 0; i < cs.length; i++) {
      if (ks[i] !== MIXED) {
        at[i] = -1;
        continue;
      }
      at[i] = used;
      for (let j = 0; j < 8; j++) {
        const c = 8 * cs[i] + j;
        nc[used] = c;
        nk[used++] = kindOf(c, k - 1);
      }
    }
    childAt[k] = at;
    codes[k - 1] = nc;
    kindsOut[k - 1] = nk;
  }
  levCodes.length = 0;
  levKinds.length = 0;
  K.codes = [];
  K.kinds = [];
  childAt[0] = new Int32Array(0);
  return layoutLevels(top, codes, kindsOut, childAt);
}

/** The masks of the first bricksN nodes (bricks): all set for a SOLID one, the BrickSet's for a MIXED one. */
function brickMasks(
  bricksN: number,
  kind: Uint8Array,
  code: Uint32Array,
  bricks: BrickSet,
  maskLo: Uint32Array,
  maskHi: Uint32Array,
): void {
  const codes = bricks.codes,
    lo = bricks.lo,
    hi = bricks.hi;
  let j = 0;
  for (let i = 0; i < bricksN; i++) {
    if (kind[i] === SOLID) {
      maskLo[i] = maskHi[i] = 0xffffffff;
    } else if (kind[i] === MIXED) {
      while (codes[j] < code[i]) j++;
      maskLo[i] = lo[j];
      maskHi[i] = hi[j];
    }
  }
}

/**
 * The node arrays of a tree given level by level (top-down lists: each node's Morton code, its
 * kind, and for a MIXED node the position of its first child in the level below, else -1;
 * missing entries count as -1):
 * levels laid out finest first, children of a node together, parents found from the children
 * (as SparseArrays.parents holds them: one per 8 sibling bricks, then one per node above).
 * The lists are released as they are copied (each level's entries replaced by empty lists).
 */
export function layoutLevels(top: number, codes: ArrayLike<number>[], kinds: ArrayLike<number>[], childAt: ArrayLike<number>[]) {
  const levelStart = new Int32Array(top + 2);
  for (let k = 0; k <= top; k++) levelStart[k + 1] = levelStart[k] + codes[k].length;
  const n = levelStart[top + 1];
  const code = new Uint32Array(n);
  const kind = new Uint8Array(n);
  const level = new Uint8Array(n);
  const firstChild = new Int32Array(n);
  const base = linkBase(top, levelStart);
  const parents = new Int32Array((base >> 3) + n - base).fill(-1);
  for (let k = 0; k <= top; k++) {
    const start = levelStart[k];
    const cs = codes[k],
      ks = kinds[k],
      at = childAt[k];
    for (let i = 0; i < cs.length; i++) {
      const g = start + i;
      code[g] = cs[i];
      kind[g] = ks[i];
      level[g] = k;
      const c = i < at.length ? at[i] : -1;
      firstChild[g] = c < 0 ? -1 : levelStart[k - 1] + c;
      if (c < 0) continue;
      const f = levelStart[k - 1] + c;
      if (f < base) parents[f >> 3] = g;
      else for (let j = 0; j < 8; j++) parents[(base >> 3) + f + j - base] = g;
    }
    codes[k] = kinds[k] = childAt[k] = [];
  }
  return { levelStart, code, kind, level, firstChild, parents };
}

/**
 * The 6 face links of every node above the bricks (all nodes when the root is a brick), coarse
 * levels first, as `SparseWorld.coarseLink` holds them: see linkNode.
 */
function faceLinks(
  top: number,
  levelStart: Int32Array,
  code: Uint32Array,
  kind: Uint8Array,
  level: Uint8Array,
  firstChild: Int32Array,
  parents: Int32Array,
): Int32Array {
  const base = linkBase(top, levelStart);
  const link = new Int32Array(FACE_DIRS * (code.length - base)).fill(-1);
  for (let k = top - 1; k >= 1; k--) {
    for (let g = levelStart[k]; g < levelStart[k + 1]; g++) linkNode(g, k, top, code, kind, level, firstChild, parents, link, base);
  }
  return link;
}

/**
 * Writes the 6 face links of node g (of level k >= 1, in a tree of `top` levels) into `link`
 * (node g's at FACE_DIRS * (g - base)), from its parent's links, which must be written already
 * (see faceLinks): a neighbour with the same parent is a sibling; otherwise it is a child of the
 * parent's neighbour when that is a MIXED node of the parent's level, else that (coarser,
 * childless) node itself (Brewer's construction; `faceLink` derives a brick's the same way).
 */
export function linkNode(
  g: number,
  k: number,
  top: number,
  code: Uint32Array,
  kind: Uint8Array,
  level: Uint8Array,
  firstChild: Int32Array,
  parents: Int32Array,
  link: Int32Array,
  base: number,
): void {
  const side = 1 << (top - k);
  const c = code[g];
  const p0 = compact3(c),
    p1 = compact3(c >>> 1),
    p2 = compact3(c >>> 2);
  const par = parents[(base >> 3) + g - base];
  const at = FACE_DIRS * (g - base);
  for (let d = 0; d < FACE_DIRS; d++) {
    const a = d >> 1;
    const q = (a === 0 ? p0 : a === 1 ? p1 : p2) + (d & 1 ? -1 : 1);
    if (q < 0 || q >= side) continue;
    const nc = a === 0 ? morton(q, p1, p2) : a === 1 ? morton(p0, q, p2) : morton(p0, p1, q);
    if (nc >>> 3 === c >>> 3) {
      link[at + d] = firstChild[par] + (nc & 7);
      continue;
    }
    const P = link[FACE_DIRS * (par - base) + d];
    link[at + d] = P >= 0 && level[P] === k + 1 && kind[P] === MIXED ? firstChild[P] + (nc & 7) : P;
  }
}

/** The octree of a dense VoxelGrid: the same blocked voxels, cell size and origin (sides up to SPARSE_MAX_SIDE; a usage error otherwise). */
export function sparseFromGrid(grid: VoxelGrid): SparseWorld {
  checkInstance('sparseFromGrid: grid', grid, VoxelGrid);
  const { X, Y, Z } = grid;
  checkSparseDims('sparseFromGrid: grid', X, Y, Z);
  const bricks = new BrickSet();
  const occ = grid.occupancy;
  const m = [0, 0];
  for (let bz = 0; bz < Z; bz += 4)
    for (let by = 0; by < Y; by += 4)
      for (let bx = 0; bx < X; bx += 4) {
        m[0] = m[1] = 0;
        for (let lz = 0; lz < 4 && bz + lz < Z; lz++)
          for (let ly = 0; ly < 4 && by + ly < Y; ly++) {
            const row = X * (by + ly + Y * (bz + lz));
            for (let lx = 0; lx < 4 && bx + lx < X; lx++) {
              if (occ[row + bx + lx] === 0) continue;
              const b = lx | (ly << 2) | (lz << 4);
              m[b >> 5] |= 1 << (b & 31);
            }
          }
        if (m[0] !== 0 || m[1] !== 0) bricks.add(bx >> 2, by >> 2, bz >> 2, m[0], m[1]);
      }
  return sparseFromBricks([X, Y, Z], bricks, grid.cellSize, grid.origin);
}
