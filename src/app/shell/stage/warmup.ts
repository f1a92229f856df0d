import { Group, type Camera, type Material, type Plane, type Object3D, type Scene, type WebGLRenderer } from 'three';
import { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { AgentView } from '../../features/agents/AgentView.ts';
import { EndpointMarkers, SearchView } from '../../features/search/SearchView.ts';
import { WaypointView } from '../views/WaypointView.ts';
import { WorldView } from '../views/WorldView.ts';

/**
 * A tiny scene with one of everything the app draws (voxels, terrain, each obstacle shape, a
 * moving obstacle, waypoints and links, both search view styles with visited, open and path,
 * the endpoint markers, the agents, plus whatever `extra` adds), built with the real view
 * classes and the app's clipping planes so that its materials need exactly the shader
 * programs real scenes need.
 */
export async function warmupObjects(clipping: Plane[] = [], extra: Object3D[] = []): Promise<Group> {
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
  const visited = { count: 2, positions: new Float32Array(6), g: new Float32Array([0, 1]), closed: new Uint8Array([1, 0]), maxG: 1 };
  for (const shape of ['cube', 'sphere'] as const) {
    for (const partial of [false, true]) {
      // shapeLimit 0 on one of them: the points variant is compiled too.
      const view = new SearchView({ shape, nodeSize: 0.1, pathRadius: 0.1, shapeLimit: partial ? 0 : 40_000 });
      view.setVisited(visited);
      view.setPath([0, 0, 0, 1, 1, 1], partial);
      view.setSegments({
        count: 1,
        offered: 1,
        positions: new Float32Array([0, 0, 0, 1, 1, 1]),
        nodes: new Int32Array(2),
        kinds: new Uint8Array(1),
      });
      group.add(view);
      await nextTask();
    }
  }
  const markers = new EndpointMarkers();
  markers.set([0, 0, 0], [1, 1, 1], 0.1);
  const agents = new AgentView();
  agents.showForces = true;
  agents.selected = 0;
  const f = () => new Float32Array([0, 0, 1]);
  agents.update({
    type: 'snapshot',
    generation: 0,
    time: 0,
    steps: 0,
    playing: false,
    count: 1,
    ids: null,
    positions: f(),
    headings: f(),
    pull: f(),
    push: f(),
    radii: new Float32Array([1]),
    arrived: new Uint8Array(1),
    arrivedCount: 0,
    obstacles: new Float32Array(0),
    goals: f(),
    path: f(),
    pathOf: 0,
  });
  group.add(markers, agents, ...extra);
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
