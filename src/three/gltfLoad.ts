import { Group, type Object3D } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { LIMITS } from '../core/limits.ts';
import { checkGltf, FormatProblem, type ResourceReader } from './gltfContainer.ts';

/** glTF 2.0 (.glb or .gltf) into three objects, after `checkGltf` has checked its structure. */
export async function loadGltf(bytes: Uint8Array, glb: boolean, options: { read?: ResourceReader; draco?: DRACOLoader }): Promise<Object3D> {
  const checked = await checkGltf(bytes, glb, options.read, LIMITS.meshTriangles);
  const usesDraco = (checked.json.extensionsUsed as unknown[] | undefined)?.includes('KHR_draco_mesh_compression');
  if (usesDraco && !options.draco) throw new FormatProblem('uses KHR_draco_mesh_compression, but no Draco decoder is available');
  const loader = new GLTFLoader();
  if (options.draco) loader.setDRACOLoader(options.draco);
  await MeshoptDecoder.ready;
  loader.setMeshoptDecoder(MeshoptDecoder);
  // Buffers come from the checks above (GLB body, data: URIs, files read through `read`):
  // the loader never fetches anything itself.
  loader.register((parser) => {
    (parser as unknown as { loadBuffer: (i: number) => Promise<ArrayBuffer> }).loadBuffer = (i) => {
      const b = checked.buffers[i];
      return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
    };
    return { name: 'navlab_checked_buffers' };
  });
  // A GLB is handed over as its JSON text, so the loader reads no container of its own.
  const text = JSON.stringify({ ...checked.json, buffers: (checked.json.buffers ?? []).map((b) => ({ ...b, uri: undefined })) });
  const gltf = await new Promise<GLTF>((resolve, reject) => loader.parse(text, '', resolve, reject));
  if (!gltf.scene) throw new FormatProblem('no triangles (the asset has no scene)');
  const group = new Group();
  group.name = gltf.scene.name;
  group.add(gltf.scene);
  return group;
}
