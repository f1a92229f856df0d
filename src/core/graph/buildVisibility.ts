import { checkFunction } from '../args.ts';
import { NearestLinks } from './nearestLinks.ts';
import { checkPositions, checkVisibilityOptions, forEachCandidatePair, type VisibilityOptions } from './visibilityPairs.ts';
import { DISTANCE_MATRIX_LIMIT, WaypointGraph } from './WaypointGraph.ts';

/**
 * Up to this many waypoints (by default: `VisibilityOptions.allPairsLimit`), every visible
 * pair (within maxLinkDistance, if set) is linked. Above it, links grow with n^2 in an open
 * world (50,000 waypoints: 1.25e9 pairs), so each waypoint links instead to its NEAREST_LINKS
 * nearest visible waypoints among its NEAREST_CANDIDATES nearest (within maxLinkDistance, if
 * set); a pair is linked when either end chooses the other (nearestLinks.ts). At most
 * NEAREST_LINKS x n links and NEAREST_CANDIDATES x n tests.
 */
export const ALL_PAIRS_LIMIT = DISTANCE_MATRIX_LIMIT;

/**
 * The visibility graph of a waypoint set: every pair within `maxLinkDistance` whose segment
 * `segmentClear(i, j)` (i < j, indices into `positions`) declares clear becomes a link; above
 * the all-pairs limit, the nearest visible ones only (`NearestLinks`). At most LIMITS.waypoints
 * waypoints.
 */
export function buildVisibility(
  positions: Float64Array,
  segmentClear: (i: number, j: number) => boolean,
  options: VisibilityOptions = {},
): WaypointGraph {
  checkPositions('buildVisibility: positions', positions);
  checkFunction('buildVisibility: segmentClear', segmentClear);
  const { maxLinkDistance, allPairsLimit } = checkVisibilityOptions('buildVisibility', options, ALL_PAIRS_LIMIT);
  if (!(positions instanceof Float64Array)) positions = Float64Array.from(positions);
  const pairs: number[] = [];
  const n = positions.length / 3;
  if (n > allPairsLimit) {
    const index = Int32Array.from({ length: n }, (_, i) => i);
    const links = new NearestLinks(
      {
        xyz: positions,
        rank: index,
        clear: (a, b) => (a < b ? segmentClear(a, b) : segmentClear(b, a)),
        setLinked: (a, b) => void pairs.push(a, b),
      },
      maxLinkDistance,
    );
    links.build(index);
    links.linkAll();
  } else {
    forEachCandidatePair(positions, maxLinkDistance, (i, j) => {
      if (segmentClear(i, j)) pairs.push(i, j);
    });
  }
  return new WaypointGraph(positions, pairs);
}
