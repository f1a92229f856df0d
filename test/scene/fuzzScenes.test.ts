/**
 * Fuzzing the scene door: shipped scenes (version 1 and 2, one with an embedded mesh) with
 * one JSON mutation each (a number swapped for 0, -1, 2^31, 2^53, 1e308, NaN; an entry nulled
 * out, retyped or deleted; a value nested 300 to 200,000 deep; a reference pointed elsewhere)
 * go the way `nav preprocess` and `nav simulate` take them: parse, load meshes, link, then
 * 30 fixed steps and a report. A case must either run with finite numbers where the report
 * promises numbers, or fail with a NavlabError: never anything else. Work is bounded by
 * counts (the parsed scene within the limits, 30 steps), not by a clock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { parseScene, SCENE_LIMITS } from '../../src/scene/index.ts';
import { loadSceneMeshes } from '../../src/scene-three/sceneMeshes.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';
import { ROOT } from '../support/cli.ts';
import { jsonMutation, mutateJson, type JsonMutation } from '../support/mutate.ts';

const scene = (name: string) => JSON.parse(readFileSync(join(ROOT, 'scenes', name), 'utf8')) as Record<string, unknown>;

/** A version-2 scene holding one embedded STL (a wall) next to the shipped river scene's agents. */
function withMesh(): unknown {
  const stl = new Uint8Array(84 + 100);
  const view = new DataView(stl.buffer);
  view.setUint32(80, 2, true);
  [
    [0, -2, -2, 0, 2, -2, 0, 2, 2],
    [0, -2, -2, 0, 2, 2, 0, -2, 2],
  ].forEach((t, k) => t.forEach((c, i) => view.setFloat32(84 + 50 * k + 12 + 4 * i, c, true)));
  return {
    version: 2,
    meshes: [{ id: 'wall', src: `data:model/stl;base64,${Buffer.from(stl).toString('base64')}`, position: [0, 0, 0], scale: [1, 1, 1] }],
    waypoints: [
      { id: 'w', position: [-3, 0, 0] },
      { id: 'e', position: [3, 0, 0] },
      { id: 'n', position: [0, 0, 3] },
    ],
    agents: [{ id: 'a', start: 'w', goal: 'e', radius: 0.3, speed: 2 }],
  };
}

const BASES: [string, () => unknown][] = [
  ['river-bridge.json', () => scene('river-bridge.json')],
  ['galaxy.json', () => scene('galaxy.json')],
  ['thin-walls.json', () => scene('thin-walls.json')],
  ['sealed-room.json', () => scene('sealed-room.json')],
  ['embedded mesh (version 2)', withMesh],
];

/** The user's path through one scene text; returns what a failure threw (null on success). */
async function tryScene(text: string): Promise<unknown> {
  try {
    const doc = parseScene(JSON.parse(text));
    expect(doc.waypoints.length).toBeLessThanOrEqual(SCENE_LIMITS.waypoints);
    const sceneMeshes = await loadSceneMeshes(doc, async () => null);
    const world = ObstacleWorld.fromScene(doc, { sceneMeshes });
    const pre = preprocessScene(doc, { world: { sceneMeshes } });
    for (const c of pre.graph.costs) if (!Number.isFinite(c)) throw new Error(`link cost ${c}`);
    pre.world.dispose();
    const { simulation } = createSceneSimulation(doc, { seed: 1, world });
    for (let k = 0; k < 30; k++) simulation.fixedStep();
    const { agents } = simulation.report();
    for (const a of agents) {
      for (const v of [a.travelled, a.planned, a.stepsInside, a.replans])
        if (!Number.isFinite(v)) throw new Error(`agent '${a.id}': a report number is ${v}`);
      for (const v of [a.timeToArrive, a.minClearance]) if (v !== null && !Number.isFinite(v)) throw new Error(`agent '${a.id}': ${v}`);
    }
    world.dispose();
    return null;
  } catch (e) {
    // JSON.parse's own SyntaxError is the caller's to report (the CLI and the app wrap it).
    return e instanceof SyntaxError ? null : e;
  }
}

describe('fuzzing scene documents', () => {
  it.each(BASES)('%s', async (_, base) => {
    const value = base();
    await fc.assert(
      fc.asyncProperty(jsonMutation, async (m: JsonMutation) => {
        const error = await tryScene(mutateJson(value, m));
        if (error !== null && !(error instanceof NavlabError))
          throw new Error(`${JSON.stringify(m)}: ${(error as Error)?.name}: ${(error as Error)?.message}`);
      }),
      { seed: 22, numRuns: 60 },
    );
  });
});
