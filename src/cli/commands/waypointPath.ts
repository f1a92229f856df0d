import type { SearchOptions } from '../../core/search/options.ts';
import { queryGraph, QueryError } from '../../core/search/query.ts';
import { waypointIndex } from '../../scene/index.ts';
import { preprocessScene } from '../../three/preprocess.ts';
import { quote } from '../../core/io/text.ts';
import { fileName, printPath } from '../io.ts';
import { loadScene } from './preprocess.ts';
import { readSceneMeshes } from '../meshFiles.ts';

/**
 * `nav path <scene.json> --graph waypoints --from ID --to ID`: A* over the scene's waypoint
 * visibility graph (built as `nav preprocess` builds it: document agent radius and
 * maxLinkDistance, static obstacles only). Prints {"status","cost","path","ids","expanded",
 * "ms"}. An unknown waypoint id is a usage error (QueryError: exit 2).
 */
export async function waypointPathCommand(
  file: string,
  opts: { from: string; to: string; json: boolean; search: Partial<SearchOptions> },
): Promise<number> {
  const doc = loadScene(file);
  const index = waypointIndex(doc);
  const ends = (['from', 'to'] as const).map((name) => {
    const i = index.get(opts[name]);
    if (i === undefined) throw new QueryError(`--${name}: no waypoint with id ${quote(opts[name])} in ${fileName(file)}`);
    return i;
  });
  const { graph } = preprocessScene(doc, { world: { sceneMeshes: await readSceneMeshes(doc, file) } });
  const ids = doc.waypoints.map((w) => w.id);
  printPath(queryGraph(graph, ids, ends[0], ends[1], opts.search), opts.json);
  return 0;
}
