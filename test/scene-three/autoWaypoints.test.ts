import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSceneMeshes } from '../../src/cli/meshFiles.ts';
import { parseScene } from '../../src/scene/index.ts';
import { sceneWaypointFigures } from '../../src/scene-three/autoWaypoints.ts';
import { ROOT } from '../support/cli.ts';

const SCENES = readdirSync(join(ROOT, 'scenes'))
  .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
  .sort();

/**
 * The goals of automatic waypoints, asserted as properties on every shipped scene at its own
 * agent radius: full coverage, one graph component per free component, and the route ratios
 * (1,000 pairs, seed 1: not the seeds placement trains on).
 */
describe('automatic waypoints on the shipped scenes', () => {
  it('finds the shipped scenes', () => {
    expect(SCENES.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of SCENES) {
    it(`${file}: coverage 1, components equal, median ratio <= 1.05, p95 <= 1.15, waypoints clear of geometry`, async () => {
      const path = join(ROOT, 'scenes', file);
      const doc = parseScene(readFileSync(path, 'utf8'));
      // The example levels' meshes are part of their static world.
      const r = sceneWaypointFigures(doc, { world: { sceneMeshes: await readSceneMeshes(doc, path) } });
      const m = r.metrics;
      expect(r.graph.count).toBeGreaterThan(0);
      expect(m.coverage).toBe(1);
      expect(m.components.graph).toBe(m.components.free);
      expect(m.pairs).toBe(1000);
      expect(m.medianRatio).not.toBeNull();
      expect(m.medianRatio!).toBeLessThanOrEqual(1.05);
      expect(m.p95Ratio!).toBeLessThanOrEqual(1.15);
      // Clearance against the real geometry (BVH closest point), not the voxel grid.
      const p = r.graph.positions;
      const out = { x: 0, y: 0, z: 0 },
        normal = { x: 0, y: 0, z: 0 };
      for (let i = 0; i < r.graph.count; i++) {
        const d = r.world.closestPointOnObstacles({ x: p[3 * i], y: p[3 * i + 1], z: p[3 * i + 2] }, r.agentRadius, out, normal);
        expect(d, `waypoint ${i}`).toBeGreaterThanOrEqual(r.agentRadius - 1e-6);
      }
    }, 900_000);
  }
});
