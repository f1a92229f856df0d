import { checkBytes, checkFunction, checkObject, checkOptions } from '../core/args.ts';
import { quote } from '../core/text.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';
import { MeshBudget } from '../scene/meshBudget.ts';
import type { SceneDocument } from '../scene/schema.ts';
import { MESH_MEDIA_TYPES } from '../scene/schemaParts.ts';
import { base64Bytes } from '../import/gltfContainer.ts';
import { importMesh, MeshError, type ImportedMesh, type MeshFormat, type MeshImportOptions } from '../import/meshImport.ts';

/** Mesh files of a scene, loaded, by mesh id. */
export type { LoadedMeshes } from '../three/importedMesh.ts';

/**
 * Reads a mesh file a scene references by a path relative to the scene: its bytes, and a
 * reader for the files it references in turn (a .gltf's buffers), or null when it is absent.
 */
export type SceneFileReader = (path: string) => Promise<{ bytes: Uint8Array; read?: MeshImportOptions['read'] } | null>;

export { meshMatrix } from '../three/primitives.ts';

/** The bytes and format of a base64 mesh data: URI (the scene schema admits only these types). */
export function meshDataUri(src: string): { bytes: Uint8Array; format: MeshFormat } {
  for (const [type, format] of Object.entries(MESH_MEDIA_TYPES)) {
    const prefix = `data:${type};base64,`;
    if (!src.startsWith(prefix)) continue;
    const bytes = base64Bytes(src.slice(prefix.length));
    if (bytes === null) throw new MeshError('data: URI', 'is not valid base64');
    return { bytes, format };
  }
  throw new MeshError('data: URI', `has an unsupported media type (expected ${Object.keys(MESH_MEDIA_TYPES).join(', ')})`);
}

/**
 * Loads every mesh file a scene lists (each distinct `src` once): paths through `readFile`,
 * data: URIs decoded here. Throws MeshError naming the mesh id, its src and the problem, and a
 * NavlabError 'input' as soon as the files read so far, every listed instance counted, pass
 * LIMITS.sceneTriangles (`MeshBudget`). Arguments of the wrong kind, and a `readFile` that
 * resolves to anything but null or `{ bytes, read? }`, are a NavlabError 'usage' naming them.
 */
export async function loadSceneMeshes(
  doc: SceneDocument,
  readFile: SceneFileReader,
  options: Pick<MeshImportOptions, 'draco'> = {},
): Promise<Map<string, ImportedMesh>> {
  checkSceneDocument('loadSceneMeshes: doc', doc);
  checkFunction('loadSceneMeshes: readFile', readFile);
  options = checkOptions<Pick<MeshImportOptions, 'draco'>>('loadSceneMeshes: options', options);
  if (options.draco !== undefined) checkObject('loadSceneMeshes: options.draco', options.draco, 'a DRACOLoader');
  const bySrc = new Map<string, ImportedMesh>();
  const budget = new MeshBudget(doc);
  const out = new Map<string, ImportedMesh>();
  for (const m of doc.meshes ?? []) {
    let mesh = bySrc.get(m.src);
    if (mesh === undefined) {
      const label = m.src.startsWith('data:') ? `meshes '${m.id}' (embedded)` : m.src;
      try {
        if (m.src.startsWith('data:')) {
          const { bytes, format } = meshDataUri(m.src);
          mesh = await importMesh(label, bytes, { ...options, format });
        } else {
          const file = await readFile(m.src);
          if (file === null) throw new MeshError(label, 'no such file');
          const what = `loadSceneMeshes: readFile(${quote(m.src)})`;
          checkObject(what, file, 'null or { bytes, read? }');
          const bytes = checkBytes(`${what}.bytes`, file.bytes);
          if (file.read !== undefined) checkFunction(`${what}.read`, file.read);
          mesh = await importMesh(label, bytes, { ...options, read: file.read });
        }
      } catch (e) {
        if (e instanceof MeshError) throw new MeshError(`mesh '${m.id}': ${e.file}`, e.problem);
        throw e;
      }
      budget.add(m.src, mesh.triangles);
      bySrc.set(m.src, mesh);
    }
    out.set(m.id, mesh);
  }
  return out;
}
