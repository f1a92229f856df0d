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

/** Vertices this close on every axis, relative to the mesh's largest bounding-box side, weld. */
export const WELD_TOLERANCE = 1e-6;

function hashCell(i: number, j: number, k: number): number {
  let h = Math.imul(i, 0x9e3779b1) ^ Math.imul(j, 0x85ebca77) ^ Math.imul(k, 0xc2b2ae3d);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2f) ^ (h >>> 13);
}

/**
 * welded[v]: the vertex v is welded to (v itself or an earlier vertex within `tol` of it on every
 * axis). Cells of side 2 tol: a vertex within tol of p lies in p's cell or in the neighbour on the
 * side p is nearer to, per axis, so 8 cells are searched.
 */
function weld(positions: ArrayLike<number>): Int32Array {
  const n = positions.length / 3;
  const { min: lo, max: hi } = soupBox(emptyBox(), positions);
  const min = [lo.x, lo.y, lo.z];
  const extent = n > 0 ? Math.max(hi.x - lo.x, hi.y - lo.y, hi.z - lo.z) : 0;
  const tol = extent > 0 ? extent * WELD_TOLERANCE : 1;
  const cellSize = 2 * tol;
  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const cell = new Int32Array(3 * n);
  const welded = new Int32Array(n);
  const base = [0, 0, 0];
  const side = [0, 0, 0];
  for (let v = 0; v < n; v++) {
    for (let a = 0; a < 3; a++) {
      const f = (positions[3 * v + a] - min[a]) / cellSize;
      base[a] = Math.floor(f);
      side[a] = f - base[a] < 0.5 ? -1 : 1;
      cell[3 * v + a] = base[a];
    }
    let found = -1;
    for (let m = 0; m < 8 && found < 0; m++) {
      const i = base[0] + (m & 1 ? side[0] : 0);
      const j = base[1] + (m & 2 ? side[1] : 0);
      const k = base[2] + (m & 4 ? side[2] : 0);
      for (let slot = hashCell(i, j, k) & mask; table[slot] >= 0; slot = (slot + 1) & mask) {
        const w = table[slot];
        if (cell[3 * w] !== i || cell[3 * w + 1] !== j || cell[3 * w + 2] !== k) continue;
        if (
          Math.abs(positions[3 * w] - positions[3 * v]) <= tol &&
          Math.abs(positions[3 * w + 1] - positions[3 * v + 1]) <= tol &&
          Math.abs(positions[3 * w + 2] - positions[3 * v + 2]) <= tol
        ) {
          found = w;
          break;
        }
      }
    }
    if (found >= 0) {
      welded[v] = welded[found];
      continue;
    }
    welded[v] = v;
    let slot = hashCell(base[0], base[1], base[2]) & mask;
    while (table[slot] >= 0) slot = (slot + 1) & mask;
    table[slot] = v;
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
  // Each edge (lo, hi) listed under lo (a counting sort: count, then fill), then per vertex
  // the parity of each hi: toggled per use, back to 0 when every edge is used an even number of times.
  const at = new Int32Array(vertices + 2);
  const his = new Int32Array(corners);
  let edges = 0;
  for (let pass = 0; pass < 2; pass++) {
    const put = (u: number, v: number) => {
      const lo = Math.min(u, v);
      if (pass === 0) at[lo + 2]++;
      else his[at[lo + 1]++] = u + v - lo;
    };
    for (let t = 0; t < corners; t += 3) {
      const a = corner(t);
      const b = corner(t + 1);
      const c = corner(t + 2);
      if (a === b || b === c || a === c) continue;
      put(a, b);
      put(b, c);
      put(a, c);
      edges += 3;
    }
    if (pass === 0) for (let v = 2; v <= vertices; v++) at[v] += at[v - 1];
  }
  if (edges === 0) return false;
  const odd = new Uint8Array(vertices);
  for (let v = 0; v < vertices; v++) {
    for (let k = at[v]; k < at[v + 1]; k++) odd[his[k]] ^= 1;
    for (let k = at[v]; k < at[v + 1]; k++) if (odd[his[k]] !== 0) return false;
  }
  return true;
}
