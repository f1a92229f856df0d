import { Group, type Object3D } from 'three';
import { GLTFLoader, type GLTF, type GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { LIMITS } from '../core/limits.ts';
import { announceDracoCounts, defaultDracoLoader, DRACO_PACKAGE } from './dracoDecode.ts';
import { checkGltf, FormatProblem, type ResourceReader } from './gltfContainer.ts';
import { decodeImages, textureOf, type ImageDecoder } from './gltfImages.ts';

/**
 * glTF 2.0 (.glb or .gltf) into three objects. The loader gets the JSON `checkGltf` built (only
 * checked entries, the default scene alone) as an object, the bytes of its views and buffers
 * from the checks, and its textures made from the checked images by `decode` (none without
 * it): it never parses, fetches or walks anything of the file itself. Without `draco`, Draco
 * data is decoded by `defaultDracoLoader` (Node, with the draco3d package); meshopt data always
 * by three's meshopt decoder (part of three).
 */
export async function loadGltf(
  bytes: Uint8Array,
  glb: boolean,
  options: { read?: ResourceReader; draco?: DRACOLoader; decode?: ImageDecoder | null },
): Promise<Object3D> {
  const checked = await checkGltf(bytes, glb, options.read, LIMITS.meshTriangles, !!options.decode);
  const draco = checked.usesDraco ? (options.draco ?? (await defaultDracoLoader())) : options.draco;
  if (checked.usesDraco && !draco)
    throw new FormatProblem(
      `uses KHR_draco_mesh_compression, but no Draco decoder is available (in Node, install the ${DRACO_PACKAGE} package; elsewhere, pass options.draco: a DRACOLoader)`,
    );
  const loader = new GLTFLoader();
  if (draco) loader.setDRACOLoader(draco);
  // Every image decoded (and its size confirmed) before the loader runs.
  const images = options.decode ? await decodeImages(checked.images, options.decode) : [];
  await MeshoptDecoder.ready;
  // Corrupt compressed data is a problem of the file, named as such.
  loader.setMeshoptDecoder({
    ...MeshoptDecoder,
    decodeGltfBufferAsync: (...args: Parameters<typeof MeshoptDecoder.decodeGltfBufferAsync>) =>
      MeshoptDecoder.decodeGltfBufferAsync(...args).catch((e: unknown) => {
        throw new FormatProblem(`the meshopt-compressed data cannot be decoded (${(e as Error)?.message ?? String(e)})`);
      }),
  });
  loader.register((parser) => {
    // Compressed data for meshopt (which asks for whole buffers).
    (parser as unknown as { loadBuffer: (i: number) => Promise<ArrayBuffer> }).loadBuffer = (i) => Promise.resolve(checked.bufferBytes(i));
    // Every other view, straight from the checked buffers (the plugin runs after meshopt's).
    const loadBufferView = (k: number) => {
      const bytes = checked.viewBytes(k);
      const draco = checked.dracoCounts.get(k);
      if (draco !== undefined) announceDracoCounts(bytes, draco);
      return Promise.resolve(bytes);
    };
    // Textures from the decoded images; the loader's own texture loading (URLs, fetch) never runs.
    const loadTexture = (i: number) => Promise.resolve(textureOf(parser as GLTFParser, i, images));
    return { name: 'navlab_checked_views', loadBufferView, loadTexture } as unknown as { name: string };
  });
  const gltf = await new Promise<GLTF>((resolve, reject) => loader.parse(checked.json as unknown as ArrayBuffer, '', resolve, reject));
  if (!gltf.scene) throw new FormatProblem('no triangles (the asset has no scene)');
  const group = new Group();
  group.name = gltf.scene.name;
  group.add(gltf.scene);
  return group;
}
