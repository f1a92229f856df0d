import { checkMeshBudget } from '../../../scene/meshBudget.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { MESH_LIMITS, MeshError, type ImportedMesh } from '../../../import/meshImport.ts';
import { loadSceneMeshes, type SceneFileReader } from '../../../scene-three/sceneMeshes.ts';
import type { MeshSoup } from '../workers/protocol.ts';
import { fileKind, readFile } from '../input/acceptedFiles.ts';
import { dracoLoader } from './draco.ts';

/**
 * Mesh files shipped with the scenes (scenes/ and its folders), as URLs: Vite serves them in
 * dev and copies them (hashed) into the build. Keyed by their path in the project
 * ('scenes/levels/city.glb').
 */
const shipped = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../scenes/**/*.{glb,gltf,obj,stl,bin}', {
      query: '?url',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.replace(/^(\.\.\/)+/, ''), url]),
);

/** Where a scene's relative mesh paths are found. */
export interface MeshBase {
  /**
   * The scene file's path in the project ('scenes/city.json'), for shipped scenes, and for
   * scenes from a share link (SHARED_SCENE_PATH): their relative paths name the app's own
   * scene files only.
   */
  path?: string;
  /** Files dropped or chosen together with the scene, by name. */
  files?: ReadonlyMap<string, File>;
}

/** The folder of the app's own scene files: no scene reads a path outside it. */
const SCENES = 'scenes/';

/**
 * `src` resolved against the scene file's path, as a project path; null when it leaves the
 * project (another host or scheme). Throws MeshError when it is not a valid relative URL.
 */
function resolvePath(src: string, scenePath: string): string | null {
  let url: URL;
  try {
    url = new URL(src, `https://project.invalid/${scenePath}`);
    if (url.host !== 'project.invalid' || url.protocol !== 'https:') return null;
    return decodeURIComponent(url.pathname.slice(1));
  } catch {
    throw new MeshError(src, 'is not a valid relative path (a malformed URL or percent-encoding)');
  }
}

/** Fetches a shipped file, refusing one over the size limit before reading it. */
async function fetchLimited(url: string, label: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new MeshError(label, `cannot be fetched (HTTP ${res.status})`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MESH_LIMITS.fileBytes) throw new MeshError(label, `${length} bytes exceeds the limit of ${MESH_LIMITS.fileBytes} bytes`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MESH_LIMITS.fileBytes)
    throw new MeshError(label, `${bytes.byteLength} bytes exceeds the limit of ${MESH_LIMITS.fileBytes} bytes`);
  return bytes;
}

/**
 * Reads the files a scene references by relative paths: among the files given with it, else
 * among the shipped ones (resolved against the scene file's path). Absent: null. A path that
 * leaves the app's scene folder is refused (MeshError) before anything is looked up: only the
 * shipped files a build holds are ever fetched, never a path or URL a document names.
 */
function reader(base: MeshBase): SceneFileReader {
  const read = async (path: string): Promise<Uint8Array | null> => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const file = base.files?.get(name);
    if (file !== undefined) return readFile(file, path, fileKind(name) ?? 'resource', 'bytes');
    const url = base.path === undefined ? undefined : shipped.get(path);
    return url === undefined ? null : fetchLimited(url, path);
  };
  /** `src` relative to `scenePath`, as a project path; refused when it leaves the app's scene folder. */
  const inside = (src: string, scenePath: string): string => {
    const path = resolvePath(src, scenePath);
    if (path === null || !path.startsWith(SCENES)) {
      throw new MeshError(
        src,
        "points outside the app's scene files, so it is not read (a scene from a link carries its meshes as data: URIs)",
      );
    }
    return path;
  };
  return async (src) => {
    const path = base.path === undefined ? src : inside(src, base.path);
    const bytes = await read(path);
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    // What a .gltf references: relative to it (among the given files by name, or shipped).
    const companion = (uri: string) => read(base.path === undefined ? (resolvePath(uri, `${folder}x`) ?? uri) : inside(uri, `${folder}x`));
    return bytes === null ? null : { bytes, read: companion };
  };
}

/** Meshes decoded lately, by `src` (data: URIs and project paths), so reloading a scene does not decode them again. */
const cache = new Map<string, ImportedMesh>();
const CACHED = 8;

/** Remembers a decoded mesh under the `src` a document references it by. */
export function rememberMesh(key: string, mesh: ImportedMesh): void {
  cache.delete(key);
  cache.set(key, mesh);
  for (const k of cache.keys()) if (cache.size > CACHED) cache.delete(k);
}

/**
 * Loads the meshes a document lists (data: URIs decoded, relative paths read per `base`), by
 * mesh id. Throws MeshError naming the mesh, its file and the problem.
 */
export async function loadAppMeshes(doc: SceneDocument, base: MeshBase): Promise<Map<string, ImportedMesh>> {
  // Cached: data: URIs, and shipped files by their project path; never files given by name
  // (two drops may hold different files of the same name).
  const key = (src: string): string | null => {
    if (src.startsWith('data:')) return src;
    try {
      return base.path === undefined ? null : resolvePath(src, base.path);
    } catch {
      return null; // The reader names the bad path.
    }
  };
  const known = new Map<string, ImportedMesh>();
  for (const m of doc.meshes ?? []) {
    const k = key(m.src);
    const hit = k === null ? undefined : cache.get(k);
    if (hit !== undefined) known.set(m.src, hit);
  }
  const rest = { ...doc, meshes: (doc.meshes ?? []).filter((m) => !known.has(m.src)) };
  const loaded =
    rest.meshes.length === 0 ? new Map<string, ImportedMesh>() : await loadSceneMeshes(rest, reader(base), { draco: await dracoLoader() });
  const out = new Map<string, ImportedMesh>();
  for (const m of doc.meshes ?? []) out.set(m.id, known.get(m.src) ?? loaded.get(m.id)!);
  // Cached and newly read files together, every listed instance counted, before any is drawn.
  checkMeshBudget(doc, out);
  for (const m of doc.meshes ?? []) {
    const mesh = out.get(m.id)!;
    const k = key(m.src);
    if (k !== null) rememberMesh(k, mesh);
  }
  return out;
}

/** The triangles of loaded meshes for a worker (copies: the app keeps its own). */
export function meshSoups(meshes: ReadonlyMap<string, ImportedMesh>): MeshSoup[] {
  return [...meshes].map(([id, m]) => ({ id, soup: m.soup.slice() }));
}
