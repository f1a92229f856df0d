/**
 * The collision world without materials and the drawn world on top of it: the same scene gives
 * the same answers to every query, a CollisionWorld draws nothing, the drawn world's voxel
 * chunks draw the world's own surface (one computation per edit), and the scene pipeline runs
 * on either.
 */
import { readFileSync } from 'node:fs';
import { Ray, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { parseScene, type SceneDocument } from '../../src/scene/index.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';
import { CollisionWorld } from '../../src/three/CollisionWorld.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { sceneCollisionWorld } from '../../src/three/sceneWorld.ts';
import { mulberry32 } from '../support/random.ts';

const scene = (name: string): SceneDocument => parseScene(readFileSync(new URL(`../../scenes/${name}`, import.meta.url), 'utf8'));

/** Seeded points in the scene's bounds. */
function points(doc: SceneDocument, n: number, seed: number): Vector3[] {
  const random = mulberry32(seed);
  const { min, max } = doc.bounds!;
  return Array.from({ length: n }, () => new Vector3(...[0, 1, 2].map((a) => min[a] + random() * (max[a] - min[a]))));
}

describe('CollisionWorld and ObstacleWorld', () => {
  // open-field: a voxel layer and 25 primitive obstacles; thin-walls: obstacles only.
  for (const name of ['open-field.json', 'thin-walls.json']) {
    it(`answer every query alike on ${name}, and only the ObstacleWorld draws`, () => {
      const doc = scene(name);
      const plain = sceneCollisionWorld(doc);
      const drawn = ObstacleWorld.fromScene(doc);
      expect(plain).toBeInstanceOf(CollisionWorld);
      expect(plain).not.toBeInstanceOf(ObstacleWorld);
      expect(drawn).toBeInstanceOf(CollisionWorld);
      expect('group' in plain || 'material' in plain || 'voxelChunks' in plain).toBe(false);
      expect(drawn.group.children.length).toBeGreaterThan(0);
      expect(plain.triangleCount).toBe(drawn.triangleCount);
      const ps = points(doc, 200, 7);
      let blocked = 0;
      for (let i = 0; i + 1 < ps.length; i++) {
        const [a, b] = [ps[i], ps[i + 1]];
        const clear = plain.capsuleClear(a.x, a.y, a.z, b.x, b.y, b.z, 0.3);
        expect(drawn.capsuleClear(a.x, a.y, a.z, b.x, b.y, b.z, 0.3)).toBe(clear);
        expect(drawn.segmentClear(a.x, a.y, a.z, b.x, b.y, b.z)).toBe(plain.segmentClear(a.x, a.y, a.z, b.x, b.y, b.z));
        if (!clear) blocked++;
        expect(drawn.contains(a.x, a.y, a.z)).toBe(plain.contains(a.x, a.y, a.z));
        const ray = new Ray(a, b.clone().sub(a).normalize());
        expect(drawn.pick(ray)).toEqual(plain.pick(ray));
        const [p1, n1, p2, n2] = [new Vector3(), new Vector3(), new Vector3(), new Vector3()];
        expect(drawn.closestPointOnObstacles(a, 3, p2, n2)).toBe(plain.closestPointOnObstacles(a, 3, p1, n1));
        expect([p2, n2]).toEqual([p1, n1]);
      }
      expect(blocked).toBeGreaterThan(10); // the worlds are not empty space
      drawn.dispose();
      plain.dispose();
    });
  }

  it("the drawn voxel chunks are the world's surface: an edit is computed once and both answer it", () => {
    const doc = scene('open-field.json');
    const drawn = ObstacleWorld.fromScene(doc);
    const plain = sceneCollisionWorld(doc);
    expect(drawn.voxelChunks!.surface).toBe(drawn.voxelSurface);
    const meshes = drawn.voxelChunks!.children.length;
    const box = [2, 1, 2, 4, 3, 4];
    const rebuilt = drawn.voxelSurface!.rebuiltChunks;
    drawn.setVoxels(box, true);
    plain.setVoxels(box, true);
    const touched = drawn.voxelSurface!.chunksTouching(box).length;
    expect(drawn.voxelSurface!.rebuiltChunks - rebuilt).toBe(touched); // once, not once for the world and once for the drawing
    expect(drawn.voxelChunks!.rebuiltChunks).toBe(drawn.voxelSurface!.rebuiltChunks);
    expect(drawn.voxelChunks!.children.length).toBeGreaterThanOrEqual(meshes);
    const g = doc.voxels!;
    const at = (x: number, y: number, z: number) => [
      g.origin[0] + x * g.cellSize,
      g.origin[1] + y * g.cellSize,
      g.origin[2] + z * g.cellSize,
    ];
    const [ax, ay, az] = at(0.5, 2, 3);
    const [bx, by, bz] = at(6.5, 2, 3);
    expect(plain.segmentClear(ax, ay, az, bx, by, bz)).toBe(false);
    expect(drawn.segmentClear(ax, ay, az, bx, by, bz)).toBe(false);
  });

  it('preprocessing and the scene simulation run on a CollisionWorld as on the drawn one', () => {
    const doc = scene('thin-walls.json');
    const drawn = preprocessScene(doc);
    const plain = preprocessScene(doc, { drawn: false });
    expect(plain.world).not.toBeInstanceOf(ObstacleWorld);
    expect(drawn.world).toBeInstanceOf(ObstacleWorld);
    expect(plain.graph.linkCount).toBe(drawn.graph.linkCount);
    expect(plain.graph.linkCount).toBeGreaterThan(0);
    const a = createSceneSimulation(doc, { preprocess: plain, seed: 3 });
    const b = createSceneSimulation(doc, { world: sceneCollisionWorld(doc), seed: 3 });
    const c = createSceneSimulation(doc, { preprocess: drawn, seed: 3 });
    for (let i = 0; i < 120; i++) [a, b, c].forEach((s) => s.simulation.step(1 / 60));
    expect(Array.from(a.simulation.positions)).toEqual(Array.from(c.simulation.positions));
    expect(Array.from(b.simulation.positions)).toEqual(Array.from(c.simulation.positions));
    expect(() => preprocessScene(doc, { drawn: 'no' as never })).toThrow(/^drawn: /);
  });
});
