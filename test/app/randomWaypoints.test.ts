/** Random waypoints: seeded, in free space clear of the geometry by the clearance, added as one edit. */
import { describe, expect, it } from 'vitest';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { addWaypoints, randomFreePoints } from '../../src/app/features/editor/randomWaypoints.ts';
import { loadedScene } from './helpers.ts';

describe('random waypoints', () => {
  const scene = loadedScene('open-field.json');
  const doc = scene.doc;
  const world = ObstacleWorld.fromScene(doc, { grid: scene.grid ?? undefined });

  it('are the same for the same seed, different for another, and lie clear of the geometry', () => {
    const a = randomFreePoints(world, doc.bounds, 30, 7, 0.5);
    const b = randomFreePoints(world, doc.bounds, 30, 7, 0.5);
    const c = randomFreePoints(world, doc.bounds, 30, 8, 0.5);
    expect(a).toHaveLength(30);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    const q = { x: 0, y: 0, z: 0 };
    for (const p of a) {
      for (let k = 0; k < 3; k++)
        expect(p[k]).toBeGreaterThanOrEqual(doc.bounds.min[k]), expect(p[k]).toBeLessThanOrEqual(doc.bounds.max[k]);
      const at = { x: p[0], y: p[1], z: p[2] };
      expect(world.contains(at.x, at.y, at.z)).toBe(false);
      expect(world.closestPointOnObstacles(at, 0.5 - 1e-3, q, { x: 0, y: 0, z: 0 })).toBe(Infinity);
    }
  });

  it('give up rather than loop when nothing is free, and check their arguments', () => {
    const full = { contains: () => true, closestPointOnObstacles: () => 0 };
    expect(randomFreePoints(full, doc.bounds, 5, 1, 0)).toEqual([]);
    expect(() => randomFreePoints(world, doc.bounds, -1, 1, 0)).toThrow(/count/);
    expect(() => randomFreePoints(world, doc.bounds, 1, Number.NaN, 0)).toThrow(/seed/);
  });

  it('join the document as new waypoints with fresh ids, the others kept', () => {
    const points = randomFreePoints(world, doc.bounds, 5, 3, 0.4);
    const next = addWaypoints(doc, points);
    expect(next.waypoints).toHaveLength(doc.waypoints.length + 5);
    expect(next.waypoints.slice(0, doc.waypoints.length)).toEqual(doc.waypoints);
    expect(new Set(next.waypoints.map((w) => w.id)).size).toBe(next.waypoints.length);
    expect(next.waypoints.slice(-5).map((w) => w.position)).toEqual(points);
  });
});
