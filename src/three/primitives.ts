import { BoxGeometry, type BufferGeometry, CylinderGeometry, Euler, Matrix4, Quaternion, SphereGeometry, Vector3 } from 'three';
import type { SceneMesh, SceneObstacle } from '../scene/index.ts';
import { pointTriangleDistanceSq } from '../core/geometry/triangleMath.ts';

/** Tessellation of round primitives (segments around, and rings from pole to pole). */
export const ROUND_SEGMENTS = 24;
export const SPHERE_RINGS = 16;

export type Shape = SceneObstacle['shape'];

/**
 * Unit meshes of the three primitive shapes, shared by every obstacle mesh (scaled by its
 * matrix): box 1 x 1 x 1, sphere radius 1, cylinder radius 1 and height 1 (axis y), all
 * centred on the origin. The round ones are scaled out so that they *circumscribe* the true
 * shape: a segment the mesh does not block never clips the real sphere or cylinder, and
 * agents that avoid the mesh avoid the primitive.
 */
const unitGeometries = new Map<Shape, BufferGeometry>();
const unitSoups = new Map<Shape, Float64Array>();

export function unitGeometry(shape: Shape): BufferGeometry {
  let g = unitGeometries.get(shape);
  if (g) return g;
  if (shape === 'box') {
    g = new BoxGeometry(1, 1, 1);
  } else if (shape === 'sphere') {
    g = new SphereGeometry(1, ROUND_SEGMENTS, SPHERE_RINGS);
    // The inscribed radius is the least distance from the centre to a triangle.
    const soup = soupOf(g);
    let least = Infinity;
    for (let o = 0; o < soup.length; o += 9) least = Math.min(least, pointTriangleDistanceSq(0, 0, 0, soup, o));
    g.scale(1 / Math.sqrt(least), 1 / Math.sqrt(least), 1 / Math.sqrt(least));
  } else {
    g = new CylinderGeometry(1, 1, 1, ROUND_SEGMENTS);
    // A regular n-gon with vertices on the unit circle has its sides at cos(pi / n).
    const k = 1 / Math.cos(Math.PI / ROUND_SEGMENTS);
    g.scale(k, 1, k);
  }
  unitGeometries.set(shape, g);
  return g;
}

/** The unit mesh of `shape` as a triangle soup (9 numbers per triangle). */
export function unitSoup(shape: Shape): Float64Array {
  let s = unitSoups.get(shape);
  if (!s) {
    s = soupOf(unitGeometry(shape));
    unitSoups.set(shape, s);
  }
  return s;
}

function soupOf(g: BufferGeometry): Float64Array {
  const flat = g.index ? g.toNonIndexed() : g;
  const soup = Float64Array.from(flat.attributes.position.array as Float32Array);
  if (flat !== g) flat.dispose();
  // Drop degenerate triangles (pole caps of the sphere): they block nothing.
  let n = 0;
  for (let o = 0; o < soup.length; o += 9) {
    const e1x = soup[o + 3] - soup[o],
      e1y = soup[o + 4] - soup[o + 1],
      e1z = soup[o + 5] - soup[o + 2];
    const e2x = soup[o + 6] - soup[o],
      e2y = soup[o + 7] - soup[o + 1],
      e2z = soup[o + 8] - soup[o + 2];
    const cx = e1y * e2z - e1z * e2y,
      cy = e1z * e2x - e1x * e2z,
      cz = e1x * e2y - e1y * e2x;
    if (cx * cx + cy * cy + cz * cz > 1e-24) soup.copyWithin(9 * n++, o, o + 9);
  }
  return soup.slice(0, 9 * n);
}

const _q = new Quaternion();
const _e = new Euler();
const _p = new Vector3();
const _s = new Vector3();

/** The matrix that maps the unit mesh of `o.shape` onto obstacle `o` (rotation: Euler XYZ). */
export function obstacleMatrix(o: SceneObstacle, out: Matrix4): Matrix4 {
  _p.set(o.position[0], o.position[1], o.position[2]);
  if (o.shape === 'box') _s.set(o.size[0], o.size[1], o.size[2]);
  else if (o.shape === 'sphere') _s.set(o.radius, o.radius, o.radius);
  else _s.set(o.radius, o.height, o.radius);
  const r = 'rotation' in o ? o.rotation : undefined;
  if (r) _q.setFromEuler(_e.set(r[0], r[1], r[2], 'XYZ'));
  else _q.identity();
  return out.compose(_p, _q, _s);
}

/** Mesh coordinates to world: scale, then rotation (Euler XYZ), then translation. */
export function meshMatrix(mesh: Pick<SceneMesh, 'position' | 'rotation' | 'scale'>, out = new Matrix4()): Matrix4 {
  _p.fromArray(mesh.position);
  _q.setFromEuler(_e.set(mesh.rotation[0], mesh.rotation[1], mesh.rotation[2], 'XYZ'));
  _s.fromArray(mesh.scale);
  return out.compose(_p, _q, _s);
}

/**
 * Whether world point p lies inside the true primitive whose unit-space matrix inverse is
 * `inv` (Matrix4 elements, column-major). Boundary points count as inside.
 */
export function insideUnitShape(shape: Shape, inv: ArrayLike<number>, px: number, py: number, pz: number): boolean {
  const x = inv[0] * px + inv[4] * py + inv[8] * pz + inv[12];
  const y = inv[1] * px + inv[5] * py + inv[9] * pz + inv[13];
  const z = inv[2] * px + inv[6] * py + inv[10] * pz + inv[14];
  if (shape === 'box') return Math.abs(x) <= 0.5 && Math.abs(y) <= 0.5 && Math.abs(z) <= 0.5;
  if (shape === 'sphere') return x * x + y * y + z * z <= 1;
  return x * x + z * z <= 1 && Math.abs(y) <= 0.5;
}
