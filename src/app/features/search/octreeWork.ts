import { now } from '../../../core/clock.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../core/sparse/build.ts';
import type { SparseComponents } from '../../../core/sparse/components.ts';
import { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import type { SparseArrays } from '../../../core/sparse/SparseWorld.ts';
import type { SceneData } from '../../shell/workers/protocol.ts';
import type { WorkerScenes } from '../../shell/workers/workerScenes.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { type OctreeCellLines, octreeCellLines } from './octreeCells.ts';

/**
 * The octree's builds in a nav worker, off the main thread, from the worker's copy of the
 * scene's grid: for the lab's searches (graph 'octree'), the sparse world (sparseFromGrid) and
 * the connected components of its free cells, whose typed arrays are transferred (the main
 * thread wraps them, OctreeSearch.adopt, and splits the mixed bricks into boxes); for the
 * "octree cells" view, its finished outlines (octreeCellLines).
 */

/** Build the octree of a scene revision's grid. */
export interface OctreeRequest {
  type: 'octree';
  revision: number;
  /** Attached when the worker may not hold this revision yet. */
  scene?: SceneData;
}

/** Build the "octree cells" view's outlines of a scene revision's grid. */
export interface OctreeLinesRequest {
  type: 'octree-lines';
  revision: number;
  scene?: SceneData;
}

/** The octree of a grid as transferable arrays: its world (SparseWorld's fields) and its components. */
export interface OctreeReply {
  dims: [number, number, number];
  cellSize: number;
  origin: { x: number; y: number; z: number };
  arrays: SparseArrays;
  components: SparseComponents;
  /** Wall time of the build in the worker, ms. */
  ms: number;
}

/** Builds the octree of `grid` and its components; the arrays to transfer are listed once each. */
export function octreeOf(grid: VoxelGrid): { value: OctreeReply; transfer: Transferable[] } {
  const t = now();
  const w = sparseFromGrid(grid);
  const components = new SparseSpace(w, { components: true, regions: false }).components!;
  const arrays: SparseArrays = {
    top: w.top,
    levelStart: w.levelStart,
    code: w.code,
    kind: w.kind,
    level: w.level,
    firstChild: w.firstChild,
    parents: w.parents,
    coarseLink: w.coarseLink,
    maskLo: w.maskLo,
    maskHi: w.maskHi,
  };
  const { top: _, ...typed } = arrays;
  const buffers = new Set<ArrayBufferLike>([...Object.values(typed), ...Object.values(components)].map((a) => a.buffer));
  const value: OctreeReply = { dims: [w.X, w.Y, w.Z], cellSize: w.cellSize, origin: { ...w.origin }, arrays, components, ms: now() - t };
  return { value, transfer: [...buffers] as Transferable[] };
}

/** Answers an octree request in a nav worker, for the grid of its scene revision. */
export function answerOctree(scenes: WorkerScenes, req: OctreeRequest): { value: OctreeReply; transfer: Transferable[] } {
  const grid = scenes.get(req.revision, req.scene).grid;
  if (grid === null) throw new Error('octree: this scene has no voxel grid');
  return octreeOf(grid);
}

/** Answers an outlines request in a nav worker: the free cells of its revision's grid's octree, as the view draws them. */
export function answerOctreeLines(scenes: WorkerScenes, req: OctreeLinesRequest): { value: OctreeCellLines; transfer: Transferable[] } {
  const grid = scenes.get(req.revision, req.scene).grid;
  if (grid === null) throw new Error('octree: this scene has no voxel grid');
  const lines = octreeCellLines(new SparseSpace(sparseFromGrid(grid), { components: false }));
  return { value: lines, transfer: [lines.positions.buffer, lines.colors.buffer] };
}

/** Sends an octree request for `scene`'s revision to a worker of `pool`, with the scene's data when that worker lacks it. */
export function askWorker<T>(pool: WorkerPool, scene: LoadedScene, request: OctreeRequest | OctreeLinesRequest): Promise<T> {
  return pool.run<T>(request, {
    revision: scene.revision,
    attach: (r) => void ((r as OctreeRequest).scene = scene.sceneData()),
  });
}
