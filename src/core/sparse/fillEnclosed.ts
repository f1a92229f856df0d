import { BrickSet } from './brickSet.ts';
import { boundaryBricks, sparseFromBricks } from './build.ts';
import { Int32List } from './components.ts';
import {
  EMPTY as EMPTY_,
  FACE_DIRS as FACE_DIRS_,
  faceLink as faceLink_,
  MIXED as MIXED_,
  SOLID as SOLID_,
  type SparseWorld,
} from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per node.
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const SOLID = SOLID_;
const faceLink = faceLink_;
const FACE_DIRS = FACE_DIRS_;

/**
 * Brick mask layers (bit b = lx + 4 ly + 16 lz; bits 0..31 hold z = 0, 1, bits 32..63 z = 2, 3,
 * each half a Uint32 with the same x and y layout): the voxels with lx = 0, lx = 3, ly = 0, ly = 3.
 */
const X0 = 0x11111111,
  X3 = 0x88888888,
  Y0 = 0x000f000f,
  Y3 = 0xf000f000;

/** The voxels of half-mask v (z layers 0-1 or 2-3) on its face toward d (+x, -x, +y, -y), moved to the facing layer of the brick beyond. */
function facing(v: number, d: number): number {
  return d === 0 ? (v & X3) >>> 3 : d === 1 ? (v & X0) << 3 : d === 2 ? (v & Y3) >>> 12 : (v & Y0) << 12;
}

/** The leaves of a filled world, as `sparseFromBricks` takes them. */
export interface FilledLeaves {
  /** Every brick of the old world with its filled mask (-1, -1: blocked whole), plus room for the boundary bricks. */
  bricks: BrickSet;
  /** Per level k >= 1: the ascending codes of the level-k nodes blocked whole. */
  solids: Uint32Array[];
}

/**
 * The `solid` fill of a sparse world: a new world in which every free voxel that the world's
 * border cannot reach through free voxels (moving between face neighbours) is blocked: the air
 * inside closed meshes, as the dense `fillEnclosed` does. Voxel (0, 0, 0) stands for the
 * border (a voxelization's layout keeps a free margin on every side, so the whole border is
 * reached from it). See `filledLeaves`; the world itself is not changed.
 */
export function fillEnclosedSparse(world: SparseWorld): SparseWorld {
  const { bricks, solids } = filledLeaves(world);
  return sparseFromBricks([world.X, world.Y, world.Z], bricks, world.cellSize, world.origin, solids);
}

/**
 * The leaves of `world` filled (see fillEnclosedSparse), found by a flood from voxel (0, 0, 0)
 * over the octree itself (no cells, no components): an EMPTY node reached reaches the nodes its
 * faces touch (`faceLink`: the same-level node, else the coarser childless one; a same-level
 * MIXED node is descended along the shared face to its EMPTY nodes and to the face layers of
 * its bricks); a brick's reached voxels spread inside it by 64-bit mask shifts (two Uint32s) to
 * the free voxels, then through its faces to the bricks and EMPTY nodes beside it. Whatever is
 * not reached is blocked: an unreached EMPTY node becomes a SOLID leaf of its level, a brick's
 * mask becomes its unreached voxels. No brick inside a solid region is ever enumerated; memory
 * is 12 bytes per brick (the reached masks are the returned BrickSet's) and a byte per node.
 */
export function filledLeaves(world: SparseWorld): FilledLeaves {
  const w = world;
  const { kind, level, code, maskLo, maskHi } = w;
  const nb = w.brickCount;
  const bricks = new BrickSet(nb + boundaryBricks(w.X, w.Y, w.Z));
  const rlo = bricks.lo,
    rhi = bricks.hi;
  /** Per node: 1 reached (EMPTY nodes), 2 queued (bricks). */
  const state = new Uint8Array(w.nodeCount);
  const stack = new Int32List();
  fKind = kind;
  fLevel = level;
  fFirstChild = w.firstChild;
  fMaskLo = maskLo;
  fMaskHi = maskHi;
  fReachedLo = rlo;
  fReachedHi = rhi;
  fState = state;
  fStack = stack;
  const start = w.nodeAt(0, 0, 0);
  if (kind[start] === EMPTY) reach(start);
  else if (kind[start] === MIXED) seed(start, 1, 0);
  try {
    flood(w);
  } finally {
    fKind = fLevel = fState = NONE8;
    fFirstChild = NONE32;
    fMaskLo = fMaskHi = fReachedLo = fReachedHi = NONEU;
    fStack = new Int32List();
  }
  // Bricks: the unreached voxels blocked (a reached EMPTY brick: none; -1 -1: blocked whole).
  blockUnreached(nb, kind, code, state, bricks.codes, rlo, rhi);
  bricks.length = nb;
  // Coarser nodes blocked whole: SOLID ones and unreached EMPTY ones, per level in code order.
  const solids: Uint32Array[] = [new Uint32Array(0)];
  for (let k = 1; k <= w.top; k++) solids.push(wholeBlocked(w.levelStart[k], w.levelStart[k + 1], kind, code, state));
  return { bricks, solids };
}

/*
 * The loops below are functions of their own: code optimized while a loop runs (on-stack
 * replacement) has had no feedback for what follows the loop, and left it at every fill.
 */

/** The bricks' filled masks: a MIXED brick's unreached voxels; -1 (blocked whole) for a SOLID or unreached EMPTY brick; else 0. */
function blockUnreached(
  nb: number,
  kind: Uint8Array,
  code: Uint32Array,
  state: Uint8Array,
  codes: Uint32Array,
  rlo: Uint32Array,
  rhi: Uint32Array,
): void {
  for (let n = 0; n < nb; n++) {
    codes[n] = code[n];
    const k = kind[n];
    if (k === MIXED) {
      rlo[n] = ~rlo[n];
      rhi[n] = ~rhi[n];
    } else rlo[n] = rhi[n] = k === SOLID || state[n] === 0 ? -1 : 0;
  }
}

/** The codes of the nodes lo..hi-1 (one level, ascending) blocked whole: SOLID, or EMPTY and unreached. */
function wholeBlocked(lo: number, hi: number, kind: Uint8Array, code: Uint32Array, state: Uint8Array): Uint32Array {
  let c = 0;
  for (let n = lo; n < hi; n++) if (kind[n] === SOLID || (kind[n] === EMPTY && state[n] === 0)) c++;
  const s = new Uint32Array(c);
  c = 0;
  for (let n = lo; n < hi; n++) if (kind[n] === SOLID || (kind[n] === EMPTY && state[n] === 0)) s[c++] = code[n];
  return s;
}

/*
 * The flood's state, module-wide while filledLeaves runs (functions, not closures made per call:
 * optimized code keeps its call targets from one fill to the next).
 */
const NONE8 = new Uint8Array(0);
const NONE32 = new Int32Array(0);
const NONEU = new Uint32Array(0);
let fKind: Uint8Array = NONE8;
let fLevel: Uint8Array = NONE8;
let fFirstChild: Int32Array = NONE32;
let fMaskLo: Uint32Array = NONEU;
let fMaskHi: Uint32Array = NONEU;
/** The reached voxels per brick (the BrickSet's masks). */
let fReachedLo: Uint32Array = NONEU;
let fReachedHi: Uint32Array = NONEU;
/** Per node: 1 reached (EMPTY nodes), 2 queued (bricks). */
let fState: Uint8Array = NONE8;
let fStack = new Int32List();

/** Marks EMPTY node m reached and queues it (once). */
function reach(m: number): void {
  if (fState[m] !== 0) return;
  fState[m] = 1;
  fStack.push(m);
}

/** ORs the free voxels of seeds (lo, hi) into brick m's reached ones; queues it when that adds any. */
function seed(m: number, lo: number, hi: number): void {
  const rlo = fReachedLo,
    rhi = fReachedHi;
  lo &= ~fMaskLo[m];
  hi &= ~fMaskHi[m];
  if (((lo & ~rlo[m]) | (hi & ~rhi[m])) === 0) return;
  rlo[m] |= lo;
  rhi[m] |= hi;
  if (fState[m] === 2) return;
  fState[m] = 2;
  fStack.push(m);
}

/** An EMPTY node moving in direction d meets node m across its whole face (m no larger than it). */
function enter(m: number, d: number): void {
  const k = fKind[m];
  if (k === EMPTY) reach(m);
  else if (k === MIXED) {
    const a = d >> 1,
      plus = (d & 1) === 0;
    if (fLevel[m] === 0) {
      // The layer of m facing the node: x = 0 when moving +x, x = 3 when moving -x, ...
      const l = a === 0 ? (plus ? X0 : X3) : a === 1 ? (plus ? Y0 : Y3) : -1;
      seed(m, a < 2 ? l : plus ? 0xffff : 0, a < 2 ? l : plus ? 0 : 0xffff0000);
    } else for (let j = 0; j < 8; j++) if (((j >> a) & 1) === (plus ? 0 : 1)) enter(fFirstChild[m] + j, d);
  }
}

/** Runs the flood from the queued nodes until the stack is empty. */
function flood(w: SparseWorld): void {
  const kind = fKind,
    maskLo = fMaskLo,
    maskHi = fMaskHi,
    rlo = fReachedLo,
    rhi = fReachedHi,
    state = fState,
    stack = fStack;
  while (stack.length > 0) {
    const n = stack.data[--stack.length];
    if (kind[n] === EMPTY) {
      for (let d = 0; d < FACE_DIRS; d++) {
        const m = faceLink(w, n, d);
        if (m >= 0) enter(m, d);
      }
      continue;
    }
    state[n] = 0;
    let lo = rlo[n] | 0,
      hi = rhi[n] | 0;
    const flo = ~maskLo[n],
      fhi = ~maskHi[n];
    for (;;) {
      // Spread to the 6 face neighbours inside the brick (no wrap across a row or a layer).
      const nlo =
        (lo |
          ((lo << 1) & 0xeeeeeeee) |
          ((lo >>> 1) & 0x77777777) |
          ((lo << 4) & 0xfff0fff0) |
          ((lo >>> 4) & 0x0fff0fff) |
          (lo << 16) |
          (lo >>> 16) |
          (hi << 16)) &
        flo;
      const nhi =
        (hi |
          ((hi << 1) & 0xeeeeeeee) |
          ((hi >>> 1) & 0x77777777) |
          ((hi << 4) & 0xfff0fff0) |
          ((hi >>> 4) & 0x0fff0fff) |
          (hi << 16) |
          (hi >>> 16) |
          (lo >>> 16)) &
        fhi;
      if (nlo === lo && nhi === hi) break;
      lo = nlo;
      hi = nhi;
    }
    rlo[n] = lo;
    rhi[n] = hi;
    for (let d = 0; d < FACE_DIRS; d++) {
      // The reached voxels of the face toward d, moved to the facing layer of the brick beyond.
      const slo = d < 4 ? facing(lo, d) : d === 4 ? hi >>> 16 : 0;
      const shi = d < 4 ? facing(hi, d) : d === 4 ? 0 : lo << 16;
      if ((slo | shi) === 0) continue;
      const m = faceLink(w, n, d);
      if (m < 0) continue;
      if (kind[m] === EMPTY) reach(m);
      else if (kind[m] === MIXED) seed(m, slo, shi);
    }
  }
}
