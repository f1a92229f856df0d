import type { Object3D } from 'three';

/** An imported mesh file: what `importMesh` (navlab/import) returns and what a world is built from. */
export interface ImportedMesh {
  /** The file's objects with their materials (glTF: the default scene), ready to draw. */
  object: Object3D;
  /** Every triangle, 9 numbers each, in the file's coordinates after its node transforms. */
  soup: Float32Array;
  /** Triangles in `soup` (its length / 9). */
  triangles: number;
}

/** A scene's mesh files by mesh id, imported (`loadSceneMeshes` in navlab/scene-three). */
export type LoadedMeshes = ReadonlyMap<string, ImportedMesh>;
