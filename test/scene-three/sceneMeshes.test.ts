import { describe, expect, it } from 'vitest';
import { parseScene, saveScene, type SceneDocument } from '../../src/scene/index.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { loadSceneMeshes, meshDataUri } from '../../src/scene-three/sceneMeshes.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';

/** A binary STL of a square in the plane x = 0, y and z in [-2, 2] (two triangles). */
function wallStl(): Uint8Array {
  const out = new Uint8Array(84 + 100);
  const view = new DataView(out.buffer);
  view.setUint32(80, 2, true);
  const tris = [
    [
      [0, -2, -2],
      [0, 2, -2],
      [0, 2, 2],
    ],
    [
      [0, -2, -2],
      [0, 2, 2],
      [0, -2, 2],
    ],
  ];
  tris.forEach((t, k) => t.forEach((v, j) => v.forEach((c, a) => view.setFloat32(84 + 50 * k + 12 + 12 * j + 4 * a, c, true))));
  return out;
}
const WALL = `data:model/stl;base64,${Buffer.from(wallStl()).toString('base64')}`;

function scene(meshes: unknown[]): SceneDocument {
  return parseScene({
    version: 2,
    agentRadius: 0,
    meshes,
    waypoints: [
      { id: 'w', position: [-3, 0, 0] },
      { id: 'e', position: [3, 0, 0] },
      { id: 'nw', position: [-3, 0, 2.3] },
      { id: 'ne', position: [3, 0, 2.3] },
    ],
    agents: [{ id: 'a', start: [-2, 0, 0], goal: [2, 0, 0], radius: 0.4, speed: 2 }],
  });
}

const noFiles = async () => null;

describe('meshes in a scene', () => {
  it('decodes data: URIs by their media type', () => {
    expect(meshDataUri(WALL).format).toBe('stl');
    expect(meshDataUri(WALL).bytes).toEqual(wallStl());
  });

  it('block waypoint links (segment and agent-radius capsule) by their placement', async () => {
    const pairs = async (meshes: unknown[], agentRadius: number) => {
      const doc = scene(meshes);
      const sceneMeshes = await loadSceneMeshes(doc, noFiles);
      return preprocessScene(doc, { agentRadius, world: { sceneMeshes } }).graph.pairs();
    };
    expect(await pairs([], 0)).toContainEqual([0, 1]);
    // The wall between w and e: the segment is blocked; nw-ne passes 0.3 above its edge.
    expect(await pairs([{ id: 'wall', src: WALL }], 0)).not.toContainEqual([0, 1]);
    expect(await pairs([{ id: 'wall', src: WALL }], 0)).toContainEqual([2, 3]);
    expect(await pairs([{ id: 'wall', src: WALL }], 0.5)).not.toContainEqual([2, 3]);
    // Moved away along z by 10, the wall blocks nothing; lifted by 3 and scaled to half height (y in [2, 4]) it misses w-e.
    expect(await pairs([{ id: 'wall', src: WALL, position: [0, 0, 10] }], 0)).toContainEqual([0, 1]);
    expect(await pairs([{ id: 'wall', src: WALL, position: [0, 3, 0], scale: [1, 0.5, 1] }], 0)).toContainEqual([0, 1]);
    // Turned 90 degrees about y and moved to z = 1.2, the wall lies in the plane z = 1.2
    // (x in [-2, 2]): w-e passes beside it, w-ne crosses it (at x = 0.13).
    const turned = await pairs([{ id: 'wall', src: WALL, position: [0, 0, 1.2], rotation: [0, Math.PI / 2, 0] }], 0);
    expect(turned).toContainEqual([0, 1]);
    expect(turned).not.toContainEqual([0, 3]);
    expect(await pairs([{ id: 'wall', src: WALL, position: [0, 0, 10], rotation: [0, Math.PI / 2, 0] }], 0)).toContainEqual([0, 3]);
  });

  it('needs every mesh loaded before building the world', () => {
    expect(() => ObstacleWorld.fromScene(scene([{ id: 'wall', src: WALL }]))).toThrow(/mesh 'wall' .* is not loaded/);
  });

  it('are collision geometry for agents', async () => {
    const doc = scene([{ id: 'wall', src: WALL }]);
    const world = ObstacleWorld.fromScene(doc, { sceneMeshes: await loadSceneMeshes(doc, noFiles) });
    const point = { x: 0, y: 0, z: 0 },
      normal = { x: 0, y: 0, z: 0 };
    expect(world.closestPointOnObstacles({ x: -0.3, y: 0.5, z: 0.5 }, 1, point, normal)).toBeCloseTo(0.3, 9);
    expect(normal.x).toBeCloseTo(-1, 9);
    const hit = world.raycast({ x: -3, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
    expect(hit?.meshId).toBe('wall');
    // An agent flying at the wall (no waypoints: straight) touches it but never gets inside.
    const bare = parseScene({ ...doc, waypoints: [] });
    const { simulation } = createSceneSimulation(bare, { world });
    for (let k = 0; k < 300; k++) simulation.fixedStep();
    const m = simulation.report().agents[0];
    expect(m.stepsInside).toBe(0);
    expect(m.minClearance).not.toBeNull();
    expect(m.minClearance!).toBeLessThan(0.5);
  });

  it('survive save and load: the same links', async () => {
    const doc = scene([{ id: 'wall', src: WALL, position: [0, 0.5, 0], rotation: [0.1, 0.2, 0.3], scale: [1, 1.5, 1] }]);
    const again = parseScene(saveScene(doc));
    expect(again).toEqual(doc);
    const links = async (d: SceneDocument) =>
      preprocessScene(d, { agentRadius: 0.2, world: { sceneMeshes: await loadSceneMeshes(d, noFiles) } }).graph.pairs();
    expect(await links(again)).toEqual(await links(doc));
  });
});
