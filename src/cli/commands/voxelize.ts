import { now } from '../../core/clock.ts';
import { solidBoxes } from '../../scene/index.ts';
import { voxelizeTriangles, type VoxelFill } from '../../core/geometry/voxelizeMesh.ts';
import { numberFlag, parseArgs, UsageError } from '../args.ts';
import { out, type NavIo } from '../io.ts';
import { readMeshFile } from '../meshFiles.ts';

/** `--fill surface|solid` (default surface). */
export function fillFlag(value: string | undefined): VoxelFill {
  if (value === undefined) return 'surface';
  if (value !== 'surface' && value !== 'solid') throw new UsageError(`--fill: expected surface|solid, got '${value}'`);
  return value;
}

/** `--cell-size C`: a finite number > 0. */
export function cellSizeFlag(value: string): number {
  const c = numberFlag('cell-size', value, 0);
  if (!(c > 0)) throw new UsageError(`--cell-size: expected a number > 0, got '${value}'`);
  return c;
}

/**
 * `nav voxelize <mesh.glb|.gltf|.obj|.stl> --cell-size C [--fill surface|solid] [--json]`.
 * JSON: {"triangles","origin","cellSize","dims","blocked","solid":[[x0,y0,z0,x1,y1,z1],...],"ms"}
 * with inclusive index boxes; ms covers reading, voxelizing and boxing.
 */
export async function voxelizeCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, ['cell-size', 'fill']);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the mesh file');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const sizeFlag = args.flags.get('cell-size');
  if (sizeFlag === undefined) throw new UsageError('--cell-size C is required');
  const cellSize = cellSizeFlag(sizeFlag);
  const fill = fillFlag(args.flags.get('fill'));
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
