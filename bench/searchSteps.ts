/**
 * What drawing the search steps costs: a watched Lazy Theta* run with a SightLog attached to
 * its line-of-sight hook against the same run without one (the hook's cost when nobody
 * watches is the unattached case), and collecting the steps of a finished JPS / Lazy Theta*
 * run against collecting its visited nodes (both happen at every redraw of a watched search).
 * Complex.3dmap (test/data), its last 100 problems; medians; ratios within this run.
 *
 *   npx tsx bench/searchSteps.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { now } from '../src/core/clock.ts';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import { parse3dMap, parse3dScen } from '../src/core/io/movingai.ts';
import { JpsRun } from '../src/core/search/JpsRun.ts';
import { LazyThetaRun } from '../src/core/search/LazyThetaRun.ts';
import { SearchContext } from '../src/core/search/SearchContext.ts';
import { clearSegments, collectAnyAngleLinks, collectParentLinks, emptySegments, SightLog } from '../src/core/debug/searchSegments.ts';
import { collectVisited, emptyVisited, gridPositions } from '../src/core/debug/visitedNodes.ts';
import { median, printTable } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const grid = parse3dMap(readFileSync(join(ROOT, 'test/data/Complex.3dmap'), 'utf8'));
const problems = parse3dScen(readFileSync(join(ROOT, 'test/data/Complex.3dmap.3dscen'), 'utf8')).slice(-100);
const space = new GridSpace(grid);
const positions = gridPositions(grid);
const ctx = new SearchContext();
const log = new SightLog(128);
const visited = emptyVisited();
const segments = emptySegments();

const plain: number[] = [];
const logged: number[] = [];
const visitedMs: number[] = [];
const ltSteps: number[] = [];
const jpsVisited: number[] = [];
const jpsSteps: number[] = [];
const time = (f: () => void): number => {
  const t = now();
  f();
  return now() - t;
};
problems.forEach((p, k) => {
  const s = grid.index(...p.start);
  const g = grid.index(...p.goal);
  const search = (watched: boolean): LazyThetaRun => {
    const run = new LazyThetaRun(space, s, g, {}, ctx);
    if (watched) log.attach(run);
    (watched ? logged : plain).push(run.step().elapsedMs);
    return run;
  };
  // Which goes first alternates per problem, so that warm caches and machine load favour neither.
  const order = k % 2 === 0 ? [false, true] : [true, false];
  for (const watched of order) search(watched);
  // The steps are collected from a watched run that is the context's current search.
  const run = new LazyThetaRun(space, s, g, {}, ctx);
  log.attach(run);
  run.step();
  visitedMs.push(time(() => collectVisited(ctx, positions, visited)));
  ltSteps.push(time(() => log.appendTo(collectAnyAngleLinks(run, positions, clearSegments(segments)), positions)));
  const jps = new JpsRun(space, s, g, {}, ctx);
  jps.step();
  jpsVisited.push(time(() => collectVisited(ctx, positions, visited)));
  jpsSteps.push(time(() => collectParentLinks(ctx, positions, clearSegments(segments))));
});
const m = (a: number[]) => median(a).toFixed(3);
const r = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
printTable(
  'Search steps: cost of watching JPS and Lazy Theta* (Complex.3dmap, last 100 problems)',
  ['measure', 'median ms', 'ratio'],
  [
    ['Lazy Theta* search, no SightLog', m(plain), '1.00'],
    ['Lazy Theta* search, SightLog attached', m(logged), r(logged, plain)],
    ['Lazy Theta*: collect visited nodes', m(visitedMs), '1.00'],
    ['Lazy Theta*: collect links + checks', m(ltSteps), r(ltSteps, visitedMs)],
    ['JPS: collect visited nodes', m(jpsVisited), '1.00'],
    ['JPS: collect jumps', m(jpsSteps), r(jpsSteps, jpsVisited)],
  ],
);
