import { NavlabError } from '../core/errors.ts';
import { LIMITS } from '../core/limits.ts';
import type { SceneDocument } from './schema.ts';

/**
 * The triangle budget of a scene's meshes: LIMITS.sceneTriangles for all of them together,
 * every listed instance counted (a file listed 300 times costs 300 times its triangles, since
 * each instance becomes geometry of its own). `MeshBudget` is fed each file's triangle count
 * as soon as it is known, before the next file is read and before any geometry is built, so
 * a scene over the budget fails after reading one file, not after building all of them.
 */
export class MeshBudget {
  readonly #instances = new Map<string, number>();
  #total = 0;

  constructor(doc: SceneDocument) {
    for (const m of doc.meshes ?? []) this.#instances.set(m.src, (this.#instances.get(m.src) ?? 0) + 1);
  }

  /** Counts the file `src` (read once, listed as many times as the document lists it). Throws NavlabError 'input' over the budget. */
  add(src: string, triangles: number): void {
    const n = this.#instances.get(src) ?? 0;
    this.#total += n * triangles;
    if (this.#total > LIMITS.sceneTriangles) {
      const what = src.startsWith('data:') ? 'an embedded mesh' : `'${src.slice(0, 80)}'`;
      throw new NavlabError(
        'input',
        `meshes: more than ${LIMITS.sceneTriangles} triangles with every instance counted (${what}: ${triangles} triangles, listed ${n} time${n === 1 ? '' : 's'}), over the scene limit of ${LIMITS.sceneTriangles}`,
      );
    }
  }
}

/** Throws NavlabError 'input' when the loaded meshes of `doc`, every instance counted, exceed LIMITS.sceneTriangles. */
export function checkMeshBudget(doc: SceneDocument, loaded: ReadonlyMap<string, { triangles: number }>): void {
  const budget = new MeshBudget(doc);
  const seen = new Set<string>();
  for (const m of doc.meshes ?? []) {
    const mesh = loaded.get(m.id);
    if (mesh === undefined || seen.has(m.src)) continue;
    seen.add(m.src);
    budget.add(m.src, mesh.triangles);
  }
}
