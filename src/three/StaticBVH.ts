import { type Box3, BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH, SAH, type BVHOptions } from 'three-mesh-bvh';
import { linkNodes, readNodes, type Nodes } from './bvhNodes.ts';
import { CAPSULE_EPSILON, castSegment } from './segmentCast.ts';
import { checkInstance, checkInteger, checkNumber, checkNumbers, checkOptions, checkVec3, usageError } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { checkNearest } from '../core/steering/geometry.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import { faceNormal, segmentHitsTriangle, segmentTriangleWithin, triangleOverlapsBox } from '../core/geometry/triangleMath.ts';

/**
 * BVH build options used for the scene-wide tree. SAH gives the tightest boxes, which pays
 * off because a static world is queried millions of times per build; small leaves keep the
 * exact per-triangle tests few.
 */
export const STATIC_BVH_OPTIONS: Readonly<BVHOptions> = Object.freeze({ strategy: SAH, targetLeafSize: 1, verbose: false });

export { CAPSULE_EPSILON } from './segmentCast.ts';

/** A ray hit on the static world. */
export interface StaticHit {
  /** Distance along the (normalised) ray direction. */
  distance: number;
  /** The hit point, world units. */
  point: Vec3;
  /** Unit face normal, turned to face the ray origin. */
  normal: Vec3;
  /** Triangle index in the soup the BVH was built from (`StaticBVH.triangleOf` maps BVH slots to it). */
  triangle: number;
}

// Query state shared by the shapecast callbacks below (set right before each cast).
let _tris: Float64Array = new Float64Array(0);
let _cx = 0,
  _cy = 0,
  _cz = 0,
  _hx = 0,
  _hy = 0,
  _hz = 0,
  _pad = 0;

const boxCallbacks = {
  intersectsBounds: (box: Box3): boolean =>
    box.min.x - _pad <= _cx + _hx &&
    box.max.x + _pad >= _cx - _hx &&
    box.min.y - _pad <= _cy + _hy &&
    box.max.y + _pad >= _cy - _hy &&
    box.min.z - _pad <= _cz + _hz &&
    box.max.z + _pad >= _cz - _hz,
  intersectsRange: (offset: number, count: number): boolean => {
    const tris = _tris;
    for (let k = offset, end = offset + count; k < end; k++) {
      if (triangleOverlapsBox(tris, 9 * k, _cx, _cy, _cz, _hx, _hy, _hz)) return true;
    }
    return false;
  },
};

/** Recent blocking triangles tried before the tree walk. */
const BLOCKER_CACHE = 4;
const _ray = new Ray();
const _point = new Vector3();
const _hitInfo = { point: new Vector3(), distance: 0, faceIndex: 0 };

/**
 * One BVH over a triangle soup in world space (9 numbers per triangle: v0, v1, v2), with the
 * exact queries navigation needs: segment and capsule line of sight, triangle-box overlap,
 * closest point, first ray hit.
 *
 * three-mesh-bvh builds over float32 positions, but the exact tests read float64 copies, so
 * a 1e-6 tolerance means 1e-6 at any coordinate magnitude; node boxes are padded by one
 * float32 ulp of the largest coordinate (`pad`) so they still contain the float64 triangles.
 *
 * Layout:
 *   soup         : Float64Array, 9 per triangle in the caller's order (kept by reference)
 *   geometry     : its float32 copy (the BVH's position attribute, non-indexed)
 *   slotTris     : Float64Array, 9 per triangle in BVH leaf order (slot k = the k-th triangle
 *                  of the reordered index), so a leaf's triangles are one contiguous block
 *   slotOf[t]    : slot of soup triangle t;  triangleOf[k]: soup triangle in slot k
 */
export class StaticBVH {
  /** The BufferGeometry the BVH was built on (its index is the BVH's leaf order). */
  declare readonly geometry: BufferGeometry;
  /** The triangles it was built from, 9 numbers each, world units (kept by reference). */
  declare readonly soup: Float64Array;
  /** Padding of node boxes, in world units (one float32 ulp of the largest coordinate). */
  declare readonly pad: number;
  /** Triangles in the tree. */
  declare readonly triangleCount: number;
  /** null when there are no triangles: every query then reports free space. */
  declare readonly bvh: MeshBVH | null;
  /** The triangles in BVH leaf order, 9 numbers per slot (a leaf's triangles are one block). */
  declare readonly slotTris: Float64Array;
  /** The tree as the segment and capsule casts read it. */
  readonly #nodes: Nodes | null;
  /** Slot of each soup triangle: slotOf[t] = k. */
  declare readonly slotOf: Int32Array;
  /** Soup triangle of each slot: triangleOf[k] = t. */
  declare readonly triangleOf: Int32Array;
  /** Per slot, the leaf node holding it; per node, its parent (-1: the root). */
  readonly #leafOf: Int32Array;
  readonly #parent: Int32Array;
  /** Leaves whose triangles changed since the last refit. */
  readonly #dirty = new Set<number>();
  /** Segment and capsule tests run so far (for throughput reports). */
  segmentTests = 0;
  /** Slots of the triangles that blocked recent queries (-1: empty), filled round-robin. */
  readonly #blockers = new Int32Array(BLOCKER_CACHE).fill(-1);
  #nextBlocker = 0;

  /**
   * Builds the tree over `soup` (kept by reference: `updateTriangles` edits it in place).
   * @param extent a coordinate magnitude later updates may reach (the padding covers it too)
   */
  constructor(soup: Float64Array, options: BVHOptions = STATIC_BVH_OPTIONS, extent = 0) {
    checkInstance('StaticBVH: soup', soup, Float64Array);
    checkOptions('StaticBVH: options', options);
    checkNumber('StaticBVH: extent', extent);
    checkNumbers('StaticBVH: soup', soup, 9);
    this.soup = soup;
    this.triangleCount = soup.length / 9;
    this.geometry = new BufferGeometry();
    this.geometry.setAttribute('position', new BufferAttribute(new Float32Array(soup), 3));
    let largest = Number.isFinite(extent) ? Math.abs(extent) : 0;
    for (let i = 0; i < soup.length; i++) largest = Math.max(largest, Math.abs(soup[i]));
    this.pad = largest * 2 ** -22;
    const n = this.triangleCount;
    this.slotTris = new Float64Array(9 * n);
    this.slotOf = new Int32Array(n);
    this.triangleOf = new Int32Array(n);
    this.bvh = n === 0 ? null : new MeshBVH(this.geometry, { ...STATIC_BVH_OPTIONS, ...options, indirect: false });
    this.#nodes = null;
    this.#leafOf = new Int32Array(n);
    this.#parent = new Int32Array(0);
    if (this.bvh === null) return;
    this.#nodes = readNodes(this.bvh);
    this.#parent = new Int32Array(this.#nodes.info.length / 2).fill(-1);
    linkNodes(this.#nodes, this.#parent, this.#leafOf);
    // The build permuted the (identity) index by whole triangles: slot k now holds vertex
    // 3t, 3t+1, 3t+2 of soup triangle t.
    const index = this.geometry.index!.array;
    for (let k = 0; k < n; k++) {
      const t = index[3 * k] / 3;
      this.triangleOf[k] = t;
      this.slotOf[t] = k;
      for (let c = 0; c < 9; c++) this.slotTris[9 * k + c] = soup[9 * t + c];
    }
  }

  /**
   * Call after rewriting soup triangles [first, first + count) in place (same count, new
   * coordinates, e.g. an obstacle moved): copies them to the leaf order and refits the node
   * boxes (with `refit` false, call `refit()` after the last of several updates). Refitting
   * keeps the tree shape, so it stays correct but loosens as things move.
   */
  updateTriangles(first: number, count: number, refit = true): void {
    const n = this.triangleCount;
    checkInteger('StaticBVH.updateTriangles: first', first, 0, n);
    checkInteger('StaticBVH.updateTriangles: count', count, 0, n - first);
    const f32 = this.geometry.attributes.position.array as Float32Array;
    for (let t = first; t < first + count; t++) {
      const k = this.slotOf[t];
      let moved = false;
      for (let c = 0; c < 9; c++) {
        const v = this.soup[9 * t + c];
        // Growing `pad` here would leave the other nodes' padding short: rebuild instead.
        if (Math.abs(v) * 2 ** -22 > this.pad)
          throw new NavlabError('usage', 'StaticBVH.updateTriangles: coordinates grew past the padding; rebuild the tree');
        if (this.slotTris[9 * k + c] !== v) moved = true;
        this.slotTris[9 * k + c] = v;
        f32[9 * t + c] = v;
      }
      if (moved) this.#dirty.add(this.#leafOf[k]);
    }
    if (refit) this.refit();
  }

  /**
   * Refits the node boxes to the triangles changed since the last refit (see
   * updateTriangles): only the leaves holding them and their ancestors, so a small edit of a
   * big tree costs the depth of the tree per changed leaf, not the tree.
   */
  refit(): void {
    if (this.bvh === null || this.#dirty.size === 0) return;
    this.geometry.attributes.position.needsUpdate = true;
    const nodes = this.#nodes!;
    const count = this.#parent.length;
    // The changed leaves and every ancestor: the nodes three-mesh-bvh's refit then visits.
    const path = new Set<number>();
    for (let n of this.#dirty) {
      while (n >= 0 && !path.has(n)) {
        path.add(n);
        n = this.#parent[n];
      }
    }
    this.#dirty.clear();
    if (path.size > count >> 3) {
      this.bvh.refit();
      readNodes(this.bvh, nodes);
      return;
    }
    this.bvh.refit(path);
    for (const n of path) for (let c = 0; c < 6; c++) nodes.box[6 * n + c] = nodes.packed[8 * n + c];
  }

  /**
   * Line of sight: true when the segment a-b meets no triangle (either side counts, so
   * zero-thickness walls block). The first-hit ray of length |b - a|, except that any hit
   * ends the query (no search for the nearest one).
   */
  segmentClear(ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
    return this.#clear(ax, ay, az, bx, by, bz, 0);
  }

  /**
   * Capsule line of sight for an agent of radius r: true when the segment a-b stays at least
   * r - 1e-6 away from every triangle. r <= 0 is the plain segment test.
   */
  capsuleClear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, r: number): boolean {
    return this.#clear(ax, ay, az, bx, by, bz, Math.max(r, 0));
  }

  /**
   * The segment and capsule tests. Before walking the tree, the triangles that blocked the
   * last few queries are tried (the "shadow cache" of ray tracers): visibility queries come in
   * runs from one waypoint, and the box next to it blocks many of them. Any blocking triangle
   * gives the same answer, so the cache changes the speed, never the result.
   */
  #clear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, r: number): boolean {
    this.segmentTests++;
    if (this.#nodes === null) return true;
    const tris = this.slotTris;
    const cache = this.#blockers;
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const limit = r - CAPSULE_EPSILON;
    const limitSq = limit > 0 ? limit * limit : 0;
    if (r === 0) {
      for (let c = 0; c < BLOCKER_CACHE; c++) {
        const k = cache[c];
        if (k >= 0 && segmentHitsTriangle(ax, ay, az, dx, dy, dz, tris, 9 * k)) return false;
      }
    } else {
      // The exact capsule test is ~10x a ray test: first reject by bounding boxes.
      const minX = Math.min(ax, bx) - r,
        minY = Math.min(ay, by) - r,
        minZ = Math.min(az, bz) - r;
      const maxX = Math.max(ax, bx) + r,
        maxY = Math.max(ay, by) + r,
        maxZ = Math.max(az, bz) + r;
      for (let c = 0; c < BLOCKER_CACHE; c++) {
        const k = cache[c];
        if (k < 0) continue;
        const o = 9 * k;
        if (Math.max(tris[o], tris[o + 3], tris[o + 6]) < minX || Math.min(tris[o], tris[o + 3], tris[o + 6]) > maxX) continue;
        if (Math.max(tris[o + 1], tris[o + 4], tris[o + 7]) < minY || Math.min(tris[o + 1], tris[o + 4], tris[o + 7]) > maxY) continue;
        if (Math.max(tris[o + 2], tris[o + 5], tris[o + 8]) < minZ || Math.min(tris[o + 2], tris[o + 5], tris[o + 8]) > maxZ) continue;
        if (segmentTriangleWithin(ax, ay, az, bx, by, bz, tris, o, limitSq)) return false;
      }
    }
    const k = castSegment(this.#nodes, tris, this.pad, ax, ay, az, bx, by, bz, r);
    if (k < 0) return true;
    cache[this.#nextBlocker] = k;
    this.#nextBlocker = (this.#nextBlocker + 1) % BLOCKER_CACHE;
    return false;
  }

  /** Whether any triangle overlaps the closed box with centre c and half extents h. */
  boxOverlaps(cx: number, cy: number, cz: number, hx: number, hy: number, hz: number): boolean {
    if (this.bvh === null || hx < 0 || hy < 0 || hz < 0) return false;
    _cx = cx;
    _cy = cy;
    _cz = cz;
    _hx = hx;
    _hy = hy;
    _hz = hz;
    _pad = this.pad;
    _tris = this.slotTris;
    return this.bvh.shapecast(boxCallbacks);
  }

  /**
   * Closest point on any triangle to `point`, searched up to `maxDistance`. Writes the point
   * and a unit normal (from the surface towards `point`; the face normal when `point` lies on
   * the surface) and returns the distance, or Infinity when nothing is that close.
   */
  closestPoint(point: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number {
    checkNearest('StaticBVH.closestPoint', point, maxDistance, outPoint, outNormal);
    if (this.bvh === null) return Infinity;
    _point.set(point.x, point.y, point.z);
    const hit = this.bvh.closestPointToPoint(_point, _hitInfo, 0, maxDistance);
    if (hit === null || hit.distance > maxDistance) return Infinity;
    outPoint.x = hit.point.x;
    outPoint.y = hit.point.y;
    outPoint.z = hit.point.z;
    const d = hit.distance;
    if (d > 1e-9) {
      outNormal.x = (point.x - hit.point.x) / d;
      outNormal.y = (point.y - hit.point.y) / d;
      outNormal.z = (point.z - hit.point.z) / d;
    } else {
      faceNormal(this.slotTris, 9 * hit.faceIndex, outNormal);
    }
    return d;
  }

  /**
   * First triangle hit by the ray origin + t * direction, 0 <= t <= far (direction need not
   * be normalised; distances are in world units). Both faces count. Null when nothing is hit.
   */
  raycast(origin: Vec3, direction: Vec3, far = Infinity): StaticHit | null {
    checkVec3('StaticBVH.raycast: origin', origin);
    checkVec3('StaticBVH.raycast: direction', direction);
    if (typeof far !== 'number' || !(far >= 0)) throw usageError('StaticBVH.raycast: far', 'a number >= 0 (Infinity: unbounded)', far);
    if (this.bvh === null) return null;
    _ray.origin.set(origin.x, origin.y, origin.z);
    _ray.direction.set(direction.x, direction.y, direction.z).normalize();
    const hit = this.bvh.raycastFirst(_ray, DoubleSide, 0, far);
    if (hit === null || hit.faceIndex == null) return null;
    const normal = faceNormal(this.slotTris, 9 * hit.faceIndex, { x: 0, y: 0, z: 0 });
    if (normal.x * _ray.direction.x + normal.y * _ray.direction.y + normal.z * _ray.direction.z > 0) {
      normal.x = -normal.x;
      normal.y = -normal.y;
      normal.z = -normal.z;
    }
    return {
      distance: hit.distance,
      point: { x: hit.point.x, y: hit.point.y, z: hit.point.z },
      normal,
      triangle: this.triangleOf[hit.faceIndex],
    };
  }

  /** Frees the geometry (and the BVH with it); the tree answers no queries afterwards. */
  dispose(): void {
    this.geometry.dispose();
  }
}
