import { BoxGeometry, Mesh, MeshBasicMaterial } from 'three';

const material = new MeshBasicMaterial();

/** A box mesh of `size` centred at `at` (for levels made of boxes in the NavWorld tests). */
export function box(size: [number, number, number], at: [number, number, number], name = ''): Mesh {
  const m = new Mesh(new BoxGeometry(...size), material);
  m.position.set(...at);
  m.name = name;
  return m;
}
