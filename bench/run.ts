/**
 * `npm run bench`: every benchmark table, in one run. Timings are medians and ratios against
 * peers measured in the same run; the machine is shared, so absolute numbers drift. Every
 * section reports its targets to targets.ts; the run ends with the list of missed ones and
 * exits non-zero when one was missed.
 */
import { benchFrontier } from './frontier.ts';
import { benchBrowser } from './browser.ts';
import { benchGrid } from './grid.ts';
import { benchPreprocess } from './preprocess.ts';
import { benchSizeByUse } from './sizeByUse.ts';
import { benchSteering } from './steering.ts';
import { benchAvoidance } from './avoidance.ts';
import { reportTargets } from './targets.ts';
import { benchWaypointEdits } from './waypointEdits.ts';
import { benchWaypoints } from './waypoints.ts';
import { benchImportLevels } from './importLevels.ts';
import { benchVoxelize } from './voxelize.ts';
import { benchMeshMemory } from './meshMemory.ts';
import { benchUnreachable } from './unreachable.ts';
import { benchRecast } from './recast.ts';
import { benchSparse } from './sparse.ts';

export async function runBenchmarks(): Promise<void> {
  console.log(`navlab benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  benchGrid();
  benchFrontier();
  await benchPreprocess();
  benchWaypointEdits();
  await benchSteering();
  benchAvoidance();
  await benchSizeByUse();
  await benchWaypoints();
  await benchImportLevels();
  await benchBrowser();
  benchVoxelize();
  benchMeshMemory();
  await benchUnreachable();
  await benchRecast();
  benchSparse();
  if (reportTargets() > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await runBenchmarks();
