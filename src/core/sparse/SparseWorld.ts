import type { Vec3 } from '../math/vec3.ts';
import { compact3 as compact3_ } from './morton.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx), too slow per node.
const compact3 = compact3_;

/** Node kinds: every voxel free, every voxel blocked, or a mix (children, or a leaf mask). */
export const EMPTY = 0;
export const SOLID = 1;
export const MIXED = 2;

/** Face directions, in link order: +x, -x, +y, -y, +z, -z. */
export const FACE_DIRS = 6;

/** The typed arrays a SparseWorld is made of (built by sparseFromBricks, build.ts). */
export interface SparseArrays {
  /** Levels - 1: the root's level. Level 0 nodes are 4x4x4 bricks; a level k node spans 4 << k voxels per axis. */
  top: number;
  /** Level k's nodes are the global indices [levelStart[k], levelStart[k + 1]); length top + 2. */
  levelStart: Int32Array;
  /** Per node: Morton code of its position among the nodes of its level. */
  code: Uint32Array;
  /** Per node: EMPTY, SOLID or MIXED. */
  kind: Uint8Array;
  /** Per node: its level. */
  level: Uint8Array;
  /** Per node: the global index of the first of its 8 children (Morton order), -1 without children. */
  firstChild: Int32Array;
  /**
   * Parents (global indices, -1 for the root), one per group of 8 sibling bricks (brick n's at
   * n >> 3), then one per node from `linkBase` on (node n's at (linkBase >> 3) + n - linkBase).
   * Read any node's with `nodeParent`.
   */
  parents: Int32Array;
  /**
   * 6 per node from `linkBase(top, levelStart)` on (the nodes above the bricks; every node when the
   * root is a brick), FACE_DIRS order: the face neighbour of the same level, else the coarser node
   * there; -1 outside the world. A brick's links follow from its parent's (`faceLink`).
   */
  coarseLink: Int32Array;
  /** Per level 0 node (brick): bits 0..31 of its mask (bit b = lx + 4 (ly + 4 lz), set = blocked). */
  maskLo: Uint32Array;
  /** Per level 0 node: bits 32..63 of its mask. */
  maskHi: Uint32Array;
}

/**
 * A sparse voxel octree (Brewer, "3D Flight Navigation Using Sparse Voxel Octrees", Game AI
 * Pro 3): the same blocked voxels as a dense X x Y x Z grid, stored only where geometry is.
 *
 * The world is padded to a cube of 4 << top voxels per axis; voxels outside X x Y x Z are
 * blocked (as outside a VoxelGrid). Nodes live in flat typed arrays (no object per node),
 * level 0 first, the root last; within a level in Morton order, the 8 children of a node
 * contiguous. A node is EMPTY (all free, no children), SOLID (all blocked, no children) or
 * MIXED: at level >= 1 it has 8 children; at level 0 (a 4x4x4 brick) its 64 voxels are one
 * 64-bit mask held as two Uint32s. Every node links to its 6 face neighbours (`faceLink`): the
 * node of the same level when it exists, else the coarser childless node covering that side.
 * Only the nodes above the bricks store their links; a brick's follow from its Morton position
 * and its parent's links (the bricks are ~3/4 of the nodes).
 */
export class SparseWorld {
  /** Voxels along x of the world (the dense grid's dims[0]). */
  readonly X: number;
  /** Voxels along y of the world (the dense grid's dims[1]). */
  readonly Y: number;
  /** Voxels along z of the world (the dense grid's dims[2]). */
  readonly Z: number;
  /** Edge length of a voxel in world units. */
  readonly cellSize: number;
  /** World position of the minimum corner of voxel (0, 0, 0). */
  readonly origin: Vec3;
  /** The root's level; the padded cube spans 4 << top voxels per axis. */
  readonly top: number;
  /** Global index of the root node. */
  readonly root: number;
  /** Node count, all levels. */
  readonly nodeCount: number;
  /** The node arrays below are SparseArrays' (read-only by contract). Level k's nodes: [levelStart[k], levelStart[k + 1]). */
  readonly levelStart: Int32Array;
  /** Per node: Morton code of its position among the nodes of its level. */
  readonly code: Uint32Array;
  /** Per node: EMPTY, SOLID or MIXED. */
  readonly kind: Uint8Array;
  /** Per node: its level (0: a 4x4x4 brick). */
  readonly level: Uint8Array;
  /** Per node: the global index of the first of its 8 children, -1 without children. */
  readonly firstChild: Int32Array;
  /** Parents: one per group of 8 sibling bricks, then one per node above the bricks (see SparseArrays). Read any node's with `nodeParent`. */
  readonly parents: Int32Array;
  /** First node with stored links: levelStart[1] (the bricks have none), 0 when the root is a brick. */
  readonly linkBase: number;
  /** 6 per node from linkBase on: the face neighbour of the same level, else the coarser node there; -1 outside the world. Read any node's with `faceLink`. */
  readonly coarseLink: Int32Array;
  /** Per brick: bits 0..31 of its mask (bit lx + 4 (ly + 4 lz), set = blocked). */
  readonly maskLo: Uint32Array;
  /** Per brick: bits 32..63 of its mask. */
  readonly maskHi: Uint32Array;

  /** Wraps built arrays (use sparseFromGrid or parse3dMapSparse to build one). */
  constructor(dims: readonly [number, number, number], cellSize: number, origin: Vec3, a: SparseArrays) {
    [this.X, this.Y, this.Z] = dims;
    this.cellSize = cellSize;
    this.origin = { x: origin.x, y: origin.y, z: origin.z };
    this.top = a.top;
    this.levelStart = a.levelStart;
    this.code = a.code;
    this.kind = a.kind;
    this.level = a.level;
    this.firstChild = a.firstChild;
    this.parents = a.parents;
    this.linkBase = linkBase(a.top, a.levelStart);
    this.coarseLink = a.coarseLink;
    this.maskLo = a.maskLo;
    this.maskHi = a.maskHi;
    this.nodeCount = a.kind.length;
    this.root = this.nodeCount - 1;
  }

  /** Number of level 0 nodes (bricks). */
  get brickCount(): number {
    return this.levelStart[1];
  }

  /** Bytes held by the octree's arrays. */
  get byteLength(): number {
    let n = 0;
    for (const a of [
      this.levelStart,
      this.code,
      this.kind,
      this.level,
      this.firstChild,
      this.parents,
      this.coarseLink,
      this.maskLo,
      this.maskHi,
    ])
      n += a.byteLength;
    return n;
  }

  /** Whether (x, y, z) lies inside the X x Y x Z box. */
  inBounds(x: number, y: number, z: number): boolean {
    return x >= 0 && y >= 0 && z >= 0 && x < this.X && y < this.Y && z < this.Z;
  }

  /** The deepest node holding voxel (x, y, z) (inside the padded cube): a childless node or a brick. */
  nodeAt(x: number, y: number, z: number): number {
    const { kind, firstChild } = this;
    let n = this.root;
    for (let k = this.top; k > 0 && kind[n] === MIXED; k--) {
      const sh = k + 1;
      n = firstChild[n] + (((x >> sh) & 1) | (((y >> sh) & 1) << 1) | (((z >> sh) & 1) << 2));
    }
    return n;
  }

  /** Blocked voxels and everything outside the X x Y x Z box count as blocked (as VoxelGrid.isBlocked). */
  isBlocked(x: number, y: number, z: number): boolean {
    if (!this.inBounds(x, y, z)) return true;
    const n = this.nodeAt(x, y, z);
    const k = this.kind[n];
    if (k !== MIXED) return k === SOLID;
    const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
    return ((b < 32 ? this.maskLo[n] >>> b : this.maskHi[n] >>> (b - 32)) & 1) !== 0;
  }

  /** Minimum voxel corner of node n along x, y, z and its side in voxels, written into out[0..3]. */
  nodeBox(n: number, out: Int32Array | number[]): void {
    const c = this.code[n];
    const sh = this.level[n] + 2;
    out[0] = compact3(c) << sh;
    out[1] = compact3(c >>> 1) << sh;
    out[2] = compact3(c >>> 2) << sh;
    out[3] = 1 << sh;
  }
}

/** First node index with stored face links: the bricks (level 0) store none unless the root is one. */
export function linkBase(top: number, levelStart: Int32Array): number {
  return top > 0 ? levelStart[1] : 0;
}

/**
 * The face link of node n in direction d (FACE_DIRS order: +x, -x, +y, -y, +z, -z): the face
 * neighbour of the same level, else the coarser childless node there; -1 outside the world.
 * Stored for the nodes above the bricks; for a brick it is computed: the 8 bricks of a parent
 * are contiguous from a multiple of 8 in Morton order, so n & 7 is its octant; a neighbour
 * across the parent's face is a child of the parent's neighbour when that is a MIXED level 1
 * node, else that coarser node (as the build derives every link).
 */
export function faceLink(w: SparseWorld, n: number, d: number): number {
  const base = w.linkBase;
  if (n >= base) return w.coarseLink[FACE_DIRS * (n - base) + d];
  const bit = 1 << (d >> 1);
  if (((n & bit) === 0) === ((d & 1) === 0)) return n ^ bit;
  const P = w.coarseLink[FACE_DIRS * (w.parents[n >> 3] - base) + d];
  return P >= 0 && P < w.levelStart[2] && w.kind[P] === MIXED ? w.firstChild[P] + ((n & 7) ^ bit) : P;
}

/** The parent of node n (global index), -1 for the root: stored once per 8 sibling bricks, once per node above them. */
export function nodeParent(w: SparseWorld, n: number): number {
  const base = w.linkBase;
  return w.parents[n < base ? n >> 3 : (base >> 3) + n - base];
}
