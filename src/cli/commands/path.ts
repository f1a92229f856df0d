import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { quote } from '../../core/text.ts';
import { buildVoxelGrid, waypointIndex, type SceneDocument } from '../../scene/index.ts';
import { type Endpoint, waypointEndpoint } from '../../core/query/endpoints.ts';
import { resolveGraph } from '../../core/query/graphChoice.ts';
import { NavWorld } from '../../three/NavWorld.ts';
import { preprocessScene } from '../../three/preprocess.ts';
import { type CommandSpec, JSON_FLAG, parseArgs, SEARCH_FLAGS, searchOptions, UsageError, voxelFlag } from '../args.ts';
import { fileName, InputError, is2dMap, loadMap, printPath, type NavIo } from '../io.ts';
import { readSceneMeshes } from '../meshFiles.ts';
import { PATH_WORLD_FLAG, sparsePathReport } from './pathSparse.ts';
import { loadScene } from './preprocess.ts';

/**
 * Whether a --from/--to value reads as voxel coordinates (numbers separated by commas) rather
 * than a waypoint id. Only the default graph depends on it: `--graph` overrides it.
 */
function looksLikeVoxel(value: string | undefined): boolean {
  if (value === undefined || !value.includes(',')) return false;
  return value.split(',').every((part) => part.trim() !== '' && Number.isFinite(Number(part)));
}

/** The voxel grid of a scene document's voxel layer. */
function sceneGrid(doc: SceneDocument, file: string): VoxelGrid {
  let grid: VoxelGrid | null;
  try {
    grid = buildVoxelGrid(doc);
  } catch (e) {
    throw new InputError(`${fileName(file)}: ${(e as Error).message}`);
  }
  if (grid === null) throw new UsageError(`${fileName(file)}: the scene has no voxel layer; use --graph waypoints`);
  return grid;
}

const ENDPOINT = { type: 'text', placeholder: 'x,y,z|id', range: 'voxel indices x,y,z (x,y on a 2D map) or a waypoint id' } as const;

/** `nav path`: its flags (parsed and printed by `nav path --help` from this table). */
export const PATH: CommandSpec = {
  name: 'path',
  args: '<map.3dmap|map.map|scene.json>',
  summary: "one query on a map's grid or a scene's grid or waypoint graph",
  flags: [
    { name: 'from', kind: ENDPOINT, default: 'required', help: 'start' },
    { name: 'to', kind: ENDPOINT, default: 'required', help: 'goal' },
    {
      name: 'graph',
      kind: { type: 'choice', values: ['grid', 'waypoints'] },
      default: 'waypoints for waypoint ids, else grid',
      help: 'which graph to search',
    },
    PATH_WORLD_FLAG,
    ...SEARCH_FLAGS,
    JSON_FLAG,
  ],
};

/**
 * `nav path <map | scene.json> --from A --to B [--graph grid|waypoints]`: one query through
 * NavWorld.query over the scene's grid or waypoint graph, the one `navlab.query` runs. The default graph
 * follows the rule everywhere: waypoint ids mean the waypoint graph, voxel coordinates the
 * grid (a Moving AI map has only the grid). The waypoint graph is built as `nav preprocess`
 * builds it (document agent radius and maxLinkDistance, static obstacles only).
 */
export async function pathCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, PATH);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('missing the map or scene file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const isScene = file.endsWith('.json');
  const flag = args.flags.get('graph') as 'grid' | 'waypoints' | undefined;
  const fromText = args.flags.get('from');
  const toText = args.flags.get('to');
  const graph = flag ?? (isScene && fromText !== undefined && !looksLikeVoxel(fromText) ? resolveGraph(undefined, fromText) : 'grid');
  const options = searchOptions(args);
  const json = args.switches.has('json');
  let nav: NavWorld;
  let from: Endpoint, to: Endpoint;
  if (graph === 'waypoints') {
    if (args.flags.get('world') === 'sparse') throw new UsageError('--world sparse searches the grid, not --graph waypoints');
    if (!isScene) throw new UsageError('--graph waypoints needs a scene .json file');
    if (fromText === undefined || toText === undefined) throw new UsageError('--from and --to (waypoint ids) are required');
    const doc = loadScene(file);
    // Unknown ids fail before the (possibly long) visibility build.
    const index = waypointIndex(doc);
    waypointEndpoint(index, fromText, '--from', fileName(file));
    waypointEndpoint(index, toText, '--to', fileName(file));
    const { graph: waypoints } = preprocessScene(doc, { world: { sceneMeshes: await readSceneMeshes(doc, file) } });
    nav = NavWorld.fromScene({ grid: null, graph: waypoints, ids: doc.waypoints.map((w) => w.id) });
    [from, to] = [fromText, toText];
  } else {
    // x,y is only a 2D map's voxel: on a 3D grid a missing z is a mistake, not z = 0.
    const flat = is2dMap(file);
    from = voxelFlag('from', fromText, flat);
    to = voxelFlag('to', toText, flat);
    if (args.flags.get('world') === 'sparse') {
      printPath(io, sparsePathReport(file, isScene ? () => sceneGrid(loadScene(file), file) : null, from, to, options), json);
      return 0;
    }
    nav = NavWorld.fromScene({ grid: isScene ? sceneGrid(loadScene(file), file) : loadMap(file) });
  }
  // Waypoint ids are named by their flags and the file; voxel values as 'from' and 'to' (the contract's messages).
  const labels = graph === 'waypoints' ? { from: '--from', to: '--to', scene: fileName(file) } : undefined;
  printPath(io, nav.query(from, to, { ...options, graph }, undefined, labels), json);
  return 0;
}
