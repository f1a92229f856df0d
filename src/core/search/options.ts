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

/** Merges `options` over the defaults and checks them; throws on misuse, naming the option. */
export function resolveSearchOptions(options: Partial<SearchOptions> = {}): SearchOptions {
  const o = { ...DEFAULT_SEARCH_OPTIONS, ...checkOptions<SearchOptions>('options', options) };
  for (const k of Object.keys(o) as (keyof SearchOptions)[])
    if (o[k] === undefined) (o as Record<string, unknown>)[k] = DEFAULT_SEARCH_OPTIONS[k];
  checkOneOf('heuristic', o.heuristic, HEURISTICS);
  checkNumber('weight', o.weight, 1);
  if (typeof o.maxExpansions !== 'number' || !(o.maxExpansions >= 0)) throw usageError('maxExpansions', 'a number >= 0', o.maxExpansions);
  checkOneOf('tieBreak', o.tieBreak, ['low-h', 'none']);
  return o;
}
