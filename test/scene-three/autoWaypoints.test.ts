import { describe, expect, it } from 'vitest';
import { sampleCases } from '../support/sample.ts';
import { missedWaypointGoals, SHIPPED_SCENES } from '../support/sceneWaypointGoals.ts';

/** Pairs the route ratios are measured on here: the first 150 of the 1,000 `npm run verify` measures. */
const PAIRS = 150;

/**
 * The goals of automatic waypoints, asserted as properties on the shipped scenes at their own
 * agent radius: full coverage, one graph component per free component, waypoints clear of the
 * geometry, and the route ratios on a seeded sample of the pairs. `npm test` checks a seeded
 * sample of five scenes; `npm run verify:full` every scene, and `npm run verify:waypoints`
 * (scripts/verify-waypoints.ts) every scene over all 1,000 pairs.
 */
describe('automatic waypoints on the shipped scenes', () => {
  it('finds the shipped scenes', () => {
    expect(SHIPPED_SCENES.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of sampleCases(SHIPPED_SCENES, 5, 24)) {
    it(`${file}: coverage 1, components equal, median ratio <= 1.05, p95 <= 1.15 (${PAIRS} pairs), waypoints clear of geometry`, async () => {
      expect(await missedWaypointGoals(file, PAIRS)).toEqual([]);
    }, 900_000);
  }
});
