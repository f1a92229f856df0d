import { NavlabError } from '../core/errors.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import { SCENE_LIMITS, SCENE_RANGES, SCENE_VERSION, parseScene, solidBoxes, type SceneDocument, type SceneWaypoint, type VoxelLayer } from '../scene/index.ts';
import type { ImportedMesh } from './meshImport.ts';
import { preprocessScene } from './preprocess.ts';
import { meshGridSpec, soupBounds, voxelizeTriangles, type MeshVoxelization, type MeshVoxelizeOptions, type VoxelFill } from './voxelizeMesh.ts';

/** Cells along the longest side of the meshes' box when no cell size is given. */
export const DEFAULT_CELLS_ACROSS = 128;

/**
 * Places waypoints in a scene that has its voxel layer and meshes (positions with clearance
 * >= agentRadius). `nav import --waypoints auto` and the app's import call one.
 */
export type WaypointPlacer = (doc: SceneDocument, options: { agentRadius: number; meshes: ReadonlyMap<string, ImportedMesh> }) => SceneWaypoint[] | Promise<SceneWaypoint[]>;

/** Options of `importScene`. */
export interface ImportSceneOptions {
  /** Within SCENE_RANGES.cellSize. @default `defaultCellSize`: longest side of the meshes' box / DEFAULT_CELLS_ACROSS */
  cellSize?: number;
  /** @default 'surface' */
  fill?: VoxelFill;
  /** Written as the document's agentRadius (capsule tests of the links). @default 0 */
  agentRadius?: number;
  /** Places the waypoints; none when absent. */
  placeWaypoints?: WaypointPlacer;
  /** Scene name. @default the first mesh's src without folder and extension */
  name?: string;
}

/** What `importScene` returns: the scene document and the figures of the import. */
export interface ImportedScene {
  document: SceneDocument;
  /** The meshes by id (as `loadSceneMeshes` would load them from the document). */
  meshes: Map<string, ImportedMesh>;
  triangles: number;
  blocked: number;
  /** Linked waypoint pairs, from the same preprocessing `nav preprocess` runs. */
  links: number;
}

/** A problem with the import (not with one file): e.g. a voxel layer over the scene limits. */
export class ImportError extends NavlabError {
  constructor(message: string) {
    super('input', message);
    this.name = 'ImportError';
  }
}

/**
 * A version-2 scene from mesh files placed as they are (identity transforms): the meshes by
 * `src` (ids from `name`, else from src's file name; paths relative to where the scene will be written, or data: URIs), a voxel layer of
 * all their triangles (voxelizeTriangles: the grid covers them with a free margin), bounds =
 * the grid's box, and waypoints from `placeWaypoints`. Throws ImportError when the voxel layer
 * needs more boxes than a scene may hold.
 */
export async function importScene(files: readonly { src: string; mesh: ImportedMesh; name?: string }[], options: ImportSceneOptions = {}): Promise<ImportedScene> {
  if (files.length === 0) throw new NavlabError('usage', 'files: expected at least one mesh');
  let total = 0;
  for (const f of files) total += f.mesh.soup.length;
  const soup = new Float32Array(total);
  let o = 0;
  for (const f of files) {
    soup.set(f.mesh.soup, o);
    o += f.mesh.soup.length;
  }
  const { min, max } = soupBounds(soup);
  const cellSize = options.cellSize ?? defaultCellSize(min, max);
  const fill = options.fill ?? 'surface';
  const agentRadius = options.agentRadius ?? 0;
  if (!(agentRadius >= 0 && agentRadius <= SCENE_RANGES.length)) throw new NavlabError('usage', `agentRadius: expected a number in [0, ${SCENE_RANGES.length}], got ${agentRadius}`);
  const { grid, blocked, layer } = sceneVoxelLayer(soup, { cellSize, fill });
  const triangles = soup.length / 9;
  const ids = new Set<string>();
  const meshes = files.map((f) => {
    const stem = f.name !== undefined ? meshId(f.name) : f.src.startsWith('data:') ? 'mesh' : f.src.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'mesh';
    let id = stem;
    for (let k = 2; ids.has(id); k++) id = `${stem}-${k}`;
    ids.add(id);
    return { id, src: f.src, position: [0, 0, 0] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] };
  });
  const byId = new Map(meshes.map((m, i) => [m.id, files[i].mesh]));
  const g = grid.origin;
  let document = parseScene({
    version: SCENE_VERSION,
    name: options.name ?? meshes[0].id,
    description: `Imported from ${files.length} mesh file${files.length > 1 ? 's' : ''} (${triangles} triangles), voxelized at ${cellSize} (${fill}).`,
    bounds: { min: [g.x, g.y, g.z], max: [g.x + grid.X * cellSize, g.y + grid.Y * cellSize, g.z + grid.Z * cellSize] },
    agentRadius,
    voxels: layer,
    meshes,
  });
  if (options.placeWaypoints) {
    const waypoints = await options.placeWaypoints(document, { agentRadius, meshes: byId });
    document = parseScene({ ...document, waypoints });
  }
  const pre = preprocessScene(document, { world: { sceneMeshes: byId } });
  const links = pre.graph.linkCount;
  pre.world.dispose();
  return { document, meshes: byId, triangles, blocked, links };
}

/** A mesh id from a file name: its stem, with characters an id may not hold replaced by '-'. */
function meshId(name: string): string {
  return name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 60) || 'mesh';
}

/** The default cell size: the longest side of the box / DEFAULT_CELLS_ACROSS, at least the least cell size a scene holds. */
export function defaultCellSize(min: Vec3, max: Vec3): number {
  return Math.max(Math.max(max.x - min.x, max.y - min.y, max.z - min.z) / DEFAULT_CELLS_ACROSS, SCENE_RANGES.cellSize[0]);
}

/**
 * A scene's voxel layer from world triangles (`voxelizeTriangles`), with what a scene can hold
 * checked first: the cell size within SCENE_RANGES.cellSize (NavlabError usage), the grid
 * within ±SCENE_RANGES.coord and its solid boxes within SCENE_LIMITS.primitives (ImportError).
 */
export function sceneVoxelLayer(soup: ArrayLike<number>, options: MeshVoxelizeOptions): MeshVoxelization & { layer: VoxelLayer } {
  const [least, most] = SCENE_RANGES.cellSize;
  const cellSize = options.cellSize;
  if (!(cellSize >= least && cellSize <= most)) throw new NavlabError('usage', `cellSize: expected a number in [${least}, ${most}] (the range a scene holds), got ${cellSize}`);
  const { min, max } = soupBounds(soup);
  const spec = meshGridSpec(min, max, cellSize, options.dilation ?? 0);
  const axes = ['x', 'y', 'z'] as const;
  axes.forEach((k, a) => {
    const lo = spec.origin[k], hi = lo + spec.dims[a] * cellSize;
    const c = SCENE_RANGES.coord;
    if (lo < -c || hi > c) throw new ImportError(`the meshes reach ${k} = ${lo < -c ? min[k] : max[k]}; a scene's voxel layer must lie within ±${c} (with its margin of free voxels)`);
  });
  const result = voxelizeTriangles(soup, options);
  const { grid } = result;
  const solid = solidBoxes(grid);
  if (solid.length > SCENE_LIMITS.primitives) {
    throw new ImportError(`the voxel layer needs ${solid.length} boxes, over the scene limit of ${SCENE_LIMITS.primitives} primitives; use a larger cell size than ${cellSize}`);
  }
  const g = grid.origin;
  return { ...result, layer: { origin: [g.x, g.y, g.z], cellSize, dims: [grid.X, grid.Y, grid.Z], solid, terrain: [] } };
}
