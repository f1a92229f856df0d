import { now } from '../../../core/clock.ts';
import type { SearchResult } from '../../../core/search/result.ts';
import { AUTO_SPEED, autoPerFrame, type LabSettings } from './labSettings.ts';
import type { LabRun } from './LabRun.ts';

/** Wall time a frame may spend stepping watched searches. */
const FRAME_BUDGET_MS = 16;
/**
 * When frames come slowly (software rendering, a busy machine), a frame steps for a quarter of
 * the time since the last one, up to this: a watch then keeps its pace in time, not in frames,
 * and no task grows long (50 ms).
 */
const SLOW_FRAME_BUDGET_MS = 45;
/** Wall time a frame may spend finishing a search (finish now, re-runs after edits). */
const FINISH_BUDGET_MS = 40;
/** Expansions per step() call inside a frame (the time budget is checked between calls). */
const CHUNK = 256;

/** What stepping needs of the lab (SearchLab). */
export interface WatchedLab {
  readonly runs: readonly LabRun[];
  readonly settings: Pick<LabSettings, 'perFrame'>;
  /** Watched searches stand still. */
  readonly paused: boolean;
  /** When stepWatched last ran (ms, `now()`), 0 before the first time. */
  lastStepAt: number;
  /** Watched searches run to the end as fast as the frame budget allows. */
  readonly finishing: boolean;
  drawVisited(r: LabRun): void;
  finish(r: LabRun, result: SearchResult, draw?: boolean): void;
  onChange(): void;
}

/**
 * Advances the lab's watched searches by up to `perFrame` expansions each, within the frame
 * budget. Redrawing a big view costs about as much as a slice of search, so a frame redraws at
 * most one view (and then steps less), and a finished run is drawn in the frame after its last step.
 */
export function stepWatched(lab: WatchedLab): void {
  const sinceLastMs = lab.lastStepAt === 0 ? 0 : now() - lab.lastStepAt;
  lab.lastStepAt = now();
  const live = lab.runs.filter((r) => r.run !== null && r.state.phase === 'running');
  if (live.length === 0) return;
  const drawer = live.find((r) => r.result !== null) ?? live.find((r) => r.drawDue);
  if (drawer !== undefined) {
    const t = now();
    lab.drawVisited(drawer);
    drawer.viewCost = now() - t;
    drawer.lastView = now();
    drawer.drawDue = false;
    if (drawer.result !== null) lab.finish(drawer, drawer.result, false);
  }
  if (lab.paused) {
    if (drawer !== undefined) lab.onChange();
    return;
  }
  const stepping = live.filter((r) => r.run !== null && r.result === null && r.state.phase === 'running');
  const frameBudget = frameBudgetMs(sinceLastMs, lab.finishing);
  const budget = (drawer === undefined ? frameBudget : frameBudget / 2) / Math.max(1, stepping.length);
  for (const r of stepping) {
    const run = r.run!;
    const t1 = now();
    const speed = lab.settings.perFrame;
    let left = lab.finishing ? Infinity : speed === AUTO_SPEED ? autoPerFrame(r.expanded) : speed;
    let result = run.step(0);
    while (left > 0) {
      const n = Math.min(left, CHUNK);
      result = run.step(n);
      left -= n;
      if (result.status !== 'running' || now() - t1 > budget) break;
    }
    record(r, result);
    // Redraw the growing view, spending at most about a quarter of the time on drawing.
    if (result.status === 'running' && !lab.finishing && now() - r.lastView >= 3 * r.viewCost) r.drawDue = true;
  }
  lab.onChange();
}

/** Wall time (ms) a frame may step watched searches, `sinceLastMs` after the previous frame. */
export function frameBudgetMs(sinceLastMs: number, finishing: boolean): number {
  return finishing ? FINISH_BUDGET_MS : Math.min(SLOW_FRAME_BUDGET_MS, Math.max(FRAME_BUDGET_MS, sinceLastMs / 4));
}

/** Takes a step's counts into the run's state, and its result when the run ended. */
export function record(r: LabRun, result: SearchResult): void {
  r.expanded = result.expanded;
  r.state.expanded = result.expanded;
  r.state.ms = result.elapsedMs;
  if (result.status !== 'running') r.result = result;
}
