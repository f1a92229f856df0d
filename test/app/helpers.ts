import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LoadedScene } from '../../src/app/shell/scene/LoadedScene.ts';
import { collectVisited, gridPositions } from '../../src/app/features/search/visited.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import type { QueryReply, QueryRequest } from '../../src/app/features/search/protocol.ts';
import type { WorkerRequest } from '../../src/app/shell/workers/protocol.ts';
import { octreeOf } from '../../src/app/features/search/octreeWork.ts';
import { preprocessForApp } from '../../src/app/shell/workers/preprocessForApp.ts';
import type { WorkerPool } from '../../src/app/shell/workers/WorkerPool.ts';
import { ROOT } from '../support/cli.ts';
import type { StorageLike } from '../../src/app/features/editor/persistence.ts';

/** A shipped scene preprocessed as the app's worker does it, as the app holds it. */
export function loadedScene(file: string, revision = 1): LoadedScene {
  const { value } = preprocessForApp({ kind: 'json', text: readFileSync(join(ROOT, 'scenes', file), 'utf8') });
  return new LoadedScene(revision, value, 0);
}

/** A WorkerPool stand-in that answers queries and octree builds at once, on the main thread, as nav.worker.ts does. */
export function inlinePool(scene: () => LoadedScene): WorkerPool & { requests: WorkerRequest[] } {
  const requests: WorkerRequest[] = [];
  return {
    requests,
    run: async (r: WorkerRequest): Promise<unknown> => {
      requests.push(r);
      const s = scene();
      if (r.type === 'octree') return octreeOf(s.grid!).value;
      const q = r as QueryRequest;
      const ctx = new SearchContext();
      const reply: QueryReply = { report: s.nav.query(q.from, q.to, { ...q.options, graph: q.graph }, ctx) };
      if (q.visited) reply.visited = collectVisited(ctx, q.graph === 'grid' ? gridPositions(s.grid!) : s.graph);
      return reply;
    },
  } as unknown as WorkerPool & { requests: WorkerRequest[] };
}

/** An in-memory localStorage shared by "tabs"; `full` makes writes fail as a full storage does. */
export function memoryStorage(): StorageLike & { store: Map<string, string>; full: boolean } {
  const store = new Map<string, string>();
  return {
    store,
    full: false,
    getItem: (k) => store.get(k) ?? null,
    setItem(k, v) {
      if (this.full) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      store.set(k, v);
    },
    removeItem: (k) => void store.delete(k),
    key: (i) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  };
}
