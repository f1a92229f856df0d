import { Vector3, type Mesh, type Object3D } from 'three';

const _v = new Vector3();

/** The meshes under `root` (itself included) with a position attribute, in traversal order. */
export function obstacleMeshes(root: Object3D, filter: (mesh: Mesh) => boolean = () => true): Mesh[] {
  const out: Mesh[] = [];
  root.traverse((o) => {
    const m = o as Mesh;
    if (m.isMesh === true && m.geometry?.getAttribute('position') !== undefined && filter(m)) out.push(m);
  });
  return out;
}

/** Triangles of a mesh's geometry (indexed or not; the whole geometry, draw range ignored). */
export function triangleCount(mesh: Mesh): number {
  const g = mesh.geometry;
  return Math.floor((g.index !== null ? g.index.count : g.getAttribute('position').count) / 3);
}

/**
 * The mesh's triangles in world coordinates (its `matrixWorld`, which the caller keeps up to
 * date), 9 numbers each, written into `out` (allocated when absent or too short).
 */
export function worldTriangles(mesh: Mesh, out?: Float64Array): Float64Array {
  const g = mesh.geometry;
  const pos = g.getAttribute('position');
  const index = g.index;
  const n = 3 * triangleCount(mesh);
  const soup = out !== undefined && out.length === 3 * n ? out : new Float64Array(3 * n);
  const m = mesh.matrixWorld;
  for (let k = 0; k < n; k++) {
    _v.fromBufferAttribute(pos, index !== null ? index.getX(k) : k).applyMatrix4(m);
    soup[3 * k] = _v.x;
    soup[3 * k + 1] = _v.y;
    soup[3 * k + 2] = _v.z;
  }
  return soup;
}
