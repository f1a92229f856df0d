import { describe, expect, it } from 'vitest';
import { buildVisibility, segmentClearOf, VisibilityGraph } from '../../src/core/graph/visibility.ts';
import type { SceneObstacle } from '../../src/scene/index.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { MAX_REFITS } from '../../src/three/WorldTree.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { randomBoxes, rng } from './analytic.ts';

const SIZE = 30;

function randomObstacle(random: () => number, id: string): SceneObstacle {
  const kind = random();
  const position: [number, number, number] = [random() * SIZE, random() * SIZE, random() * SIZE];
  if (kind < 0.5)
    return {
      id,
      shape: 'box',
      position,
      size: [0.5 + 4 * random(), 0.5 + 4 * random(), 0.5 + 4 * random()],
      rotation: [random(), random(), random()],
    };
  if (kind < 0.75) return { id, shape: 'sphere', position, radius: 0.5 + 2 * random() };
  return { id, shape: 'cylinder', position, radius: 0.5 + 2 * random(), height: 1 + 4 * random() };
}

describe('incremental visibility over an edited world', () => {
  for (const [radius, maxLinkDistance] of [
    [0, Infinity],
    [0.3, Infinity],
    [0.3, 12],
  ] as const) {
    it(`equals a full rebuild after random edit sequences (radius ${radius}, maxLinkDistance ${maxLinkDistance})`, () => {
      const random = rng(100 + 10 * radius + (maxLinkDistance === Infinity ? 0 : 1));
      const obstacles: SceneObstacle[] = Array.from({ length: 15 }, (_, i) => randomObstacle(random, `o${i}`));
      const world = new ObstacleWorld(obstacles);
      const vis = new VisibilityGraph(world.lineOfSight(radius), { maxLinkDistance });
      vis.setAll(Float64Array.from({ length: 3 * 35 }, () => random() * SIZE));
      let next = obstacles.length;
      for (let step = 0; step < 60; step++) {
        const op = random();
        if (op < 0.15) {
          vis.add(random() * SIZE, random() * SIZE, random() * SIZE);
        } else if (op < 0.3) {
          vis.move(Math.floor(random() * vis.count), random() * SIZE, random() * SIZE, random() * SIZE);
        } else if (op < 0.4 && vis.count > 5) {
          vis.remove(Math.floor(random() * vis.count));
        } else if (op < 0.75) {
          // Move (or reshape) an obstacle: refit, or rebuild when the shape changes.
          const k = Math.floor(random() * obstacles.length);
          const moved =
            random() < 0.8
              ? { ...obstacles[k], position: [random() * SIZE, random() * SIZE, random() * SIZE] as [number, number, number] }
              : randomObstacle(random, obstacles[k].id);
          obstacles[k] = moved;
          vis.retestRegion(world.setObstacle(moved), radius);
        } else if (op < 0.88) {
          const added = randomObstacle(random, `o${next++}`);
          obstacles.push(added);
          vis.retestRegion(world.setObstacle(added), radius);
        } else if (obstacles.length > 1) {
          const [removed] = obstacles.splice(Math.floor(random() * obstacles.length), 1);
          vis.retestRegion(world.removeObstacle(removed.id)!, radius);
        }
        const positions = vis.positions();
        const fresh = new ObstacleWorld(obstacles);
        const full = buildVisibility(positions, segmentClearOf(positions, fresh.lineOfSight(radius)), { maxLinkDistance });
        expect(vis.graph().pairs(), `step ${step}`).toEqual(full.pairs());
      }
      expect(vis.linkCount).toBeGreaterThan(10);
    });
  }

  it('keeps answering correctly across many refits (rebuilds after MAX_REFITS)', () => {
    const random = rng(7);
    const boxes = randomBoxes(random, 10, SIZE, 1, 4);
    const world = new ObstacleWorld(boxes);
    const pts = Array.from(
      { length: 200 },
      () => [random() * SIZE, random() * SIZE, random() * SIZE, random() * SIZE, random() * SIZE, random() * SIZE] as const,
    );
    for (let step = 0; step < MAX_REFITS + 5; step++) {
      boxes[0] = { ...boxes[0], position: [random() * SIZE, random() * SIZE, random() * SIZE] };
      world.setObstacle(boxes[0]);
      const fresh = new ObstacleWorld(boxes);
      for (const p of pts) expect(world.segmentClear(...p)).toBe(fresh.segmentClear(...p));
    }
    expect(world.segmentTests).toBe((MAX_REFITS + 5) * pts.length);
  });

  it('voxel edits change the line of sight and report their world box', () => {
    const layer = new VoxelGrid({ dims: [10, 10, 10], cellSize: 2, origin: { x: -10, y: -10, z: -10 } });
    const world = new ObstacleWorld([], layer);
    expect(world.segmentClear(-9, 1, 1, 9, 1, 1)).toBe(true);
    const box = world.setVoxels([5, 0, 0, 5, 9, 9], true);
    expect(box).toEqual({ min: { x: 0, y: -10, z: -10 }, max: { x: 2, y: 10, z: 10 } });
    expect(world.segmentClear(-9, 1, 1, 9, 1, 1)).toBe(false);
    expect(world.raycast({ x: -9, y: 1, z: 1 }, { x: 1, y: 0, z: 0 })?.voxel).toEqual([5, 5, 5]);
    // A hole in the wall.
    world.setVoxels([5, 5, 5, 5, 5, 5], false);
    expect(world.segmentClear(-9, 1, 1, 9, 1, 1)).toBe(true);
    expect(world.segmentClear(-9, 1, 1, 9, 1, 1.0)).toBe(true);
    expect(world.capsuleClear(-9, 1, 1, 9, 1, 1, 0.9)).toBe(true);
    expect(world.capsuleClear(-9, 1, 1, 9, 1, 1, 1.1)).toBe(false);
    // Interior faces are left out and coplanar faces merged: a solid 2x2x2 block is a cube
    // of 6 rectangles; an L of three voxels has 10 (top and bottom take two each, and the
    // faces of the inner corner lie in other planes than the outer ones).
    const small = new VoxelGrid({ dims: [4, 4, 4] });
    for (let z = 1; z < 3; z++) for (let y = 1; y < 3; y++) for (let x = 1; x < 3; x++) small.setBlocked(x, y, z, true);
    expect(new ObstacleWorld([], small).voxelChunks!.triangleCount).toBe(12);
    const ell = new VoxelGrid({ dims: [2, 2, 1] });
    ell.setBlocked(0, 0, 0, true);
    ell.setBlocked(1, 0, 0, true);
    ell.setBlocked(0, 1, 0, true);
    expect(new ObstacleWorld([], ell).voxelChunks!.triangleCount).toBe(2 * 10);
  });

  it('the drawing group holds one mesh per obstacle and one voxel mesh', () => {
    const layer = new VoxelGrid({ dims: [3, 3, 3] });
    layer.setBlocked(1, 1, 1, true);
    const world = new ObstacleWorld([{ id: 'a', shape: 'sphere', position: [5, 5, 5], radius: 1 }], layer);
    expect(world.group.children.map((c) => c.userData.obstacleId ?? c.name).sort()).toEqual(['a', 'voxels']);
    world.removeObstacle('a');
    expect(world.group.children.length).toBe(1);
    expect(world.removeObstacle('a')).toBeNull();
  });
});
