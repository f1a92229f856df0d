/**
 * The goals of automatic waypoints on a shipped scene, at its own agent radius: full coverage,
 * one graph component per free component, route ratios over `pairs` seeded pairs (seed 1: not
 * the seeds placement trains on; a smaller count takes the first pairs of the same sequence)
 * with median <= 1.05 and 95th percentile <= 1.15, and every waypoint clear of the real geometry
 * (BVH closest point, not the voxel grid). Used by test/scene-three/autoWaypoints.test.ts (a
 * sample of the pairs) and scripts/verify-waypoints.ts (`npm run verify`: 1,000 pairs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSceneMeshes } from '../../src/cli/meshFiles.ts';
import { parseScene } from '../../src/scene/index.ts';
import { sceneWaypointFigures } from '../../src/scene-three/autoWaypoints.ts';
import { ROOT } from './cli.ts';

/** The shipped scene files (scenes/*.json without the index and the schema), sorted. */
export const SHIPPED_SCENES: readonly string[] = readdirSync(join(ROOT, 'scenes'))
  .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
  .sort();

/** The goals `file` misses with figures over `pairs` pairs, one message each (empty: all met). */
export async function missedWaypointGoals(file: string, pairs: number): Promise<string[]> {
  const path = join(ROOT, 'scenes', file);
  const doc = parseScene(readFileSync(path, 'utf8'));
  // The example levels' meshes are part of their static world.
  const r = sceneWaypointFigures(doc, { world: { sceneMeshes: await readSceneMeshes(doc, path) } }, { pairs });
  const m = r.metrics;
  const missed: string[] = [];
  const want = (ok: boolean, what: string) => {
    if (!ok) missed.push(`${file}: ${what}`);
  };
  want(r.graph.count > 0, 'no waypoints');
  want(m.coverage === 1, `coverage ${m.coverage}, expected 1`);
  want(m.components.graph === m.components.free, `${m.components.graph} graph components for ${m.components.free} free ones`);
  want(m.pairs === pairs, `${m.pairs} pairs measured, expected ${pairs}`);
  want(m.medianRatio !== null && m.medianRatio <= 1.05, `median ratio ${m.medianRatio}, expected <= 1.05`);
  want(m.p95Ratio !== null && m.p95Ratio <= 1.15, `95th percentile ratio ${m.p95Ratio}, expected <= 1.15`);
  const p = r.graph.positions;
  const out = { x: 0, y: 0, z: 0 },
    normal = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < r.graph.count; i++) {
    const d = r.world.closestPointOnObstacles({ x: p[3 * i], y: p[3 * i + 1], z: p[3 * i + 2] }, r.agentRadius, out, normal);
    want(d >= r.agentRadius - 1e-6, `waypoint ${i} is ${d} from geometry, closer than the agent radius ${r.agentRadius}`);
  }
  return missed;
}
