import type { SceneWaypoint } from '../../../scene/schema.ts';
import { freshId } from '../../shell/scene/freshId.ts';

/**
 * The scene's waypoints, then the placed ones that are not within `gap` of one of them (the
 * placement does not know them: a placed point beside a hand-placed one adds nothing), with
 * ids not taken by the scene's.
 */
export function addPlaced(existing: readonly SceneWaypoint[], placed: readonly SceneWaypoint[], gap: number): SceneWaypoint[] {
  const out = [...existing];
  const taken = new Set(existing.map((w) => w.id));
  const near = (p: readonly number[]) =>
    existing.some((w) => Math.hypot(w.position[0] - p[0], w.position[1] - p[1], w.position[2] - p[2]) < gap);
  for (const w of placed) {
    if (near(w.position)) continue;
    const id = taken.has(w.id) ? freshId('auto', taken) : w.id;
    taken.add(id);
    out.push({ ...w, id });
  }
  return out;
}
