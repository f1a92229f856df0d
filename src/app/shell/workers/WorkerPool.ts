import { NavlabError } from '../../../core/errors.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (step: string) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The scene revision this worker was last given (it keeps a few; see nav.worker.ts). */
  revision: number;
}

/**
 * A fixed pool of nav workers. Requests go to the worker with the fewest
 * pending requests, preferring one that already holds the scene revision a query needs.
 * Errors thrown in a worker come back as rejected promises with the same name and message.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;

  /** @param create starts one worker (main.ts: nav.worker.ts) */
  constructor(
    size: number,
    private readonly create: () => Worker,
  ) {
    for (let i = 0; i < size; i++) {
      const slot = { pending: new Map(), revision: -1 } as unknown as Slot;
      this.start(slot);
      this.slots.push(slot);
    }
  }

  private start(slot: Slot): void {
    slot.worker = this.create();
    slot.revision = -1;
    slot.worker.onmessage = (e: MessageEvent<WorkerResponse>) => this.receive(slot, e.data);
    slot.worker.onerror = (e) => this.fail(slot, new Error(`worker error: ${e.message || 'failed to start'}`));
  }

  /**
   * Sends `request` to a worker. `revision`: the scene revision the request needs; when the
   * chosen worker lacks it, `attach(request)` adds the scene to the request first.
   * `signal`: aborting it rejects the request with an AbortError at once and restarts its
   * worker (a worker cannot be interrupted otherwise); other requests that worker held are
   * rejected too. `onProgress`: told each progress step the worker posts for the request.
   */
  run<T>(
    request: WorkerRequest,
    options: {
      revision?: number;
      attach?: (r: WorkerRequest) => void;
      transfer?: Transferable[];
      signal?: AbortSignal;
      onProgress?: (step: string) => void;
    } = {},
  ): Promise<T> {
    const { revision, signal } = options;
    if (signal?.aborted) return Promise.reject(abortError());
    let best = this.slots[0];
    let bestScore = Infinity;
    for (const s of this.slots) {
      const score = 2 * s.pending.size + (revision !== undefined && s.revision !== revision ? 1 : 0);
      if (score < bestScore) {
        best = s;
        bestScore = score;
      }
    }
    if (revision !== undefined && best.revision !== revision) {
      options.attach?.(request);
      best.revision = revision;
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      best.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress: options.onProgress });
      signal?.addEventListener(
        'abort',
        () => {
          if (!best.pending.has(id)) return;
          best.pending.delete(id);
          reject(abortError());
          this.restart(best);
        },
        { once: true },
      );
      try {
        best.worker.postMessage({ ...request, id }, options.transfer ?? []);
      } catch (e) {
        best.pending.delete(id);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    }).then((value) => {
      // A preprocessed scene stays in its worker (the worker remembers the revision).
      if (request.type === 'preprocess' && request.revision !== undefined) best.revision = request.revision;
      return value;
    });
  }

  dispose(): void {
    for (const s of this.slots) {
      s.worker.terminate();
      this.fail(s, new Error('worker pool disposed'));
    }
  }

  /** Replaces a slot's worker (its pending requests fail): the way to stop a long request. */
  private restart(slot: Slot): void {
    slot.worker.terminate();
    this.fail(slot, new Error('worker restarted: another request on it was cancelled'));
    this.start(slot);
  }

  private receive(slot: Slot, msg: WorkerResponse): void {
    const p = slot.pending.get(msg.id);
    if (p === undefined) return;
    if ('progress' in msg) {
      p.onProgress?.(msg.progress);
      return;
    }
    slot.pending.delete(msg.id);
    if (msg.ok) {
      p.resolve(msg.value);
    } else {
      p.reject(NavlabError.from(msg.error));
    }
  }

  private fail(slot: Slot, error: Error): void {
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  }
}

function abortError(): Error {
  const e = new Error('cancelled');
  e.name = 'AbortError';
  return e;
}
