/**
 * `npm run verify:waypoints`: the goals of automatic waypoints on every shipped scene with the
 * route ratios over all 1,000 pairs (test/support/sceneWaypointGoals.ts); `npm test` measures
 * the first 150 (test/scene-three/autoWaypoints.test.ts). Exits 1 when a scene misses a goal.
 */
import { missedWaypointGoals, SHIPPED_SCENES } from '../test/support/sceneWaypointGoals.ts';

let failed = 0;
for (const file of SHIPPED_SCENES) {
  const t0 = performance.now();
  const missed = await missedWaypointGoals(file, 1000);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  if (missed.length === 0) console.log(`ok    ${file} (${s} s)`);
  else {
    failed++;
    for (const m of missed) console.error(`FAIL  ${m}`);
  }
}
console.log(
  `automatic waypoints: ${SHIPPED_SCENES.length - failed}/${SHIPPED_SCENES.length} shipped scenes meet every goal over 1,000 pairs`,
);
process.exitCode = failed === 0 ? 0 : 1;
