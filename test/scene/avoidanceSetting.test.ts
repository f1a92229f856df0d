/**
 * The scene's `steering.avoidance` (issue 26): optional (older scenes load unchanged), saved and
 * loaded again as written, bad values rejected with an error naming the field, and handed to
 * the simulation a scene makes.
 */
import { describe, expect, it } from 'vitest';
import { parseScene, safeParseScene, saveScene } from '../../src/scene/index.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';

function base(): Record<string, any> {
  return {
    version: 1,
    name: 'avoidance',
    bounds: { min: [0, 0, 0], max: [10, 10, 10] },
    obstacles: [],
    movingObstacles: [],
    waypoints: [
      { id: 'a', position: [1, 5, 5] },
      { id: 'b', position: [9, 5, 5] },
    ],
    agents: [
      { id: 'x', start: 'a', goal: 'b', radius: 0.3, speed: 1 },
      { id: 'y', start: 'b', goal: 'a', radius: 0.3, speed: 1 },
    ],
  };
}

describe('steering.avoidance in scenes', () => {
  it('is optional: a scene without it loads and simulates with the swarm rule', () => {
    const doc = parseScene(base());
    expect(doc.steering?.avoidance).toBeUndefined();
    expect(createSceneSimulation(doc).simulation.params.avoidance).toBe('swarm');
  });

  it('round-trips through save and parse, and reaches the simulation', () => {
    for (const avoidance of ['swarm', 'reciprocal'] as const) {
      const doc = parseScene({ ...base(), steering: { avoidance, stepHz: 30 } });
      expect(doc.steering).toEqual({ avoidance, stepHz: 30 });
      const again = parseScene(saveScene(doc));
      expect(again.steering).toEqual({ avoidance, stepHz: 30 });
      expect(saveScene(again)).toBe(saveScene(doc));
      const { simulation } = createSceneSimulation(again);
      expect(simulation.params.avoidance).toBe(avoidance);
      expect(simulation.params.stepHz).toBe(30);
      // Options override the document.
      expect(createSceneSimulation(again, { params: { avoidance: 'swarm' } }).simulation.params.avoidance).toBe('swarm');
    }
  });

  it('rejects hostile values with an error naming steering.avoidance', () => {
    for (const bad of ['orca', 'SWARM', '', 1, null, true, ['swarm'], { mode: 'swarm' }]) {
      const r = safeParseScene({ ...base(), steering: { avoidance: bad } });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message).toMatch(/steering\.avoidance/);
        expect(r.error.message).toMatch(/swarm/);
      }
    }
  });
});
