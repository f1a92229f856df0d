import type { AgentMetrics } from '../../core/steering/Simulation.ts';
import { ObstacleWorld } from '../../three/ObstacleWorld.ts';
import { createSceneSimulation } from '../../scene-three/simulation.ts';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, UsageError } from '../args.ts';
import type { AvoidanceMode } from '../../core/steering/params.ts';
import { AVOIDANCE_MODES } from '../../core/steering/params.ts';
import { clip, quote } from '../../core/text.ts';
import { out, type NavIo } from '../io.ts';
import { loadScene } from './preprocess.ts';
import { readSceneMeshes } from '../meshFiles.ts';

/** Without --steps, the run stops when every agent has arrived, or after this much simulated time. */
export const DEFAULT_MAX_SECONDS = 300;

/** `nav simulate`: its flags (parsed and printed by `nav simulate --help` from this table). */
export const SIMULATE: CommandSpec = {
  name: 'simulate',
  args: '<scene.json>',
  summary: "runs the scene's agents on the fixed-step clock and reports how they fared",
  flags: [
    {
      name: 'steps',
      kind: { type: 'number', placeholder: 'N', min: 0, integer: true },
      default: `until every agent arrives, at most ${DEFAULT_MAX_SECONDS} s`,
      help: 'run exactly N fixed steps',
    },
    {
      name: 'seed',
      kind: { type: 'number', placeholder: 'S', min: 0, max: 0xffffffff, integer: true },
      default: '1',
      help: 'seed of the random choices',
    },
    {
      name: 'avoidance',
      kind: { type: 'choice', values: AVOIDANCE_MODES },
      default: "the scene's steering.avoidance, else swarm",
      help: 'how agents avoid each other: the swarm rule or reciprocal velocity obstacles (ORCA)',
    },
    JSON_FLAG,
  ],
};

/**
 * `nav simulate <scene.json> [--steps N] [--seed S] [--avoidance swarm|reciprocal] [--json]`:
 * runs the scene's agents on the fixed-step clock. --steps N runs exactly N steps; without it
 * the run ends when every agent has arrived (at most DEFAULT_MAX_SECONDS of simulated time).
 * --avoidance overrides the scene's `steering.avoidance` (default swarm). JSON (one line):
 * {"agents":[{"id","arrived","timeToArrive","travelled","planned","minClearance","stepsInside",
 * "replans"}],"summary":{"agents","arrived","stepsInside","minAgentGap"}}; timeToArrive is null
 * for an agent that has not arrived, minClearance null in a world without static geometry,
 * minAgentGap (least centre distance / (r_i + r_j) over all pairs and steps, 1 when no two
 * agents ever touch) null with fewer than two agents.
 */
export async function simulateCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, SIMULATE);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const steps = numberValue(args, 'steps');
  const seed = numberValue(args, 'seed') ?? 1;
  const doc = loadScene(file);
  const world = ObstacleWorld.fromScene(doc, { sceneMeshes: await readSceneMeshes(doc, file) });
  const avoidance = args.flags.get('avoidance') as AvoidanceMode | undefined;
  const { simulation: sim, graph } = createSceneSimulation(doc, { seed, world, params: avoidance ? { avoidance } : {} });
  const limit = steps ?? Math.ceil(DEFAULT_MAX_SECONDS * sim.params.stepHz);
  let n = 0;
  while (n < limit && (steps !== undefined || !sim.allArrived)) {
    sim.fixedStep();
    n++;
  }
  const { agents, summary } = sim.report();
  if (args.switches.has('json')) {
    const minAgentGap = summary.minAgentGap === null ? null : round4(summary.minAgentGap);
    out(io, JSON.stringify({ agents: agents.map(rounded), summary: { ...summary, minAgentGap } }));
    return 0;
  }
  const hz = sim.params.stepHz;
  out(
    io,
    `${clip(doc.name, 200)}: ${agents.length} agent${agents.length === 1 ? '' : 's'}, paths on ${graph}, ${n} steps (${(n / hz).toFixed(2)} s at ${hz} Hz), seed ${seed}, ${sim.params.avoidance} avoidance`,
  );
  const rows = agents.map((a) => [
    clip(a.id, 60),
    a.arrived ? 'yes' : 'no',
    a.timeToArrive === null ? '-' : a.timeToArrive.toFixed(2),
    a.travelled.toFixed(2),
    a.planned.toFixed(2),
    a.planned > 0 ? (a.travelled / a.planned).toFixed(2) : '-',
    a.minClearance === null ? '-' : a.minClearance.toFixed(3),
    String(a.stepsInside),
    String(a.replans),
  ]);
  for (const line of table(['agent', 'arrived', 'time s', 'travelled', 'planned', 'ratio', 'min clear', 'inside', 'replans'], rows))
    out(io, line);
  const gap = summary.minAgentGap === null ? '' : `, least agent gap ${summary.minAgentGap.toFixed(3)} x (r_i + r_j)`;
  out(io, `summary: ${summary.arrived}/${summary.agents} arrived, ${summary.stepsInside} steps inside static geometry${gap}`);
  return 0;
}

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** The metrics with numbers rounded to 1e-4, keys in the documented order. */
function rounded(a: AgentMetrics): AgentMetrics {
  return {
    id: a.id,
    arrived: a.arrived,
    timeToArrive: a.timeToArrive === null ? null : round4(a.timeToArrive),
    travelled: round4(a.travelled),
    planned: round4(a.planned),
    minClearance: a.minClearance === null ? null : round4(a.minClearance),
    stepsInside: a.stepsInside,
    replans: a.replans,
  };
}

/** Lines of a table: first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)];
}
