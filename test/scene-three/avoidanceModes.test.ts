/**
 * Issue 26: every shipped scene keeps its results in both avoidance modes. The scene's own
 * mode runs in simulation.test.ts; here each scene runs in the other mode (swarm scenes with
 * reciprocal avoidance, the crowd scenes with the swarm rule): every agent arrives and no step
 * ends inside static geometry. The crowd scenes also keep their agents apart in their own mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AvoidanceMode } from '../../src/core/steering/params.ts';
import { readSceneMeshes } from '../../src/cli/meshFiles.ts';
import { parseScene, type SceneDocument } from '../../src/scene/index.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';

const DIR = new URL('../../scenes/', import.meta.url);
const sceneFiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
  .sort();
const load = (file: string): SceneDocument => parseScene(readFileSync(new URL(file, DIR), 'utf8'));

async function run(file: string, avoidance: AvoidanceMode) {
  const doc = load(file);
  const meshes = await readSceneMeshes(doc, fileURLToPath(new URL(file, DIR)));
  const world = ObstacleWorld.fromScene(doc, { sceneMeshes: meshes });
  const { simulation: sim } = createSceneSimulation(doc, { world, params: { avoidance } });
  const seconds = Math.max(...doc.agents.map((a) => (2 * 400) / a.speed + 10));
  for (let k = 0; k < seconds * sim.params.stepHz && !sim.allArrived; k++) sim.fixedStep();
  return { doc, report: sim.report() };
}

describe('shipped scenes in the other avoidance mode', () => {
  it('ships the two crowd scenes with reciprocal avoidance', () => {
    expect(load('sphere-swap.json').steering?.avoidance).toBe('reciprocal');
    expect(load('crowd-crossing.json').steering?.avoidance).toBe('reciprocal');
  });

  for (const file of sceneFiles) {
    it(`${file}: every agent arrives and no step ends inside geometry`, async () => {
      const own = load(file).steering?.avoidance ?? 'swarm';
      const { doc, report } = await run(file, own === 'swarm' ? 'reciprocal' : 'swarm');
      expect(report.summary.agents).toBe(doc.agents.length);
      for (const m of report.agents) expect(m.arrived, `${m.id} arrived`).toBe(true);
      expect(report.summary.stepsInside).toBe(0);
    });
  }

  it('the sphere swap with reciprocal avoidance: no two agents overlap by more than 1% of a diameter', async () => {
    const { report } = await run('sphere-swap.json', 'reciprocal');
    expect(report.summary.arrived).toBe(120);
    expect(report.summary.minAgentGap).toBeGreaterThanOrEqual(0.99);
  });
});
