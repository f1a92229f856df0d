import type { GridRun } from '../../../core/search/algorithms.ts';
import type { SearchResult } from '../../../core/search/result.ts';
import { SearchContext } from '../../../core/search/SearchContext.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import type { SearchView } from './SearchView.ts';
import { emptySegments, SightLog } from '../../../core/debug/searchSegments.ts';
import type { VisitedNodes } from './protocol.ts';
import { DEFAULT_CONFIG, idleState, type RunState, type SearchConfig } from './labSettings.ts';
import { listenToSteps, stepAlgorithm, type StepAlgorithm } from '../../../core/debug/runSteps.ts';
import { RECENT_SIGHT_CHECKS } from './labSteps.ts';
import { emptyVisited } from './visited.ts';
import { emptyCellLines } from './octreeVisited.ts';
import { LargeSearchContext } from '../../../core/sparse/largeContext.ts';

/**
 * One of the lab's two runs (A or B): its configuration, its search (stepped on the main
 * thread while watched), what was last drawn of it, and its status line.
 */
export class LabRun {
  readonly key: 'A' | 'B';
  /** The search state of the current run: the dense one, or (octree) the one for the octree's cell ids. */
  ctx: SearchContext;
  private readonly denseCtx = new SearchContext();
  private largeCtx: LargeSearchContext | null = null;
  visited: VisitedNodes = emptyVisited();
  /** What the watched search does beyond A* (labSteps), as last drawn. */
  readonly segments = emptySegments();
  /** The outlines of the closed octree cells, as last drawn (a search on the octree). */
  readonly cellLines = emptyCellLines();
  /** The recent line-of-sight checks of a watched Lazy Theta* run. */
  readonly sight = new SightLog(RECENT_SIGHT_CHECKS);
  /** Whose steps the view shows (null: A*, or a search run in a worker). */
  steps: StepAlgorithm | null = null;
  view: SearchView | null = null;
  run: GridRun | null = null;
  /** Positions of the nodes of the run's result path (voxels on the grid and the octree, waypoints). */
  space: Pick<SearchSpace, 'position'> | null = null;
  config: SearchConfig = { ...DEFAULT_CONFIG };
  state: RunState;
  lastView = 0;
  viewCost = 0;
  /** The view should be redrawn next frame. */
  drawDue = false;
  /** The final result of the run, drawn and recorded next frame. */
  result: SearchResult | null = null;
  /** Expanded so far (the automatic speed grows with it). */
  expanded = 0;

  constructor(key: 'A' | 'B') {
    this.key = key;
    this.state = idleState(key);
    this.ctx = this.denseCtx;
  }

  /** Uses (and returns) the search state for a run on the octree (`octree`) or on the dense grid and the waypoints. */
  useContext(octree: boolean): SearchContext {
    this.ctx = octree ? (this.largeCtx ??= new LargeSearchContext()) : this.denseCtx;
    return this.ctx;
  }

  /** Forgets the watched search (the view keeps what it drew). */
  stop(): void {
    this.run = null;
    this.result = null;
    this.drawDue = false;
  }

  /** Ready to step a new watched search `run`; `steps`: it shows its algorithm's steps (the octree's run shows none). */
  watch(run: GridRun, steps = true): void {
    this.run = run;
    this.steps = steps ? stepAlgorithm(run) : null;
    if (steps) listenToSteps(run, this.sight);
    else this.sight.clear();
    this.lastView = 0;
    this.viewCost = 0;
    this.drawDue = false;
    this.result = null;
    this.expanded = 0;
  }
}
