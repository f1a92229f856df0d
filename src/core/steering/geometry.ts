import { checkInstance, checkOut, checkVec3, usageError } from '../args.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { walkVoxels } from '../grid/voxelWalk.ts';
import { clipped, clipSegment } from '../math/clipSegment.ts';
import type { Vec3 } from '../math/vec3.ts';

/**
 * Nearest points of distinct surfaces around a query point. Each surface (an obstacle, a voxel,
 * a face rectangle: whatever the geometry calls one) appears once, with its nearest point, so
 * an agent between two walls feels both and is pushed to the middle. With only the single
 * nearest point it would be pushed to and fro across the middle, one wall at a time (jitter).
 *
 * Layout: contact c has distance[c], point and normal at 3c..3c+2 (normal: unit, from the
 * surface towards the query point), surface[c] its surface id. Holds at most `capacity`
 * contacts, the nearest ones.
 */
export class ContactList {
  readonly capacity: number;
  count = 0;
  readonly distance: Float64Array;
  readonly point: Float64Array;
  readonly normal: Float64Array;
  readonly surface: Int32Array;

  constructor(capacity = 32) {
    this.capacity = capacity;
    this.distance = new Float64Array(capacity);
    this.point = new Float64Array(3 * capacity);
    this.normal = new Float64Array(3 * capacity);
    this.surface = new Int32Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /**
   * Offers the nearest point of surface `surface` (among the parts the caller tests): kept if
   * it is nearer than what the list already holds for that surface, and while the list is
   * full only if it is nearer than its farthest contact.
   */
  offer(surface: number, d: number, px: number, py: number, pz: number, nx: number, ny: number, nz: number): void {
    let c = -1;
    for (let k = 0; k < this.count; k++)
      if (this.surface[k] === surface) {
        c = k;
        break;
      }
    if (c >= 0) {
      if (d >= this.distance[c]) return;
    } else if (this.count < this.capacity) {
      c = this.count++;
    } else {
      c = 0;
      for (let k = 1; k < this.count; k++) if (this.distance[k] > this.distance[c]) c = k;
      if (d >= this.distance[c]) return;
    }
    this.distance[c] = d;
    this.surface[c] = surface;
    this.point[3 * c] = px;
    this.point[3 * c + 1] = py;
    this.point[3 * c + 2] = pz;
    this.normal[3 * c] = nx;
    this.normal[3 * c + 1] = ny;
    this.normal[3 * c + 2] = nz;
  }

  /** The least distance held, Infinity when empty. */
  nearest(): number {
    let d = Infinity;
    for (let k = 0; k < this.count; k++) if (this.distance[k] < d) d = this.distance[k];
    return d;
  }
}

/** One agent's view of the static world; it may cache what lies around the agent between calls. */
export interface StaticQuery {
  /**
   * Clears `out` and fills it with the nearest point of every surface within `maxDistance` of
   * (x, y, z) (the `capacity` nearest when there are more). Returns `out.count`.
   */
  contacts(x: number, y: number, z: number, maxDistance: number, out: ContactList): number;
  /** Forgets anything cached (the geometry changed). */
  invalidate(): void;
}

/**
 * The static world as steering sees it, injected so the core stays engine-agnostic: the three
 * adapter answers through the scene BVH (`BvhGeometry` in src/three/BvhGeometry.ts), `VoxelGeometry`
 * through a voxel grid.
 */
export interface StaticGeometry {
  /** A query object for one agent. */
  createQuery(): StaticQuery;
  /**
   * Nearest surface point to `p` within `maxDistance`: writes it and the unit normal (from the
   * surface towards p) and returns the distance, or Infinity (outputs untouched) if none.
   */
  nearest(p: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number;
  /**
   * True when a sphere of `radius` can move straight from a to b without coming closer than
   * radius to any surface (radius 0: the segment meets no surface).
   */
  clear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number): boolean;
  /** Whether the point lies inside solid geometry. */
  inside(x: number, y: number, z: number): boolean;
}

/** A world without static geometry. */
export const EMPTY_GEOMETRY: StaticGeometry = Object.freeze({
  createQuery: (): StaticQuery => ({
    contacts: (_x: number, _y: number, _z: number, _d: number, out: ContactList) => {
      out.clear();
      return 0;
    },
    invalidate: () => {},
  }),
  nearest: () => Infinity,
  clear: () => true,
  inside: () => false,
});

// Breakpoints of the piecewise quadratic in segmentBoxDistanceSq (2 ends + 6 slab crossings).
const _ts = new Float64Array(8);

/**
 * Squared distance between segment a-b and the axis-aligned box [min, max] (0 when they meet).
 * Exact: t -> dist^2(a + t(b - a), box) is a convex quadratic between the parameters where a
 * coordinate crosses a slab bound, so each piece is minimised in closed form.
 */
export function segmentBoxDistanceSq(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  minX: number,
  minY: number,
  minZ: number,
  maxX: number,
  maxY: number,
  maxZ: number,
): number {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const ts = _ts;
  let n = 0;
  ts[n++] = 0;
  ts[n++] = 1;
  n = crossings(ts, n, ax, dx, minX, maxX);
  n = crossings(ts, n, ay, dy, minY, maxY);
  n = crossings(ts, n, az, dz, minZ, maxZ);
  for (let i = 1; i < n; i++) {
    const t = ts[i];
    let j = i - 1;
    for (; j >= 0 && ts[j] > t; j--) ts[j + 1] = ts[j];
    ts[j + 1] = t;
  }
  let best = Infinity;
  for (let i = 0; i + 1 < n; i++) {
    const t0 = ts[i],
      t1 = ts[i + 1];
    const tm = 0.5 * (t0 + t1);
    // On this piece each axis is below, inside or above its slab: sum (o_k + d_k t)^2 over the
    // axes outside, minimised at t = -sum(o_k d_k) / sum(d_k^2).
    let ox = offset(ax + dx * tm, ax, minX, maxX),
      oy = offset(ay + dy * tm, ay, minY, maxY),
      oz = offset(az + dz * tm, az, minZ, maxZ);
    const ux = Number.isNaN(ox) ? 0 : dx,
      uy = Number.isNaN(oy) ? 0 : dy,
      uz = Number.isNaN(oz) ? 0 : dz;
    if (Number.isNaN(ox)) ox = 0;
    if (Number.isNaN(oy)) oy = 0;
    if (Number.isNaN(oz)) oz = 0;
    const dd = ux * ux + uy * uy + uz * uz;
    let t = dd > 0 ? -(ox * ux + oy * uy + oz * uz) / dd : t0;
    t = t < t0 ? t0 : Math.min(t, t1);
    const ex = ox + ux * t,
      ey = oy + uy * t,
      ez = oz + uz * t;
    const f = ex * ex + ey * ey + ez * ez;
    if (f < best) best = f;
  }
  return best;
}

function crossings(ts: Float64Array, n: number, a: number, d: number, lo: number, hi: number): number {
  if (d === 0) return n;
  const t0 = (lo - a) / d,
    t1 = (hi - a) / d;
  if (t0 > 0 && t0 < 1) ts[n++] = t0;
  if (t1 > 0 && t1 < 1) ts[n++] = t1;
  return n;
}

/** a - bound for the slab bound the coordinate p lies beyond, NaN when p is inside the slab. */
const offset = (p: number, a: number, lo: number, hi: number): number => (p < lo ? a - lo : p > hi ? a - hi : NaN);

/**
 * Checks the arguments of a `nearest` query (StaticGeometry.nearest and the closest-point
 * queries behind it), naming `who`: a point, a distance >= 0 (Infinity: unbounded), two objects to write into.
 */
export function checkNearest(who: string, p: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): void {
  checkVec3(`${who}: point`, p);
  if (typeof maxDistance !== 'number' || !(maxDistance >= 0))
    throw usageError(`${who}: maxDistance`, 'a number >= 0 (Infinity: unbounded)', maxDistance);
  checkOut(`${who}: outPoint`, outPoint);
  checkOut(`${who}: outNormal`, outNormal);
}

/**
 * Static geometry of a voxel grid: every solid voxel is a surface of its own (its box), the
 * space outside the grid is free, as in the BVH of the voxel faces. Queries scan the voxels in
 * the box around the query, so they suit small distances (steering ranges), not whole maps.
 */
export class VoxelGeometry implements StaticGeometry {
  readonly grid: VoxelGrid;

  constructor(grid: VoxelGrid) {
    this.grid = checkInstance('VoxelGeometry: grid', grid, VoxelGrid);
  }

  createQuery(): StaticQuery {
    return {
      contacts: (x, y, z, maxDistance, out) => {
        out.clear();
        this.#scan(x, y, z, maxDistance, out);
        return out.count;
      },
      invalidate: () => {},
    };
  }

  nearest(p: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number {
    checkNearest('VoxelGeometry.nearest', p, maxDistance, outPoint, outNormal);
    const g = this.grid;
    // Every voxel lies within (distance to the grid box + its diagonal) of p: an unbounded
    // query scans no further than that.
    const w = g.cellSize;
    const bx = Math.max(g.origin.x - p.x, 0, p.x - g.origin.x - g.X * w);
    const by = Math.max(g.origin.y - p.y, 0, p.y - g.origin.y - g.Y * w);
    const bz = Math.max(g.origin.z - p.z, 0, p.z - g.origin.z - g.Z * w);
    const limit = Math.min(maxDistance, Math.hypot(bx, by, bz) + w * Math.hypot(g.X, g.Y, g.Z));
    _nearest.clear();
    this.#scan(p.x, p.y, p.z, limit, _nearest);
    if (_nearest.count === 0) return Infinity;
    let c = 0;
    for (let k = 1; k < _nearest.count; k++) if (_nearest.distance[k] < _nearest.distance[c]) c = k;
    outPoint.x = _nearest.point[3 * c];
    outPoint.y = _nearest.point[3 * c + 1];
    outPoint.z = _nearest.point[3 * c + 2];
    outNormal.x = _nearest.normal[3 * c];
    outNormal.y = _nearest.normal[3 * c + 1];
    outNormal.z = _nearest.normal[3 * c + 2];
    return _nearest.distance[c];
  }

  /**
   * Walks the voxels the segment passes (3D DDA, Amanatides & Woo 1987) and tests the solid
   * voxels within `radius` of each with the exact segment-box distance.
   */
  clear(ax0: number, ay0: number, az0: number, bx0: number, by0: number, bz0: number, radius: number): boolean {
    const g = this.grid;
    const s = g.cellSize;
    const limit = radius - 1e-6;
    const limitSq = limit > 0 ? limit * limit : 0;
    const hit = (i: number, j: number, k: number): boolean => {
      if (g.occupancy[i + g.X * (j + g.Y * k)] === 0) return false;
      const x0 = g.origin.x + i * s,
        y0 = g.origin.y + j * s,
        z0 = g.origin.z + k * s;
      const d2 = segmentBoxDistanceSq(ax0, ay0, az0, bx0, by0, bz0, x0, y0, z0, x0 + s, y0 + s, z0 + s);
      return radius > 0 ? d2 < limitSq : d2 === 0;
    };
    // Voxels outside the grid are free: walk only the part of the segment within `radius` of
    // the grid's box, so a long segment over a fine grid costs the grid's size at most.
    const ddx = bx0 - ax0,
      ddy = by0 - ay0,
      ddz = bz0 - az0;
    const o = g.origin;
    if (
      !clipSegment(
        ax0,
        ay0,
        az0,
        ddx,
        ddy,
        ddz,
        o.x - radius,
        o.y - radius,
        o.z - radius,
        o.x + g.X * s + radius,
        o.y + g.Y * s + radius,
        o.z + g.Z * s + radius,
      )
    )
      return true;
    const [t0, t1] = clipped;
    const ax = ax0 + ddx * t0,
      ay = ay0 + ddy * t0,
      az = az0 + ddz * t0;
    const bx = ax0 + ddx * t1,
      by = ay0 + ddy * t1,
      bz = az0 + ddz * t1;
    const reach = Math.max(1, Math.ceil(radius / s));
    // A radius of many cells: test the voxels of the clipped segment's box once instead of a
    // (2 reach + 1)^3 block per step, whichever visits fewer voxels.
    const cellOf = (axis: 0 | 1 | 2, v: number, n: number) => Math.min(n - 1, Math.max(0, g.axisVoxel(axis, v)));
    const i0 = cellOf(0, Math.min(ax, bx) - radius, g.X),
      i1 = cellOf(0, Math.max(ax, bx) + radius, g.X);
    const j0 = cellOf(1, Math.min(ay, by) - radius, g.Y),
      j1 = cellOf(1, Math.max(ay, by) + radius, g.Y);
    const k0 = cellOf(2, Math.min(az, bz) - radius, g.Z),
      k1 = cellOf(2, Math.max(az, bz) + radius, g.Z);
    const boxCount = (i1 - i0 + 1) * (j1 - j0 + 1) * (k1 - k0 + 1);
    const walkSteps = (Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(bz - az)) / s + 1;
    if (boxCount <= walkSteps * (2 * reach + 1) ** 3) {
      for (let k = k0; k <= k1; k++) for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) if (hit(i, j, k)) return false;
      return true;
    }
    // The block of voxels within `reach` of each voxel the clipped segment passes through.
    return walkVoxels((ax - o.x) / s, (ay - o.y) / s, (az - o.z) / s, (bx - o.x) / s, (by - o.y) / s, (bz - o.z) / s, (x, y, z) => {
      for (let k = Math.max(0, z - reach); k <= Math.min(g.Z - 1, z + reach); k++) {
        for (let j = Math.max(0, y - reach); j <= Math.min(g.Y - 1, y + reach); j++) {
          for (let i = Math.max(0, x - reach); i <= Math.min(g.X - 1, x + reach); i++) if (hit(i, j, k)) return false;
        }
      }
      return true;
    });
  }

  inside(x: number, y: number, z: number): boolean {
    const v = this.grid.voxelIndexAt(x, y, z);
    return v >= 0 && this.grid.occupancy[v] !== 0;
  }

  /** Offers the nearest point of every solid voxel within maxDistance of p (surface id = voxel index). */
  #scan(px: number, py: number, pz: number, maxDistance: number, out: ContactList): void {
    const g = this.grid;
    const s = g.cellSize;
    const o = g.origin;
    const i0 = Math.max(0, g.axisVoxel(0, px - maxDistance)),
      i1 = Math.min(g.X - 1, g.axisVoxel(0, px + maxDistance));
    const j0 = Math.max(0, g.axisVoxel(1, py - maxDistance)),
      j1 = Math.min(g.Y - 1, g.axisVoxel(1, py + maxDistance));
    const k0 = Math.max(0, g.axisVoxel(2, pz - maxDistance)),
      k1 = Math.min(g.Z - 1, g.axisVoxel(2, pz + maxDistance));
    const maxSq = maxDistance * maxDistance;
    for (let k = k0; k <= k1; k++) {
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const v = i + g.X * (j + g.Y * k);
          if (g.occupancy[v] === 0) continue;
          const x0 = o.x + i * s,
            y0 = o.y + j * s,
            z0 = o.z + k * s;
          const qx = px < x0 ? x0 : Math.min(px, x0 + s);
          const qy = py < y0 ? y0 : Math.min(py, y0 + s);
          const qz = pz < z0 ? z0 : Math.min(pz, z0 + s);
          const ex = px - qx,
            ey = py - qy,
            ez = pz - qz;
          const d2 = ex * ex + ey * ey + ez * ez;
          if (d2 > maxSq) continue;
          const d = Math.sqrt(d2);
          if (d > 1e-12) {
            out.offer(v, d, qx, qy, qz, ex / d, ey / d, ez / d);
            continue;
          }
          // On or inside the voxel: the nearest point is on the nearest face, and the normal is
          // that face's outward normal.
          _face[0] = px - x0;
          _face[1] = x0 + s - px;
          _face[2] = py - y0;
          _face[3] = y0 + s - py;
          _face[4] = pz - z0;
          _face[5] = z0 + s - pz;
          let f = 0;
          for (let c = 1; c < 6; c++) if (_face[c] < _face[f]) f = c;
          const axis = f >> 1,
            sign = (f & 1) === 0 ? -1 : 1;
          const plane = (f & 1) === 0 ? 0 : s;
          out.offer(
            v,
            0,
            axis === 0 ? x0 + plane : px,
            axis === 1 ? y0 + plane : py,
            axis === 2 ? z0 + plane : pz,
            axis === 0 ? sign : 0,
            axis === 1 ? sign : 0,
            axis === 2 ? sign : 0,
          );
        }
      }
    }
  }
}

const _face = new Float64Array(6);
const _nearest = new ContactList(1);
