/** The search's requests to the nav workers: one query on a scene revision (nav.worker.ts answers it with queryWork.ts). */
import type { VisitedNodes } from '../../../core/debug/visitedNodes.ts';
import type { PathReport, QueryOptions } from '../../../core/query/report.ts';
import type { Endpoint, SceneData } from '../../shell/workers/protocol.ts';

export interface QueryRequest {
  type: 'query';
  revision: number;
  /** Attached when the worker may not hold this revision yet. */
  scene?: SceneData;
  graph: 'grid' | 'waypoints';
  from: Endpoint;
  to: Endpoint;
  options: QueryOptions;
  /** Also return the nodes the search reached (for drawing). */
  visited?: boolean;
}

export type { VisitedNodes };

export interface QueryReply {
  report: PathReport;
  generated?: number;
  visited?: VisitedNodes;
}
