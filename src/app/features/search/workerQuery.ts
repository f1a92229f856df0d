import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { QueryReply, QueryRequest } from './protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import type { PathReport } from '../../../core/query/report.ts';
import type { LabRun } from './LabRun.ts';
import { endpointPosition } from './labEndpoints.ts';

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

/**
 * Runs lab run `r`'s query in a worker (a search nobody watches) with the nodes it reached:
 * draws them when it comes back and hands the path's world points and the report to `done`;
 * `current()` false (another search started since) drops the answer.
 */
export function runInWorker(
  pool: WorkerPool,
  scene: LoadedScene,
  query: Omit<QueryRequest, 'type' | 'revision' | 'scene' | 'visited'>,
  r: LabRun,
  current: () => boolean,
  done: (points: Float32Array, report: PathReport) => void,
  failed: (message: string) => void,
): void {
  queryInWorker(pool, scene, { ...query, visited: true })
    .then((reply) => {
      if (!current()) return;
      const rep = reply.report;
      const points = new Float32Array(3 * rep.path.length);
      rep.path.forEach((p, i) => points.set(query.graph === 'grid' ? endpointPosition(scene, p)! : p, 3 * i));
      r.visited = reply.visited!;
      r.view?.setVisited(r.visited);
      done(points, rep);
    })
    .catch((e: Error) => {
      if (current()) failed(e.message);
    });
}
