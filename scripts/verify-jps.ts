/**
 * `npm run verify:jps`: the straight-ray rule of jump point search on every 3x3x3 pattern
 * without a turn (6 directions x 3^8 side-row codes x 512 patterns ahead = 20,155,392 masks,
 * test/support/jpsStraightTurns.ts). `npm test` checks a seeded sample of the same masks
 * (test/core/search/jpsJump.test.ts). Exits 1 on the first mask with a forced move.
 */
import { checkAllStraightTurns } from '../test/support/jpsStraightTurns.ts';

const t0 = performance.now();
try {
  const n = checkAllStraightTurns();
  console.log(`jps straight turns: ${n} masks, none with a forced move (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.error(`jps straight turns: ${(e as Error).message}`);
  process.exitCode = 1;
}
