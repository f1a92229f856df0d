import { importMesh, MeshError, meshFormat, type ImportedMesh, type MeshFormat } from '../../../import/meshImport.ts';
import { jsonDepth, LIMITS } from '../../../core/limits.ts';
import { MESH_MEDIA_TYPES } from '../../../scene/schemaParts.ts';
import { readFile, sizeProblem } from '../../shell/input/acceptedFiles.ts';
import { dracoLoader } from '../../shell/scene/draco.ts';

/** A mesh file read in the app: `src` is the self-contained data: URI a scene embeds. */
export interface MeshFile {
  name: string;
  src: string;
  mesh: ImportedMesh;
  /** Files the mesh referenced that were not given (textures drawn without). */
  missing: string[];
}

const MEDIA_TYPE = Object.fromEntries(Object.entries(MESH_MEDIA_TYPES).map(([type, format]) => [format, type])) as Record<
  MeshFormat,
  string
>;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Whether a file name is a mesh (.glb, .gltf, .obj, .stl). */
const isMeshFile = (name: string): boolean => meshFormat(name) !== null;

/** The last path component of a relative URI, decoded (how dropped companion files are matched). */
function baseName(uri: string): string {
  let path = uri;
  try {
    path = decodeURIComponent(uri);
  } catch {
    // Kept as written: the loader reports bad percent-encoding.
  }
  return path.slice(path.replace(/\\/g, '/').lastIndexOf('/') + 1);
}

/** Base64 of bytes, in slices (String.fromCharCode takes a bounded argument list). */
export function base64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * Reads mesh files chosen or dropped together: every .glb, .gltf, .obj and .stl is a mesh; the
 * other files are what a .gltf references (its .bin buffers and textures, matched by file
 * name). A .gltf's buffers and textures are embedded into it as data: URIs, so that each mesh
 * is one self-contained file. Throws MeshError (or FileError: too large, unreadable) naming
 * the file and the problem.
 */
export async function readMeshFiles(files: readonly File[]): Promise<MeshFile[]> {
  const byName = new Map(files.map((f) => [f.name, f]));
  const meshes = files.filter((f) => isMeshFile(f.name));
  if (meshes.length === 0) throw new MeshError(files.map((f) => f.name).join(', '), 'no mesh file (expected .glb, .gltf, .obj or .stl)');
  // Every size is known before anything is read.
  const refused = sizeProblem(files);
  if (refused !== null) throw refused;
  const out: MeshFile[] = [];
  for (const file of meshes) {
    const format = meshFormat(file.name)!;
    let bytes = await readFile(file, file.name, 'mesh', 'bytes');
    const missing: string[] = [];
    const companion = async (uri: string): Promise<Uint8Array | null> => {
      const f = byName.get(baseName(uri));
      return f === undefined ? null : readFile(f, `${file.name}: '${uri}'`, 'resource', 'bytes');
    };
    if (format === 'gltf') bytes = await embedResources(file.name, bytes, companion, missing);
    const draco = format === 'glb' || format === 'gltf' ? await dracoLoader() : undefined;
    const mesh = await importMesh(file.name, bytes, { format, draco, read: companion });
    out.push({ name: file.name, src: `data:${MEDIA_TYPE[format]};base64,${base64(bytes)}`, mesh, missing });
  }
  return out;
}

/**
 * A .gltf with the buffers and images it references by relative path put in as data: URIs
 * (those among the given files). A referenced buffer that is missing stays as it is (the
 * import then names it); a missing image is dropped (the material is drawn without it).
 * Text that does not parse is returned unchanged, for the import to report. Text nested past
 * LIMITS.jsonDepth is refused first (a MeshError naming `name`): parsing and writing it back
 * would recurse as deep.
 */
async function embedResources(
  name: string,
  bytes: Uint8Array,
  read: (uri: string) => Promise<Uint8Array | null>,
  missing: string[],
): Promise<Uint8Array> {
  const text = new TextDecoder().decode(bytes);
  if (jsonDepth(text, LIMITS.jsonDepth) > LIMITS.jsonDepth)
    throw new MeshError(name, `the glTF JSON nests deeper than ${LIMITS.jsonDepth} levels`);
  let json: { buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
  try {
    json = JSON.parse(text);
  } catch {
    return bytes;
  }
  if (typeof json !== 'object' || json === null) return bytes;
  const external = (uri: unknown): uri is string =>
    typeof uri === 'string' && !uri.startsWith('data:') && !/^[a-z][a-z0-9+.-]*:/i.test(uri);
  for (const b of Array.isArray(json.buffers) ? json.buffers : []) {
    if (b === null || typeof b !== 'object' || !external(b.uri)) continue;
    const data = await read(b.uri);
    if (data !== null) b.uri = `data:application/octet-stream;base64,${base64(data)}`;
  }
  for (const image of Array.isArray(json.images) ? json.images : []) {
    if (image === null || typeof image !== 'object' || !external(image.uri)) continue;
    const type = IMAGE_TYPES[/\.([a-z0-9]+)$/i.exec(image.uri)?.[1].toLowerCase() ?? ''];
    const data = type === undefined ? null : await read(image.uri);
    if (data === null) {
      missing.push(image.uri);
      delete image.uri;
    } else {
      image.uri = `data:${type};base64,${base64(data)}`;
    }
  }
  return new TextEncoder().encode(JSON.stringify(json));
}
