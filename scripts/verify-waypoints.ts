/**
 * `npm run verify:waypoints`: the goals of automatic waypoints on every shipped scene with the
 * route ratios over all 1,000 pairs (test/support/sceneWaypointGoals.ts); `npm test` measures
 * the first 150 (test/scene-three/autoWaypoints.test.ts). Exits 1 when a scene misses a goal.
 * Usage: npm run verify:waypoints [-- SCENE.json ...]   (default: every shipped scene)
 */
import { missedWaypointGoals, SHIPPED_SCENES } from '../test/support/sceneWaypointGoals.ts';

const only = process.argv.slice(2);
for (const file of only)
  if (!SHIPPED_SCENES.includes(file)) {
    console.error(`verify-waypoints: '${file}' is not a shipped scene (${SHIPPED_SCENES.join(', ')})`);
    process.exit(2);
  }
const scenes = only.length === 0 ? SHIPPED_SCENES : only;
let failed = 0;
for (const file of scenes) {
  const t0 = performance.now();
  const missed = await missedWaypointGoals(file, 1000);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  if (missed.length === 0) console.log(`ok    ${file} (${s} s)`);
  else {
    failed++;
    for (const m of missed) console.error(`FAIL  ${m}`);
  }
}
console.log(`automatic waypoints: ${scenes.length - failed}/${scenes.length} shipped scenes meet every goal over 1,000 pairs`);
process.exitCode = failed === 0 ? 0 : 1;
