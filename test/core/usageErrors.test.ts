/**
 * Bad arguments to the core's public functions raise NavlabError with code 'usage' and a
 * message naming the argument, whichever part of the core they reach.
 */
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { placeWaypoints } from '../../src/core/graph/autoWaypoints.ts';
import { SpatialHash } from '../../src/core/graph/SpatialHash.ts';
import { buildVisibility, VisibilityGraph } from '../../src/core/graph/visibility.ts';
import { measureWaypoints } from '../../src/core/graph/waypointMetrics.ts';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { WaypointRouter } from '../../src/core/graph/waypointRoute.ts';
import { clearSpace } from '../../src/core/grid/clearance.ts';
import { GridSpace } from '../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { nearestFreeVoxel } from '../../src/core/grid/nearestFree.ts';
import { AStarRun, findPath } from '../../src/core/search/AStarRun.ts';
import { createGridRun } from '../../src/core/query/runs.ts';
import type { HeuristicName, Neighborhood } from '../../src/core/search/heuristics.ts';
import { JpsRun } from '../../src/core/search/JpsRun.ts';
import { LazyThetaRun } from '../../src/core/search/LazyThetaRun.ts';
import type { SearchOptions } from '../../src/core/search/options.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import { writeNavbin } from '../../src/core/io/navbin.ts';
import { NeighborGrid } from '../../src/core/steering/NeighborGrid.ts';
import { resolveSteeringParams } from '../../src/core/steering/params.ts';
import type { PathPlanner } from '../../src/core/steering/planners.ts';
import { Simulation } from '../../src/core/steering/Simulation.ts';

const los = () => true;
const v = (x: number, y: number, z: number) => ({ x, y, z });
const grid = () => new VoxelGrid({ dims: [4, 4, 4] });
const agent = { id: 'a', start: v(0, 0, 0), goal: v(1, 0, 0), radius: 0.5, speed: 1 };
const settings = { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26 as const, cornerCutting: 'forbid' as const };

/** Calls that must fail as usage errors, with the text their message must contain. */
const CASES: [string, () => unknown, string | RegExp][] = [
  ['VoxelGrid dims', () => new VoxelGrid({ dims: [0, 1, 1] }), 'dims.x'],
  ['VoxelGrid over the limit', () => new VoxelGrid({ dims: [1 << 10, 1 << 10, 1 << 10] }), 'exceeds the limit'],
  ['VoxelGrid cellSize', () => new VoxelGrid({ dims: [1, 1, 1], cellSize: -1 }), 'cellSize'],
  ['VoxelGrid.setBlocked', () => grid().setBlocked(9, 0, 0, true), 'setBlocked'],
  ['VoxelGrid.setCost', () => grid().setCost(0, 0, 0, 0.5), 'multiplier'],
  ['nearestFreeVoxel', () => nearestFreeVoxel(grid(), v(0, 0, 0), -1), 'radius'],
  ['WaypointGraph positions', () => new WaypointGraph([0, 0], []), 'positions'],
  ['WaypointGraph pairs', () => new WaypointGraph([0, 0, 0], [0, 3]), 'pairs[1]'],
  ['SpatialHash cellSize', () => new SpatialHash(0), 'cellSize'],
  ['buildVisibility maxLinkDistance', () => buildVisibility(new Float64Array(6), () => true, { maxLinkDistance: -1 }), 'maxLinkDistance'],
  ['VisibilityGraph index', () => new VisibilityGraph(los).remove(3), 'index 3'],
  ['WaypointRouter endLinks', () => new WaypointRouter(new WaypointGraph([], []), los, undefined, 0), 'endLinks'],
  ['clearSpace radius', () => clearSpace(grid(), NaN), 'radius'],
  ['placeWaypoints maxWaypoints', () => placeWaypoints(grid(), los, { maxWaypoints: -1 }), 'maxWaypoints'],
  ['measureWaypoints pairs', () => measureWaypoints(clearSpace(grid(), 0), new WaypointGraph([], []), los, { pairs: 1.5 }), 'pairs'],
  [
    'writeNavbin graph',
    () => writeNavbin({ settings, grid: null, graph: { ids: ['a'], positions: [], offsets: [0, 0], targets: [], costs: [] } }),
    'graph.positions',
  ],
  ['NeighborGrid.build cellSize', () => new NeighborGrid().build([], 0, 0), 'cellSize'],
  ['resolveSteeringParams', () => resolveSteeringParams({ stepHz: 0 }), 'stepHz'],
  ['Simulation cellSize', () => new Simulation({ cellSize: -1 }), 'cellSize'],
  ['Simulation seed', () => new Simulation({ seed: NaN }), 'seed'],
  ['Simulation.step', () => new Simulation().step(-1), 'dt'],
  ['Simulation.addAgent radius', () => new Simulation().addAgent({ ...agent, radius: -1 }), 'radius'],
  ['Simulation.addAgent goal', () => new Simulation().addAgent({ ...agent, goal: { obstacle: 'none' } }), "'none'"],
  ['Simulation.setGoal', () => new Simulation({ agents: [agent] }).setGoal(0, v(NaN, 0, 0)), 'setGoal'],
  ['Simulation.addMovingObstacle', () => new Simulation().addMovingObstacle({ id: 'm', radius: 0, positionAt: (_t, o) => o }), 'radius'],
  ['Simulation.moveObstacle', () => new Simulation().moveObstacle('m', 0, 0, 0), 'moveObstacle'],
  ['Simulation.releaseObstacle', () => new Simulation().releaseObstacle(2), 'releaseObstacle'],
  ['Simulation.metrics', () => new Simulation().metrics(0), 'agent index 0'],
  [
    'a planner returning no points',
    () =>
      new Simulation({
        planner: { plan: () => ({ points: new Float64Array(0), status: 'found', costs: null }) } as PathPlanner,
        agents: [agent],
      }),
    'no points',
  ],
  ['VoxelGrid occupancy', () => new VoxelGrid({ dims: [2, 2, 2], occupancy: new Uint8Array(7) }), 'occupancy'],
  ['GridSpace neighborhood', () => new GridSpace(grid(), { neighborhood: 8 as Neighborhood }), 'neighborhood'],
  ['GridSpace cornerCutting', () => new GridSpace(grid(), { cornerCutting: 'sometimes' as 'allow' }), 'cornerCutting'],
  ['GridSpace.setGoal heuristic', () => new GridSpace(grid()).setGoal(0, 'bogus' as HeuristicName), 'heuristic'],
  ['findPath start outside', () => findPath(new GridSpace(grid()), -1, 0), 'start'],
  ['findPath goal outside', () => findPath(new GridSpace(grid()), 0, 64), 'goal'],
  [
    'findPath start blocked',
    () => {
      const g = grid();
      g.setBlocked(0, 0, 0, true);
      return findPath(new GridSpace(g), 0, 1);
    },
    /start: .*blocked/,
  ],
  ['search option heuristic', () => findPath(new GridSpace(grid()), 0, 1, { heuristic: 'bogus' as HeuristicName }), 'heuristic'],
  ['search option weight', () => findPath(new GridSpace(grid()), 0, 1, { weight: 0.5 }), 'weight'],
  ['search option maxExpansions', () => findPath(new GridSpace(grid()), 0, 1, { maxExpansions: -1 }), 'maxExpansions'],
  ['search option tieBreak', () => findPath(new GridSpace(grid()), 0, 1, { tieBreak: 'high-h' as SearchOptions['tieBreak'] }), 'tieBreak'],
  ['JpsRun goal outside', () => new JpsRun(new GridSpace(grid()), 0, 99), 'goal'],
  ['LazyThetaRun start outside', () => new LazyThetaRun(new GridSpace(grid()), 99, 0), 'start'],
  ['createGridRun algorithm', () => createGridRun('dijkstra' as 'astar', new GridSpace(grid()), 0, 1), 'algorithm'],
  [
    'a run stepped after its context was reused',
    () => {
      const ctx = new SearchContext();
      const space = new GridSpace(grid());
      const run = new AStarRun(space, 0, 63, {}, ctx);
      new AStarRun(space, 0, 1, {}, ctx);
      return run.step();
    },
    'reused',
  ],
];

/** `call` throws a NavlabError with this code and a message matching `text`. */
function expectNavlabError(call: () => unknown, code: string, text: string | RegExp): void {
  let caught: unknown;
  try {
    call();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(NavlabError);
  expect((caught as NavlabError).code).toBe(code);
  expect((caught as Error).message).toMatch(text);
}

describe('usage errors of the core', () => {
  it("a grid an algorithm does not support: NavlabError, code 'unsupported', naming what is unsupported", () => {
    for (const [call, text] of [
      [() => createGridRun('jps', new GridSpace(grid(), { neighborhood: 18 }), 0, 1), /18 is unsupported/],
      [() => new JpsRun(new GridSpace(grid(), { cornerCutting: 'allow' }), 0, 1), /'allow' is unsupported/],
      [() => createGridRun('lazy-theta', new GridSpace(grid(), { cornerCutting: 'allow' }), 0, 1), /'allow' is unsupported/],
    ] as [() => unknown, RegExp][]) {
      expectNavlabError(call, 'unsupported', text);
    }
  });

  for (const [name, call, text] of CASES) {
    it(`${name}: NavlabError, code 'usage', naming the argument`, () => {
      expectNavlabError(call, 'usage', text);
    });
  }
});
