import { BufferAttribute, BufferGeometry, Group, Mesh, MeshStandardMaterial } from 'three';

/**
 * A drawable object for triangles read from OBJ or STL: a Group holding one Mesh whose
 * geometry is `positions` as they are (non-indexed, 9 numbers a triangle; no copy). No normals
 * are stored: the app computes them when it draws a mesh without any, and the CLI never draws,
 * so importing in Node does not pay 36 bytes a triangle for them.
 */
export function soupObject(positions: Float32Array, name: string): Group {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: 0x9aa3ad, roughness: 0.85 }));
  mesh.name = name;
  const group = new Group();
  group.add(mesh);
  return group;
}
