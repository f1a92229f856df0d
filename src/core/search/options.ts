import { checkNumber, checkOneOf, checkOptions, usageError } from '../args.ts';
import { HEURISTICS, type HeuristicName } from './heuristics.ts';

/** Order among nodes of equal f: 'low-h' expands the one nearer the goal first; 'none' keeps insertion order. */
export type TieBreak = 'low-h' | 'none';

/** Options of one search; merged over DEFAULT_SEARCH_OPTIONS. */
export interface SearchOptions {
  /** @default 'exact' */
  heuristic: HeuristicName;
  /** h is multiplied by this (>= 1); cost stays within weight x optimal for admissible h. @default 1 */
  weight: number;
  /** Among equal f, 'low-h' expands the node nearer the goal first. @default 'low-h' */
  tieBreak: TieBreak;
  /** Expansion budget; when it runs out the result is 'partial'. @default Infinity */
  maxExpansions: number;
}

/** The options a search uses where it is given none: exact heuristic, weight 1, low-h ties, no budget. */
export const DEFAULT_SEARCH_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  heuristic: 'exact',
  weight: 1,
  tieBreak: 'low-h',
  maxExpansions: Infinity,
});

/**
 * The options of the last resolveSearchOptions call that gave only own enumerable keys among the
 * four (a run resolves its options per query, mostly the same ones), and its answer, frozen
 * (symbol keys, which no search reads, are not copied then).
 */
let lastHeuristic: unknown, lastWeight: unknown, lastTieBreak: unknown, lastMaxExpansions: unknown;
let lastResolved: Readonly<SearchOptions> | null = null;

/** Merges `options` over the defaults and checks them; throws on misuse, naming the option. */
export function resolveSearchOptions(options: Partial<SearchOptions> = {}): SearchOptions {
  const given = checkOptions<SearchOptions>('options', options);
  // The four read as the merge below reads them (own enumerable keys); any other key: no cache.
  let heuristic: unknown, weight: unknown, tieBreak: unknown, maxExpansions: unknown;
  let plain = true;
  for (const k in given) {
    const v = Object.hasOwn(given, k) ? (given as Record<string, unknown>)[k] : (plain = false);
    if (k === 'heuristic') heuristic = v;
    else if (k === 'weight') weight = v;
    else if (k === 'tieBreak') tieBreak = v;
    else if (k === 'maxExpansions') maxExpansions = v;
    else plain = false;
    if (!plain) break;
  }
  if (
    plain &&
    lastResolved !== null &&
    heuristic === lastHeuristic &&
    weight === lastWeight &&
    tieBreak === lastTieBreak &&
    maxExpansions === lastMaxExpansions
  )
    return lastResolved as SearchOptions;
  const o = { ...DEFAULT_SEARCH_OPTIONS, ...given };
  for (const k of Object.keys(o) as (keyof SearchOptions)[])
    if (o[k] === undefined) (o as Record<string, unknown>)[k] = DEFAULT_SEARCH_OPTIONS[k];
  checkOneOf('heuristic', o.heuristic, HEURISTICS);
  checkNumber('weight', o.weight, 1);
  if (typeof o.maxExpansions !== 'number' || !(o.maxExpansions >= 0)) throw usageError('maxExpansions', 'a number >= 0', o.maxExpansions);
  checkOneOf('tieBreak', o.tieBreak, ['low-h', 'none']);
  if (plain) {
    lastHeuristic = heuristic;
    lastWeight = weight;
    lastTieBreak = tieBreak;
    lastMaxExpansions = maxExpansions;
    lastResolved = Object.freeze(o);
  }
  return o;
}
