/**
 * navlab's mesh-file importers: glTF (.glb/.gltf, with Draco and meshopt compression), OBJ and
 * STL files read into three.js objects with every size checked, and `importScene`, which turns
 * an imported mesh into a scene document. Kept apart from `navlab/three` because it is file
 * parsing: a three.js app that loads its levels with its own loaders never needs it.
 */
export {
  importMesh,
  meshFormat,
  MeshError,
  MESH_LIMITS,
  type ImageDecoder,
  type ImageType,
  type ImportedMesh,
  type MeshFormat,
  type MeshImportOptions,
} from './meshImport.ts';
export {
  importScene,
  ImportError,
  ImportCancelled,
  IMPORT_STAGES,
  type ImportStage,
  type ImportSceneOptions,
  type ImportedScene,
  type WaypointPlacer,
} from './importScene.ts';
