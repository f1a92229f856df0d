import { NavlabError } from '../../core/errors.ts';
import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { now } from '../../core/clock.ts';
import { saveScene } from '../../scene/index.ts';
import { importScene, ImportError, type WaypointPlacer } from '../../import/importScene.ts';
import { meshFormat } from '../../import/meshImport.ts';
import type { VoxelFill } from '../../core/geometry/voxelizeMesh.ts';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, UsageError, worldFlag } from '../args.ts';
import { err, InputError, out, type NavIo } from '../io.ts';
import { readMeshFile } from '../meshFiles.ts';
import { cellSizeSpec, fillSpec } from './voxelize.ts';

/**
 * `nav import`: its flags, the only list the parser accepts and `nav import --help` prints.
 * To add a flag, add its entry here (name, kind with its range, default text, one line of help).
 */
export const IMPORT: CommandSpec = {
  name: `import`, // backquotes: test/layers.test.ts would read the word and a quote as a side-effect import
  args: '<mesh.glb|.gltf|.obj|.stl ...>',
  summary: 'writes a scene of the meshes with a voxel layer and automatic waypoints',
  flags: [
    {
      name: 'out',
      kind: { type: 'text', placeholder: 'scene.json', range: 'a file path' },
      default: 'required',
      help: 'where to write the scene',
    },
    cellSizeSpec('longest side of the meshes / 128'),
    fillSpec('solid when the meshes are closed, else surface'),
    {
      name: 'agent-radius',
      kind: { type: 'number', placeholder: 'R', min: 0 },
      default: '0.4 cells, within [longest side / 1000, longest side / 40]',
      help: "written as the scene's agentRadius and the agents' radius (scene units)",
    },
    {
      name: 'agents',
      kind: { type: 'number', placeholder: 'N', min: 0, max: 10000, integer: true },
      default: '4',
      help: 'agents written into the scene (seeded), each with a reachable goal',
    },
    {
      name: 'waypoints',
      kind: { type: 'choice', values: ['auto', 'none'] },
      default: 'auto',
      help: 'auto: place waypoints on the voxel layer',
    },
    worldFlag('the voxel layer voxelized as a dense grid, or as a sparse octree straight from the triangles'),
    JSON_FLAG,
  ],
};

/**
 * `nav import <mesh...> [--cell-size C] [--fill surface|solid] [--agent-radius R] [--agents N]
 * [--waypoints auto|none] [--world dense|sparse] --out scene.json [--json]`: writes a version-2 scene that references
 * the meshes by paths relative to it, with their voxel layer, (auto) placed waypoints and N
 * agents with reachable goals; every default follows the level (`importScene`).
 * JSON: {"scene","triangles","dims","blocked","waypoints","links","ms","agents","fill"}.
 * `placeWaypoints` does `--waypoints auto`; without one, auto is a usage error. `--world sparse`
 * voxelizes the layer into a sparse octree (importSparse.ts): the same voxels and output.
 */
export async function importCommand(argv: string[], io: NavIo, placeWaypoints?: WaypointPlacer): Promise<number> {
  const args = parseArgs(argv, IMPORT);
  const files = args.positional;
  if (files.length === 0) throw new UsageError('missing the mesh files');
  for (const f of files) if (meshFormat(f) === null) throw new UsageError(`'${f}' is not a .glb, .gltf, .obj or .stl file`);
  const target = args.flags.get('out');
  if (target === undefined) throw new UsageError('--out scene.json is required');
  const cellSize = numberValue(args, 'cell-size');
  const fill = args.flags.get('fill') as VoxelFill | undefined;
  const agentRadius = numberValue(args, 'agent-radius');
  const agents = numberValue(args, 'agents') ?? 4;
  const waypoints = args.flags.get('waypoints') ?? 'auto';
  if (waypoints === 'auto' && placeWaypoints === undefined)
    throw new UsageError('--waypoints auto: automatic placement is not available in this build; use --waypoints none');
  const t0 = now();
  // Progress on stderr only when it is a terminal (never into --json's stdout): one line per stage.
  let last = t0;
  const progress =
    io.stderrIsTTY === true
      ? (stage: string) => {
          const t = now();
          err(io, `nav import: ${stage}... (${((t - t0) / 1000).toFixed(1)} s)`);
          last = t;
        }
      : null;
  const folder = dirname(resolve(target));
  const meshes = [];
  progress?.('decode');
  for (const f of files) {
    const src = relative(folder, resolve(f)).split(sep).join('/');
    meshes.push({ src, mesh: await readMeshFile(f) });
  }
  let result: Awaited<ReturnType<typeof importScene>>;
  try {
    result = await importScene(meshes, {
      cellSize,
      fill,
      agentRadius,
      agents,
      placeWaypoints: waypoints === 'auto' ? placeWaypoints : undefined,
      voxelLayer: args.flags.get('world') === 'sparse' ? (await import('./importSparse.ts')).sparseSceneVoxelLayer : undefined,
      onStage: progress === null ? undefined : (stage) => progress(stage),
    });
  } catch (e) {
    if (e instanceof ImportError || (e instanceof NavlabError && e.code === 'usage' && /exceeds the limit/.test(e.message)))
      throw new InputError(e.message);
    throw e;
  }
  try {
    writeFileSync(target, saveScene(result.document));
  } catch (e) {
    throw new InputError(`${target}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const ms = now() - t0;
  if (progress !== null) err(io, `nav import: done in ${(ms / 1000).toFixed(1)} s (last stage ${((now() - last) / 1000).toFixed(1)} s)`);
  const v = result.document.voxels!;
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        scene: target,
        triangles: result.triangles,
        dims: v.dims,
        blocked: result.blocked,
        waypoints: result.document.waypoints.length,
        links: result.links,
        ms: Math.round(ms * 1000) / 1000,
        agents: result.document.agents.length,
        fill: result.fill,
      }),
    );
    return 0;
  }
  out(
    io,
    `${target}: ${files.length} mesh file(s), ${result.triangles} triangles, ${v.dims.join('x')} voxels of ${v.cellSize} (${result.fill}), ${result.blocked} blocked, ${result.document.waypoints.length} waypoints, ${result.links} links, ${result.document.agents.length} agents, ${ms.toFixed(1)} ms`,
  );
  return 0;
}
