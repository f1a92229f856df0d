/**
 * Waypoint placement alone, step by step, in process CPU time (a tool for tuning placement):
 * imports a level up to its clear space (not timed), then runs `placeSceneWaypoints` on it
 * `--repeat` times and prints the CPU time of the whole and the wall time of each step,
 * the waypoint counts and (with --figures) the figures of `measureWaypoints`; then the steps
 * of `placeWaypoints` one by one (as it runs them below half a cell: on the grid's capsule
 * test) with the CPU time and the line-of-sight tests of each (work counters: steady under load),
 * and the CPU time of replaying cover's first 150k sight tests (best of 5).
 *
 * With --no-steps it stops after the placements (a cold first placement in a fresh process,
 * for A/B runs in turn: run it several times per version and compare the best).
 *
 * Run: npx tsx bench/placeProfile.ts <level> [--repeat N] [--figures] [--no-steps]   (levels as in importLevels.ts)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMeshFile } from '../src/cli/meshFiles.ts';
import { buildVisibility, segmentClearOf } from '../src/core/graph/visibility.ts';
import { measureWaypoints } from '../src/core/graph/waypointMetrics.ts';
import type { ClearSpace } from '../src/core/grid/clearance.ts';
import { importScene } from '../src/import/importScene.ts';
import { importMesh, type ImportedMesh } from '../src/import/meshImport.ts';
import type { SceneDocument } from '../src/scene/index.ts';
import { placeSceneWaypoints } from '../src/scene-three/autoWaypoints.ts';
import { generateLevel, stlBytes } from './levelGen.ts';
import { gridCapsuleSight } from '../src/core/graph/gridCapsuleSight.ts';
import { Placer } from '../src/core/graph/waypointPlacer.ts';
import { refinePlacement } from '../src/core/graph/placerRefine.ts';
import { coverOrder } from '../src/core/graph/coverOrder.ts';
import type { LineOfSight } from '../src/core/graph/visibility.ts';

const args = process.argv.slice(2);
const name = args[0] ?? 'cave';
const repeat = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 1;
const figures = args.includes('--figures');
const steps = !args.includes('--no-steps');
const gen: Record<string, number> = { 'gen-10k': 10_000, 'gen-100k': 100_000, 'gen-1M': 1_000_000 };
const mesh: ImportedMesh =
  name in gen
    ? await importMesh(`${name}.stl`, stlBytes(generateLevel(gen[name])))
    : await readMeshFile(join(import.meta.dirname, '..', 'scenes', 'levels', `${name}.glb`));
let captured: { doc: SceneDocument; agentRadius: number; space: ClearSpace; meshes: ReadonlyMap<string, ImportedMesh> } | null = null;
await importScene([{ src: `${name}.glb`, mesh }], {
  placeWaypoints: (doc, o) => {
    captured = { doc, ...o };
    return [];
  },
});
const c = captured!;
/** CPU time of the main thread alone (ms; Linux, 10 ms ticks): without the compiler and GC threads, steadier under load. */
const mainCpu = (): number => {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
};
for (let r = 0; r < repeat; r++) {
  const cpu0 = process.cpuUsage();
  const main0 = mainCpu();
  const p = placeSceneWaypoints(c.doc, { agentRadius: c.agentRadius, space: c.space, world: { sceneMeshes: c.meshes } });
  const cpu = process.cpuUsage(cpu0);
  const main = mainCpu() - main0;
  const s = p.placed.steps;
  const ms = p.placed.ms;
  console.log(
    `${name}: cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (main thread ${main}); wall world ${p.worldMs.toFixed(0)} grid ${p.gridMs.toFixed(0)}` +
      ` cover ${ms.cover.toFixed(0)} connect ${ms.connect.toFixed(0)} prune ${ms.prune.toFixed(0)} refine ${ms.refine.toFixed(0)};` +
      ` waypoints ${p.placed.positions.length / 3} (${s.cover}/${s.connectors}/${s.pruned}/${s.refined}, ${s.batches} batches)`,
  );
  if (figures && r === repeat - 1) {
    const pos = p.placed.positions;
    const graph = buildVisibility(pos, segmentClearOf(pos, p.los), { maxLinkDistance: p.maxLinkDistance });
    const m = measureWaypoints(p.placed.space, graph, p.los);
    console.log(
      `  coverage ${m.coverage.toFixed(4)} comps ${m.components.graph}/${m.components.free} median ${m.medianRatio?.toFixed(3)} p95 ${m.p95Ratio?.toFixed(3)}`,
    );
  }
  p.world.dispose();
}

if (steps) {
  const sight = gridCapsuleSight(c.space);
  let tests = 0;
  // Cover's first REPLAY sight tests (segments), replayed below.
  const REPLAY = 150_000;
  const kept = new Float64Array(6 * REPLAY);
  let keep = 0;
  const counted: LineOfSight = (ax, ay, az, bx, by, bz) => {
    tests++;
    if (keep < REPLAY) {
      const i = 6 * keep++;
      kept[i] = ax;
      kept[i + 1] = ay;
      kept[i + 2] = az;
      kept[i + 3] = bx;
      kept[i + 4] = by;
      kept[i + 5] = bz;
    }
    return sight(ax, ay, az, bx, by, bz);
  };
  const placer = new Placer(c.space, counted, 50000, Infinity);
  const rows: string[] = [];
  const step = (label: string, f: () => unknown): void => {
    const cpu0 = process.cpuUsage();
    tests = 0;
    const before = placer.count;
    f();
    const cpu = process.cpuUsage(cpu0);
    rows.push(
      `${label.padEnd(8)} cpu ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(5)} ms  tests ${String(tests).padStart(8)}  waypoints ${before} -> ${placer.count}`,
    );
  };
  step('cover', () => placer.cover());
  const recorded = keep;
  keep = REPLAY;
  step('prune', () => {
    placer.prune();
    placer.compact();
  });
  step('refine', () =>
    refinePlacement(placer, { targetRatio: 1.08, goalRatio: 1.15, goalShare: 0.02, batchPairs: 100, maxBatches: 8, seed: 0x5eed }),
  );
  step('connect', () => placer.connect());
  console.log(rows.join('\n'));
  // Cover's orders of the clear voxels, best of 5 (wall).
  let orderMs = Infinity;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    coverOrder(c.space);
    orderMs = Math.min(orderMs, performance.now() - t0);
  }
  console.log(`orders   wall ${orderMs.toFixed(0).padStart(5)} ms  (coverOrder, ${c.space.clearVoxels.length} clear voxels)`);
  // The same sight tests again on a fresh grid test, best of 5 (CPU): the cost per test,
  // steadier under load than a whole step (for A/B of the sight test in turn).
  const fresh = gridCapsuleSight(c.space);
  let replayMs = Infinity;
  for (let r = 0; r < 5; r++) {
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < 6 * recorded; i += 6) fresh(kept[i], kept[i + 1], kept[i + 2], kept[i + 3], kept[i + 4], kept[i + 5]);
    const cpu = process.cpuUsage(cpu0);
    replayMs = Math.min(replayMs, (cpu.user + cpu.system) / 1000);
  }
  console.log(
    `replay   cpu ${replayMs.toFixed(0).padStart(5)} ms  (cover's first ${recorded} sight tests, best of 5: ${((1000 * replayMs) / recorded).toFixed(2)} us per test)`,
  );
}
