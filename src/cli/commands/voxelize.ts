import { now } from '../../core/clock.ts';
import { solidBoxes } from '../../scene/index.ts';
import { voxelizeTriangles, type VoxelFill } from '../../core/geometry/voxelizeMesh.ts';
import { sparseBoxes } from '../../core/sparse/sparseBoxes.ts';
import { sparseFromTriangles } from '../../core/sparse/fromTriangles.ts';
import { type CommandSpec, type FlagSpec, JSON_FLAG, numberValue, parseArgs, UsageError, worldFlag } from '../args.ts';
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
  flags: [cellSizeSpec('required'), fillSpec('surface'), worldFlag('dense grid, or sparse octree (sides up to 4,096 voxels)'), JSON_FLAG],
};

/**
 * `nav voxelize <mesh.glb|.gltf|.obj|.stl> --cell-size C [--fill surface|solid] [--world dense|sparse] [--json]`.
 * JSON: {"triangles","origin","cellSize","dims","blocked","solid":[[x0,y0,z0,x1,y1,z1],...],"ms"}
 * with inclusive index boxes; ms covers reading, voxelizing and boxing. `--world sparse`
 * voxelizes into a sparse octree (no dense grid: worlds over the dense limit fit) with the same
 * layout and blocked voxels; its boxes are another decomposition of them.
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
  const triangles = mesh.soup.length / 9;
  let dims: [number, number, number], o: { x: number; y: number; z: number }, blocked: number, solid: number[][];
  if (args.flags.get('world') === 'sparse') {
    const w = sparseFromTriangles(mesh.soup, { cellSize, fill });
    ({ boxes: solid, blocked } = sparseBoxes(w));
    dims = [w.X, w.Y, w.Z];
    o = w.origin;
  } else {
    const v = voxelizeTriangles(mesh.soup, { cellSize, fill });
    solid = solidBoxes(v.grid);
    blocked = v.blocked;
    dims = [v.grid.X, v.grid.Y, v.grid.Z];
    o = v.grid.origin;
  }
  const ms = now() - t0;
  if (args.switches.has('json')) {
    out(
      io,
      JSON.stringify({
        triangles,
        origin: [o.x, o.y, o.z],
        cellSize,
        dims,
        blocked,
        solid,
        ms: Math.round(ms * 1000) / 1000,
      }),
    );
    return 0;
  }
  out(
    io,
    `${file}: ${triangles} triangles -> ${dims.join('x')} voxels of ${cellSize} (${fill}), ${blocked} blocked in ${solid.length} boxes, ${ms.toFixed(1)} ms`,
  );
  out(io, `  origin ${o.x}, ${o.y}, ${o.z}`);
  return 0;
}
