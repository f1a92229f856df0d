import { NavlabError } from '../errors.ts';
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
  const o = { ...DEFAULT_SEARCH_OPTIONS, ...options };
  for (const k of Object.keys(o) as (keyof SearchOptions)[]) if (o[k] === undefined) (o as Record<string, unknown>)[k] = DEFAULT_SEARCH_OPTIONS[k];
  if (!HEURISTICS.includes(o.heuristic)) throw new NavlabError('usage', `heuristic: expected one of ${HEURISTICS.join(', ')}, got ${String(o.heuristic)}`);
  if (!(o.weight >= 1) || !Number.isFinite(o.weight)) throw new NavlabError('usage', `weight: expected a finite number >= 1, got ${o.weight}`);
  if (!(o.maxExpansions >= 0)) throw new NavlabError('usage', `maxExpansions: expected a number >= 0, got ${o.maxExpansions}`);
  if (o.tieBreak !== 'low-h' && o.tieBreak !== 'none') throw new NavlabError('usage', `tieBreak: expected 'low-h' or 'none', got ${String(o.tieBreak)}`);
  return o;
}
