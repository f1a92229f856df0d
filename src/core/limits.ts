/**
 * X*Y*Z of any voxel grid navlab allocates (2^28; the Moving AI A1..A3 maps have ~89 million):
 * `LIMITS.voxels`, also on its own so a program that only searches a grid does not carry the
 * whole table.
 */
export const VOXEL_LIMIT = 2 ** 28;

/**
 * The limits library code checks (`LIMITS.waypoints`, `.agents`, `.worldCoord`, `.voxelIndex`),
 * also on their own so a program that checks one does not carry the whole table.
 */
export const WAYPOINT_LIMIT = 50_000;
/** `LIMITS.agents`. */
export const AGENT_LIMIT = 10_000;
/** `LIMITS.worldCoord`. */
export const WORLD_COORD_LIMIT = 1e9;
/** `LIMITS.voxelIndex`. */
export const VOXEL_INDEX_LIMIT = 2 ** 40;

/**
 * navlab's limits: every size, count, depth and per-unit memory figure that input from outside
 * (files, scene documents, share links, storage, library arguments) is checked against, in one
 * table. Each limit is checked in one place, before the work or allocation it bounds starts;
 * the CLI, the library, the app and its workers all go through the same checks. The README
 * lists this table (section "Limits").
 *
 * The mesh limits come from measured peak memory (`npm run bench`, "mesh import memory"):
 * a file the limits admit stays under 1 GiB peak in Node, whatever its format.
 */
export const LIMITS = /* @__PURE__ */ Object.freeze({
  /** X*Y*Z of any voxel grid navlab allocates (VOXEL_LIMIT). */
  voxels: VOXEL_LIMIT,
  /** Waypoints of a scene or a graph. */
  waypoints: WAYPOINT_LIMIT,
  /** Agents of a scene. */
  agents: AGENT_LIMIT,
  /** Obstacles + moving obstacles + solid boxes + terrain boxes of a scene. */
  primitives: 100_000,
  /** Entries of a scene's `meshes`. */
  meshes: 1_000,
  /** Bytes of scene text (JSON) read from a file, a share link or storage. */
  sceneFileBytes: 64 * 2 ** 20,
  /** Bytes of a Moving AI map or scenario file. */
  mapFileBytes: 256 * 2 ** 20,
  /**
   * Bytes of one mesh file (and of each buffer a .gltf references). Measured peak (`npm run
   * bench`) at this size and the triangle limit: OBJ, binary STL and GLB ~0.7 GiB, ASCII STL
   * ~0.6 GiB; a GLB at every glTF limit at once (this size, `gltfGeometryBytes`,
   * `gltfObjects`, the triangles) ~0.9 GiB.
   */
  meshFileBytes: 256 * 2 ** 20,
  /**
   * Bytes of a .gltf file (JSON text, base64 data: URIs included), like a scene file. Its text
   * is decoded, parsed and its base64 decoded in memory, about 4.5 bytes of memory a byte
   * (1.15 GiB measured at 229 MiB; 0.9 GiB at 128 MiB with every other glTF limit reached),
   * so it gets a quarter of `meshFileBytes`; a GLB, or a .gltf with external buffers, holds
   * the same data in binary.
   */
  gltfTextBytes: 64 * 2 ** 20,
  /**
   * Triangles of one mesh file, after glTF node instancing. OBJ and STL allocate 36 bytes a
   * triangle (non-indexed float32 positions), and the import's triangle soup another 36.
   */
  meshTriangles: 5_000_000,
  /** Triangles of all the meshes of a scene together, every instance counted. */
  sceneTriangles: 5_000_000,
  /** OBJ vertices (`v` lines) of one file: 12 bytes each while the faces are read. */
  objVertices: 5_000_000,
  /** Depth of a glTF node hierarchy (root = 1). */
  gltfNodeDepth: 256,
  /**
   * three objects one glTF file's default scene builds: nodes plus one per mesh primitive of
   * every instance. Measured in Node: 98,000 of them (49,000 mesh nodes) peak at 300 MB.
   */
  gltfObjects: 100_000,
  /**
   * Bytes three's GLTFLoader allocates for one file's geometry: buffer views, decoded meshopt
   * data, zero-filled and sparse accessors, strips and fans listed as triangles. 192 MiB holds
   * 5 million triangles as float32 positions of 3 vertices each (180 MB); at 256 MiB a GLB at
   * every glTF limit at once peaked at 0.98 GiB.
   */
  gltfGeometryBytes: 192 * 2 ** 20,
  /**
   * Objects and arrays in a glTF file's JSON, counted before it is parsed: JSON.parse holds
   * each in about 115 bytes (1,000,000 are about 115 MB), and a GLB's JSON chunk may take
   * most of a 256 MiB file (70 million of them, 8 GB).
   */
  gltfJsonContainers: 1_000_000,
  /** Values of any kind in a glTF file's JSON, likewise (a number in an array takes about 32 bytes). */
  gltfJsonValues: 10_000_000,
  /**
   * Pixels of all the texture images one glTF file decodes, read from each PNG, JPEG or WebP
   * header before any is decoded. A decoded pixel takes 4 bytes (RGBA), and a quarter more on
   * the GPU for mipmaps: 2^26 pixels are 256 MiB decoded (16 images of 2048 x 2048, or 4 of
   * 4096 x 4096). The encoded bytes are held to `meshFileBytes` with the file's buffers.
   */
  gltfTexturePixels: 2 ** 26,
  /** Width or height of one glTF texture image (16,384: the largest texture WebGL 2 implementations commonly accept). */
  gltfTextureSide: 16_384,
  /** Nesting depth of any JSON navlab parses from outside (scene documents, glTF). */
  jsonDepth: 256,
  /** Bytes of a .navbin file (its header holds the length as a u32; 2^31 - 1 keeps every offset a small integer). */
  navbinBytes: 2 ** 31 - 1,
  /**
   * Largest |coordinate| (and length) of world data that is not a scene document: mesh vertices
   * after their node transforms, voxelization bounds, and everything a .navbin holds (grid
   * origin and far corner, cell size, waypoints, link lengths, agent radius). Sums and products
   * of such numbers stay far from overflow.
   */
  worldCoord: WORLD_COORD_LIMIT,
  /**
   * Largest |coordinate| / cellSize of a voxelization (2^40): voxel indices stay exact and
   * `origin + i * cellSize` tells every voxel's faces apart.
   */
  voxelIndex: VOXEL_INDEX_LIMIT,
});

/** The table's type (all read-only). */
export type Limits = typeof LIMITS;

/**
 * The shape of JSON `text` by one byte scan that skips strings: its deepest nesting of arrays
 * and objects (the scan stops as soon as it passes `depthLimit`), its objects and arrays
 * (`containers`) and an upper bound of its values (one more than the commas, plus the
 * containers). Used before JSON.parse, or any recursive walk of the result, so deeply nested
 * or oversized input is refused with a message, not a stack overflow or an allocation:
 * JSON.parse holds each object or array in about 115 bytes and each number in about 32.
 */
export function scanJson(text: string, depthLimit: number = LIMITS.jsonDepth): { depth: number; containers: number; values: number } {
  let depth = 0,
    max = 0,
    containers = 0,
    commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip a string: up to the next quote not escaped by a backslash.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      containers++;
      if (++depth > max) {
        max = depth;
        if (max > depthLimit) break;
      }
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44) commas++;
  }
  return { depth: max, containers, values: commas + containers + 1 };
}

/** The deepest nesting of arrays and objects in JSON `text` (`scanJson`), stopping past `limit`. */
export const jsonDepth = (text: string, limit: number = LIMITS.jsonDepth): number => scanJson(text, limit).depth;
