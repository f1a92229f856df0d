import { Group, type Camera, type Material, type Plane, type Object3D, type Scene, type WebGLRenderer } from 'three';
import { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { WaypointView } from '../views/WaypointView.ts';
import { WorldView } from '../views/WorldView.ts';

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

/**
 * Compiles the shader programs of `objects` as they would render in `scene`, without
 * stalling the page: the programs are created at once (the GPU process compiles them in the
 * background), then each is first used in its own task, a little later, so no single task
 * waits for more than one program. Keep `objects` alive: while their materials exist, three
 * keeps the programs cached for every later scene.
 */
export async function precompile(renderer: WebGLRenderer, objects: Object3D, camera: Camera, scene: Scene): Promise<void> {
  // The GPU process starts up lazily; let it do so on a clear, in the background.
  renderer.clear();
  await gpuIdle(renderer);
  const materials = new Set<Material>();
  // Building the programs' source is JavaScript work too: one drawable per task.
  const drawables: Object3D[] = [];
  objects.traverse((o) => {
    if ('material' in o) drawables.push(o);
  });
  for (const d of drawables) {
    for (const m of renderer.compile(d, camera, scene)) materials.add(m);
    await nextTask();
  }
  // The GPU process compiles in the background; a fence tells when it got through them.
  await gpuIdle(renderer);
  for (const m of materials) {
    await nextTask();
    (renderer.properties.get(m) as { currentProgram?: { getUniforms(): unknown } }).currentProgram?.getUniforms();
  }
}

/**
 * Resolves when the GPU process has executed every command sent so far, polling a fence
 * (a non-blocking query in WebGL2) between tasks instead of waiting in one.
 */
async function gpuIdle(renderer: WebGLRenderer): Promise<void> {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  if (sync === null) return;
  while (gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED) await nextTask(10);
  gl.deleteSync(sync);
}

/** Resolves in a later task (after `ms`), so that work before and after are separate tasks. */
export const nextTask = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
