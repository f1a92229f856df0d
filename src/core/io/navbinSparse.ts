/**
 * The sparse section of a `.navbin` (flag SPARSE; docs/navbin.md): a SparseWorld stored as its
 * leaves, not its tree. Only what cannot be derived is kept: the world's box, and the leaves
 * inside it that hold blocked voxels: each MIXED brick with its 64-bit mask, each SOLID node
 * with its level. Reading rebuilds the tree with `sparseFromBricks` (links, parents and the
 * padding outside the box are derived), so a hostile file can only describe blocked voxels,
 * never a broken tree; `write(read(bytes))` gives the same bytes.
 *
 *   0   u32 X | u32 Y | u32 Z | u32 mixed bricks B | u32 solid nodes S | u32 encoding E
 *   24  f64 origin x, y, z | f64 cellSize
 *   E = 0 (plain, older files):
 *   56  B x (u32 brick Morton code | u32 mask bits 0..31 | u32 mask bits 32..63), codes ascending
 *   E = 1 (packed, written now):
 *   56  u32 distinct masks D | u32 stream bytes L | D x (u32 mask bits 0..31 | u32 bits 32..63),
 *       most used first | L bytes: per brick a varint (code - previous code - 1; the first: its
 *       code) and a varint (its mask's index) | zero padding to a multiple of 4
 *   then S x (u32 node Morton code | u32 level), by level then code
 */
import { BrickSet } from '../sparse/brickSet.ts';
import { SPARSE_MAX_SIDE, sparseFromBricks } from '../sparse/build.ts';
import { compact3, MORTON_AXIS } from '../sparse/morton.ts';
import { MIXED, SOLID, type SparseWorld } from '../sparse/SparseWorld.ts';

/** Bytes before the leaves. */
const HEAD = 56;

/**
 * Blocked bricks a sparse section may expand to when read (its SOLID nodes are filled brick by
 * brick): 2^25 (the 4,096^3 city's ~14M fit; at 12 bytes a brick in the BrickSet, ~400 MB at
 * most); a file over it is refused before expanding.
 */
export const SPARSE_SECTION_MAX_BRICKS = 2 ** 25;

/**
 * The leaves of `w` stored in a section: MIXED bricks and SOLID nodes that reach into the world's
 * box. A brick on the box's far faces keeps only its voxels inside the box (the outside ones are
 * derived on reading): a brick of the boundary sheet with none blocked inside is not stored.
 */
function leaves(w: SparseWorld): { mixed: number[]; solid: number[]; lo: Uint32Array; hi: Uint32Array } {
  const mixed: number[] = [];
  const solid: number[] = [];
  const box = [0, 0, 0, 0];
  const lo = new Uint32Array(w.brickCount),
    hi = new Uint32Array(w.brickCount);
  for (let n = 0; n < w.nodeCount; n++) {
    const kind = w.kind[n];
    if (kind !== SOLID && !(kind === MIXED && w.level[n] === 0)) continue;
    w.nodeBox(n, box);
    if (box[0] >= w.X || box[1] >= w.Y || box[2] >= w.Z) continue; // padding: derived on reading
    if (kind === SOLID) {
      solid.push(n);
      continue;
    }
    let l = w.maskLo[n],
      h = w.maskHi[n];
    if (box[0] + 4 > w.X || box[1] + 4 > w.Y || box[2] + 4 > w.Z)
      for (let b = 0; b < 64; b++)
        if (box[0] + (b & 3) >= w.X || box[1] + ((b >> 2) & 3) >= w.Y || box[2] + (b >> 4) >= w.Z) {
          if (b < 32) l &= ~(1 << b);
          else h &= ~(1 << (b - 32));
        }
    if (l === 0 && h === 0) continue;
    lo[n] = l;
    hi[n] = h;
    mixed.push(n);
  }
  return { mixed, solid, lo, hi };
}

/** The packed leaves of a world (encoding 1): the mask dictionary, the brick stream, the solid nodes. */
interface Packed {
  B: number;
  dict: Uint32Array;
  stream: Uint8Array;
  solid: number[];
}

/** The last world packed (sparseSectionBytes then writeSparseSection pack the same world). */
let lastPacked: { w: SparseWorld; p: Packed } | null = null;

/** Appends v (>= 0, < 2^32) as a varint (7 bits a byte, low first). */
function putVarint(out: { data: Uint8Array; n: number }, v: number): void {
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

function pack(w: SparseWorld): Packed {
  if (lastPacked !== null && lastPacked.w === w) return lastPacked.p;
  const { mixed, solid, lo, hi } = leaves(w);
  // Masks by use: nested maps lo -> hi -> count.
  const uses = new Map<number, Map<number, number>>();
  for (const n of mixed) {
    let m = uses.get(lo[n]);
    if (m === undefined) uses.set(lo[n], (m = new Map()));
    m.set(hi[n], (m.get(hi[n]) ?? 0) + 1);
  }
  const all: [number, number, number][] = [];
  for (const [l, m] of uses) for (const [h, c] of m) all.push([l, h, c]);
  all.sort((a, b) => b[2] - a[2] || a[0] - b[0] || a[1] - b[1]);
  const dict = new Uint32Array(2 * all.length);
  const index = new Map<number, Map<number, number>>();
  all.forEach(([l, h], i) => {
    dict[2 * i] = l;
    dict[2 * i + 1] = h;
    let m = index.get(l);
    if (m === undefined) index.set(l, (m = new Map()));
    m.set(h, i);
  });
  const out = { data: new Uint8Array(1024), n: 0 };
  let prev = -1;
  for (const n of mixed) {
    putVarint(out, w.code[n] - prev - 1);
    putVarint(out, index.get(lo[n])!.get(hi[n])!);
    prev = w.code[n];
  }
  const p = { B: mixed.length, dict, stream: out.data.slice(0, out.n), solid };
  lastPacked = { w, p };
  return p;
}

/** Bytes of the section holding `w`. */
export function sparseSectionBytes(w: SparseWorld): number {
  const p = pack(w);
  return HEAD + 8 + p.dict.byteLength + ((p.stream.length + 3) & ~3) + 8 * p.solid.length;
}

/** Writes `w`'s section at byte `at` of `view` (sized by sparseSectionBytes). */
export function writeSparseSection(view: DataView, at: number, w: SparseWorld): void {
  const { B, dict, stream, solid } = pack(w);
  lastPacked = null;
  [w.X, w.Y, w.Z, B, solid.length, 1].forEach((v, i) => view.setUint32(at + 4 * i, v, true));
  [w.origin.x, w.origin.y, w.origin.z, w.cellSize].forEach((v, i) => view.setFloat64(at + 24 + 8 * i, v, true));
  let p = at + HEAD;
  view.setUint32(p, dict.length / 2, true);
  view.setUint32(p + 4, stream.length, true);
  p += 8;
  for (let i = 0; i < dict.length; i++, p += 4) view.setUint32(p, dict[i], true);
  new Uint8Array(view.buffer, view.byteOffset + p, stream.length).set(stream);
  p += (stream.length + 3) & ~3;
  for (const n of solid) {
    view.setUint32(p, w.code[n], true);
    view.setUint32(p + 4, w.level[n], true);
    p += 8;
  }
}

/** The section's byte length, read from its counts (its start `at` is within the data). */
export function sparseSectionLength(view: DataView, at: number): number {
  if (at + HEAD > view.byteLength) return HEAD;
  const S = view.getUint32(at + 16, true);
  if (view.getUint32(at + 20, true) === 0) return HEAD + 12 * view.getUint32(at + 12, true) + 8 * S;
  if (at + HEAD + 8 > view.byteLength) return HEAD + 8;
  return HEAD + 8 + 8 * view.getUint32(at + HEAD, true) + ((view.getUint32(at + HEAD + 4, true) + 3) & ~3) + 8 * S;
}

/**
 * Reads the section at byte `at` (its length checked by the caller with sparseSectionLength).
 * `fail` throws with the message; `W` bounds coordinates (LIMITS.worldCoord).
 */
export function readSparseSection(view: DataView, at: number, W: number, fail: (message: string) => never): SparseWorld {
  const [X, Y, Z, B, S] = [0, 1, 2, 3, 4].map((i) => view.getUint32(at + 4 * i, true));
  for (const v of [X, Y, Z]) if (v < 1 || v > SPARSE_MAX_SIDE) fail(`sparse dims ${X}x${Y}x${Z}: sides must be in [1, ${SPARSE_MAX_SIDE}]`);
  const origin = { x: view.getFloat64(at + 24, true), y: view.getFloat64(at + 32, true), z: view.getFloat64(at + 40, true) };
  const cellSize = view.getFloat64(at + 48, true);
  for (const k of ['x', 'y', 'z'] as const) if (!(Math.abs(origin[k]) <= W)) fail(`sparse origin ${k} = ${origin[k]} is beyond ±${W}`);
  if (!(cellSize > 0 && cellSize <= W)) fail(`sparse cellSize ${cellSize} is not in (0, ${W}]`);
  if (!(Math.abs(origin.x + X * cellSize) <= W && Math.abs(origin.y + Y * cellSize) <= W && Math.abs(origin.z + Z * cellSize) <= W))
    fail(`the sparse world reaches beyond ±${W}`);
  const end = [X, Y, Z].map((d) => (d + 3) >> 2); // bricks per axis inside the box
  const E = view.getUint32(at + 20, true);
  if (E > 1) fail(`sparse encoding ${E} is not 0 (plain) or 1 (packed)`);
  const bricks = new BrickSet();
  let p = at + HEAD;
  let prev = -1;
  const check = (i: number, code: number, lo: number, hi: number): void => {
    const bx = compact3(code),
      by = compact3(code >>> 1),
      bz = compact3(code >>> 2);
    if (code <= prev) fail(`sparse brick ${i}: codes are not ascending`);
    if (code >= MORTON_AXIS ** 3 || bx >= end[0] || by >= end[1] || bz >= end[2])
      fail(`sparse brick ${i} lies outside the ${X}x${Y}x${Z} world`);
    if (lo === 0 && hi === 0) fail(`sparse brick ${i} has no blocked voxel`);
    bricks.add(bx, by, bz, lo, hi);
    prev = code;
  };
  if (E === 0) {
    for (let i = 0; i < B; i++, p += 12) check(i, view.getUint32(p, true), view.getUint32(p + 4, true), view.getUint32(p + 8, true));
  } else {
    const D = view.getUint32(p, true),
      L = view.getUint32(p + 4, true);
    const dict = p + 8;
    let q = dict + 8 * D;
    const stop = q + L;
    const varint = (i: number): number => {
      let v = 0;
      for (let k = 0; k < 5; k++) {
        if (q >= stop) fail(`sparse brick ${i}: the brick stream ends early`);
        const b = view.getUint8(q++);
        v += (b & 0x7f) * 2 ** (7 * k);
        if (b < 0x80) return v;
      }
      return fail(`sparse brick ${i}: a varint runs over 5 bytes`);
    };
    for (let i = 0; i < B; i++) {
      const code = prev + 1 + varint(i);
      const m = varint(i);
      if (m >= D) fail(`sparse brick ${i}: mask ${m} is not among the ${D} stored`);
      check(i, code, view.getUint32(dict + 8 * m, true), view.getUint32(dict + 8 * m + 4, true));
    }
    if (q !== stop) fail(`the sparse brick stream has ${stop - q} bytes past its ${B} bricks`);
    p = dict + 8 * D + ((L + 3) & ~3);
  }
  let expanded = B;
  for (let i = 0; i < S; i++, p += 8) {
    const code = view.getUint32(p, true);
    const level = view.getUint32(p + 4, true);
    const side = 1 << Math.min(level, 10); // bricks per axis
    const b = [compact3(code) * side, compact3(code >>> 1) * side, compact3(code >>> 2) * side];
    if (level > 10 || code >= (MORTON_AXIS / side) ** 3 || b.some((v, a) => v >= end[a]))
      fail(`sparse solid node ${i} (level ${level}) lies outside the ${X}x${Y}x${Z} world`);
    const n = [0, 1, 2].map((a) => Math.min(side, end[a] - b[a]));
    expanded += n[0] * n[1] * n[2];
    if (expanded > SPARSE_SECTION_MAX_BRICKS) fail(`the sparse section expands to more than ${SPARSE_SECTION_MAX_BRICKS} bricks`);
    for (let z = 0; z < n[2]; z++)
      for (let y = 0; y < n[1]; y++) for (let x = 0; x < n[0]; x++) bricks.add(b[0] + x, b[1] + y, b[2] + z, -1, -1);
  }
  return sparseFromBricks([X, Y, Z], bricks, cellSize, origin);
}
