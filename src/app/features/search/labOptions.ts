import type { QueryOptions } from '../../../core/query/report.ts';
import { resolveGraph } from '../../../core/query/graphChoice.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import { defaultRefs } from './labEndpoints.ts';
import { DEFAULT_CONFIG, type GraphKind, type LabSettings, type SearchConfig } from './labSettings.ts';

/**
 * The lab's settings for a newly loaded scene, from its document's `search` block: the graph
 * (by the default graph rule), configuration A (B: the same with Dijkstra) and the budget.
 */
export function applySceneSettings(settings: LabSettings, scene: LoadedScene): void {
  const doc = scene.doc;
  const s = doc.search ?? {};
  // The default graph rule (src/scene/query.ts): a waypoint-id start means the waypoint graph.
  const first = defaultRefs(doc)[0];
  const graph: GraphKind = scene.grid === null ? 'waypoints' : resolveGraph(s.graph, first ?? null);
  settings.graph = graph;
  Object.assign(
    settings.a,
    DEFAULT_CONFIG,
    definedOnly({
      heuristic: s.heuristic,
      weight: s.weight,
      tieBreak: s.tieBreak,
      neighborhood: s.neighborhood,
      cornerCutting: s.cornerCutting,
    }),
  );
  Object.assign(settings.b, settings.a, { heuristic: 'zero', weight: 1 });
  settings.maxExpansions = s.maxExpansions ?? 0;
}

/** The query options configuration `c` searches with under the lab's settings (graph, budget). */
export function searchOptions(settings: LabSettings, c: SearchConfig): QueryOptions {
  const o: QueryOptions = { heuristic: c.heuristic, weight: c.weight, tieBreak: c.tieBreak };
  if (settings.maxExpansions > 0) o.maxExpansions = settings.maxExpansions;
  if (settings.graph === 'grid') {
    o.neighborhood = c.neighborhood;
    o.cornerCutting = c.cornerCutting;
    if (c.algorithm !== undefined) o.algorithm = c.algorithm;
  }
  return o;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
