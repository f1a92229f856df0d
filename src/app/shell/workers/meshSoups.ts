import { Group } from 'three';
import type { ImportedMesh } from '../../../import/meshImport.ts';
import type { LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import type { MeshSoup } from './protocol.ts';

/** Triangles as a loaded mesh (nothing to draw: workers only build worlds from them). */
export const soupMesh = (soup: Float32Array): ImportedMesh => ({ object: new Group(), soup, triangles: soup.length / 9 });

/** Mesh triangles sent to a worker, as the world builders take them (by mesh id). */
export function soupMeshes(meshes: readonly MeshSoup[] | undefined): LoadedMeshes {
  return new Map((meshes ?? []).map((m) => [m.id, soupMesh(m.soup)]));
}
