import { BufferAttribute, Group, Mesh, MeshStandardMaterial, type Object3D } from 'three';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './gltfContainer.ts';

/**
 * STL: binary when the size is exactly 84 + 50 n bytes for the n in its header, else ASCII
 * when it starts with 'solid' and has no zero byte (a binary header may start with 'solid'
 * too, so the size rule comes first); anything else is broken.
 */
export function loadStl(bytes: Uint8Array): Object3D {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.byteLength >= 84 ? view.getUint32(80, true) : -1;
  const binary = n >= 0 && 84 + 50 * n === bytes.byteLength;
  const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.byteLength, 512))).trimStart();
  let triangles: number;
  if (binary) {
    triangles = n;
  } else if (head.startsWith('solid') && !bytes.includes(0)) {
    const text = new TextDecoder().decode(bytes);
    if (!/endsolid/.test(text)) throw new FormatProblem("truncated ASCII STL: no 'endsolid'");
    triangles = (text.match(/\bfacet\b/g) ?? []).length;
    const vertices = (text.match(/\bvertex\b/g) ?? []).length;
    if (vertices !== 3 * triangles) throw new FormatProblem(`ASCII STL has ${triangles} facets but ${vertices} vertices (expected 3 per facet)`);
  } else if (n >= 0) {
    throw new FormatProblem(`truncated binary STL: the header announces ${n} triangles (${84 + 50 * n} bytes), the file has ${bytes.byteLength}`);
  } else {
    throw new FormatProblem(`not an STL file (${bytes.byteLength} bytes, no 'solid' header)`);
  }
  if (triangles > LIMITS.meshTriangles) throw new FormatProblem(`${triangles} triangles exceeds the import limit of ${LIMITS.meshTriangles}`);
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const geometry = new STLLoader().parse(copy);
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: 0x9aa3ad, roughness: 0.85 }));
  if (!geometry.getAttribute('position')) geometry.setAttribute('position', new BufferAttribute(new Float32Array(0), 3));
  const group = new Group();
  group.add(mesh);
  return group;
}
