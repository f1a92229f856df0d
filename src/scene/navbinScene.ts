/**
 * A baked `.navbin` back as a scene document (how the app opens a dropped .navbin): the grid
 * becomes the voxel layer (solid boxes and terrain regions, lossless), the waypoints keep
 * their ids and positions, and the settings the file was baked with become the document's
 * agent radius, link distance and search rules. Links are not stored in a document: loading
 * it links the waypoints again (by the document's rules, against its voxel layer).
 */
import { checkString } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { readNavbin } from '../core/io/navbin.ts';
import { solidBoxes } from './build.ts';
import { SCENE_VERSION } from './documentShape.ts';
import type { SceneDocument, TerrainRegion } from './schema.ts';

/** Distinct terrain costs a .navbin may hold to become a document (each is one terrain region). */
const MAX_TERRAIN_KINDS = 64;

/**
 * The scene document of a .navbin's bytes (readNavbin: a bad file is a NavbinError, code
 * 'parse'). `fileName` names the scene (its stem) and its description. Throws a NavlabError
 * 'parse' when the grid holds more than 64 distinct terrain costs. The document is not
 * validated here: parseScene it (ids, ranges and limits of the scene format).
 */
export function sceneFromNavbin(bytes: Uint8Array | ArrayBuffer, fileName: string): SceneDocument {
  checkString('sceneFromNavbin: fileName', fileName);
  const { settings, grid, graph } = readNavbin(bytes);
  const base = fileName.replace(/^.*[\\/]/, '');
  const n = graph.ids.length;
  const waypoints = graph.ids.map((id, i) => ({
    id,
    position: [graph.positions[3 * i], graph.positions[3 * i + 1], graph.positions[3 * i + 2]] as [number, number, number],
  }));
  const doc: SceneDocument = {
    version: SCENE_VERSION,
    name: base.replace(/\.navbin$/i, '') || 'navbin',
    description: `Baked navigation ${base}: ${grid === null ? 'no voxel grid' : `${grid.X}x${grid.Y}x${grid.Z} voxels`}, ${n} waypoints, ${graph.targets.length / 2} links (linked again on loading).`,
    bounds: grid === null ? pointBounds(graph.positions) : gridBounds(grid),
    obstacles: [],
    meshes: [],
    movingObstacles: [],
    waypoints,
    agents: [],
    agentRadius: settings.agentRadius,
    search: { neighborhood: settings.neighborhood, cornerCutting: settings.cornerCutting },
  } as SceneDocument;
  if (Number.isFinite(settings.maxLinkDistance)) doc.maxLinkDistance = settings.maxLinkDistance;
  if (grid !== null) {
    const o = grid.origin;
    doc.voxels = {
      origin: [o.x, o.y, o.z],
      cellSize: grid.cellSize,
      dims: [grid.X, grid.Y, grid.Z],
      solid: solidBoxes(grid),
      terrain: terrainRegions(grid),
    };
  }
  return doc;
}

/** The grid's box in world units. */
function gridBounds(grid: VoxelGrid): SceneDocument['bounds'] {
  const o = grid.origin,
    s = grid.cellSize;
  return { min: [o.x, o.y, o.z], max: [o.x + grid.X * s, o.y + grid.Y * s, o.z + grid.Z * s] };
}

/** The box around the points, grown by 1 (a unit box at the origin without points). */
function pointBounds(p: Float64Array): SceneDocument['bounds'] {
  const min: [number, number, number] = [Infinity, Infinity, Infinity],
    max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i] - 1);
    max[i % 3] = Math.max(max[i % 3], p[i] + 1);
  }
  return p.length === 0 ? { min: [0, 0, 0], max: [1, 1, 1] } : { min, max };
}

/** One terrain region per distinct cost above 1, its voxels as merged boxes. */
function terrainRegions(grid: VoxelGrid): TerrainRegion[] {
  const terrain = grid.terrain;
  if (terrain === null) return [];
  const costs = new Set<number>();
  for (let i = 0; i < terrain.length; i++) {
    if (terrain[i] === 1 || costs.has(terrain[i])) continue;
    costs.add(terrain[i]);
    if (costs.size > MAX_TERRAIN_KINDS)
      throw new NavlabError('parse', `navbin: more than ${MAX_TERRAIN_KINDS} distinct terrain costs (a scene holds one region per cost)`);
  }
  const mask = new VoxelGrid({ dims: [grid.X, grid.Y, grid.Z], origin: grid.origin, cellSize: grid.cellSize });
  return [...costs]
    .sort((a, b) => a - b)
    .map((cost) => {
      for (let i = 0; i < terrain.length; i++) mask.occupancy[i] = terrain[i] === cost ? 1 : 0;
      return { kind: `cost ${cost}`, cost, boxes: solidBoxes(mask) };
    });
}
