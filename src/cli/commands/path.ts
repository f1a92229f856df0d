import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { queryGrid } from '../../core/search/query.ts';
import { buildVoxelGrid, parseScene } from '../../scene/index.ts';
import { parseArgs, SEARCH_FLAGS, searchOptions, UsageError, voxelFlag } from '../args.ts';
import { quote } from '../../core/io/text.ts';
import { fileName, InputError, is2dMap, loadMap, printPath, readSceneText } from '../io.ts';
import { waypointPathCommand } from './waypointPath.ts';


/** The voxel grid of a Moving AI map or of a scene document's voxel layer. */
function loadGrid(file: string): VoxelGrid {
  if (!file.endsWith('.json')) return loadMap(file);
  let grid: VoxelGrid | null;
  try {
    grid = buildVoxelGrid(parseScene(readSceneText(file)));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${fileName(file)}: ${(e as Error).message}`);
  }
  if (grid === null) throw new UsageError(`${fileName(file)}: the scene has no voxel layer; use --graph waypoints`);
  return grid;
}

/** One query on a grid (voxel indices) or a scene's waypoint graph (waypoint ids). */
export async function pathCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['from', 'to', 'graph', ...SEARCH_FLAGS]);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the map or scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const graph = args.flags.get('graph') ?? 'grid';
  if (graph !== 'grid' && graph !== 'waypoints') throw new UsageError(`--graph: expected grid|waypoints, got ${quote(graph)}`);
  const options = searchOptions(args);
  const json = args.switches.has('json');
  if (graph === 'waypoints') {
    if (!file.endsWith('.json')) throw new UsageError('--graph waypoints needs a scene .json file');
    const from = args.flags.get('from');
    const to = args.flags.get('to');
    if (from === undefined || to === undefined) throw new UsageError('--from and --to (waypoint ids) are required');
    return waypointPathCommand(file, { from, to, json, search: options });
  }
  // x,y is only a 2D map's voxel: on a 3D grid a missing z is a mistake, not z = 0.
  const flat = is2dMap(file);
  const from = voxelFlag('from', args.flags.get('from'), flat);
  const to = voxelFlag('to', args.flags.get('to'), flat);
  printPath(queryGrid(loadGrid(file), from, to, options), json);
  return 0;
}
