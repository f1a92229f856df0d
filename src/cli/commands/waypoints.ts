import { NavlabError } from '../../core/errors.ts';
import { quote } from '../../core/text.ts';
import { autoWaypointList, sceneWaypointFigures, type SceneWaypointFigures } from '../../scene-three/autoWaypoints.ts';
import { SCENE_LIMITS } from '../../scene/index.ts';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, UsageError } from '../args.ts';
import { InputError, out, type NavIo } from '../io.ts';
import { readSceneMeshes } from '../meshFiles.ts';
import { loadScene } from './preprocess.ts';

/** `nav waypoints`: its flags (parsed and printed by `nav waypoints --help` from this table). */
export const WAYPOINTS: CommandSpec = {
  name: 'waypoints',
  args: '<scene.json>',
  summary: 'places waypoints automatically and measures coverage, components and route ratios',
  flags: [
    {
      name: 'agent-radius',
      kind: { type: 'number', placeholder: 'R', min: 0 },
      default: "the document's agentRadius (0 if none)",
      help: 'clearance the waypoints keep (scene units)',
    },
    {
      name: 'max',
      kind: { type: 'number', placeholder: 'N', min: 1, max: SCENE_LIMITS.waypoints, integer: true },
      default: 'no cap below the scene limit',
      help: 'most waypoints to place',
    },
    JSON_FLAG,
  ],
};

/**
 * `nav waypoints <scene.json> [--agent-radius R] [--max N] [--json]`: automatic waypoints for
 * the scene's static world and their figures (`measureWaypoints`: 1,000 pairs, seed 1).
 * JSON: {"waypoints":[{"id","position"}],"coverage","components":{"graph","free"},
 * "medianRatio","p95Ratio","ms"}; ms = placement time (world, grid, placement), not the
 * figures. The figures' graph is relinked from the positions by `buildVisibility`, as
 * preprocessing would link them. Ratios are null when there is no pair or no route.
 */
export async function waypointsCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, WAYPOINTS);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const agentRadius = numberValue(args, 'agent-radius');
  const maxWaypoints = numberValue(args, 'max');
  const doc = loadScene(file);
  let r: SceneWaypointFigures;
  try {
    r = sceneWaypointFigures(doc, { agentRadius, maxWaypoints, world: { sceneMeshes: await readSceneMeshes(doc, file) } });
  } catch (e) {
    // A world too big to place waypoints in is a property of the file.
    if (e instanceof NavlabError && e.code === 'usage' && e.message.startsWith('placeWaypoints: '))
      throw new InputError(`${file}: ${e.message}`);
    throw e;
  }
  const { graph, metrics: m, figuresMs } = r;
  const waypoints = autoWaypointList(graph.positions);
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        waypoints,
        coverage: m.coverage,
        components: m.components,
        medianRatio: m.medianRatio,
        p95Ratio: m.p95Ratio,
        ms: round3(r.ms),
      }),
    );
    return 0;
  }
  const g = r.placed.space.grid;
  const s = r.placed.steps;
  const ratio = (v: number | null) => (v === null ? 'none' : v.toFixed(3));
  out(io, `${doc.name}: ${graph.count} waypoints, ${graph.linkCount} links (agent radius ${r.agentRadius}) in ${r.ms.toFixed(1)} ms`);
  out(io, `  grid: ${g.X}x${g.Y}x${g.Z} voxels of ${g.cellSize}, ${r.placed.space.clearVoxels.length} clear`);
  out(io, `  steps: ${s.cover} cover, ${s.connectors} connectors, ${s.pruned} pruned, ${s.refined} refinement`);
  out(io, `  coverage ${m.coverage}, components: graph ${m.components.graph}, free ${m.components.free}`);
  out(
    io,
    `  route / grid optimum over ${m.pairs} pairs: median ${ratio(m.medianRatio)}, 95th percentile ${ratio(m.p95Ratio)} (${figuresMs.toFixed(0)} ms)`,
  );
  for (const w of waypoints) out(io, `  ${w.id}  ${w.position.map((c) => +c.toFixed(4)).join(', ')}`);
  return 0;
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;
