import type { Object3D } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './gltfContainer.ts';

/**
 * OBJ text, checked before three's OBJLoader allocates: the triangle count of the faces, every
 * face index inside the vertices defined before it, and no point or line elements.
 */
export function loadObj(bytes: Uint8Array): Object3D {
  const text = new TextDecoder().decode(bytes);
  let vertices = 0, triangles = 0, lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    const line = raw.trim();
    if (line.startsWith('v ')) vertices++;
    else if (line.startsWith('l ') || line.startsWith('p ')) throw new FormatProblem(`line ${lineNo}: '${line[0]}' elements are not triangles`);
    else if (line.startsWith('f ')) {
      const refs = line.slice(2).trim().split(/\s+/);
      if (refs.length < 3) throw new FormatProblem(`line ${lineNo}: a face needs at least 3 vertices`);
      for (const ref of refs) {
        const i = Number(ref.split('/')[0]);
        if (!Number.isInteger(i) || i === 0 || i > vertices || i < -vertices) throw new FormatProblem(`line ${lineNo}: vertex index ${ref.split('/')[0]} is out of range (${vertices} vertices so far)`);
      }
      triangles += refs.length - 2;
      if (triangles > LIMITS.meshTriangles) throw new FormatProblem(`more than ${LIMITS.meshTriangles} triangles (the import limit)`);
    }
  }
  return new OBJLoader().parse(text);
}
