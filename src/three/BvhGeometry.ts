/**
 * Static geometry for steering through the scene BVH: contact queries against the voxel faces
 * and primitive meshes of a CollisionWorld (three-mesh-bvh shapecasts).
 */
import type { Box3 } from 'three';
import { checkInstance } from '../core/args.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { ContactList, StaticGeometry, StaticQuery } from '../core/steering/geometry.ts';
import { MeshWorld } from './MeshWorld.ts';
import type { StaticBVH } from './StaticBVH.ts';
import { closestPointOnTriangle, faceNormal, pointTriangleDistanceSq } from '../core/geometry/triangleMath.ts';
import { grown } from '../core/math/grown.ts';

/**
 * Static geometry for steering from a CollisionWorld (or an ObstacleWorld): the voxel faces and the primitive
 * meshes, all in the one scene BVH. A surface (one obstacle of the contact list) is a
 * primitive obstacle, or one rectangle of the voxel mesh (greedy-merged faces: a flat voxel
 * wall is one rectangle). After editing the world, call the simulation's
 * `staticGeometryChanged()` so queries drop what they cached.
 */
export class BvhGeometry implements StaticGeometry {
  /** The world whose BVH this answers from (kept by reference). */
  declare readonly world: MeshWorld;
  /** Changes when the tree is rebuilt or `invalidate()` is called; queries refill on a change. */
  generation = 0;
  /** Surface id of each BVH triangle slot. */
  surfaceOfSlot = new Int32Array(0);
  #tree: StaticBVH | null = null;

  /** Steering geometry over `world`; a value that is not a MeshWorld (CollisionWorld, ObstacleWorld) throws a NavlabError (usage). */
  constructor(world: MeshWorld) {
    this.world = checkInstance('BvhGeometry: world', world, MeshWorld);
  }

  /** The current tree; refreshes the slot -> surface table after a rebuild. */
  current(): StaticBVH {
    const tree = this.world.bvh;
    if (tree !== this.#tree) {
      this.#tree = tree;
      const n = tree.triangleCount;
      if (this.surfaceOfSlot.length < n) this.surfaceOfSlot = new Int32Array(n);
      for (let k = 0; k < n; k++) this.surfaceOfSlot[k] = this.world.surfaceOf(tree.triangleOf[k]);
      this.generation++;
    }
    return tree;
  }

  /** A query object for one agent: the nearest point of each surface around a point, cached between steps. */
  createQuery(): StaticQuery {
    return new BvhQuery(this);
  }

  /**
   * Distance from `p` to the nearest obstacle surface within `maxDistance` (Infinity if none), with the point and the unit
   * normal towards `p` written into the outs.
   */
  nearest(p: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number {
    return this.world.closestPointOnObstacles(p, maxDistance, outPoint, outNormal);
  }

  /** Whether a capsule of `radius` from a to b touches no static geometry (world units). */
  clear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number): boolean {
    return this.world.capsuleClear(ax, ay, az, bx, by, bz, radius);
  }

  /** Whether the world point lies inside static geometry (an obstacle or a blocked voxel). */
  inside(x: number, y: number, z: number): boolean {
    return this.world.contains(x, y, z);
  }
}

/**
 * One agent's contact query. The BVH walk is the expensive part, so it is done for a ball
 * twice the asked distance and the triangles found are kept: while the agent stays within the
 * extra margin of where the ball was centred, every surface within the asked distance is among
 * them (a point moves no closer to anything than it moves), and a query only computes closest
 * points on those few triangles.
 */
class BvhQuery implements StaticQuery {
  readonly #geo: BvhGeometry;
  #generation = -1;
  #cx = 0;
  #cy = 0;
  #cz = 0;
  /** Radius of the cached ball (-1: nothing cached). */
  #radius = -1;
  #slots = new Int32Array(16);
  /** Distance of each cached triangle from the ball's centre. */
  #distances = new Float64Array(16);
  #count = 0;

  constructor(geo: BvhGeometry) {
    this.#geo = geo;
  }

  invalidate(): void {
    this.#radius = -1;
  }

  contacts(x: number, y: number, z: number, maxDistance: number, out: ContactList): number {
    out.clear();
    const tree = this.#geo.current();
    const ex = x - this.#cx,
      ey = y - this.#cy,
      ez = z - this.#cz;
    let moved = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (this.#generation !== this.#geo.generation || !(moved + maxDistance <= this.#radius)) {
      this.#refill(tree, x, y, z, 2 * maxDistance + 1e-3);
      moved = 0;
    }
    const tris = tree.slotTris;
    const surface = this.#geo.surfaceOfSlot;
    for (let k = 0; k < this.#count; k++) {
      if (this.#distances[k] - moved > maxDistance) continue;
      const slot = this.#slots[k];
      const d2 = closestPointOnTriangle(x, y, z, tris, 9 * slot, _q);
      if (d2 > maxDistance * maxDistance) continue;
      const d = Math.sqrt(d2);
      if (d > 1e-9) {
        out.offer(surface[slot], d, _q[0], _q[1], _q[2], (x - _q[0]) / d, (y - _q[1]) / d, (z - _q[2]) / d);
      } else {
        // On the surface: the face normal (meshes wind counter-clockwise seen from outside).
        faceNormal(tris, 9 * slot, _n);
        out.offer(surface[slot], d, _q[0], _q[1], _q[2], _n.x, _n.y, _n.z);
      }
    }
    return out.count;
  }

  #refill(tree: StaticBVH, x: number, y: number, z: number, radius: number): void {
    this.#generation = this.#geo.generation;
    this.#cx = x;
    this.#cy = y;
    this.#cz = z;
    this.#radius = radius;
    this.#count = 0;
    if (tree.bvh === null) return;
    _collector = this;
    _x = x;
    _y = y;
    _z = z;
    _r2 = radius * radius;
    _pad = tree.pad;
    _tris = tree.slotTris;
    tree.bvh.shapecast(gatherCallbacks);
    _collector = null;
  }

  add(slot: number, d: number): void {
    if (this.#count === this.#slots.length) {
      this.#slots = grown(this.#slots, 2 * this.#count);
      this.#distances = grown(this.#distances, 2 * this.#count);
    }
    this.#slots[this.#count] = slot;
    this.#distances[this.#count] = d;
    this.#count++;
  }
}

// Shapecast state (set right before each cast, as in StaticBVH).
let _collector: BvhQuery | null = null;
let _x = 0,
  _y = 0,
  _z = 0,
  _r2 = 0,
  _pad = 0;
let _tris: Float64Array = new Float64Array(0);
const _q = new Float64Array(3);
const _n = { x: 0, y: 0, z: 0 };

const gatherCallbacks = {
  intersectsBounds: (box: Box3): boolean => {
    const dx = Math.max(box.min.x - _pad - _x, 0, _x - box.max.x - _pad);
    const dy = Math.max(box.min.y - _pad - _y, 0, _y - box.max.y - _pad);
    const dz = Math.max(box.min.z - _pad - _z, 0, _z - box.max.z - _pad);
    return dx * dx + dy * dy + dz * dz <= _r2;
  },
  intersectsRange: (offset: number, count: number): boolean => {
    for (let k = offset, end = offset + count; k < end; k++) {
      const d2 = pointTriangleDistanceSq(_x, _y, _z, _tris, 9 * k);
      if (d2 <= _r2) _collector!.add(k, Math.sqrt(d2));
    }
    return false;
  },
};
