/**
 * The app's worker: preprocessing (parse, voxel surface, BVH, waypoint visibility) and
 * searches nobody watches. Each worker keeps a NavWorld over each of the last few scene
 * revisions it has seen (the app's query path: NavWorld.query), so queries only carry the
 * scene when the worker lacks it.
 */
import { NavlabError } from '../core/errors.ts';
import { SearchContext } from '../core/search/SearchContext.ts';
import { resolveGraph } from '../scene/query.ts';
import type { NavWorld } from '../three/NavWorld.ts';
import { sceneNavWorld } from './shell/scene/sceneQuery.ts';
import { collectVisited, gridPositions, trimVisited } from './features/search/visited.ts';
import { importForApp, placeForApp, voxelizeForApp } from './features/meshes/meshWork.ts';
import { soupMeshes } from './shell/workers/meshSoups.ts';
import { preprocessForApp } from './shell/workers/preprocessForApp.ts';
import type {
  PreprocessReply,
  PreprocessRequest,
  QueryReply,
  QueryRequest,
  SceneData,
  WorkerRequest,
  WorkerResponse,
} from './shell/workers/protocol.ts';

const scenes = new Map<number, NavWorld>();
const ctx = new SearchContext();
const KEEP = 3;

function remember(revision: number, data: SceneData): NavWorld {
  const s = sceneNavWorld(data);
  scenes.set(revision, s);
  for (const r of scenes.keys()) if (scenes.size > KEEP && r !== revision) scenes.delete(r);
  return s;
}

function preprocess(req: PreprocessRequest): { value: PreprocessReply; transfer: Transferable[] } {
  const r = preprocessForApp(req.source, soupMeshes(req.meshes));
  // sceneNavWorld copies what it keeps, so the arrays can be transferred to the app.
  remember(req.revision, r.value.scene);
  return r;
}

function query(req: QueryRequest): { value: QueryReply; transfer: Transferable[] } {
  const nav = req.scene !== undefined ? remember(req.revision, req.scene) : scenes.get(req.revision);
  if (nav === undefined) throw new Error(`worker: scene revision ${req.revision} is unknown`);
  const graph = resolveGraph(req.graph, req.from);
  const report = nav.query(req.from, req.to, { ...req.options, graph }, ctx);
  if (!req.visited) return { value: { report }, transfer: [] };
  const grid = nav.grid;
  const space = graph === 'grid' && grid !== null ? gridPositions(grid) : nav.graph;
  const visited = trimVisited(collectVisited(ctx, space));
  return { value: { report, visited }, transfer: [visited.positions.buffer, visited.g.buffer, visited.closed.buffer] };
}

async function answer(req: WorkerRequest): Promise<{ value: unknown; transfer: Transferable[] }> {
  switch (req.type) {
    case 'preprocess':
      return preprocess(req);
    case 'query':
      return query(req);
    case 'import-meshes':
      return { value: await importForApp(req), transfer: [] };
    case 'voxelize':
      return { value: voxelizeForApp(req), transfer: [] };
    case 'waypoints':
      return { value: placeForApp(req), transfer: [] };
  }
}

self.onmessage = async (e: MessageEvent<WorkerRequest & { id: number }>) => {
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
