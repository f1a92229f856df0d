import { checkInstance } from '../args.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { walkVoxels } from '../grid/voxelWalk.ts';
import { clipped, clipSegment } from '../math/clipSegment.ts';
import type { Vec3 } from '../math/vec3.ts';
import { segmentBoxDistanceSq } from '../geometry/segmentBox.ts';
import { checkNearest, ContactList, type StaticGeometry, type StaticQuery } from './geometry.ts';

/**
 * Static geometry of a voxel grid: every solid voxel is a surface of its own (its box), the
 * space outside the grid is free, as in the BVH of the voxel faces. Queries scan the voxels in
 * the box around the query, so they suit small distances (steering ranges), not whole maps.
 */
export class VoxelGeometry implements StaticGeometry {
  /** The grid whose blocked voxels are the geometry (kept by reference). */
  readonly grid: VoxelGrid;

  /** Geometry of `grid`'s blocked voxels; a value that is not a VoxelGrid throws a NavlabError (usage). */
  constructor(grid: VoxelGrid) {
    this.grid = checkInstance('VoxelGeometry: grid', grid, VoxelGrid);
  }

  /** A query object for one agent: nearest contacts around a point (scans the voxels within the distance). */
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

  /**
   * Distance from `p` to the nearest blocked voxel within `maxDistance` (Infinity if none), with the nearest point and the
   * unit normal towards `p` written into the outs.
   */
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

  /** Whether the world point (x, y, z) lies in a blocked voxel (outside the grid: free). */
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
