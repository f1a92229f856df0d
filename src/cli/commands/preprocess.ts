import { parseScene, type SceneDocument } from '../../scene/index.ts';
import { preprocessScene } from '../../three/preprocess.ts';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, UsageError } from '../args.ts';
import { clip, quote } from '../../core/text.ts';
import { fileName, InputError, out, readSceneText, type NavIo } from '../io.ts';
import { readSceneMeshes } from '../meshFiles.ts';

/** Reads and validates a scene file; a bad document becomes an InputError naming the file. */
export function loadScene(file: string): SceneDocument {
  const text = readSceneText(file);
  try {
    return parseScene(text);
  } catch (e) {
    throw new InputError(`${fileName(file)}: ${(e as Error).message}`);
  }
}

/** `nav preprocess`: its flags (parsed and printed by `nav preprocess --help` from this table). */
export const PREPROCESS: CommandSpec = {
  name: 'preprocess',
  args: '<scene.json>',
  summary: 'links the waypoints that see each other past the static obstacles',
  flags: [
    {
      name: 'agent-radius',
      kind: { type: 'number', placeholder: 'R', min: 0 },
      default: "the document's agentRadius (0 if none)",
      help: 'capsule radius of the link tests (scene units)',
    },
    JSON_FLAG,
  ],
};

/**
 * `nav preprocess <scene.json> [--agent-radius R] [--json]`: waypoint visibility through the
 * scene's static obstacles. JSON: {"waypoints","links","buildMs","segmentTests",
 * "segmentTestsPerSec","pairs":[[i,j],...]} with pairs as document-order indices, i < j,
 * sorted. segmentTestsPerSec is measured over the link-testing phase.
 */
export async function preprocessCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, PREPROCESS);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const agentRadius = numberValue(args, 'agent-radius');
  const doc = loadScene(file);
  const r = preprocessScene(doc, { agentRadius, world: { sceneMeshes: await readSceneMeshes(doc, file) } });
  const segmentTestsPerSec = r.linkMs > 0 ? Math.round(r.segmentTests / (r.linkMs / 1000)) : 0;
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        waypoints: r.graph.count,
        links: r.graph.linkCount,
        buildMs: round3(r.buildMs),
        segmentTests: r.segmentTests,
        segmentTestsPerSec,
        pairs: r.graph.pairs(),
      }),
    );
    return 0;
  }
  const limit = Number.isFinite(r.maxLinkDistance) ? `, max link distance ${r.maxLinkDistance}` : '';
  out(io, `${clip(doc.name, 200)}: ${r.graph.count} waypoints, ${r.graph.linkCount} links (agent radius ${r.agentRadius}${limit})`);
  out(
    io,
    `  world: ${doc.obstacles.length} obstacles${doc.voxels ? ', voxel layer' : ''}, ${r.world.triangleCount} triangles, ${r.worldMs.toFixed(1)} ms`,
  );
  out(
    io,
    `  links: ${r.segmentTests} ${r.agentRadius > 0 ? 'capsule' : 'segment'} tests in ${r.linkMs.toFixed(1)} ms (${segmentTestsPerSec} tests/s)`,
  );
  out(io, `  total: ${r.buildMs.toFixed(1)} ms`);
  return 0;
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;
