/**
 * Steering benchmark: 500 agents in the open-field scene (pillars, platforms,
 * boulders, a voxel layer), each with its own random start and goal in free space (seeded),
 * planned on the scene's waypoint graph. Times fixed steps of 1/60 s in Node; the target is at
 * most 2 ms per step. The crowd is kept moving: an agent that arrives gets the next goal from
 * a seeded pool (that replanning happens between steps and is reported apart, like the setup).
 *
 * Run alone: npx tsx bench/steering.ts
 */
import { readFileSync } from 'node:fs';
import { now } from '../src/core/clock.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { parseScene, type SceneAgent, type SceneDocument } from '../src/scene/index.ts';
import { ObstacleWorld } from '../src/three/ObstacleWorld.ts';
import { createSceneSimulation } from '../src/scene-three/simulation.ts';
import { printTable, quantile } from './stats.ts';
import { checkTarget } from './targets.ts';

const AGENTS = 500;
const SEED = 0x57ee;
const WARMUP_STEPS = 60;
const TIMED_STEPS = 1200;
const BUDGET_MS = 2;

/** `count` points in free space of the open field, at least `spacing` apart. */
function freePoints(
  world: ObstacleWorld,
  random: () => number,
  count: number,
  radius: number,
  spacing: number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  const p = { x: 0, y: 0, z: 0 },
    q = { x: 0, y: 0, z: 0 },
    n = { x: 0, y: 0, z: 0 };
  while (out.length < count) {
    p.x = -28 + 56 * random();
    p.y = 1 + 13 * random();
    p.z = -28 + 56 * random();
    if (world.contains(p.x, p.y, p.z) || world.closestPointOnObstacles(p, radius + 0.2, q, n) < Infinity) continue;
    if (out.some(([x, y, z]) => (x - p.x) ** 2 + (y - p.y) ** 2 + (z - p.z) ** 2 < spacing * spacing)) continue;
    out.push([p.x, p.y, p.z]);
  }
  return out;
}

/** The open-field document with `count` agents of its own radius, random starts and goals. */
export function crowdScene(count: number, seed: number): SceneDocument {
  const doc = parseScene(readFileSync(new URL('../scenes/open-field.json', import.meta.url), 'utf8'));
  const world = ObstacleWorld.fromScene(doc);
  const random = mulberry32(seed);
  const radius = doc.agentRadius ?? 0.4;
  const starts = freePoints(world, random, count, radius, 2 * radius + 0.2);
  const goals = freePoints(world, random, count, radius, 2 * radius + 0.2);
  const agents: SceneAgent[] = starts.map((start, i) => ({ id: `crowd-${i}`, start, goal: goals[i], radius, speed: 3 + 1.5 * random() }));
  world.dispose();
  return { ...doc, agents };
}

export async function benchSteering(): Promise<void> {
  const doc = crowdScene(AGENTS, SEED);
  const t0 = now();
  const { simulation: sim, world } = createSceneSimulation(doc, { seed: 1 });
  const setupMs = now() - t0;
  const pool = freePoints(world, mulberry32(SEED + 1), 2000, doc.agentRadius ?? 0.4, 0);
  let next = 0;
  let regoalMs = 0;
  let trips = 0;
  const times: number[] = [];
  for (let k = 0; k < WARMUP_STEPS + TIMED_STEPS; k++) {
    const t = now();
    sim.fixedStep();
    if (k >= WARMUP_STEPS) times.push(now() - t);
    const t1 = now();
    for (let i = 0; i < AGENTS; i++) {
      if (!sim.arrived(i)) continue;
      const [x, y, z] = pool[next++ % pool.length];
      sim.setGoal(i, { x, y, z });
      trips++;
    }
    regoalMs += now() - t1;
  }
  const mean = times.reduce((s, v) => s + v, 0) / times.length;
  times.sort((a, b) => a - b);
  const report = sim.report();
  const replans = report.agents.reduce((s, a) => s + a.replans, 0);
  printTable(
    `Steering: ${AGENTS} agents in open-field (waypoint plans), fixed step 1/60 s, ${TIMED_STEPS} steps timed after ${WARMUP_STEPS}`,
    ['measure', 'value'],
    [
      ['setup: world, graph, 500 plans (ms)', setupMs],
      ['ms per step, median', quantile(times, 0.5)],
      ['ms per step, mean', mean],
      ['ms per step, p95', quantile(times, 0.95)],
      ['ms per step, max', times[times.length - 1]],
      [
        `budget ${BUDGET_MS} ms per step (mean)`,
        checkTarget('steering', `ms per step, mean, ${AGENTS} agents`, mean, '<=', BUDGET_MS, 'ms'),
      ],
      ['trips completed (new goal each)', String(trips)],
      ['new-goal planning, ms per trip', trips > 0 ? regoalMs / trips : 0],
      ['replans (stuck / blocked)', String(replans)],
      ['steps inside geometry', String(report.summary.stepsInside)],
    ],
  );
  world.dispose();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSteering();
