/**
 * Whether a triangle mesh is closed (watertight): the test that decides between `surface` and
 * `solid` fill by default (NavWorld.fromObject3D, `nav import`, the app's import).
 *
 * The rule, exactly:
 * 1. Vertices are welded by position: a vertex is the same as an earlier one when they differ by
 *    at most WELD_TOLERANCE (1e-6) x the mesh's largest bounding-box side on every axis, so seams
 *    that split vertices for normals or UVs join (three's SphereGeometry closes its seam with
 *    cos(2 pi), 1e-16 off).
 * 2. Degenerate triangles (two corners welded together) are ignored: they bound nothing.
 * 3. The mesh is closed when it has at least one triangle left and every edge (an unordered
 *    pair of welded vertices) is used by an even number of those triangles (2 on a manifold
 *    surface; 4, 6 ... where closed parts touch along an edge).
 *
 * Winding is not checked: solid fill floods from the grid border, so a closed surface encloses
 * the same volume whatever the orientation of its faces (exporters often flip a few). The rule is
 * additive: several closed meshes together are closed, and parts that close each other (a box
 * split into two meshes along its edges) are closed together.
 */
import { checkNumbers } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { emptyBox, soupBox } from './boxes.ts';
import { grown } from '../math/grown.ts';

/** Vertices this close on every axis, relative to the mesh's largest bounding-box side, weld. */
export const WELD_TOLERANCE = 1e-6;

/** A hash of cell (i, j, k), mixed into every bit (murmur3's finalizer), for a table indexed by its low bits. */
function hashCell(i: number, j: number, k: number): number {
  let h = Math.imul(i, 0x9e3779b1) ^ Math.imul(j, 0x85ebca77) ^ Math.imul(k, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Entries of `weld`'s table of recent positions (a power of two). */
const RECENT = 1 << 14;
const _number = new Float64Array(1);
const _words = new Int32Array(_number.buffer);

/** A hash of a position's exact numbers. */
function positionHash(x: number, y: number, z: number): number {
  _number[0] = x;
  let h = Math.imul(_words[0] ^ _words[1], 0x9e3779b1);
  _number[0] = y;
  h = Math.imul(h ^ _words[0] ^ _words[1], 0x85ebca77);
  _number[0] = z;
  h = Math.imul(h ^ _words[0] ^ _words[1], 0xc2b2ae3d);
  return h ^ (h >>> 15);
}

/**
 * welded[v]: the vertex v is welded to (v itself or an earlier vertex within `tol` of it on every
 * axis). Cells of side 2 tol: a vertex within tol of p lies in p's cell or in the neighbour on the
 * side p is nearer to, per axis, so 8 cells are searched, p's own first; a cell's vertices are
 * met in the order they were kept (a hash table of the kept vertices, grown as they come).
 * Soups repeat each position several times: a vertex at exactly the position of a recent one
 * whose search ended in its own cell (it was kept, or matched there) gets that one's answer,
 * which its own search would give too (the same cells in the same order, and a vertex kept
 * since then comes after the match in that cell).
 */
function weld(positions: ArrayLike<number>): Int32Array {
  const n = positions.length / 3;
  const { min: lo, max: hi } = soupBox(emptyBox(), positions);
  const min = [lo.x, lo.y, lo.z];
  const extent = n > 0 ? Math.max(hi.x - lo.x, hi.y - lo.y, hi.z - lo.z) : 0;
  const tol = extent > 0 ? extent * WELD_TOLERANCE : 1;
  const cellSize = 2 * tol;
  // The kept vertices (in order) and their cells; `table` holds their ordinals.
  let kept = new Int32Array(1024);
  let keptCell = new Int32Array(3 * 1024);
  let count = 0;
  let table = new Int32Array(4096).fill(-1);
  let mask = table.length - 1;
  const insert = (r: number) => {
    let slot = hashCell(keptCell[3 * r], keptCell[3 * r + 1], keptCell[3 * r + 2]) & mask;
    while (table[slot] >= 0) slot = (slot + 1) & mask;
    table[slot] = r;
  };
  const welded = new Int32Array(n);
  const recent = new Int32Array(RECENT).fill(-1);
  const base = [0, 0, 0];
  const side = [0, 0, 0];
  for (let v = 0; v < n; v++) {
    const px = positions[3 * v],
      py = positions[3 * v + 1],
      pz = positions[3 * v + 2];
    const r = positionHash(px, py, pz) & (RECENT - 1);
    const u = recent[r];
    if (u >= 0 && positions[3 * u] === px && positions[3 * u + 1] === py && positions[3 * u + 2] === pz) {
      welded[v] = welded[u];
      continue;
    }
    for (let a = 0; a < 3; a++) {
      const f = (positions[3 * v + a] - min[a]) / cellSize;
      base[a] = Math.floor(f);
      side[a] = f - base[a] < 0.5 ? -1 : 1;
    }
    let found = -1;
    let m = 0;
    for (; m < 8 && found < 0; m++) {
      const i = base[0] + (m & 1 ? side[0] : 0);
      const j = base[1] + (m & 2 ? side[1] : 0);
      const k = base[2] + (m & 4 ? side[2] : 0);
      for (let slot = hashCell(i, j, k) & mask; table[slot] >= 0; slot = (slot + 1) & mask) {
        const q = table[slot];
        if (keptCell[3 * q] !== i || keptCell[3 * q + 1] !== j || keptCell[3 * q + 2] !== k) continue;
        const w = kept[q];
        if (
          Math.abs(positions[3 * w] - px) <= tol &&
          Math.abs(positions[3 * w + 1] - py) <= tol &&
          Math.abs(positions[3 * w + 2] - pz) <= tol
        ) {
          found = w;
          break;
        }
      }
    }
    // The search ended in v's own cell (m is 1 after a match there) or v is kept.
    if (found < 0 || m === 1) recent[r] = v;
    if (found >= 0) {
      welded[v] = welded[found];
      continue;
    }
    welded[v] = v;
    if (count === kept.length) {
      kept = grown(kept, 2 * count);
      keptCell = grown(keptCell, 6 * count);
    }
    kept[count] = v;
    keptCell.set(base, 3 * count);
    count++;
    if (4 * count > table.length) {
      // Kept in order again, so each cell's vertices keep their order.
      table = new Int32Array(2 * table.length).fill(-1);
      mask = table.length - 1;
      for (let q = 0; q < count - 1; q++) insert(q);
    }
    insert(count - 1);
  }
  return welded;
}

/**
 * True when the mesh is closed (watertight) by the rule in this module's comment: after welding
 * coincident vertices (within 1e-6 x the largest
 * bounding-box side) and dropping degenerate triangles, at least one triangle is left and every
 * edge is shared by an even number of triangles (2 on a manifold surface). Winding is not checked.
 *
 * @param positions vertex positions, xyz triples (any array or typed array of finite numbers)
 * @param index optional triangle indices, three per triangle, each an integer vertex index;
 *   without it every three vertices form a triangle (a triangle soup)
 */
export function isClosedMesh(positions: ArrayLike<number>, index?: ArrayLike<number>): boolean {
  // Without an index every three vertices are a triangle: 9 numbers each.
  checkNumbers('isClosedMesh: positions', positions, index === undefined ? 9 : 3);
  const vertices = positions.length / 3;
  if (index !== undefined) {
    checkNumbers('isClosedMesh: index', index, 3);
    for (let i = 0; i < index.length; i++) {
      const v = index[i];
      if (!Number.isInteger(v) || v < 0 || v >= vertices)
        throw new NavlabError('usage', `isClosedMesh: index: entry ${i} is ${v}, not a vertex index in [0, ${vertices - 1}]`);
    }
  }
  const welded = weld(positions);
  const corners = index === undefined ? vertices : index.length;
  const corner = (i: number) => welded[index === undefined ? i : index[i]];
  // Each edge as (lo, hi), welded vertex indices lo < hi, grouped by lo (a counting sort: the
  // soup's order keeps lo mostly near, unlike one sort of all edges); each group is sorted.
  const lo = new Int32Array(corners);
  const hi = new Int32Array(corners);
  let count = 0;
  const edge = (a: number, b: number) => {
    lo[count] = Math.min(a, b);
    hi[count++] = Math.max(a, b);
  };
  for (let t = 0; t < corners; t += 3) {
    const a = corner(t);
    const b = corner(t + 1);
    const c = corner(t + 2);
    if (a === b || b === c || a === c) continue;
    edge(a, b);
    edge(b, c);
    edge(a, c);
  }
  if (count === 0) return false;
  const start = new Int32Array(vertices + 1);
  for (let e = 0; e < count; e++) start[lo[e] + 1]++;
  for (let v = 0; v < vertices; v++) start[v + 1] += start[v];
  const next = start.slice(0, vertices);
  const grouped = new Int32Array(count);
  for (let e = 0; e < count; e++) grouped[next[lo[e]]++] = hi[e];
  for (let v = 0; v < vertices; v++) if (!evenRuns(grouped, start[v], start[v + 1])) return false;
  return true;
}

/** Whether every value of list[from, to) occurs an even number of times (sorts that part). */
function evenRuns(list: Int32Array, from: number, to: number): boolean {
  if ((to - from) % 2 !== 0) return false;
  if (to - from > 16) list.subarray(from, to).sort();
  else {
    for (let i = from + 1; i < to; i++) {
      const x = list[i];
      let j = i - 1;
      for (; j >= from && list[j] > x; j--) list[j + 1] = list[j];
      list[j + 1] = x;
    }
  }
  for (let i = from; i < to; i += 2) if (list[i] !== list[i + 1]) return false;
  return true;
}
