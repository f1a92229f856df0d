import { now } from '../../core/clock.ts';
import { solidBoxes } from '../../scene/index.ts';
import { voxelizeTriangles, type VoxelFill } from '../../core/geometry/voxelizeMesh.ts';
import { type CommandSpec, type FlagSpec, JSON_FLAG, numberValue, parseArgs, UsageError } from '../args.ts';
import { out, type NavIo } from '../io.ts';
import { readMeshFile } from '../meshFiles.ts';

/** `--cell-size C`: a number > 0 (scene units). The default is the command's, in its table. */
export const cellSizeSpec = (defaultText: string): FlagSpec => ({
  name: 'cell-size',
  kind: { type: 'number', placeholder: 'C', min: 0, aboveMin: true },
  default: defaultText,
  help: 'edge of a voxel (scene units)',
});

/** `--fill surface|solid`. The default is the command's, in its table. */
export const fillSpec = (defaultText: string): FlagSpec => ({
  name: 'fill',
  kind: { type: 'choice', values: ['surface', 'solid'] },
  default: defaultText,
  help: 'solid also blocks the voxels the outside cannot reach',
});

/** `nav voxelize`: its flags (parsed and printed by `nav voxelize --help` from this table). */
export const VOXELIZE: CommandSpec = {
  name: 'voxelize',
  args: '<mesh.glb|.gltf|.obj|.stl>',
  summary: 'voxelizes one mesh file and prints its grid and blocked boxes',
  flags: [cellSizeSpec('required'), fillSpec('surface'), JSON_FLAG],
};

/**
 * `nav voxelize <mesh.glb|.gltf|.obj|.stl> --cell-size C [--fill surface|solid] [--json]`.
 * JSON: {"triangles","origin","cellSize","dims","blocked","solid":[[x0,y0,z0,x1,y1,z1],...],"ms"}
 * with inclusive index boxes; ms covers reading, voxelizing and boxing.
 */
export async function voxelizeCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, VOXELIZE);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the mesh file');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const cellSize = numberValue(args, 'cell-size');
  if (cellSize === undefined) throw new UsageError('--cell-size C is required');
  const fill = (args.flags.get('fill') ?? 'surface') as VoxelFill;
  const t0 = now();
  const mesh = await readMeshFile(file);
  const { grid, blocked, triangles } = voxelizeTriangles(mesh.soup, { cellSize, fill });
  const solid = solidBoxes(grid);
  const ms = now() - t0;
  const o = grid.origin;
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        triangles,
        origin: [o.x, o.y, o.z],
        cellSize,
        dims: [grid.X, grid.Y, grid.Z],
        blocked,
        solid,
        ms: Math.round(ms * 1000) / 1000,
      }),
    );
    return 0;
  }
  out(
    io,
    `${file}: ${triangles} triangles -> ${grid.X}x${grid.Y}x${grid.Z} voxels of ${cellSize} (${fill}), ${blocked} blocked in ${solid.length} boxes, ${ms.toFixed(1)} ms`,
  );
  out(io, `  origin ${o.x}, ${o.y}, ${o.z}`);
  return 0;
}
