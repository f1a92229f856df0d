import { Group, type Object3D, type Plane } from 'three';
import { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { nextTask } from '../stage/warmup.ts';
import { WaypointView } from './WaypointView.ts';
import { WorldView } from './WorldView.ts';

/** Builds a feature's drawn objects for the shader warm-up (see warmupObjects). */
export type WarmupSamples = () => Promise<Object3D[]>;

/**
 * A tiny scene with one of everything the app draws (voxels, terrain, each obstacle shape, a
 * moving obstacle, waypoints and links, plus the samples each of `extra` builds: the
 * features' search views, endpoint markers and agents), built with the real view classes and
 * the app's clipping planes so that its materials need exactly the shader programs real
 * scenes need.
 */
export async function warmupObjects(clipping: Plane[] = [], extra: readonly WarmupSamples[] = []): Promise<Group> {
  const grid = new VoxelGrid({ dims: [2, 2, 2] });
  grid.occupancy[0] = 1;
  const doc = {
    version: 1,
    name: 'warm-up',
    bounds: { min: [0, 0, 0], max: [2, 2, 2] },
    voxels: {
      origin: [0, 0, 0],
      cellSize: 1,
      dims: [2, 2, 2],
      solid: [[0, 0, 0, 0, 0, 0]],
      terrain: [{ kind: 'water', cost: 2, boxes: [[1, 0, 0, 1, 0, 0]] }],
    },
    obstacles: [
      { id: 'b', shape: 'box', position: [0, 0, 0], size: [1, 1, 1] },
      { id: 's', shape: 'sphere', position: [0, 0, 0], radius: 1 },
      { id: 'c', shape: 'cylinder', position: [0, 0, 0], radius: 1, height: 1 },
    ],
    movingObstacles: [{ id: 'm', radius: 1, orbit: { center: [0, 0, 0], radius: 1, period: 1, phase: 0, axis: [0, 1, 0] } }],
    waypoints: [],
    agents: [],
  } as unknown as SceneDocument;
  const group = new Group();
  // Each piece in its own task: building geometry is work too.
  group.add(new WorldView(doc, grid, null, clipping));
  await nextTask();
  group.add(new WaypointView(new WaypointGraph([0, 0, 0, 1, 1, 1], [0, 1]), 0.1));
  for (const build of extra) {
    group.add(...(await build()));
    await nextTask();
  }
  return group;
}
