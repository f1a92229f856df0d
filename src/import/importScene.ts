import { Object3D } from 'three';
import { levelCellSize } from '../core/levelScale.ts';
import {
  checkFunction,
  checkInstance,
  checkNumbers,
  checkObject,
  checkOneOf,
  checkOptions,
  checkString,
  usageError,
} from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { LIMITS } from '../core/limits.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import {
  SCENE_LIMITS,
  SCENE_RANGES,
  SCENE_VERSION,
  SceneError,
  parseScene,
  solidBoxes,
  type SceneDocument,
  type SceneMesh,
  type SceneWaypoint,
  type VoxelBox,
  type VoxelLayer,
} from '../scene/index.ts';
import type { ImportedMesh } from './meshImport.ts';
import { defaultAgentRadius, defaultAgentSpeed, importAgents } from './importAgents.ts';
import { isClosedMesh } from '../core/geometry/closedMesh.ts';
import { emptyBox, soupBox } from '../core/geometry/boxes.ts';
import { now } from '../core/clock.ts';
import { clearSpace, type ClearSpace } from '../core/grid/clearance.ts';
import { importLinks } from './importLinks.ts';
import {
  meshGridSpec,
  soupBounds,
  voxelizeTriangles,
  type MeshVoxelization,
  type MeshVoxelizeOptions,
  type VoxelFill,
} from '../core/geometry/voxelizeMesh.ts';

/**
 * Places waypoints in a scene that has its voxel layer and meshes (positions with clearance
 * >= agentRadius). `nav import --waypoints auto` and the app's import call one. `space` is
 * `clearSpace` of the voxel layer's grid for agentRadius, which the import has computed
 * already: a placer on that grid can reuse it (`placeSceneWaypoints`' `space` option).
 */
export type WaypointPlacer = (
  doc: SceneDocument,
  options: { agentRadius: number; meshes: ReadonlyMap<string, ImportedMesh>; space: ClearSpace },
) => SceneWaypoint[] | Promise<SceneWaypoint[]>;

/** Options of `importScene`. */
export interface ImportSceneOptions {
  /** Within SCENE_RANGES.cellSize. @default `defaultCellSize`: the meshes' box's longest side / 128 (navlab's levelCellSize) */
  cellSize?: number;
  /** 'auto': solid when the meshes together are closed (`isClosedMesh`), else surface. @default 'auto' */
  fill?: VoxelFill | 'auto';
  /**
   * Written as the document's agentRadius (capsule tests of the links; the agents' radius).
   * @default `defaultAgentRadius`: 0.4 cells, within [extent / 1000, extent / 40]
   */
  agentRadius?: number;
  /** Places the waypoints; none when absent. */
  placeWaypoints?: WaypointPlacer;
  /** Agents written into the scene (`importAgents`: seeded, every goal reachable), at most 10,000. @default 0 */
  agents?: number;
  /** Seed of the agents. @default 1 */
  seed?: number;
  /**
   * Told as each stage starts: 'voxelize', 'components', 'waypoints', 'agents', 'links'
   * (decoding the files comes before `importScene`). Between stages `importScene` yields
   * (one macrotask), so a caller can cancel through `signal`.
   */
  onStage?: (stage: ImportStage) => void;
  /** Aborting it stops the import at the next stage with an ImportCancelled error; nothing is returned. */
  signal?: AbortSignal;
  /** Scene name. @default the first mesh's src without folder and extension */
  name?: string;
  /** Makes the voxel layer (`nav import --world sparse` passes the sparse voxelizer's). @default sceneVoxelLayer */
  voxelLayer?: typeof sceneVoxelLayer;
}

/** What `importScene` returns: the scene document and the figures of the import. */
export interface ImportedScene {
  /** The scene document (format version 2), referencing the meshes by their src. */
  document: SceneDocument;
  /** The meshes by id (as `loadSceneMeshes` would load them from the document). */
  meshes: Map<string, ImportedMesh>;
  /** Triangles over all meshes. */
  triangles: number;
  /** Blocked voxels of the voxel layer. */
  blocked: number;
  /** Linked waypoint pairs, from the same preprocessing `nav preprocess` runs. */
  links: number;
  /** The fill used (the one given, or the one 'auto' chose). */
  fill: VoxelFill;
  /** Wall time of each stage, ms. */
  ms: Record<ImportStage, number>;
}

/** The stages of `importScene`, in order. */
export const IMPORT_STAGES = ['voxelize', 'components', 'waypoints', 'agents', 'links'] as const;

/** One stage of `importScene` (IMPORT_STAGES). */
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** Thrown by `importScene` when its `signal` was aborted. */
export class ImportCancelled extends NavlabError {
  /** The import was cancelled (code `input`). */
  constructor() {
    super('input', 'the import was cancelled');
    this.name = 'ImportCancelled';
  }
}

/** A problem with the import (not with one file): e.g. a voxel layer over the scene limits. */
export class ImportError extends NavlabError {
  /** An import problem (code `input`) with `message`. */
  constructor(message: string) {
    super('input', message);
    this.name = 'ImportError';
  }
}

/**
 * A version-2 scene from mesh files placed as they are (identity transforms): the meshes by
 * `src` (ids from `name`, else from src's file name; paths relative to where the scene will be written, or data: URIs), a voxel layer of
 * all their triangles (voxelizeTriangles: the grid covers them with a free margin; solid fill
 * when the meshes are closed, by default), bounds = the grid's box, waypoints from
 * `placeWaypoints` and `agents` agents with reachable goals (`importAgents`); every length it
 * chooses follows the level (cell size, agent radius and speed). Runs in the stages of
 * IMPORT_STAGES, told to `onStage`; an aborted `signal` stops it between stages (ImportCancelled). Throws ImportError when the meshes
 * pass the scene limits (SCENE_LIMITS.meshes files, LIMITS.sceneTriangles triangles with every
 * listed file counted, checked before their triangles are copied) or the voxel layer needs
 * more boxes than a scene may hold; arguments of the wrong kind, a `src` a scene cannot hold
 * included, are a NavlabError 'usage' naming them.
 */
export async function importScene(
  files: readonly { src: string; mesh: ImportedMesh; name?: string }[],
  options: ImportSceneOptions = {},
): Promise<ImportedScene> {
  options = checkImportOptions(options);
  const total = checkFiles(files);
  const ids = new Set<string>();
  const meshes = files.map((f) => {
    const stem =
      f.name !== undefined
        ? meshId(f.name)
        : f.src.startsWith('data:')
          ? 'mesh'
          : f.src.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'mesh';
    let id = stem;
    for (let k = 2; ids.has(id); k++) id = `${stem}-${k}`;
    ids.add(id);
    return {
      id,
      src: f.src,
      position: [0, 0, 0] as [number, number, number],
      rotation: [0, 0, 0] as [number, number, number],
      scale: [1, 1, 1] as [number, number, number],
    };
  });
  checkSources(meshes);
  const soup = new Float32Array(total);
  let o = 0;
  for (const f of files) {
    soup.set(f.mesh.soup, o);
    o += f.mesh.soup.length;
  }
  // Each file's numbers were checked (checkFiles): the box alone, unless there is no triangle (soupBounds says so).
  const { min, max } = soup.length === 0 ? soupBounds(soup) : soupBox(emptyBox(), soup);
  const cellSize = options.cellSize ?? defaultCellSize(min, max);
  const extent = Math.max(max.x - min.x, max.y - min.y, max.z - min.z, cellSize);
  const ms = { voxelize: 0, components: 0, waypoints: 0, agents: 0, links: 0 };
  let t = now();
  const stage = async (name: ImportStage): Promise<void> => {
    if (options.onStage !== undefined || options.signal !== undefined) await new Promise((r) => setTimeout(r, 0));
    if (options.signal?.aborted) throw new ImportCancelled();
    options.onStage?.(name);
    t = now();
  };
  const lap = (name: ImportStage): void => {
    ms[name] += now() - t;
  };
  await stage('voxelize');
  const fill = options.fill === undefined || options.fill === 'auto' ? (isClosedMesh(soup) ? 'solid' : 'surface') : options.fill;
  const agentRadius = options.agentRadius ?? defaultAgentRadius({ extent, cellSize });
  const { grid, blocked, layer } = (options.voxelLayer ?? sceneVoxelLayer)(soup, { cellSize, fill });
  lap('voxelize');
  const triangles = soup.length / 9;
  const byId = new Map(meshes.map((m, i) => [m.id, files[i].mesh]));
  const g = grid.origin;
  let document = parsedWithBoxes(
    {
      version: SCENE_VERSION,
      name: options.name ?? meshes[0].id,
      description: `Imported from ${files.length} mesh file${files.length > 1 ? 's' : ''} (${triangles} triangles), voxelized at ${cellSize} (${fill}).`,
      bounds: { min: [g.x, g.y, g.z], max: [g.x + grid.X * cellSize, g.y + grid.Y * cellSize, g.z + grid.Z * cellSize] },
      agentRadius,
      voxels: layer,
      meshes,
    },
    layer.solid,
  );
  await stage('components');
  const space = clearSpace(grid, agentRadius);
  lap('components');
  if (options.placeWaypoints) {
    await stage('waypoints');
    const waypoints = await options.placeWaypoints(document, { agentRadius, meshes: byId, space });
    document = reparsed(document, { waypoints });
    lap('waypoints');
  }
  await stage('agents');
  const agents = importAgents(space, options.agents ?? 0, agentRadius, defaultAgentSpeed({ extent, cellSize }), options.seed ?? 1);
  if (agents.length > 0) document = reparsed(document, { agents });
  lap('agents');
  await stage('links');
  // Over the voxel layer alone: the meshes lie in the closed boxes of its blocked voxels, so a
  // capsule clear of its faces is clear of them too. Pairs the grid decides skip the capsule test.
  const { links } = importLinks(document, grid, agentRadius);
  lap('links');
  if (options.signal?.aborted) throw new ImportCancelled();
  return { document, meshes: byId, triangles, blocked, links, fill, ms };
}

/**
 * `parseScene` of `document` (parsed already) with `changes`, without walking its voxel layer's
 * boxes again: they were parsed with it, and nothing else in a document refers to them.
 */
function reparsed(document: SceneDocument, changes: Partial<SceneDocument>): SceneDocument {
  return parsedWithBoxes({ ...document, ...changes }, document.voxels!.solid);
}

/**
 * `parseScene` of a document whose voxel layer holds `solid`, the boxes `sceneVoxelLayer` made
 * (valid by construction: inside the layer, within the limit it checked): parsed without them,
 * which zod would walk one by one (thousands on a detailed level), then put back in place.
 */
function parsedWithBoxes(raw: Record<string, unknown> & { voxels?: VoxelLayer }, solid: VoxelBox[]): SceneDocument {
  const document = parseScene({ ...raw, voxels: { ...raw.voxels, solid: [] } });
  return { ...document, voxels: { ...document.voxels!, solid } };
}

/** `options` checked (a usage error naming the field); the ranges a scene holds are checked where they are used. */
function checkImportOptions(options: unknown): ImportSceneOptions {
  const o = checkOptions<ImportSceneOptions>('options', options);
  if (o.cellSize !== undefined) checkSceneCellSize(o.cellSize);
  if (o.fill !== undefined) checkOneOf('fill', o.fill, ['surface', 'solid', 'auto']);
  if (o.agents !== undefined && !(Number.isInteger(o.agents) && o.agents >= 0 && o.agents <= LIMITS.agents))
    throw usageError('agents', `an integer in [0, ${LIMITS.agents}]`, o.agents);
  if (o.seed !== undefined && !Number.isInteger(o.seed)) throw usageError('seed', 'an integer', o.seed);
  if (o.onStage !== undefined) checkFunction('onStage', o.onStage);
  if (o.signal !== undefined) checkInstance('signal', o.signal, AbortSignal);
  const r = o.agentRadius;
  if (r !== undefined && (typeof r !== 'number' || !(r >= 0 && r <= SCENE_RANGES.length)))
    throw usageError('agentRadius', `a number in [0, ${SCENE_RANGES.length}]`, r);
  if (o.placeWaypoints !== undefined) checkFunction('placeWaypoints', o.placeWaypoints);
  if (o.name !== undefined) checkString('name', o.name);
  if (o.voxelLayer !== undefined) checkFunction('voxelLayer', o.voxelLayer);
  return o;
}

/**
 * `files` checked before any work: a list of 1 to SCENE_LIMITS.meshes { src, mesh, name? }
 * whose meshes are triangle soups as `importMesh` returns them (usage errors naming the entry),
 * holding at most LIMITS.sceneTriangles triangles together (ImportError). Returns the numbers
 * in all the soups, each listed file counted.
 */
function checkFiles(files: unknown): number {
  if (!Array.isArray(files)) throw usageError('files', 'an array of { src, mesh, name? }', files);
  if (files.length === 0) throw new NavlabError('usage', 'files: expected at least one mesh');
  if (files.length > SCENE_LIMITS.meshes)
    throw new ImportError(`${files.length} mesh files, over the scene limit of ${SCENE_LIMITS.meshes}`);
  const scanned = new Set<unknown>();
  let total = 0;
  files.forEach((f: unknown, i) => {
    const what = `files[${i}]`;
    const file = checkObject<{ src: unknown; mesh: unknown; name?: unknown }>(what, f, 'an object { src, mesh, name? }');
    checkString(`${what}.src`, file.src);
    if (file.name !== undefined) checkString(`${what}.name`, file.name);
    const mesh = checkObject<Partial<ImportedMesh>>(`${what}.mesh`, file.mesh, 'an imported mesh { object, soup, triangles } (importMesh)');
    checkInstance(`${what}.mesh.object`, mesh.object, Object3D);
    // A file listed many times is scanned once (its numbers are the same each time).
    const soup = scanned.has(mesh.soup) ? mesh.soup! : checkNumbers(`${what}.mesh.soup`, mesh.soup, 9);
    scanned.add(soup);
    if (mesh.triangles !== soup.length / 9)
      throw usageError(`${what}.mesh.triangles`, `${soup.length / 9}, the triangles of its soup`, mesh.triangles);
    total += soup.length;
  });
  if (total / 9 > LIMITS.sceneTriangles) {
    throw new ImportError(
      `the meshes hold ${total / 9} triangles with every file counted, over the scene limit of ${LIMITS.sceneTriangles}`,
    );
  }
  return total;
}

/** The meshes' `src` as the scene schema takes them, checked before any work: a usage error naming `files[i].src`. */
function checkSources(meshes: readonly SceneMesh[]): void {
  try {
    parseScene({ version: SCENE_VERSION, meshes });
  } catch (e) {
    const issue = e instanceof SceneError ? e.issues.find((i) => /^meshes\[\d+\]\.src$/.test(i.path)) : undefined;
    if (issue === undefined) throw e;
    throw new NavlabError('usage', `${issue.path.replace(/^meshes/, 'files')}: ${issue.message}`);
  }
}

/** A mesh id from a file name: its stem, with characters an id may not hold replaced by '-'. */
function meshId(name: string): string {
  return (
    name
      .replace(/^.*[\\/]/, '')
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .slice(0, 60) || 'mesh'
  );
}

/** The default cell size: levelCellSize of the box's longest side (/ 128), at least the least cell size a scene holds. */
export function defaultCellSize(min: Vec3, max: Vec3): number {
  const extent = Math.max(max.x - min.x, max.y - min.y, max.z - min.z);
  return Math.max(extent > 0 ? levelCellSize(extent) : 0, SCENE_RANGES.cellSize[0]);
}

/**
 * A scene's voxel layer from world triangles (`voxelizeTriangles`), with what a scene can hold
 * checked first: the cell size within SCENE_RANGES.cellSize (NavlabError usage), the grid
 * within ±SCENE_RANGES.coord and its solid boxes within SCENE_LIMITS.primitives (ImportError).
 */
export function sceneVoxelLayer(soup: ArrayLike<number>, options: MeshVoxelizeOptions): MeshVoxelization & { layer: VoxelLayer } {
  const cellSize = checkSceneCellSize(options.cellSize);
  const { min, max } = soupBounds(soup);
  const spec = meshGridSpec(min, max, cellSize, options.dilation ?? 0);
  const axes = ['x', 'y', 'z'] as const;
  axes.forEach((k, a) => {
    const lo = spec.origin[k],
      hi = lo + spec.dims[a] * cellSize;
    const c = SCENE_RANGES.coord;
    if (lo < -c || hi > c)
      throw new ImportError(
        `the meshes reach ${k} = ${lo < -c ? min[k] : max[k]}; a scene's voxel layer must lie within ±${c} (with its margin of free voxels)`,
      );
  });
  const result = voxelizeTriangles(soup, options);
  const { grid } = result;
  const solid = solidBoxes(grid);
  if (solid.length > SCENE_LIMITS.primitives) {
    throw new ImportError(
      `the voxel layer needs ${solid.length} boxes, over the scene limit of ${SCENE_LIMITS.primitives} primitives; use a larger cell size than ${cellSize}`,
    );
  }
  const g = grid.origin;
  return { ...result, layer: { origin: [g.x, g.y, g.z], cellSize, dims: [grid.X, grid.Y, grid.Z], solid, terrain: [] } };
}

/** `cellSize` when a scene's voxel layer can hold it (SCENE_RANGES.cellSize), else a usage error naming it. */
function checkSceneCellSize(cellSize: unknown): number {
  const [least, most] = SCENE_RANGES.cellSize;
  if (typeof cellSize !== 'number' || !(cellSize >= least && cellSize <= most))
    throw usageError('cellSize', `a number in [${least}, ${most}] (the range a scene holds)`, cellSize);
  return cellSize;
}
