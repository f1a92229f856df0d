/**
 * Worker thread of `nav scen --workers N`: loads the map and scenario itself, solves the
 * problem indices it is given and posts one ScenLine per problem (or an error message).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadMap, loadScenario } from '../io.ts';
import { ScenSolver, type ScenSettings } from './scenSolver.ts';

interface Job {
  mapFile: string;
  scenFile: string;
  settings: ScenSettings;
  indices: number[];
}

const job = workerData as Job;
try {
  const grid = loadMap(job.mapFile);
  const problems = loadScenario(job.mapFile, job.scenFile);
  const solver = new ScenSolver(grid, job.settings, job.scenFile);
  for (const i of job.indices) parentPort!.postMessage({ line: solver.solve(i, problems[i]) });
  parentPort!.postMessage({ done: true });
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).message, name: (e as Error).name });
}
