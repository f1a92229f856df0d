/**
 * Valid objects for test/package/publicArguments.test.ts (fresh on every call): grids, graphs,
 * scene documents, worlds, simulations and searches small enough to build thousands of times.
 */
import { BoxGeometry, Group, Matrix4, Mesh, MeshBasicMaterial, Object3D, Vector3 } from 'three';
import {
  GridSpace,
  LazyThetaRun,
  SearchContext,
  Simulation,
  VisibilityGraph,
  VoxelGrid,
  WaypointGraph,
  writeNavbin,
} from '../../src/core/index.ts';
import { parseScene, type SceneDocument } from '../../src/scene/index.ts';
import { CollisionWorld, createSimulation, NavWorld, ObstacleWorld, waypointList } from '../../src/three/index.ts';

/**
 * A value the hostile-argument walk must not open up (a document or a buffer whose fields are
 * data checked by parsing, not options): the whole value is still replaced by hostile values.
 */
const OPAQUE = new WeakSet<object>();
export const opaque = <T extends object>(v: T): T => {
  OPAQUE.add(v);
  return v;
};
export const isOpaque = (v: object): boolean => OPAQUE.has(v);

export const material = new MeshBasicMaterial();
export const v3 = (x = 0, y = 0, z = 0) => ({ x, y, z });

/** A 4x4x4 grid, all free. */
export const grid = () => new VoxelGrid({ dims: [4, 4, 4] });
/** Two linked waypoints. */
export const graph = () => new WaypointGraph(new Float64Array([0.5, 0.5, 0.5, 2.5, 0.5, 0.5]), [0, 1]);
export const gridSpace = () => new GridSpace(grid());
/** Three waypoints that all see each other. */
export const visibilityGraph = () => {
  const v = new VisibilityGraph(() => true, { maxLinkDistance: 10 });
  v.setAll([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  return v;
};

/** A scene with a voxel layer, two waypoints, an obstacle, a moving obstacle and an agent. */
export const doc = (): SceneDocument =>
  opaque(
    parseScene({
      version: 2,
      bounds: { min: [0, 0, 0], max: [4, 4, 4] },
      voxels: { dims: [4, 4, 4], solid: [[2, 0, 0, 2, 1, 3]] },
      waypoints: [
        { id: 'a', position: [0.5, 0.5, 0.5] },
        { id: 'b', position: [3.5, 0.5, 0.5] },
      ],
      obstacles: [{ id: 'box', shape: 'box', position: [1, 3, 1], size: [0.5, 0.5, 0.5] }],
      movingObstacles: [{ id: 'mo', radius: 0.2, orbit: { center: [1, 3, 3], radius: 0.5, period: 4 } }],
      agents: [{ id: 'ag', start: 'a', goal: 'b', radius: 0.2, speed: 1 }],
    }),
  );
export const waypointDoc = (): SceneDocument =>
  opaque(
    parseScene({
      version: 2,
      waypoints: [
        { id: 'a', position: [0, 0, 0] },
        { id: 'b', position: [2, 0, 0] },
      ],
    }),
  );

/** A level: one box under a group. */
export const level = () => {
  const root = new Group();
  root.add(new Mesh(new BoxGeometry(1, 2, 2), material));
  return root;
};
export const bounds = () => ({ min: new Vector3(-2, -1, -1), max: new Vector3(2, 1, 1) });
export const navWorld = () =>
  NavWorld.fromObject3D(level(), {
    cellSize: 0.5,
    waypoints: waypointList([new Vector3(-1.5, 0, 0), new Vector3(1.5, 0, 0)]),
    bounds: bounds() as never,
  });
export const collisionWorld = () =>
  new CollisionWorld([{ id: 'box', shape: 'box', position: [1, 1, 1], size: [0.5, 0.5, 0.5] }], grid(), {
    meshes: [{ id: 'm', soup: new Float64Array([0, 0, 3, 1, 0, 3, 0, 1, 3]), matrix: new Matrix4() }],
  });
/** What NavWorld.fromObject3D gives a waypoint source (a 4 x 4 x 4 world, every line of sight clear). */
export const waypointInput = () => ({
  los: () => true,
  agentRadius: 0.1,
  cellSize: 1,
  dims: [4, 4, 4] as [number, number, number],
  maxWaypoints: 10,
  surface: () => grid(),
});
export const obstacleWorld = () =>
  new ObstacleWorld([{ id: 'box', shape: 'box', position: [1, 1, 1], size: [0.5, 0.5, 0.5] }], grid(), { drawVoxels: false });
export const triangle = () => new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
export const navbin = (): Uint8Array =>
  opaque(
    writeNavbin({
      settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
      grid: grid(),
      graph: { ids: ['a', 'b'], positions: [0, 0, 0, 1, 0, 0], offsets: [0, 1, 2], targets: [1, 0], costs: [1, 1] },
    }),
  );
export const navbinData = (): Parameters<typeof writeNavbin>[0] => ({
  settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
  grid: grid(),
  graph: { ids: ['a', 'b'], positions: [0, 0, 0, 1, 0, 0], offsets: [0, 1, 2], targets: [1, 0], costs: [1, 1] },
});
/** A search context after a small grid search. */
export const searchedContext = () => {
  const ctx = new SearchContext();
  new LazyThetaRun(gridSpace(), 0, 63, {}, ctx).step();
  return ctx;
};
export const lazyRun = () => {
  const run = new LazyThetaRun(gridSpace(), 0, 63);
  run.step();
  return run;
};
export const simulation = () => {
  const sim = new Simulation({ agents: [{ id: 'a', start: v3(), goal: v3(1, 0, 0), radius: 0.1, speed: 1 }] });
  sim.addMovingObstacle({ id: 'mo', radius: 0.1, positionAt: (_t, out) => Object.assign(out, v3(3, 3, 3)) });
  return sim;
};
export const agentsState = () => ({
  count: 1,
  positions: [0, 0, 0],
  headings: [1, 0, 0],
  radii: [0.1],
  pull: [0, 0, 0],
  push: [0, 0, 0],
  arrived: [1],
});
export const agent = () => {
  const o = new Object3D();
  o.position.set(-1.5, 0, 0);
  return o;
};
/** A NavSimulation with `agent` driven (returns both). */
export const navSimulation = () => {
  const sim = createSimulation(navWorld());
  const a = agent();
  sim.addAgent(a, { goal: new Vector3(1.5, 0, 0) });
  return { sim, a };
};
export const meshFile = (): Uint8Array => opaque(new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
