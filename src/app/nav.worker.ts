/**
 * The app's nav worker, the workers' composition root: preprocessing (parse, voxel surface,
 * BVH, waypoint visibility; the shell's), searches nobody watches and octree builds (the search's) and mesh
 * work (the meshes'). Each worker keeps a NavWorld over each of the last few scene revisions
 * it has seen (WorkerScenes), so queries only carry the scene when the worker lacks it.
 */
import { NavlabError } from '../core/errors.ts';
import { importForApp, placeForApp, voxelizeForApp } from './features/meshes/meshWork.ts';
import type { ImportRequest, PlaceRequest, VoxelizeRequest } from './features/meshes/protocol.ts';
import type { QueryRequest } from './features/search/protocol.ts';
import { answerQuery } from './features/search/queryWork.ts';
import { answerOctree, answerOctreeLines, type OctreeLinesRequest, type OctreeRequest } from './features/search/octreeWork.ts';
import type { PreprocessRequest, WorkerResponse } from './shell/workers/protocol.ts';
import { WorkerScenes } from './shell/workers/workerScenes.ts';

/** Every request a nav worker answers. */
type NavRequest = PreprocessRequest | QueryRequest | OctreeRequest | OctreeLinesRequest | ImportRequest | VoxelizeRequest | PlaceRequest;

const scenes = new WorkerScenes();

async function answer(req: NavRequest & { id: number }): Promise<{ value: unknown; transfer: Transferable[] }> {
  switch (req.type) {
    case 'preprocess':
      return scenes.preprocess(req);
    case 'query':
      return answerQuery(scenes, req);
    case 'octree':
      return answerOctree(scenes, req);
    case 'octree-lines':
      return answerOctreeLines(scenes, req);
    case 'import-meshes':
      return {
        value: await importForApp(req, (stage) => (self as unknown as Worker).postMessage({ id: req.id, progress: stage })),
        transfer: [],
      };
    case 'voxelize':
      return { value: voxelizeForApp(req), transfer: [] };
    case 'waypoints':
      return { value: placeForApp(req), transfer: [] };
  }
}

self.onmessage = async (e: MessageEvent<NavRequest & { id: number }>) => {
  const req = e.data;
  let reply: WorkerResponse;
  let transfer: Transferable[] = [];
  try {
    const r = await answer(req);
    reply = { id: req.id, ok: true, value: r.value };
    transfer = r.transfer;
  } catch (err) {
    const error =
      err instanceof NavlabError
        ? err.toJSON()
        : err instanceof Error
          ? { name: err.name, message: err.message }
          : { name: 'Error', message: String(err) };
    reply = { id: req.id, ok: false, error };
  }
  (self as unknown as Worker).postMessage(reply, transfer);
};
