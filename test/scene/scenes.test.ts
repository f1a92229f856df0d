/** The shipped scenes/*.json: valid, lossless, in free space, and each showing what it claims. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../src/core/grid/GridSpace.ts';
import type { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { parse3dMap } from '../../src/core/io/movingai.ts';
import { vec3, type Vec3 } from '../../src/core/math/vec3.ts';
import { findPath } from '../../src/core/search/AStarRun.ts';
import { buildVoxelGrid, parseScene, resolvePoint, saveScene, type PointRef, type SceneDocument } from '../../src/scene/index.ts';
import { clearance, obstacleDistance, type Triple } from './geometry.ts';
import { firstDifference, movingAiText, ROOT } from './helpers.ts';

const DIR = `${ROOT}scenes/`;
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
  .sort();
const text = (file: string) => readFileSync(DIR + file, 'utf8');
const scenes = new Map(files.map((f) => [f, parseScene(text(f))]));
const scene = (file: string): SceneDocument => {
  const doc = scenes.get(file);
  if (!doc) throw new Error(`scenes/${file} is missing`);
  return doc;
};
const triple = (p: Vec3): Triple => [p.x, p.y, p.z];

/** The voxel index of a point reference (position, waypoint or moving obstacle). */
function voxelOf(doc: SceneDocument, grid: VoxelGrid, ref: PointRef): number {
  const v = grid.worldToVoxel(resolvePoint(doc, ref), vec3());
  expect(grid.inBounds(v.x, v.y, v.z)).toBe(true);
  return grid.index(v.x, v.y, v.z);
}

/** Optimal grid search between two references with the document's search settings. */
function gridPath(doc: SceneDocument, grid: VoxelGrid, from: PointRef, to: PointRef) {
  const { neighborhood, cornerCutting, heuristic, weight, tieBreak } = doc.search ?? {};
  const space = new GridSpace(grid, { neighborhood, cornerCutting });
  return findPath(space, voxelOf(doc, grid, from), voxelOf(doc, grid, to), { heuristic, weight, tieBreak });
}

describe('scenes/index.json', () => {
  const index = JSON.parse(text('index.json')) as { file: string; name: string; summary: string }[];

  it('lists every scene file once, open-field first, with the document names', () => {
    expect(index[0].file).toBe('open-field.json');
    expect(index.map((e) => e.file).sort()).toEqual(files);
    for (const entry of index) {
      expect(Object.keys(entry)).toEqual(['file', 'name', 'summary']);
      expect(entry.name).toBe(scene(entry.file).name);
      expect(entry.summary.length).toBeGreaterThan(10);
    }
  });

  it('ships all the scenes the app expects', () => {
    for (const name of [
      'open-field',
      'classic-10',
      'maze',
      'building',
      'river-bridge',
      'sealed-room',
      'galaxy',
      'thin-walls',
      'warframe-simple',
    ]) {
      expect(files).toContain(`${name}.json`);
    }
  });
});

describe.each(files)('scenes/%s', (file) => {
  const doc = scene(file);
  const grid = buildVoxelGrid(doc);

  it('validates, builds, and is saved in canonical form', () => {
    expect(doc.version).toBe(2);
    expect(saveScene(doc)).toBe(text(file)); // written by saveScene: load -> save gives the same bytes
    if (doc.voxels) expect(grid).not.toBeNull();
  });

  it('round-trips losslessly: parse(save(parse(x))) deep-equals parse(x)', () => {
    expect(parseScene(saveScene(doc))).toEqual(doc);
  });

  it('is small enough to preprocess quickly', () => {
    expect(doc.waypoints.length).toBeLessThanOrEqual(300);
    if (grid && file !== 'warframe-simple.json') expect(grid.size).toBeLessThanOrEqual(64 ** 3);
    expect(doc.agents.length).toBeGreaterThan(0);
  });

  it('puts waypoints inside the bounds, clear of obstacles and solid voxels by the agent radius', () => {
    const r = doc.agentRadius ?? 0;
    for (const w of doc.waypoints) {
      const { min, max } = doc.bounds;
      for (let a = 0; a < 3; a++) expect(w.position[a] > min[a] && w.position[a] < max[a], `${w.id} inside bounds`).toBe(true);
      if (file === 'sealed-room.json' && w.id === 'vault') continue;
      expect(clearance(doc.obstacles, grid, w.position), `clearance of waypoint ${w.id}`).toBeGreaterThanOrEqual(r);
    }
  });

  it('starts and ends every agent in free space, its radius clear', () => {
    for (const agent of doc.agents) {
      for (const [what, ref] of [
        ['start', agent.start],
        ['goal', agent.goal],
      ] as const) {
        if (file === 'sealed-room.json' && what === 'goal') continue; // the point of the scene
        if (doc.movingObstacles.some((m) => m.id === ref)) continue; // chasing a planet: its centre is the goal
        const p = triple(resolvePoint(doc, ref));
        expect(clearance(doc.obstacles, grid, p), `${agent.id} ${what}`).toBeGreaterThanOrEqual(agent.radius);
      }
    }
  });
});

describe('what each scene shows', () => {
  it('open-field: ~20 pillars on a ground slab, 40-80 waypoints in several layers, 4-8 agents with their own goals', () => {
    const doc = scene('open-field.json');
    expect(doc.agentRadius).toBeCloseTo(0.4);
    expect(doc.obstacles.filter((o) => o.id.startsWith('pillar')).length).toBeGreaterThanOrEqual(18);
    expect(doc.waypoints.length).toBeGreaterThanOrEqual(40);
    expect(doc.waypoints.length).toBeLessThanOrEqual(80);
    expect(new Set(doc.waypoints.map((w) => w.position[1])).size).toBeGreaterThanOrEqual(3);
    expect(doc.agents.length).toBeGreaterThanOrEqual(4);
    expect(doc.agents.length).toBeLessThanOrEqual(8);
    expect(new Set(doc.agents.map((a) => a.goal)).size).toBe(doc.agents.length);
    // The voxel layer matches the obstacles: every voxel centre inside an obstacle is solid.
    const grid = buildVoxelGrid(doc)!;
    const c = vec3();
    for (let z = 0; z < grid.Z; z++)
      for (let y = 0; y < grid.Y; y++)
        for (let x = 0; x < grid.X; x++) {
          grid.voxelCenter(x, y, z, c);
          if (doc.obstacles.some((o) => obstacleDistance(o, triple(c)) < 0)) expect(grid.isBlocked(x, y, z)).toBe(true);
        }
  });

  it('classic-10: exactly 300 blocked voxels and (0,0,0) -> (9,5,8) connected', () => {
    const doc = scene('classic-10.json');
    const grid = buildVoxelGrid(doc)!;
    expect([grid.X, grid.Y, grid.Z]).toEqual([10, 10, 10]);
    expect(grid.occupancy.reduce((n, b) => n + b, 0)).toBe(300);
    expect(grid.isBlocked(0, 0, 0) || grid.isBlocked(9, 5, 8)).toBe(false);
    const result = findPath(new GridSpace(grid), grid.index(0, 0, 0), grid.index(9, 5, 8));
    expect(result.status).toBe('found');
    expect(doc.search?.graph).toBe('grid');
    const agent = doc.agents[0];
    expect([voxelOf(doc, grid, agent.start), voxelOf(doc, grid, agent.goal)]).toEqual([grid.index(0, 0, 0), grid.index(9, 5, 8)]);
  });

  it('maze: start and goal at opposite ends on different floors, connected by a winding path', () => {
    const doc = scene('maze.json');
    const grid = buildVoxelGrid(doc)!;
    const agent = doc.agents[0];
    const s = resolvePoint(doc, agent.start);
    const g = resolvePoint(doc, agent.goal);
    expect(g.y - s.y).toBeGreaterThanOrEqual(4); // at least two floors apart
    const result = gridPath(doc, grid, agent.start, agent.goal);
    expect(result.status).toBe('found');
    expect(result.cost).toBeGreaterThan(2 * (Math.abs(g.x - s.x) + Math.abs(g.y - s.y) + Math.abs(g.z - s.z)));
  });

  it('building: every waypoint reachable from the door; the shaft joins the floors', () => {
    const doc = scene('building.json');
    const grid = buildVoxelGrid(doc)!;
    for (const w of doc.waypoints) expect(gridPath(doc, grid, 'door', w.id).status, w.id).toBe('found');
    const shaft = gridPath(doc, grid, 'shaft-0', 'shaft-2');
    expect(shaft.status).toBe('found');
    expect(shaft.cost).toBeCloseTo(8, 6); // straight up the open shaft
    const ids = new Set(doc.waypoints.map((w) => w.id));
    for (const prefix of ['g-', 'f1-', 'f2-', 'shaft-']) expect([...ids].some((id) => id.startsWith(prefix))).toBe(true);
  });

  it('river-bridge: one voxel thick, water costs 8, and the optimal path crosses the bridge', () => {
    const doc = scene('river-bridge.json');
    const grid = buildVoxelGrid(doc)!;
    expect(grid.Y).toBe(1);
    const [water, bridge] = doc.voxels!.terrain;
    expect([water.kind, water.cost, bridge.kind, bridge.cost]).toEqual(['water', 8, 'bridge', 1]);
    const onBridge = (i: number) => {
      const v = grid.coords(i, vec3());
      return bridge.boxes.some(([x0, , z0, x1, , z1]) => v.x >= x0 && v.x <= x1 && v.z >= z0 && v.z <= z1);
    };
    const inWater = (i: number) => grid.costAt(i) === 8;
    const agent = doc.agents[0];
    const result = gridPath(doc, grid, agent.start, agent.goal);
    expect(result.status).toBe('found');
    expect(result.path.some(onBridge)).toBe(true);
    expect(result.path.some(inWater)).toBe(false);
    // Without the water cost the straight crossing wins: the bridge is there because of the terrain.
    const dry = grid.clone();
    dry.terrain = null;
    const direct = gridPath(doc, dry, agent.start, agent.goal);
    expect(direct.path.some(onBridge)).toBe(false);
    expect(direct.path.some(inWater)).toBe(true);
    expect(result.cost).toBeLessThan(direct.cost + 7 * direct.path.filter(inWater).length);
  });

  it('sealed-room: the goal is unreachable and the path ends at the closest reachable voxel', () => {
    const doc = scene('sealed-room.json');
    const grid = buildVoxelGrid(doc)!;
    const agent = doc.agents[0];
    const goal = resolvePoint(doc, agent.goal);
    const g = grid.worldToVoxel(goal, vec3());
    expect(grid.isBlocked(g.x, g.y, g.z)).toBe(false); // the goal voxel itself is free, just enclosed
    const result = gridPath(doc, grid, agent.start, agent.goal);
    expect(result.status).toBe('unreachable');
    const end = grid.coords(result.path[result.path.length - 1], vec3());
    expect(Math.hypot(end.x - g.x, end.y - g.y, end.z - g.z)).toBeLessThanOrEqual(3); // right outside the wall
  });

  it('galaxy: a static sun, 3-5 planets on orbits with different periods, 3-6 ships chasing planets', () => {
    const doc = scene('galaxy.json');
    const sun = doc.obstacles.find((o) => o.shape === 'sphere')!;
    expect(sun).toBeDefined();
    expect(doc.movingObstacles.length).toBeGreaterThanOrEqual(3);
    expect(doc.movingObstacles.length).toBeLessThanOrEqual(5);
    expect(new Set(doc.movingObstacles.map((m) => m.orbit.period)).size).toBe(doc.movingObstacles.length);
    expect(doc.agents.length).toBeGreaterThanOrEqual(3);
    expect(doc.agents.length).toBeLessThanOrEqual(6);
    const planets = new Set(doc.movingObstacles.map((m) => m.id));
    for (const a of doc.agents) expect(planets.has(a.goal as string), `${a.id} chases a planet`).toBe(true);
    // Planets never touch the sun, at any time.
    const p = vec3();
    for (const m of doc.movingObstacles) {
      for (let t = 0; t < 100; t += 0.5) {
        expect(obstacleDistance(sun, triple(resolvePoint(doc, m.id, t, p)))).toBeGreaterThan(m.radius);
      }
    }
  });

  it('thin-walls: 0.1 thick walls whose slits pass a ray but not an agent of radius 0.4; doors pass both', () => {
    const doc = scene('thin-walls.json');
    expect(doc.agentRadius).toBe(0.4);
    const walls = doc.obstacles.filter((o) => o.shape === 'box' && o.id !== 'floor');
    for (const w of walls) expect(w.shape === 'box' && Math.min(...w.size)).toBeCloseTo(0.1, 9);
    /** Least clearance along the segment between two waypoints. */
    const segmentClearance = (a: string, b: string) => {
      const p = resolvePoint(doc, a);
      const q = resolvePoint(doc, b);
      let least = Infinity;
      for (let i = 0; i <= 2000; i++) {
        const t = i / 2000;
        least = Math.min(least, clearance(doc.obstacles, null, [p.x + t * (q.x - p.x), p.y + t * (q.y - p.y), p.z + t * (q.z - p.z)]));
      }
      return least;
    };
    for (const slit of ['west-slit', 'east-slit', 'diagonal']) {
      const c = segmentClearance(`${slit}-front`, `${slit}-back`);
      expect(c, slit).toBeGreaterThan(0); // a ray gets through...
      expect(c, slit).toBeLessThan(0.4); // ...an agent of radius 0.4 does not
      expect(c, slit).toBeCloseTo(0.25, 2); // the slit is 0.5 wide
    }
    for (const door of ['west-door', 'east-door']) expect(segmentClearance(`${door}-front`, `${door}-back`), door).toBeGreaterThan(0.4);
  });

  it('warframe-simple: the Moving AI map Simple.3dmap, with attribution', () => {
    const doc = scene('warframe-simple.json');
    expect(doc.description).toMatch(/Moving AI/);
    expect(doc.description).toMatch(/Digital Extremes/);
    expect(doc.description).toMatch(/Brewer.*Sturtevant.*Benchmarks for Pathfinding in 3D Voxel Space.*SoCS 2018/);
    expect(doc.description).toMatch(/ODC-By/);
    const grid = buildVoxelGrid(doc)!;
    expect([grid.X, grid.Y, grid.Z]).toEqual([105, 132, 105]);
    const map = movingAiText('Simple.3dmap');
    if (map !== null) expect(firstDifference(grid.occupancy, parse3dMap(map).occupancy)).toBe(-1);
    for (const a of doc.agents) expect(gridPath(doc, grid, a.start, a.goal).status).toBe('found');
  });
});
