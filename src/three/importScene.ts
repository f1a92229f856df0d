import { NavlabError } from '../core/errors.ts';
import { SCENE_LIMITS, SCENE_VERSION, parseScene, solidBoxes, type SceneDocument, type SceneWaypoint } from '../scene/index.ts';
import type { ImportedMesh } from './meshImport.ts';
import { preprocessScene } from './preprocess.ts';
import { soupBounds, voxelizeTriangles, type VoxelFill } from './voxelizeMesh.ts';

/** Cells along the longest side of the meshes' box when no cell size is given. */
export const DEFAULT_CELLS_ACROSS = 128;

/**
 * Places waypoints in a scene that has its voxel layer and meshes (positions with clearance
 * >= agentRadius). `nav import --waypoints auto` and the app's import call one.
 */
export type WaypointPlacer = (doc: SceneDocument, options: { agentRadius: number; meshes: ReadonlyMap<string, ImportedMesh> }) => SceneWaypoint[] | Promise<SceneWaypoint[]>;

/** Options of `importScene`. */
export interface ImportSceneOptions {
  /** @default longest side of the meshes' box / DEFAULT_CELLS_ACROSS */
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
  const cellSize = options.cellSize ?? Math.max(max.x - min.x, max.y - min.y, max.z - min.z, 1e-9) / DEFAULT_CELLS_ACROSS;
  const fill = options.fill ?? 'surface';
  const agentRadius = options.agentRadius ?? 0;
  const { grid, blocked, triangles } = voxelizeTriangles(soup, { cellSize, fill });
  const solid = solidBoxes(grid);
  if (solid.length > SCENE_LIMITS.primitives) {
    throw new ImportError(`the voxel layer needs ${solid.length} boxes, over the scene limit of ${SCENE_LIMITS.primitives} primitives; use a larger cell size than ${cellSize}`);
  }
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
    voxels: { origin: [g.x, g.y, g.z], cellSize, dims: [grid.X, grid.Y, grid.Z], solid, terrain: [] },
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
