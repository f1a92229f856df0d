import { describe, expect, it } from 'vitest';
import { missedWaypointGoals, SHIPPED_SCENES } from '../support/sceneWaypointGoals.ts';

/** Pairs the route ratios are measured on here: the first 150 of the 1,000 `npm run verify` measures. */
const PAIRS = 150;

/**
 * The goals of automatic waypoints, asserted as properties on every shipped scene at its own
 * agent radius: full coverage, one graph component per free component, waypoints clear of the
 * geometry, and the route ratios on a seeded sample of the pairs (`npm run verify`,
 * scripts/verify-waypoints.ts, measures all 1,000).
 */
describe('automatic waypoints on the shipped scenes', () => {
  it('finds the shipped scenes', () => {
    expect(SHIPPED_SCENES.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of SHIPPED_SCENES) {
    it(`${file}: coverage 1, components equal, median ratio <= 1.05, p95 <= 1.15 (${PAIRS} pairs), waypoints clear of geometry`, async () => {
      expect(await missedWaypointGoals(file, PAIRS)).toEqual([]);
    }, 900_000);
  }
});
