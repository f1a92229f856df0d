/**
 * Automatic waypoints: placement time on every shipped scene (goal: <= 2 s each),
 * split into world + BVH, placement grid (voxelization), clearance and the placement steps,
 * and the figures of `nav waypoints` (1,000 pairs, seed 1) with the time they took. The
 * last timing column is the process CPU time of a separate placement run (user + system).
 *
 * Run alone: npx tsx bench/waypoints.ts [scene ...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSceneMeshes } from '../src/cli/meshFiles.ts';
import { parseScene } from '../src/scene/index.ts';
import { placeSceneWaypoints, sceneWaypointFigures } from '../src/scene-three/autoWaypoints.ts';
import { printTable } from './stats.ts';
import { checkTarget, recordTarget } from './targets.ts';

const SCENES = join(import.meta.dirname, '..', 'scenes');

export async function benchWaypoints(only: string[] = []): Promise<void> {
  const files = readdirSync(SCENES)
    .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.json$/, '')))
    .sort();
  const timing: (string | number)[][] = [];
  const figures: (string | number)[][] = [];
  for (const f of files) {
    const doc = parseScene(readFileSync(join(SCENES, f), 'utf8'));
    const scene = f.replace(/\.json$/, '');
    // The example levels' meshes are part of their static world (read once, outside the timing).
    const options = { world: { sceneMeshes: await readSceneMeshes(doc, join(SCENES, f)) } };
    // Placement alone, timed in wall and CPU time (wall time drifts with the machine's load,
    // CPU time much less); then again with the figures.
    const cpu0 = process.cpuUsage();
    placeSceneWaypoints(doc, options);
    const cpu = process.cpuUsage(cpu0);
    const r = sceneWaypointFigures(doc, options);
    const p = r.placed;
    const g = p.space.grid;
    const m = r.metrics;
    timing.push([
      f.replace(/\.json$/, ''),
      `${g.X}x${g.Y}x${g.Z}`,
      String(p.space.clearVoxels.length),
      String(r.graph.count),
      r.worldMs,
      r.gridMs,
      p.ms.clearance,
      p.ms.cover,
      p.ms.connect,
      p.ms.prune,
      p.ms.refine,
      r.ms,
      checkTarget('automatic waypoints: placement', `placement on ${scene}`, r.ms, '<=', 2000, 'ms'),
      (cpu.user + cpu.system) / 1000,
    ]);
    const ratio = (v: number | null) => (v === null ? 'none' : v.toFixed(3));
    // The figures' goals, as targets (a ratio that could not be measured, 'none', misses).
    const goals = 'automatic waypoints: figures';
    const ratioGoal = (what: string, v: number | null, bound: number) =>
      v === null
        ? recordTarget(goals, `${what} on ${scene}`, 'none', `<= ${bound}`, false)
        : checkTarget(goals, `${what} on ${scene}`, v, '<=', bound);
    const verdicts = [
      checkTarget(goals, `coverage on ${scene}`, m.coverage, '=', 1),
      recordTarget(
        goals,
        `graph components on ${scene}`,
        String(m.components.graph),
        `= free components (${m.components.free})`,
        m.components.graph === m.components.free,
      ),
      ratioGoal('median ratio', m.medianRatio, 1.05),
      ratioGoal('p95 ratio', m.p95Ratio, 1.15),
    ];
    figures.push([
      f.replace(/\.json$/, ''),
      String(r.agentRadius),
      String(r.graph.count),
      `${p.steps.cover}/${p.steps.connectors}/-${p.steps.pruned}/${p.steps.refined} (${p.steps.batches})`,
      m.coverage,
      `${m.components.graph}/${m.components.free}`,
      ratio(m.medianRatio),
      ratio(m.p95Ratio),
      r.figuresMs,
      verdicts.every((v) => v.endsWith('met')) ? 'met' : 'MISSED',
    ]);
  }
  printTable(
    'Automatic waypoints: placement time per shipped scene, ms (goal <= 2000)',
    [
      'scene',
      'grid',
      'clear voxels',
      'waypoints',
      'world',
      'grid',
      'clearance',
      'cover',
      'connect',
      'prune',
      'refine',
      'total',
      'target',
      'cpu ms',
    ],
    timing,
  );
  printTable(
    'Automatic waypoints: figures (1,000 pairs, seed 1; goals: coverage 1, graph = free, median <= 1.05, p95 <= 1.15)',
    [
      'scene',
      'radius',
      'waypoints',
      'cover/conn/-pruned/refined (batches)',
      'coverage',
      'graph/free',
      'median',
      'p95',
      'figures ms',
      'goals',
    ],
    figures,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWaypoints(process.argv.slice(2));
