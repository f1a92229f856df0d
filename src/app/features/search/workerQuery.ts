import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { QueryReply, QueryRequest } from './protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';

/**
 * One query on `scene`, answered in a worker (a search nobody watches): the scene's data is
 * attached only when the worker chosen does not hold its revision yet.
 */
export function queryInWorker(
  pool: WorkerPool,
  scene: LoadedScene,
  query: Omit<QueryRequest, 'type' | 'revision' | 'scene'>,
): Promise<QueryReply> {
  const request: QueryRequest = { type: 'query', revision: scene.revision, ...query };
  return pool.run<QueryReply>(request, {
    revision: scene.revision,
    attach: (r) => void ((r as QueryRequest).scene = scene.sceneData()),
  });
}
