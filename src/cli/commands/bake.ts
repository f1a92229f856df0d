import { writeFileSync } from 'node:fs';
import { now } from '../../core/clock.ts';
import { writeNavbin } from '../../core/io/navbin.ts';
import { buildVoxelGrid } from '../../scene/index.ts';
import { preprocessScene } from '../../three/preprocess.ts';
import { sparseFromGrid } from '../../core/sparse/build.ts';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, UsageError, worldFlag } from '../args.ts';
import { InputError, out, type NavIo } from '../io.ts';
import { readSceneMeshes } from '../meshFiles.ts';
import { loadScene } from './preprocess.ts';

/** `nav bake`: its flags (parsed and printed by `nav bake --help` from this table). */
export const BAKE: CommandSpec = {
  name: 'bake',
  args: '<scene.json>',
  summary: 'writes the voxel layer and the linked waypoint graph as a .navbin (docs/navbin.md)',
  flags: [
    {
      name: 'out',
      kind: { type: 'text', placeholder: 'file.navbin', range: 'a file path' },
      default: 'required',
      help: 'where to write the .navbin',
    },
    {
      name: 'agent-radius',
      kind: { type: 'number', placeholder: 'R', min: 0 },
      default: "the document's agentRadius (0 if none)",
      help: 'capsule radius of the link tests (scene units)',
    },
    worldFlag('the voxel layer as a dense grid, or as a sparse octree (the SPARSE section; no terrain)'),
    JSON_FLAG,
  ],
};

/**
 * `nav bake <scene.json> --out file.navbin [--agent-radius R] [--world dense|sparse] [--json]`:
 * the scene's voxel layer (with terrain; `--world sparse`: as a sparse octree in the SPARSE
 * section, without terrain), its waypoint graph linked as `nav preprocess` links it, and the
 * settings used, as a .navbin (docs/navbin.md).
 * JSON: {"out","bytes","dims","blocked","waypoints","links","ms"} (dims null without a voxel layer).
 */
export async function bakeCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, BAKE);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const target = args.flags.get('out');
  if (target === undefined) throw new UsageError('--out file.navbin is required');
  const agentRadius = numberValue(args, 'agent-radius');
  const t0 = now();
  const doc = loadScene(file);
  const pre = preprocessScene(doc, { agentRadius, world: { sceneMeshes: await readSceneMeshes(doc, file) } });
  const grid = buildVoxelGrid(doc);
  const sparse = args.flags.get('world') === 'sparse' && grid !== null ? sparseFromGrid(grid) : null;
  const g = pre.graph;
  const bytes = writeNavbin({
    settings: {
      agentRadius: pre.agentRadius,
      maxLinkDistance: pre.maxLinkDistance,
      neighborhood: doc.search?.neighborhood ?? 26,
      cornerCutting: doc.search?.cornerCutting ?? 'forbid',
    },
    grid: sparse === null ? grid : null,
    graph: { ids: doc.waypoints.map((w) => w.id), positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs },
    sparse,
  });
  try {
    writeFileSync(target, bytes);
  } catch (e) {
    throw new InputError(`${target}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const ms = now() - t0;
  const blocked = grid === null ? 0 : grid.occupancy.reduce((s, v) => s + v, 0);
  const dims = grid === null ? null : [grid.X, grid.Y, grid.Z];
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        out: target,
        bytes: bytes.byteLength,
        dims,
        blocked,
        waypoints: g.count,
        links: g.linkCount,
        ms: Math.round(ms * 1000) / 1000,
      }),
    );
    return 0;
  }
  out(
    io,
    `${target}: ${bytes.byteLength} bytes (${dims ? `${dims.join('x')} voxels, ${blocked} blocked` : 'no voxel layer'}, ${g.count} waypoints, ${g.linkCount} links), ${ms.toFixed(1)} ms`,
  );
  return 0;
}
