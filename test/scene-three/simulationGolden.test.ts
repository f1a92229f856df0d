/**
 * Golden traces of the shipped scenes through createSceneSimulation (BVH geometry, grid and
 * waypoint planners, moving obstacles): every step and the final state must match the values
 * recorded in golden-scene-traces.json from a known-good build, bit for bit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../../src/scene/index.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';
import { ROOT } from '../scene/helpers.ts';
import { trace } from '../support/simulationTrace.ts';
import golden from './golden-scene-traces.json' with { type: 'json' };

describe('golden scene simulation traces', () => {
  for (const [name, expected] of Object.entries(golden)) {
    it(`${name} replays exactly (seed 5, 400 steps)`, () => {
      const doc = parseScene(readFileSync(join(ROOT, 'scenes', name), 'utf8'));
      expect(trace(createSceneSimulation(doc, { seed: 5 }).simulation, 400)).toEqual(expected);
    });
  }
});
