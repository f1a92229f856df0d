import type { NavWorld } from '../../../three/NavWorld.ts';
import { sceneNavWorld } from './sceneQuery.ts';
import { soupMeshes } from './meshSoups.ts';
import { preprocessForApp } from './preprocessForApp.ts';
import type { PreprocessReply, PreprocessRequest, SceneData } from './protocol.ts';

/** Scene revisions a worker keeps a NavWorld for. */
const KEEP = 3;

/**
 * A nav worker's scenes: a NavWorld over each of the last few scene revisions it has seen,
 * so that requests only carry a scene's data when the worker lacks it (WorkerPool).
 */
export class WorkerScenes {
  private readonly scenes = new Map<number, NavWorld>();

  /** Keeps a NavWorld over `data` as revision `revision` (the oldest revisions are dropped). */
  remember(revision: number, data: SceneData): NavWorld {
    const s = sceneNavWorld(data);
    this.scenes.set(revision, s);
    for (const r of this.scenes.keys()) if (this.scenes.size > KEEP && r !== revision) this.scenes.delete(r);
    return s;
  }

  /** The NavWorld of a revision: from `data` when given (and then kept), else one kept; throws when unknown. */
  get(revision: number, data?: SceneData): NavWorld {
    const nav = data !== undefined ? this.remember(revision, data) : this.scenes.get(revision);
    if (nav === undefined) throw new Error(`worker: scene revision ${revision} is unknown`);
    return nav;
  }

  /** Preprocesses a scene (preprocessForApp) and keeps its revision. */
  preprocess(req: PreprocessRequest): { value: PreprocessReply; transfer: Transferable[] } {
    const r = preprocessForApp(req.source, soupMeshes(req.meshes));
    // sceneNavWorld copies what it keeps, so the arrays can be transferred to the app.
    this.remember(req.revision, r.value.scene);
    return r;
  }
}
