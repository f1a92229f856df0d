import { NavlabError } from '../errors.ts';
import { checkInstance } from '../args.ts';
import { layoutLevels, linkNode } from './build.ts';
import { compact3, morton } from './morton.ts';
import { EMPTY, FACE_DIRS, linkBase, MIXED, SOLID, SparseWorld } from './SparseWorld.ts';

/**
 * One local edit of a SparseWorld: block (`blocked: true`) or clear the voxels of an inclusive
 * voxel box `{ min: [x, y, z], max: [x, y, z] }` and/or of a list of voxels (x, y, z triples,
 * flat). Every voxel named must lie inside the world's X x Y x Z box.
 */
export interface SparseEdit {
  /** True: the voxels become blocked; false: free. */
  blocked: boolean;
  /** An inclusive box of voxel indices. */
  box?: { min: readonly number[]; max: readonly number[] };
  /** Voxels as flat x, y, z triples. */
  voxels?: ArrayLike<number>;
}

/** What editSparseWorld did: the edited world and the work it took (counts, not time). */
export interface SparseEditResult {
  /** The edited world (a new object; the given one is left as it was). `world` itself when nothing changed. */
  world: SparseWorld;
  /** Bricks (4x4x4 leaves) whose mask changed and was rebuilt. */
  bricks: number;
  /** Nodes above them whose kind was recomputed (the changed bricks' ancestors). */
  ancestors: number;
  /** Nodes above the bricks whose 6 face links were recomputed (0 unless the tree's shape changed; bricks store no links). */
  relinked: number;
  /** Whether a node above the bricks gained or lost its children (the node arrays were then re-laid out). */
  reshaped: boolean;
  /**
   * Per node of the new world: its node in the old world (>= 0), or -(a + 2) where a is the
   * old childless node that covered it. Null when the layout did not change (the same index).
   */
  oldOf: Int32Array | null;
  /** Level 0 indices (in the new world) of the changed bricks that exist as nodes there. */
  changed: Int32Array;
  /** Morton codes of the changed bricks (whether or not they exist as nodes). */
  changedCodes: Uint32Array;
  /** Voxels that were free and are blocked now (0: the edits only cleared, so no component can have split). */
  blockedVoxels: number;
}

const FULL = 0xffffffff;

/** Set bits of a 32-bit word. */
function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The (lo, hi) mask of brick (bx, by, bz) in `w`: its own, or all set / clear inside a childless SOLID / EMPTY node. */
function brickMask(w: SparseWorld, bx: number, by: number, bz: number, out: number[]): void {
  const n = w.nodeAt(4 * bx, 4 * by, 4 * bz);
  if (w.level[n] === 0) {
    out[0] = w.maskLo[n];
    out[1] = w.maskHi[n];
  } else out[0] = out[1] = w.kind[n] === SOLID ? FULL : 0;
}

/** The node of `w` at `level` with Morton `code`, or -(a + 2) with a the childless node above it. */
function findNode(w: SparseWorld, level: number, code: number): number {
  let n = w.root;
  for (let k = w.top; k > level; k--) {
    if (w.firstChild[n] < 0) return -(n + 2);
    n = w.firstChild[n] + ((code >>> (3 * (k - 1 - level))) & 7);
  }
  return n;
}

const kindOfMask = (lo: number, hi: number): number => ((lo | hi) === 0 ? EMPTY : lo >>> 0 === FULL && hi >>> 0 === FULL ? SOLID : MIXED);

function checkTriple(what: string, v: unknown, w: SparseWorld): readonly number[] {
  if (!Array.isArray(v) || v.length !== 3 || !v.every(Number.isInteger))
    throw new NavlabError('usage', `${what}: expected integer voxel indices [x, y, z], got ${JSON.stringify(v)}`);
  if (!w.inBounds(v[0], v[1], v[2]))
    throw new NavlabError('usage', `${what}: voxel (${v.join(', ')}) is outside the ${w.X}x${w.Y}x${w.Z} world`);
  return v;
}

/** The new masks of the bricks the edits touch (brick code -> [lo, hi]), edits applied in order. */
function touchedMasks(w: SparseWorld, edits: readonly SparseEdit[]): Map<number, number[]> {
  const masks = new Map<number, number[]>();
  const maskOf = (bx: number, by: number, bz: number): number[] => {
    const code = morton(bx, by, bz);
    let m = masks.get(code);
    if (m === undefined) {
      m = [0, 0];
      brickMask(w, bx, by, bz, m);
      masks.set(code, m);
    }
    return m;
  };
  edits.forEach((e, i) => {
    const what = `editSparseWorld: edits[${i}]`;
    if (e === null || typeof e !== 'object' || typeof e.blocked !== 'boolean')
      throw new NavlabError('usage', `${what}: expected { blocked: boolean, box?, voxels? }, got ${JSON.stringify(e)}`);
    const on = e.blocked;
    if (e.box !== undefined) {
      const lo = checkTriple(`${what}.box.min`, e.box?.min, w);
      const hi = checkTriple(`${what}.box.max`, e.box.max, w);
      if (lo.some((v, a) => v > hi[a])) throw new NavlabError('usage', `${what}.box: min ${lo} exceeds max ${hi}`);
      for (let bz = lo[2] >> 2; bz <= hi[2] >> 2; bz++)
        for (let by = lo[1] >> 2; by <= hi[1] >> 2; by++)
          for (let bx = lo[0] >> 2; bx <= hi[0] >> 2; bx++) {
            const m = maskOf(bx, by, bz);
            for (let b = 0; b < 64; b++) {
              const x = 4 * bx + (b & 3),
                y = 4 * by + ((b >> 2) & 3),
                z = 4 * bz + (b >> 4);
              if (x < lo[0] || y < lo[1] || z < lo[2] || x > hi[0] || y > hi[1] || z > hi[2]) continue;
              if (on) m[b >> 5] |= 1 << (b & 31);
              else m[b >> 5] &= ~(1 << (b & 31));
            }
          }
    }
    if (e.voxels !== undefined) {
      const v = e.voxels;
      if (v === null || typeof v !== 'object' || typeof v.length !== 'number' || v.length % 3 !== 0)
        throw new NavlabError('usage', `${what}.voxels: expected flat x, y, z triples, got ${String(v)}`);
      for (let j = 0; j < v.length; j += 3) {
        const x = v[j],
          y = v[j + 1],
          z = v[j + 2];
        checkTriple(`${what}.voxels[${j / 3}]`, [x, y, z], w);
        const m = maskOf(x >> 2, y >> 2, z >> 2);
        const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
        if (on) m[b >> 5] |= 1 << (b & 31);
        else m[b >> 5] &= ~(1 << (b & 31));
      }
    }
  });
  return masks;
}

/**
 * Blocks or clears voxels of a SparseWorld locally: only the bricks whose mask changes are
 * rebuilt, then the kinds of their ancestors. When no node above the bricks gains or loses its
 * children, the new world is the old one's arrays with those entries patched; otherwise the
 * node arrays are laid out again in one pass (children of new MIXED nodes added, children of
 * collapsed ones dropped) and only the face links that can have changed are recomputed (new
 * nodes, nodes whose link pointed at a reshaped or dropped node, and below them). The result
 * is the same world a fresh build from the edited voxels gives, array for array. Throws a
 * NavlabError 'usage' naming the edit on a voxel outside the world or a malformed edit.
 */
export function editSparseWorld(world: SparseWorld, edits: readonly SparseEdit[]): SparseEditResult {
  checkInstance('editSparseWorld: world', world, SparseWorld);
  if (!Array.isArray(edits)) throw new NavlabError('usage', `editSparseWorld: edits: expected an array of edits, got ${String(edits)}`);
  const w = world;
  const masks = touchedMasks(w, edits);
  const m = [0, 0];
  // Per level: code -> new kind, for the changed bricks and their ancestors.
  const kinds: Map<number, number>[] = [new Map()];
  const codes: number[] = [];
  let blockedNow = 0;
  for (const [code, nm] of masks) {
    brickMask(w, compact3(code), compact3(code >>> 1), compact3(code >>> 2), m);
    if ((m[0] ^ nm[0]) === 0 && (m[1] ^ nm[1]) === 0) {
      masks.delete(code);
      continue;
    }
    kinds[0].set(code, kindOfMask(nm[0], nm[1]));
    codes.push(code);
    blockedNow += popcount(nm[0] & ~m[0]) + popcount(nm[1] & ~m[1]);
  }
  const changedCodes = Uint32Array.from(codes);
  if (codes.length === 0)
    return {
      world: w,
      bricks: 0,
      ancestors: 0,
      relinked: 0,
      reshaped: false,
      oldOf: null,
      changed: new Int32Array(0),
      changedCodes,
      blockedVoxels: 0,
    };
  const oldKind = (level: number, code: number): number => {
    const n = findNode(w, level, code);
    return w.kind[n >= 0 ? n : -n - 2];
  };
  let reshaped = false;
  let ancestors = 0;
  for (let k = 1; k <= w.top; k++) {
    const level = new Map<number, number>();
    for (const c of kinds[k - 1].keys()) {
      const p = c >>> 3;
      if (level.has(p)) continue;
      let empty = true,
        solid = true;
      for (let j = 0; j < 8; j++) {
        const ck = kinds[k - 1].get(8 * p + j) ?? oldKind(k - 1, 8 * p + j);
        if (ck !== EMPTY) empty = false;
        if (ck !== SOLID) solid = false;
      }
      const nk = empty ? EMPTY : solid ? SOLID : MIXED;
      if ((nk === MIXED) !== (oldKind(k, p) === MIXED)) reshaped = true;
      level.set(p, nk);
      ancestors++;
    }
    kinds.push(level);
  }
  const result = reshaped ? relayout(w, kinds, masks) : patch(w, kinds, masks);
  const changed: number[] = [];
  for (const code of codes) {
    const n = findNode(result.world, 0, code);
    if (n >= 0) changed.push(n);
  }
  return {
    ...result,
    bricks: codes.length,
    ancestors,
    reshaped,
    changed: Int32Array.from(changed),
    changedCodes,
    blockedVoxels: blockedNow,
  };
}

type Partial_ = Pick<SparseEditResult, 'world' | 'relinked' | 'oldOf'>;

/** Same shape: copies of the arrays with the changed nodes' kinds and masks set. */
function patch(w: SparseWorld, kinds: Map<number, number>[], masks: Map<number, number[]>): Partial_ {
  const kind = w.kind.slice();
  const maskLo = w.maskLo.slice();
  const maskHi = w.maskHi.slice();
  for (let k = 0; k < kinds.length; k++)
    for (const [code, nk] of kinds[k]) {
      const n = findNode(w, k, code);
      if (n < 0) continue;
      kind[n] = nk;
      if (k === 0) {
        const nm = masks.get(code)!;
        maskLo[n] = nm[0];
        maskHi[n] = nm[1];
      }
    }
  const world = new SparseWorld([w.X, w.Y, w.Z], w.cellSize, w.origin, {
    top: w.top,
    levelStart: w.levelStart,
    code: w.code,
    kind,
    level: w.level,
    firstChild: w.firstChild,
    parents: w.parents,
    coarseLink: w.coarseLink,
    maskLo,
    maskHi,
  });
  return { world, relinked: 0, oldOf: null };
}

/** New shape: the node arrays laid out again top-down (as sparseFromBricks does), links recomputed where they can have changed. */
function relayout(w: SparseWorld, kinds: Map<number, number>[], masks: Map<number, number[]>): Partial_ {
  const top = w.top;
  const codes: number[][] = [];
  const src: number[][] = [];
  const kindsOut: number[][] = [];
  const childAt: number[][] = [];
  for (let k = 0; k <= top; k++) {
    codes.push([]);
    src.push([]);
    kindsOut.push([]);
    childAt.push([]);
  }
  codes[top].push(0);
  src[top].push(w.root);
  kindsOut[top].push(kinds[top].get(0) ?? w.kind[w.root]);
  for (let k = top; k > 0; k--) {
    const cs = codes[k],
      ss = src[k],
      ks = kindsOut[k];
    for (let i = 0; i < cs.length; i++) {
      if (ks[i] !== MIXED) {
        childAt[k].push(-1);
        continue;
      }
      childAt[k].push(codes[k - 1].length);
      const s = ss[i];
      // The old node's children, or the old childless node they lie in.
      const oldFirst = s >= 0 ? w.firstChild[s] : -1;
      const cover = s >= 0 ? (oldFirst < 0 ? s : -1) : -s - 2;
      for (let j = 0; j < 8; j++) {
        const c = 8 * cs[i] + j;
        const o = oldFirst >= 0 ? oldFirst + j : -cover - 2;
        codes[k - 1].push(c);
        src[k - 1].push(o);
        kindsOut[k - 1].push(kinds[k - 1].get(c) ?? w.kind[o >= 0 ? o : -o - 2]);
      }
    }
  }
  const { levelStart, code, kind, level, firstChild, parents } = layoutLevels(top, codes, kindsOut, childAt);
  const n = levelStart[top + 1];
  // Each new node's old node (or -(old childless node it lies in) - 2), and each old node's new one (-1: dropped).
  const oldOf = new Int32Array(n);
  const remap = new Int32Array(w.nodeCount).fill(-1);
  for (let k = 0; k <= top; k++) {
    for (let i = 0; i < src[k].length; i++) {
      const g = levelStart[k] + i;
      oldOf[g] = src[k][i];
      if (src[k][i] >= 0) remap[src[k][i]] = g;
    }
  }
  const bricksN = levelStart[1];
  const maskLo = new Uint32Array(bricksN);
  const maskHi = new Uint32Array(bricksN);
  for (let i = 0; i < bricksN; i++) {
    const nm = masks.get(code[i]);
    const o = oldOf[i];
    if (nm !== undefined) {
      maskLo[i] = nm[0];
      maskHi[i] = nm[1];
    } else if (o >= 0) {
      maskLo[i] = w.maskLo[o];
      maskHi[i] = w.maskHi[o];
    } else if (kind[i] === SOLID) maskLo[i] = maskHi[i] = FULL;
  }
  // Old nodes that gained or lost children: a link to one of them (or to a dropped node) is stale.
  const stale = new Uint8Array(w.nodeCount);
  for (let o = 0; o < w.nodeCount; o++) {
    const g = remap[o];
    if (g < 0 || w.firstChild[o] >= 0 !== firstChild[g] >= 0) stale[o] = 1;
  }
  // Links are stored above the bricks only (a brick's follow from its parent's: faceLink).
  const base = linkBase(top, levelStart),
    oldBase = w.linkBase;
  const link = new Int32Array(FACE_DIRS * (n - base)).fill(-1);
  const redo = new Uint8Array(n);
  let relinked = 0;
  for (let k = top - 1; k >= 1; k--) {
    for (let g = levelStart[k]; g < levelStart[k + 1]; g++) {
      const o = oldOf[g];
      let again = o < 0 || redo[parents[(base >> 3) + g - base]] === 1;
      for (let d = 0; d < FACE_DIRS && !again; d++) {
        const t = w.coarseLink[FACE_DIRS * (o - oldBase) + d];
        if (t >= 0 && stale[t] === 1) again = true;
      }
      if (!again) {
        for (let d = 0; d < FACE_DIRS; d++) {
          const t = w.coarseLink[FACE_DIRS * (o - oldBase) + d];
          link[FACE_DIRS * (g - base) + d] = t < 0 ? -1 : remap[t];
        }
        continue;
      }
      redo[g] = 1;
      relinked++;
      linkNode(g, k, top, code, kind, level, firstChild, parents, link, base);
    }
  }
  const world = new SparseWorld([w.X, w.Y, w.Z], w.cellSize, w.origin, {
    top,
    levelStart,
    code,
    kind,
    level,
    firstChild,
    parents,
    coarseLink: link,
    maskLo,
    maskHi,
  });
  return { world, relinked, oldOf };
}
