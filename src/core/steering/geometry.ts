import { checkOut, checkVec3, usageError } from '../args.ts';
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
  /** Most contacts kept (the nearest ones). */
  declare readonly capacity: number;
  /** Contacts held (valid entries 0 .. count - 1). */
  count = 0;
  /** Per contact: distance from the query point to the surface (world units). */
  declare readonly distance: Float64Array;
  /** Per contact: the nearest point of the surface, xyz at 3c. */
  declare readonly point: Float64Array;
  /** Per contact: unit normal from the surface towards the query point, xyz at 3c. */
  declare readonly normal: Float64Array;
  /** Per contact: the id of its surface (each surface appears once). */
  declare readonly surface: Int32Array;

  /** An empty list with room for `capacity` contacts (default 32). */
  constructor(capacity = 32) {
    this.capacity = capacity;
    this.distance = new Float64Array(capacity);
    this.point = new Float64Array(3 * capacity);
    this.normal = new Float64Array(3 * capacity);
    this.surface = new Int32Array(capacity);
  }

  /** Empties the list (count = 0). */
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
