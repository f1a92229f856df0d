import type { BrickBoxes } from './brickBoxes.ts';
import { compact3 as compact3_ } from './morton.ts';
import { EMPTY as EMPTY_, FACE_DIRS as FACE_DIRS_, faceLink as faceLink_, MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per cell.
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const FACE_DIRS = FACE_DIRS_;
const compact3 = compact3_;
const faceLink = faceLink_;

/**
 * The face neighbours of one SparseSpace cell at a time (SparseSpace.neighbours), with their
 * boxes. Two cells are neighbours when their boxes share part of a face. A brick box's
 * neighbours are the other boxes of its brick that touch it along one axis and overlap it
 * along the other two, and across the brick's faces it lies on, the EMPTY node there or the
 * boxes of the brick beyond on the facing side that overlap it; an EMPTY node's are found
 * through its face links, down to the bricks on the shared face, whose boxes on that face are
 * taken. Boxes are tested as boxes, never voxel by voxel, and no cell is listed twice.
 */
export class NeighbourList {
  /** The cells listed by the last `fill` (grows; read it right after the call). */
  cells = new Int32Array(256);
  /** Their boxes, 6 per cell: minimum corner x, y, z and sides, as SparseSpace.cellBox writes them. */
  boxes = new Int32Array(6 * 256);
  private count = 0;
  private world: SparseWorld | null = null;
  private voxelBase = 0;
  private brickBoxes!: BrickBoxes;

  /** Lists the face neighbours of cell c of a SparseSpace on `w` (ids from `voxelBase`, `boxes` its bricks'); returns their count. */
  fill(w: SparseWorld, voxelBase: number, boxes: BrickBoxes, c: number): number {
    this.world = w;
    this.voxelBase = voxelBase;
    this.brickBoxes = boxes;
    const { level, kind, code } = w;
    this.count = 0;
    if (c >= voxelBase) {
      const n = c - voxelBase;
      for (let d = 0; d < FACE_DIRS; d++) {
        const m = faceLink(w, n, d);
        if (m < 0) continue;
        if (level[m] > level[n]) {
          if (kind[m] === EMPTY) this.pushNode(m);
        } else this.face(m, d);
      }
      return this.count;
    }
    const n = c >> 6,
      b0 = c & 63;
    const v = boxes.get(n, b0);
    const cn = code[n];
    const ox = compact3(cn) << 2,
      oy = compact3(cn >>> 1) << 2,
      oz = compact3(cn >>> 2) << 2;
    const l0 = b0 & 3,
      l1 = (b0 >> 2) & 3,
      l2 = b0 >> 4;
    const h0 = l0 + ((v >> 6) & 3),
      h1 = l1 + ((v >> 8) & 3),
      h2 = l2 + ((v >> 10) & 3);
    const { start, list } = this.brickBoxes;
    // The brick's other boxes that share part of a face with this one (boxes are disjoint: at most one axis touches).
    for (let i = start[n], end = start[n + 1]; i < end; i++) {
      const q = list[i];
      const b = q & 63;
      if (b === b0) continue;
      const q0 = b & 3,
        q1 = (b >> 2) & 3,
        q2 = b >> 4;
      const Q0 = q0 + ((q >> 6) & 3),
        Q1 = q1 + ((q >> 8) & 3),
        Q2 = q2 + ((q >> 10) & 3);
      const o0 = q0 <= h0 && Q0 >= l0,
        o1 = q1 <= h1 && Q1 >= l1,
        o2 = q2 <= h2 && Q2 >= l2;
      if (
        (o1 && o2 && (q0 === h0 + 1 || Q0 === l0 - 1)) ||
        (o0 && o2 && (q1 === h1 + 1 || Q1 === l1 - 1)) ||
        (o0 && o1 && (q2 === h2 + 1 || Q2 === l2 - 1))
      )
        this.pushBox(64 * n + b, ox + q0, oy + q1, oz + q2, Q0 - q0 + 1, Q1 - q1 + 1, Q2 - q2 + 1);
    }
    // Across the brick's faces this box lies on.
    for (let d = 0; d < FACE_DIRS; d++) {
      const a = d >> 1,
        up = (d & 1) === 0;
      if (up ? (a === 0 ? h0 : a === 1 ? h1 : h2) < 3 : (a === 0 ? l0 : a === 1 ? l1 : l2) > 0) continue;
      const m = faceLink(w, n, d);
      if (m < 0) continue;
      const km = kind[m];
      if (km === EMPTY) this.pushNode(m);
      else if (km === MIXED && level[m] === 0) {
        // The brick beyond: its boxes on the facing side that overlap this box's face.
        const cm = code[m];
        const mx = compact3(cm) << 2,
          my = compact3(cm >>> 1) << 2,
          mz = compact3(cm >>> 2) << 2;
        for (let i = start[m], end = start[m + 1]; i < end; i++) {
          const q = list[i];
          const b = q & 63;
          const q0 = b & 3,
            q1 = (b >> 2) & 3,
            q2 = b >> 4;
          const Q0 = q0 + ((q >> 6) & 3),
            Q1 = q1 + ((q >> 8) & 3),
            Q2 = q2 + ((q >> 10) & 3);
          const ok =
            a === 0
              ? (up ? q0 === 0 : Q0 === 3) && q1 <= h1 && Q1 >= l1 && q2 <= h2 && Q2 >= l2
              : a === 1
                ? (up ? q1 === 0 : Q1 === 3) && q0 <= h0 && Q0 >= l0 && q2 <= h2 && Q2 >= l2
                : (up ? q2 === 0 : Q2 === 3) && q0 <= h0 && Q0 >= l0 && q1 <= h1 && Q1 >= l1;
          if (ok) this.pushBox(64 * m + b, mx + q0, my + q1, mz + q2, Q0 - q0 + 1, Q1 - q1 + 1, Q2 - q2 + 1);
        }
      }
    }
    return this.count;
  }

  /** Pushes the cells of node m on its face that looks back along direction d. */
  private face(m: number, d: number): void {
    const w = this.world!;
    const k = w.kind[m];
    if (k === EMPTY) {
      this.pushNode(m);
      return;
    }
    if (k !== MIXED) return;
    const a = d >> 1,
      near = (d & 1) === 0 ? 0 : 3;
    if (w.level[m] > 0) {
      const first = w.firstChild[m];
      for (let j = 0; j < 8; j++) if (((j >> a) & 1) === near >> 1) this.face(first + j, d);
      return;
    }
    const cm = w.code[m];
    const mx = compact3(cm) << 2,
      my = compact3(cm >>> 1) << 2,
      mz = compact3(cm >>> 2) << 2;
    const { start, list } = this.brickBoxes;
    for (let i = start[m], end = start[m + 1]; i < end; i++) {
      const q = list[i];
      const b = q & 63;
      const q0 = b & 3,
        q1 = (b >> 2) & 3,
        q2 = b >> 4;
      const s0 = ((q >> 6) & 3) + 1,
        s1 = ((q >> 8) & 3) + 1,
        s2 = ((q >> 10) & 3) + 1;
      const lo = a === 0 ? q0 : a === 1 ? q1 : q2;
      const side = a === 0 ? s0 : a === 1 ? s1 : s2;
      // near 0: the box starts on the brick's low face; near 3: it ends on the high one.
      if (near === 0 ? lo === 0 : lo + side === 4) this.pushBox(64 * m + b, mx + q0, my + q1, mz + q2, s0, s1, s2);
    }
  }

  /** Pushes the cell of EMPTY node m with its box. */
  private pushNode(m: number): void {
    const w = this.world!;
    const c = w.code[m];
    const sh = w.level[m] + 2;
    const side = 1 << sh;
    this.pushBox(this.voxelBase + m, compact3(c) << sh, compact3(c >>> 1) << sh, compact3(c >>> 2) << sh, side, side, side);
  }

  /** Pushes cell c with its box (minimum corner x, y, z; sides sx, sy, sz). */
  private pushBox(c: number, x: number, y: number, z: number, sx: number, sy: number, sz: number): void {
    if (this.count === this.cells.length) {
      const b = new Int32Array(2 * this.count);
      b.set(this.cells);
      this.cells = b;
      const bb = new Int32Array(12 * this.count);
      bb.set(this.boxes);
      this.boxes = bb;
    }
    const k = this.count++;
    this.cells[k] = c;
    const bb = this.boxes;
    bb[6 * k] = x;
    bb[6 * k + 1] = y;
    bb[6 * k + 2] = z;
    bb[6 * k + 3] = sx;
    bb[6 * k + 4] = sy;
    bb[6 * k + 5] = sz;
  }
}
