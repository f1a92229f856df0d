/**
 * Avoidance benchmark (issue 26): the antipodal sphere swap in free space. N agents of radius
 * 0.5 spread evenly on a sphere (a Fibonacci lattice) each fly to the opposite point at speed
 * 2; the sphere radius keeps the density of 500 agents at radius 15 (R = 15 x sqrt(N / 500)).
 * For each N, the reciprocal (ORCA) and swarm modes run in the same process: every agent
 * arrived, minAgentGap, time to all arrive / straight-line time (2R / speed), the 50 / 90 / 99 %
 * arrival quantiles on the same scale (the last arrival is chaotic: a change of rule or of
 * neighbour order moves it by up to +-0.15 while the quantiles stay put), ms per fixed
 * step (median over the run's steps, 1/60 s each: the target's measure) and the process's CPU
 * ms per step (mean: on a shared machine the wall clock also counts time the process waited
 * for a core), with the load average beside the table.
 *
 * Run alone: npx tsx bench/avoidance.ts [N ...]
 */
import { loadavg } from 'node:os';
import { now } from '../src/core/clock.ts';
import type { AvoidanceMode } from '../src/core/steering/params.ts';
import { Simulation, type AgentSpec } from '../src/core/steering/Simulation.ts';
import { printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const SIZES = [250, 1000, 2000];
const RADIUS = 0.5;
const SPEED = 2;
/** The run stops at this multiple of the straight-line time if not every agent has arrived. */
const TIME_LIMIT = 3;

/** N agents evenly on a sphere of radius R around the origin, each heading for its antipode. */
export function sphereSwap(n: number, sphereRadius: number, radius = RADIUS, speed = SPEED): AgentSpec[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const agents: AgentSpec[] = [];
  for (let k = 0; k < n; k++) {
    const y = 1 - (2 * (k + 0.5)) / n;
    const ring = Math.sqrt(1 - y * y);
    const x = ring * Math.cos(golden * k),
      z = ring * Math.sin(golden * k);
    const p = { x: x * sphereRadius, y: y * sphereRadius, z: z * sphereRadius };
    agents.push({ id: `a${k}`, start: p, goal: { x: -p.x, y: -p.y, z: -p.z }, radius, speed });
  }
  return agents;
}

/** Sphere radius with the density of 500 agents on a sphere of radius 15. */
export const swapRadius = (n: number): number => 15 * Math.sqrt(n / 500);

interface SwapResult {
  arrived: number;
  gap: number | null;
  ratio: number;
  /** Arrival times / straight-line time at the 50, 90 and 99 % quantiles (unarrived agents count at the end of the run). */
  quantiles: number[];
  msPerStep: number;
  cpuPerStep: number;
}

function runSwap(n: number, avoidance: AvoidanceMode): SwapResult {
  const R = swapRadius(n);
  const sim = new Simulation({ agents: sphereSwap(n, R), params: { avoidance } });
  const straight = (2 * R) / SPEED;
  const limit = Math.ceil((TIME_LIMIT * straight) / (1 / sim.params.stepHz));
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  while (!sim.allArrived && times.length < limit) {
    const t0 = now();
    sim.fixedStep();
    times.push(now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const { agents, summary } = sim.report();
  const arrivals = agents.map((a) => (a.timeToArrive ?? sim.time) / straight).sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    arrived: summary.arrived,
    gap: summary.minAgentGap,
    ratio: arrivals[arrivals.length - 1],
    quantiles: [0.5, 0.9, 0.99].map((f) => arrivals[Math.floor(f * (arrivals.length - 1))]),
    msPerStep: times[times.length >> 1],
    cpuPerStep: (cpu.user + cpu.system) / 1000 / times.length,
  };
}

/** Prints the sphere-swap table and checks the targets for the reciprocal mode. */
export function benchAvoidance(sizes: readonly number[] = SIZES): void {
  const section = 'avoidance: sphere swap';
  const rows: (string | number)[][] = [];
  for (const n of sizes) {
    for (const mode of ['reciprocal', 'swarm'] as const) {
      const r = runSwap(n, mode);
      const verdicts =
        mode === 'reciprocal'
          ? [
              checkTarget(section, `N=${n} arrived`, r.arrived, '=', n),
              checkTarget(section, `N=${n} minAgentGap`, r.gap ?? 0, '>=', 0.99),
              checkTarget(section, `N=${n} time / straight-line`, r.ratio, '<=', 1.25),
              ...(n === 1000 ? [checkTarget(section, `N=${n} ms per step`, r.msPerStep, '<=', 1, 'ms')] : []),
            ]
              .filter((v) => v.endsWith('MISSED'))
              .join('; ') || 'targets met'
          : '-';
      rows.push([
        `${n}`,
        swapRadius(n).toFixed(1),
        mode,
        `${r.arrived}/${n}`,
        r.gap === null ? '-' : r.gap.toFixed(3),
        r.ratio.toFixed(3),
        r.quantiles.map((q) => q.toFixed(2)).join(' '),
        r.msPerStep.toFixed(3),
        r.cpuPerStep.toFixed(3),
        verdicts,
      ]);
    }
  }
  printTable(
    `${section} (radius ${RADIUS}, speed ${SPEED}, R = 15 sqrt(N/500), 60 Hz; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    [
      'N',
      'R',
      'avoidance',
      'arrived',
      'minAgentGap',
      'time/straight',
      'arrivals 50/90/99 %',
      'ms/step (median)',
      'CPU ms/step (mean)',
      'verdict',
    ],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number);
  benchAvoidance(sizes.length > 0 ? sizes : SIZES);
}
