/**
 * Timing several tools in turn (bench/recast.ts): each builds and answers the same pairs with
 * the others taking turns, so a change of the machine's load falls on all of them alike.
 */
import { now } from '../src/core/clock.ts';
import { median } from './stats.ts';

/** Timed build repetitions after one untimed (the median is reported). */
export const BUILDS = 5;
/** Untimed warm-up queries per tool and level before the timed pairs (the first pairs, reversed). */
const WARM = 20;
/** Timed rounds over the pairs (each pair's time is the median of its rounds). */
const ROUNDS = 3;

/** A point on a level (world units). */
export type Point = { x: number; y: number; z: number };

/** A tool's answer to one start/goal pair. */
export interface Answer {
  reached: boolean;
  refused: boolean;
  expanded: number;
}

/**
 * Every tool's answers to the pairs, timed: first WARM pairs reversed, untimed (compiled code
 * for the medians); then ROUNDS rounds, in each every tool answers all the pairs in a row, the
 * tools in turn (a change of the machine's load falls on all of them alike). Per tool and pair:
 * the median time of the rounds and the (first round's) answer. (Each pair asked of every tool
 * in turn instead, every query starts with caches the others filled: recast's median then
 * grows several times more than navlab's; the table keeps each tool's queries together.)
 */
export function interleavedQueries(
  askers: ((a: Point, b: Point) => Answer)[],
  pairs: readonly [Point, Point][],
): { ms: number[]; answers: Answer[] }[] {
  for (const ask of askers) for (const [a, b] of pairs.slice(0, WARM)) ask(b, a);
  const times = askers.map(() => pairs.map(() => [] as number[]));
  const answers: Answer[][] = askers.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    askers.forEach((ask, i) => {
      for (const [k, [a, b]] of pairs.entries()) {
        const t0 = now();
        const answer = ask(a, b);
        times[i][k].push(now() - t0);
        if (round === 0) answers[i].push(answer);
      }
    });
  return askers.map((_, i) => ({ ms: times[i].map((t) => median(t)), answers: answers[i] }));
}

/** How a tool builds its navigation data, and frees it. */
export interface Builder<T> {
  build: () => T;
  dispose: (t: T) => void;
}

/** Per tool: the result of its last build, its first (cold) build's time and the times of the BUILDS others. */
export type Builds<T> = { last: T; coldMs: number; ms: number[] };

/**
 * Each tool builds once (timed apart as its cold build), then BUILDS times, the tools in turn
 * (A/B/C, A/B/C, ...: a change in the machine's load falls on every tool alike); the result of
 * each tool's last build is kept, the others disposed.
 */
export function interleavedBuilds<A, B, C>(tools: [Builder<A>, Builder<B>, Builder<C>]): [Builds<A>, Builds<B>, Builds<C>] {
  const builds = (tools as Builder<unknown>[]).map((tool) => {
    const t0 = now();
    const last = tool.build();
    return { last, coldMs: now() - t0, ms: [] as number[] };
  });
  for (let k = 0; k < BUILDS; k++)
    (tools as Builder<unknown>[]).forEach((tool, i) => {
      tool.dispose(builds[i].last);
      const t0 = now();
      builds[i].last = tool.build();
      builds[i].ms.push(now() - t0);
    });
  return builds as [Builds<A>, Builds<B>, Builds<C>];
}
