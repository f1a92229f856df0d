// Whatever parseScene accepts can be saved, built, searched and simulated with finite results:
// documents generated over the whole documented ranges (SCENE_RANGES), extremes included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryGraph, queryGrid } from '../../src/core/query/query.ts';
import { buildVoxelGrid, contentBounds, parseScene, saveScene, SCENE_RANGES as R } from '../../src/scene/index.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';

/** A double in [lo, hi], its ends and a few ordinary values more likely than uniform draws. */
const range = (lo: number, hi: number, open = false) => {
  const ends = [hi, (lo + hi) / 2, ...(open ? [] : [lo])].filter((v) => v > lo || !open);
  const ordinary = [1, 0.5, 2, 10].filter((v) => v <= hi && (open ? v > lo : v >= lo));
  return fc.oneof(
    fc.constantFrom(...ends, ...ordinary),
    fc.double({ min: lo, max: hi, noNaN: true }).filter((v) => !open || v > lo),
  );
};
const coord = range(-R.coord, R.coord);
const vec = fc.tuple(coord, coord, coord);
const length = range(R.minLength, R.length);
const angle = range(-R.angle, R.angle);

const obstacle = fc.oneof(
  fc.record({
    shape: fc.constant('box' as const),
    position: vec,
    size: fc.tuple(length, length, length),
    rotation: fc.option(fc.tuple(angle, angle, angle), { nil: undefined }),
  }),
  fc.record({ shape: fc.constant('sphere' as const), position: vec, radius: length }),
  fc.record({ shape: fc.constant('cylinder' as const), position: vec, radius: length, height: length }),
);

const moving = fc.record({
  radius: length,
  orbit: fc.record({
    center: vec,
    radius: range(0, R.length),
    period: range(...R.period),
    phase: angle,
    axis: fc.tuple(coord, coord, coord).filter(([x, y, z]) => x * x + y * y + z * z > 1e-12),
  }),
});

/** A voxel layer whose far corner lies within the coordinate range (parseScene's rule). */
const voxels = fc
  .record({
    dims: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
    cellSize: range(...R.cellSize),
    origin: fc.tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    ),
    solidSeed: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat()), { maxLength: 3 }),
    cost: range(...R.cost),
  })
  .map(({ dims, cellSize, origin, solidSeed, cost }) => {
    // Scale the origin into the room the layer leaves inside ±coord.
    const room = dims.map((d) => Math.max(0, R.coord - d * cellSize));
    const box = (s: number[]) => {
      const lo = dims.map((d, a) => s[a] % d);
      return [...lo, ...lo.map((l, a) => l + (s[a + 3] % (dims[a] - l)))];
    };
    return {
      dims,
      cellSize,
      origin: origin.map((o, a) => o * room[a]),
      solid: solidSeed.slice(0, 2).map(box),
      terrain: solidSeed.length > 2 ? [{ kind: 'mud', cost, boxes: [box(solidSeed[2])] }] : [],
    };
  })
  .filter((v) => v.dims.every((d, a) => Math.abs(v.origin[a] + d * v.cellSize) <= R.coord));

const doc = fc
  .record({
    waypoints: fc.array(vec, { maxLength: 5 }),
    obstacles: fc.array(obstacle, { maxLength: 3 }),
    moving: fc.array(moving, { maxLength: 2 }),
    voxels: fc.option(voxels, { nil: undefined }),
    agents: fc.array(fc.record({ start: vec, goal: vec, radius: range(0, R.length), speed: length, refs: fc.nat() }), { maxLength: 3 }),
    agentRadius: fc.option(range(0, R.length), { nil: undefined }),
    maxLinkDistance: fc.option(range(R.minLength, R.linkDistance), { nil: undefined }),
    steering: fc.option(
      fc.record({
        avoidRange: range(...R.avoidRange),
        pullGain: range(...R.pullGain),
        minDistance: range(...R.minDistance),
        stepHz: range(...R.stepHz),
      }),
      { nil: undefined },
    ),
    weight: fc.option(range(...R.weight), { nil: undefined }),
  })
  .map((g) => ({
    version: 1,
    agentRadius: g.agentRadius,
    maxLinkDistance: g.maxLinkDistance,
    voxels: g.voxels,
    obstacles: g.obstacles.map((o, i) => ({ id: `o${i}`, ...o })),
    movingObstacles: g.moving.map((m, i) => ({ id: `m${i}`, ...m })),
    waypoints: g.waypoints.map((position, i) => ({ id: `w${i}`, position })),
    agents: g.agents.map((a, i) => ({
      id: `a${i}`,
      // Some starts and goals name waypoints or moving obstacles instead of positions.
      start: a.refs % 3 === 1 && g.waypoints.length > 0 ? 'w0' : a.start,
      goal: a.refs % 3 === 2 && g.moving.length > 0 ? 'm0' : a.goal,
      radius: a.radius,
      speed: a.speed,
    })),
    search: g.weight === undefined ? undefined : { weight: g.weight },
    steering: g.steering,
  }));

const finite = (v: number) => expect(Number.isFinite(v), String(v)).toBe(true);

describe('documents within the documented ranges', () => {
  it('parse -> save -> build -> search -> simulate: no throws, finite numbers (property)', () => {
    fc.assert(
      fc.property(doc, (raw) => {
        const d = parseScene(raw);
        // Saving never throws, and loads back to the same document.
        expect(parseScene(saveScene(d))).toEqual(d);
        for (const v of [...d.bounds.min, ...d.bounds.max, ...contentBounds(d).min, ...contentBounds(d).max]) finite(v);

        const grid = buildVoxelGrid(d);
        if (grid !== null) {
          const free: number[][] = [];
          for (let z = 0; z < grid.Z; z++)
            for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++) if (!grid.isBlocked(x, y, z)) free.push([x, y, z]);
          if (free.length > 0) {
            const r = queryGrid(grid, free[0], free[free.length - 1], { weight: d.search?.weight });
            finite(r.cost);
          }
        }

        const pre = preprocessScene(d);
        if (pre.graph.count > 0) {
          const r = queryGraph(
            pre.graph,
            d.waypoints.map((w) => w.id),
            0,
            pre.graph.count - 1,
            { weight: d.search?.weight },
          );
          finite(r.cost);
          for (const p of r.path) p.forEach(finite);
        }

        const { simulation } = createSceneSimulation(d, { seed: 7 });
        for (let i = 0; i < 10; i++) simulation.fixedStep();
        const report = simulation.report();
        for (const a of report.agents) {
          // The documented nulls: timeToArrive before arrival, minClearance without static geometry.
          for (const v of [a.travelled, a.planned, a.stepsInside, a.replans]) finite(v);
          if (a.timeToArrive !== null) finite(a.timeToArrive);
          if (a.minClearance !== null) finite(a.minClearance);
        }
        const pos = simulation.positions;
        for (let i = 0; i < 3 * report.agents.length; i++) finite(pos[i]);
      }),
      { numRuns: 150, seed: 11 },
    );
  });
});
