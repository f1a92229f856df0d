/**
 * The sparse section of a `.navbin` (flag SPARSE; docs/navbin.md): a SparseWorld stored as its
 * leaves, not its tree. Only what cannot be derived is kept: the world's box, and the leaves
 * inside it that hold blocked voxels: each MIXED brick with its 64-bit mask, each SOLID node
 * with its level. Reading rebuilds the tree with `sparseFromBricks` (links, parents and the
 * padding outside the box are derived; a SOLID node stays one node, never expanded into
 * bricks), so a hostile file can only describe blocked voxels, never a broken tree;
 * `write(read(bytes))` gives the same bytes.
 *
 *   0   u32 X | u32 Y | u32 Z | u32 mixed bricks B | u32 solid nodes S | u32 encoding E
 *   24  f64 origin x, y, z | f64 cellSize
 *   E = 0 (plain, older files):
 *   56  B x (u32 brick Morton code | u32 mask bits 0..31 | u32 mask bits 32..63), codes ascending
 *       then S x (u32 node Morton code | u32 level), by level then code
 *   E = 1 (packed bricks, older files) and E = 2 (packed bricks and solid nodes, written now):
 *   56  u32 distinct masks D | u32 stream bytes L | D x (u32 mask bits 0..31 | u32 bits 32..63),
 *       most used first | L bytes: per brick a varint (code - previous code - 1; the first: its
 *       code) and a varint (its mask's index) | zero padding to a multiple of 4
 *   E = 1: then S x (u32 node Morton code | u32 level), by level then code
 *   E = 2: then u32 stream bytes M | M bytes: per level from 0 to the last holding a SOLID node,
 *       a varint (its SOLID nodes) then per node a varint (code - previous code of the level - 1;
 *       the first: its code) | zero padding to a multiple of 4
 */
import { BrickSet } from '../sparse/brickSet.ts';
import { boundaryBricks, SPARSE_MAX_SIDE, sparseFromBricks } from '../sparse/build.ts';
import { compact3 as compact3_, MORTON_AXIS } from '../sparse/morton.ts';
import { MIXED as MIXED_, SOLID as SOLID_, type SparseWorld } from '../sparse/SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per leaf.
const compact3 = compact3_;
const MIXED = MIXED_;
const SOLID = SOLID_;

/** Bytes before the leaves. */
const HEAD = 56;

/**
 * Leaves (MIXED bricks + SOLID nodes, B + S) a sparse section may hold: 2^25 (the filled 4,096^3
 * city stores ~10M), checked before anything is allocated: reading takes 12 bytes a brick and
 * 4 a coarse SOLID node before the tree is built (~400 MB at most). A SOLID node is one leaf
 * whatever its size: it is never expanded into bricks.
 */
export const SPARSE_SECTION_MAX_LEAVES = 2 ** 25;

/**
 * Nodes the tree rebuilt from a section may hold: 2^26 (~1.5 GB of tree arrays; the filled
 * 4,096^3 city has 16.4M). Leaves scattered one per subtree make up to 8 nodes per leaf and
 * level; the bound is checked after the bottom-up pass (about 5 bytes per leaf and level),
 * before the tree's arrays are allocated.
 */
export const SPARSE_SECTION_MAX_NODES = 2 ** 26;

/** The encoding written now. */
const ENCODING = 2;

/** n rounded up to a multiple of 4 (arithmetic: n may be 2^31 or more in a hostile file). */
const pad4 = (n: number): number => Math.ceil(n / 4) * 4;

/** A growable byte buffer for varints. */
interface Bytes {
  data: Uint8Array;
  n: number;
}

/** Appends v (>= 0, < 2^32) as a varint (7 bits a byte, low first). */
function putVarint(out: Bytes, v: number): void {
  if (out.n + 5 > out.data.length) {
    const g = new Uint8Array(2 * out.data.length + 5);
    g.set(out.data);
    out.data = g;
  }
  while (v >= 0x80) {
    out.data[out.n++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out.data[out.n++] = v;
}

/**
 * The mask of brick n as stored, into m[0..1]: its voxels inside the world's box (a brick on the
 * box's far faces keeps only those; the outside ones are derived on reading). Returns false when
 * the brick is not stored: not a MIXED brick inside the box, or none of its voxels inside blocked.
 */
function storedMask(w: SparseWorld, n: number, box: number[], m: number[]): boolean {
  if (w.kind[n] !== MIXED) return false;
  w.nodeBox(n, box);
  if (box[0] >= w.X || box[1] >= w.Y || box[2] >= w.Z) return false; // padding: derived on reading
  let l = w.maskLo[n],
    h = w.maskHi[n];
  if (box[0] + 4 > w.X || box[1] + 4 > w.Y || box[2] + 4 > w.Z)
    for (let b = 0; b < 64; b++)
      if (box[0] + (b & 3) >= w.X || box[1] + ((b >> 2) & 3) >= w.Y || box[2] + (b >> 4) >= w.Z) {
        if (b < 32) l &= ~(1 << b);
        else h &= ~(1 << (b - 32));
      }
  m[0] = l >>> 0;
  m[1] = h >>> 0;
  return (l | h) !== 0;
}

/** Whether node n is a SOLID leaf stored in the section (one reaching into the box). */
function storedSolid(w: SparseWorld, n: number, box: number[]): boolean {
  if (w.kind[n] !== SOLID) return false;
  w.nodeBox(n, box);
  return box[0] < w.X && box[1] < w.Y && box[2] < w.Z;
}

/** The packed leaves of a world: the mask dictionary, the brick stream, the solid node stream. */
interface Packed {
  B: number;
  S: number;
  dict: Uint32Array;
  bricks: Uint8Array;
  solids: Uint8Array;
}

/** The last world packed (sparseSectionBytes then writeSparseSection pack the same world). */
let lastPacked: { w: SparseWorld; p: Packed } | null = null;

function pack(w: SparseWorld): Packed {
  if (lastPacked !== null && lastPacked.w === w) return lastPacked.p;
  const box = [0, 0, 0, 0],
    m = [0, 0];
  const bricks = w.brickCount;
  // Masks by use: nested maps lo -> hi -> count, then -> index.
  const uses = new Map<number, Map<number, number>>();
  let B = 0;
  for (let n = 0; n < bricks; n++) {
    if (!storedMask(w, n, box, m)) continue;
    let u = uses.get(m[0]);
    if (u === undefined) uses.set(m[0], (u = new Map()));
    u.set(m[1], (u.get(m[1]) ?? 0) + 1);
    B++;
  }
  const all: [number, number, number][] = [];
  for (const [l, u] of uses) for (const [h, c] of u) all.push([l, h, c]);
  all.sort((a, b) => b[2] - a[2] || a[0] - b[0] || a[1] - b[1]);
  const dict = new Uint32Array(2 * all.length);
  all.forEach(([l, h], i) => {
    dict[2 * i] = l;
    dict[2 * i + 1] = h;
    uses.get(l)!.set(h, i);
  });
  const out: Bytes = { data: new Uint8Array(1024), n: 0 };
  let prev = -1;
  for (let n = 0; n < bricks; n++) {
    if (!storedMask(w, n, box, m)) continue;
    putVarint(out, w.code[n] - prev - 1);
    putVarint(out, uses.get(m[0])!.get(m[1])!);
    prev = w.code[n];
  }
  const brickStream = out.data.slice(0, out.n);
  // SOLID nodes, level by level (each level's nodes ascend in code): a count, then the code gaps.
  const sol: Bytes = { data: new Uint8Array(1024), n: 0 };
  let S = 0,
    levels = 0;
  for (let k = 0; k <= w.top; k++) for (let n = w.levelStart[k]; n < w.levelStart[k + 1]; n++) if (storedSolid(w, n, box)) levels = k + 1;
  for (let k = 0; k < levels; k++) {
    let c = 0;
    for (let n = w.levelStart[k]; n < w.levelStart[k + 1]; n++) if (storedSolid(w, n, box)) c++;
    putVarint(sol, c);
    S += c;
    prev = -1;
    for (let n = w.levelStart[k]; n < w.levelStart[k + 1]; n++) {
      if (!storedSolid(w, n, box)) continue;
      putVarint(sol, w.code[n] - prev - 1);
      prev = w.code[n];
    }
  }
  const p = { B, S, dict, bricks: brickStream, solids: sol.data.slice(0, sol.n) };
  lastPacked = { w, p };
  return p;
}

/** Bytes of the section holding `w`. */
export function sparseSectionBytes(w: SparseWorld): number {
  const p = pack(w);
  return HEAD + 8 + p.dict.byteLength + pad4(p.bricks.length) + 4 + pad4(p.solids.length);
}

/** Writes `w`'s section at byte `at` of `view` (sized by sparseSectionBytes). */
export function writeSparseSection(view: DataView, at: number, w: SparseWorld): void {
  const { B, S, dict, bricks, solids } = pack(w);
  lastPacked = null;
  [w.X, w.Y, w.Z, B, S, ENCODING].forEach((v, i) => view.setUint32(at + 4 * i, v, true));
  [w.origin.x, w.origin.y, w.origin.z, w.cellSize].forEach((v, i) => view.setFloat64(at + 24 + 8 * i, v, true));
  let p = at + HEAD;
  view.setUint32(p, dict.length / 2, true);
  view.setUint32(p + 4, bricks.length, true);
  p += 8;
  for (let i = 0; i < dict.length; i++, p += 4) view.setUint32(p, dict[i], true);
  new Uint8Array(view.buffer, view.byteOffset + p, bricks.length).set(bricks);
  p += pad4(bricks.length);
  view.setUint32(p, solids.length, true);
  new Uint8Array(view.buffer, view.byteOffset + p + 4, solids.length).set(solids);
}

/**
 * The section's byte length, read from its counts; without reading outside the data (`at` may
 * be anywhere, even negative: navbin.ts's align8 wraps past 2^31 in a hostile file), a length
 * the caller then finds does not match.
 */
export function sparseSectionLength(view: DataView, at: number): number {
  if (at < 0 || at + HEAD > view.byteLength) return HEAD;
  const S = view.getUint32(at + 16, true);
  const E = view.getUint32(at + 20, true);
  if (E === 0) return HEAD + 12 * view.getUint32(at + 12, true) + 8 * S;
  if (at + HEAD + 8 > view.byteLength) return HEAD + 8;
  const bricks = HEAD + 8 + 8 * view.getUint32(at + HEAD, true) + pad4(view.getUint32(at + HEAD + 4, true));
  if (E === 1) return bricks + 8 * S;
  if (at + bricks + 4 > view.byteLength) return bricks + 4;
  return bricks + 4 + pad4(view.getUint32(at + bricks, true));
}

/**
 * Reads the section at byte `at` (its length checked by the caller with sparseSectionLength).
 * `fail` throws with the message; `W` bounds coordinates (LIMITS.worldCoord).
 */
export function readSparseSection(view: DataView, at: number, W: number, fail: (message: string) => never): SparseWorld {
  const [X, Y, Z, B, S, E] = [0, 1, 2, 3, 4, 5].map((i) => view.getUint32(at + 4 * i, true));
  for (const v of [X, Y, Z]) if (v < 1 || v > SPARSE_MAX_SIDE) fail(`sparse dims ${X}x${Y}x${Z}: sides must be in [1, ${SPARSE_MAX_SIDE}]`);
  const origin = { x: view.getFloat64(at + 24, true), y: view.getFloat64(at + 32, true), z: view.getFloat64(at + 40, true) };
  const cellSize = view.getFloat64(at + 48, true);
  for (const k of ['x', 'y', 'z'] as const) if (!(Math.abs(origin[k]) <= W)) fail(`sparse origin ${k} = ${origin[k]} is beyond ±${W}`);
  if (!(cellSize > 0 && cellSize <= W)) fail(`sparse cellSize ${cellSize} is not in (0, ${W}]`);
  if (!(Math.abs(origin.x + X * cellSize) <= W && Math.abs(origin.y + Y * cellSize) <= W && Math.abs(origin.z + Z * cellSize) <= W))
    fail(`the sparse world reaches beyond ±${W}`);
  if (E > ENCODING) fail(`sparse encoding ${E} is not 0 (plain), 1 (packed bricks) or 2 (packed)`);
  if (B + S > SPARSE_SECTION_MAX_LEAVES)
    fail(`the sparse section holds more than ${SPARSE_SECTION_MAX_LEAVES} leaves (${B} bricks, ${S} solid nodes)`);
  const end = [X, Y, Z].map((d) => (d + 3) >> 2); // bricks per axis inside the box
  let top = 0;
  while (4 << top < Math.max(X, Y, Z)) top++;
  let p = at + HEAD;
  let q = 0,
    stop = 0;
  const varint = (what: string): number => {
    let v = 0;
    for (let k = 0; k < 5; k++) {
      if (q >= stop) fail(`${what}: the stream ends early`);
      const b = view.getUint8(q++);
      v += (b & 0x7f) * 2 ** (7 * k);
      if (b < 0x80) return v;
    }
    return fail(`${what}: a varint runs over 5 bytes`);
  };
  // SOLID nodes first (they follow the bricks): per level their ascending codes; level-0 ones
  // join the bricks whole, merged in code order as the bricks are read.
  const solidAt = E === 0 ? p + 12 * B : p + 8 + 8 * view.getUint32(p, true) + pad4(view.getUint32(p + 4, true));
  const solids: Uint32Array[] = [];
  for (let k = 0; k <= top; k++) solids.push(new Uint32Array(0));
  const counts = new Int32Array(top + 1);
  let whole = false; // a node above the root's level: the whole world is blocked
  /** Checks SOLID node i and returns its level, or -1 for a node above the root's level (it blocks the whole world). */
  const solidLevel = (i: number, code: number, level: number): number => {
    const side = 1 << Math.min(level, 10); // bricks per axis
    if (level > 10 || code >= (MORTON_AXIS / side) ** 3 || [code, code >>> 1, code >>> 2].some((c, a) => compact3(c) * side >= end[a]))
      fail(`sparse solid node ${i} (level ${level}) lies outside the ${X}x${Y}x${Z} world`);
    return level > top ? -1 : level;
  };
  const add = (code: number, k: number): void => {
    if (k < 0) whole = true;
    else solids[k][counts[k]++] = code;
  };
  if (E < 2) {
    // Plain pairs (code, level), by level then code in files this project wrote; sorted here anyway.
    for (let i = 0; i < S; i++) {
      const k = solidLevel(i, view.getUint32(solidAt + 8 * i, true), view.getUint32(solidAt + 8 * i + 4, true));
      if (k >= 0) counts[k]++;
    }
    for (let k = 0; k <= top; k++) solids[k] = new Uint32Array(counts[k]);
    counts.fill(0);
    for (let i = 0; i < S; i++) {
      const code = view.getUint32(solidAt + 8 * i, true);
      add(code, solidLevel(i, code, view.getUint32(solidAt + 8 * i + 4, true)));
    }
    for (const s of solids) s.sort();
  } else {
    q = solidAt + 4;
    stop = q + view.getUint32(solidAt, true);
    let i = 0;
    for (let level = 0; i < S; level++) {
      const what = `sparse solid nodes of level ${level}`;
      const c = varint(what);
      if (c > S - i) fail(`${what}: ${c} nodes, over the ${S} stored`);
      if (c > 0 && level > 10) fail(`sparse solid node ${i} (level ${level}) lies outside the ${X}x${Y}x${Z} world`);
      if (level <= top) solids[level] = new Uint32Array(c);
      let code = -1;
      for (let j = 0; j < c; j++, i++) {
        code += 1 + varint(what);
        add(code, solidLevel(i, code, level));
      }
    }
    if (q !== stop) fail(`the sparse solid node stream has ${stop - q} bytes past its ${S} nodes`);
  }
  // The bricks, with the level-0 SOLID nodes merged in: the set stays in code order.
  const zeros = solids[0];
  let z = 0;
  const bricks = new BrickSet(B + zeros.length + boundaryBricks(X, Y, Z) + 1);
  let prev = -1;
  const check = (i: number, code: number, lo: number, hi: number): void => {
    const bx = compact3(code),
      by = compact3(code >>> 1),
      bz = compact3(code >>> 2);
    if (code <= prev) fail(`sparse brick ${i}: codes are not ascending`);
    if (code >= MORTON_AXIS ** 3 || bx >= end[0] || by >= end[1] || bz >= end[2])
      fail(`sparse brick ${i} lies outside the ${X}x${Y}x${Z} world`);
    if (lo === 0 && hi === 0) fail(`sparse brick ${i} has no blocked voxel`);
    while (z < zeros.length && zeros[z] <= code) bricks.addCode(zeros[z++], -1, -1);
    bricks.addCode(code, lo, hi);
    prev = code;
  };
  if (E === 0) {
    for (let i = 0; i < B; i++, p += 12) check(i, view.getUint32(p, true), view.getUint32(p + 4, true), view.getUint32(p + 8, true));
  } else {
    const D = view.getUint32(p, true),
      L = view.getUint32(p + 4, true);
    const dict = p + 8;
    q = dict + 8 * D;
    stop = q + L;
    for (let i = 0; i < B; i++) {
      const code = prev + 1 + varint(`sparse brick ${i}`);
      const m = varint(`sparse brick ${i}`);
      if (m >= D) fail(`sparse brick ${i}: mask ${m} is not among the ${D} stored`);
      check(i, code, view.getUint32(dict + 8 * m, true), view.getUint32(dict + 8 * m + 4, true));
    }
    if (q !== stop) fail(`the sparse brick stream has ${stop - q} bytes past its ${B} bricks`);
  }
  while (z < zeros.length) bricks.addCode(zeros[z++], -1, -1);
  solids[0] = new Uint32Array(0);
  if (whole) {
    if (top === 0) bricks.addCode(0, -1, -1);
    else solids[top] = Uint32Array.of(0);
  }
  return sparseFromBricks([X, Y, Z], bricks, cellSize, origin, solids, { nodes: SPARSE_SECTION_MAX_NODES, fail });
}
