/**
 * The sparse section of a `.navbin` (flag SPARSE; docs/navbin.md): a SparseWorld stored as its
 * leaves, not its tree. Only what cannot be derived is kept: the world's box, and the leaves
 * inside it that hold blocked voxels: each MIXED brick with its 64-bit mask, each SOLID node
 * with its level. Reading rebuilds the tree with `sparseFromBricks` (links, parents and the
 * padding outside the box are derived), so a hostile file can only describe blocked voxels,
 * never a broken tree; `write(read(bytes))` gives the same bytes.
 *
 *   0   u32 X | u32 Y | u32 Z | u32 mixed bricks B | u32 solid nodes S | u32 0
 *   24  f64 origin x, y, z | f64 cellSize
 *   56  B x (u32 brick Morton code | u32 mask bits 0..31 | u32 mask bits 32..63), codes ascending
 *       S x (u32 node Morton code | u32 level), by level then code
 */
import { BrickSet, SPARSE_MAX_SIDE, sparseFromBricks } from '../sparse/build.ts';
import { compact3, MORTON_AXIS } from '../sparse/morton.ts';
import { MIXED, SOLID, type SparseWorld } from '../sparse/SparseWorld.ts';

/** Bytes before the leaves. */
const HEAD = 56;

/**
 * Blocked bricks a sparse section may expand to when read (its SOLID nodes are filled brick by
 * brick): 2^23, within what the brick table holds; a file over it is refused before expanding.
 */
export const SPARSE_SECTION_MAX_BRICKS = 2 ** 23;

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

/** Bytes of the section holding `w`. */
export function sparseSectionBytes(w: SparseWorld): number {
  const { mixed, solid } = leaves(w);
  return HEAD + 12 * mixed.length + 8 * solid.length;
}

/** Writes `w`'s section at byte `at` of `view` (sized by sparseSectionBytes). */
export function writeSparseSection(view: DataView, at: number, w: SparseWorld): void {
  const { mixed, solid, lo, hi } = leaves(w);
  [w.X, w.Y, w.Z, mixed.length, solid.length, 0].forEach((v, i) => view.setUint32(at + 4 * i, v, true));
  [w.origin.x, w.origin.y, w.origin.z, w.cellSize].forEach((v, i) => view.setFloat64(at + 24 + 8 * i, v, true));
  let p = at + HEAD;
  for (const n of mixed) {
    view.setUint32(p, w.code[n], true);
    view.setUint32(p + 4, lo[n], true);
    view.setUint32(p + 8, hi[n], true);
    p += 12;
  }
  for (const n of solid) {
    view.setUint32(p, w.code[n], true);
    view.setUint32(p + 4, w.level[n], true);
    p += 8;
  }
}

/** The section's byte length, read from its counts (its start `at` is within the data). */
export function sparseSectionLength(view: DataView, at: number): number {
  if (at + HEAD > view.byteLength) return HEAD;
  return HEAD + 12 * view.getUint32(at + 12, true) + 8 * view.getUint32(at + 16, true);
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
  const bricks = new BrickSet();
  let p = at + HEAD;
  let prev = -1;
  for (let i = 0; i < B; i++, p += 12) {
    const code = view.getUint32(p, true);
    const bx = compact3(code),
      by = compact3(code >>> 1),
      bz = compact3(code >>> 2);
    if (code <= prev) fail(`sparse brick ${i}: codes are not ascending`);
    if (code >= MORTON_AXIS ** 3 || bx >= end[0] || by >= end[1] || bz >= end[2])
      fail(`sparse brick ${i} lies outside the ${X}x${Y}x${Z} world`);
    const lo = view.getUint32(p + 4, true),
      hi = view.getUint32(p + 8, true);
    if (lo === 0 && hi === 0) fail(`sparse brick ${i} has no blocked voxel`);
    bricks.add(bx, by, bz, lo, hi);
    prev = code;
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
