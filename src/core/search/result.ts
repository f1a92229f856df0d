/**
 * Outcome of a search. Failures are statuses, never exceptions:
 *   found       the path reaches the goal
 *   unreachable no path exists; the path ends at the node of the start's component nearest the
 *               goal (on a voxel grid the components tell before any search and the run goes
 *               straight to that node, componentCheck.ts; elsewhere the open list emptied)
 *   partial     the expansion budget ran out; path to the closed node nearest the goal
 *   cancelled   the caller stopped a resumable run; path to the closed node nearest the goal
 *   running     only from `AStarRun.step()`: the run is not finished yet
 * "Nearest" = least straight-line distance to the goal, ties broken by lower cost.
 */
export type SearchStatus = 'found' | 'unreachable' | 'partial' | 'cancelled' | 'running';

/** What a finished (or still running) search reports: status, node path, cost and work done. */
export interface SearchResult {
  /** How the search ended: 'found', 'unreachable', 'partial', 'cancelled', or 'running' from a step that did not finish. */
  status: SearchStatus;
  /** Node ids from the start to the last node, both included (empty while running). */
  path: number[];
  /** Cost of the returned path (0 while running). */
  cost: number;
  /** Nodes closed. */
  expanded: number;
  /** Nodes pushed on the open list (including decrease-key updates). */
  generated: number;
  /** Wall time spent inside the search, summed over all slices. */
  elapsedMs: number;
}
