/**
 * Import, stage by stage (issue 24, point 1): the example levels (scenes/levels/*.glb) and
 * generated levels of about 10k, 100k and 1M triangles (levelGen.ts, as binary STL), each
 * imported with every default `nav import` uses (cell size = longest side / 128, fill from
 * closedness, agent radius from the level, automatic waypoints, 4 agents). Prints the time of
 * each stage (decode, voxelize, components, waypoints, agents, links), the time between them
 * (the scene parsed, the soup copied, the yields to the event loop), the total against its
 * goal (<= 2 s up to 100k triangles, <= 10 s at 1M), the waypoint counts of the placement steps
 * and the placement figures (coverage, graph/free components, median and p95 route ratio on
 * 1,000 seeded pairs, measured after the timing). Also the process CPU time of the import
 * and of its waypoints stage (world and BVH, placement grid, placement) (wall time drifts with
 * the machine's load; CPU time much less), and a table of each stage's CPU time with the CPU
 * time of all stages but placement and the import's CPU and wall time, one row per level.
 *
 * Run alone: npx tsx bench/importLevels.ts [level ...]   (levels: cave, gen-10k, ...)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readMeshFile } from '../src/cli/meshFiles.ts';
import { now } from '../src/core/clock.ts';
import { buildVisibility, segmentClearOf } from '../src/core/graph/visibility.ts';
import { measureWaypoints } from '../src/core/graph/waypointMetrics.ts';
import { importScene } from '../src/import/importScene.ts';
import { importMesh, type ImportedMesh } from '../src/import/meshImport.ts';
import { autoWaypointList, placeSceneWaypoints, type SceneWaypoints } from '../src/scene-three/autoWaypoints.ts';
import { generateLevel, stlBytes } from './levelGen.ts';
import { printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const LEVELS = join(import.meta.dirname, '..', 'scenes', 'levels');

interface Level {
  name: string;
  /** Makes the level's file ready (not timed). */
  prepare?: () => void;
  /** Reads and decodes the level's file. */
  decode: () => Promise<ImportedMesh>;
}

function levels(): Level[] {
  const files = readdirSync(LEVELS)
    .filter((f) => f.endsWith('.glb'))
    .sort();
  const out: Level[] = files.map((f) => ({ name: f.replace(/\.glb$/, ''), decode: () => readMeshFile(join(LEVELS, f)) }));
  for (const [name, triangles] of [
    ['gen-10k', 10_000],
    ['gen-100k', 100_000],
    ['gen-1M', 1_000_000],
  ] as const) {
    // Generated before the timing (decoding the STL bytes is timed).
    let bytes: Uint8Array | null = null;
    out.push({ name, prepare: () => void (bytes = stlBytes(generateLevel(triangles))), decode: () => importMesh(`${name}.stl`, bytes!) });
  }
  return out;
}

/** Process CPU time so far, ms. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

export async function benchImportLevels(only: string[] = []): Promise<void> {
  const timing: (string | number)[][] = [];
  const cpuTiming: (string | number)[][] = [];
  const figures: (string | number)[][] = [];
  for (const level of levels().filter((l) => only.length === 0 || only.includes(l.name))) {
    level.prepare?.();
    const cpu0 = process.cpuUsage();
    const t0 = now();
    const mesh = await level.decode();
    const decodeMs = now() - t0;
    const decodeCpu = cpuMs() - (cpu0.user + cpu0.system) / 1000;
    let placed: SceneWaypoints | null = null;
    let waypointsCpu = 0;
    // CPU time of each stage: from its start (onStage) to the next one's, the last to the end.
    const stageCpu: Record<string, number> = {};
    let stage: string | null = null;
    let stageStart = 0;
    const endStage = () => {
      if (stage !== null) stageCpu[stage] = cpuMs() - stageStart;
    };
    const r = await importScene([{ src: `${level.name}.glb`, mesh }], {
      agents: 4,
      onStage: (name) => {
        endStage();
        stage = name;
        stageStart = cpuMs();
      },
      placeWaypoints: (doc, o) => {
        const wp0 = process.cpuUsage();
        placed = placeSceneWaypoints(doc, { agentRadius: o.agentRadius, space: o.space, world: { sceneMeshes: o.meshes } });
        const wp = process.cpuUsage(wp0);
        waypointsCpu = (wp.user + wp.system) / 1000;
        return autoWaypointList(placed.placed.positions);
      },
    });
    const total = now() - t0;
    endStage();
    const cpu = process.cpuUsage(cpu0);
    const goal = mesh.triangles <= 100_000 ? 2000 : 10_000;
    const v = r.document.voxels!;
    timing.push([
      level.name,
      String(mesh.triangles),
      v.dims.join('x'),
      r.fill,
      decodeMs,
      r.ms.voxelize,
      r.ms.components,
      r.ms.waypoints,
      r.ms.agents,
      r.ms.links,
      total - decodeMs - Object.values(r.ms).reduce((a, b) => a + b, 0),
      total,
      checkTarget('import in seconds', `import of ${level.name}`, total, '<=', goal, 'ms'),
      (cpu.user + cpu.system) / 1000,
      waypointsCpu,
    ]);
    const cpuTotal = (cpu.user + cpu.system) / 1000;
    const stagesCpu = ['voxelize', 'components', 'waypoints', 'agents', 'links'].map((k) => stageCpu[k] ?? 0);
    cpuTiming.push([level.name, decodeCpu, ...stagesCpu, cpuTotal - stageCpu.waypoints, cpuTotal, total]);
    const p = placed as SceneWaypoints | null;
    if (p === null) continue;
    const positions = p.placed.positions;
    const graph = buildVisibility(positions, segmentClearOf(positions, p.los), { maxLinkDistance: p.maxLinkDistance });
    const m = measureWaypoints(p.placed.space, graph, p.los);
    p.world.dispose();
    const s = p.placed.steps;
    const ms = p.placed.ms;
    const ratio = (x: number | null) => (x === null ? 'none' : x.toFixed(3));
    figures.push([
      level.name,
      (r.document.agentRadius ?? 0).toPrecision(3),
      String(graph.count),
      `${s.cover}/${s.connectors}/${s.pruned}/${s.refined}`,
      m.coverage.toFixed(4),
      `${m.components.graph}/${m.components.free}`,
      ratio(m.medianRatio),
      ratio(m.p95Ratio),
      [ms.clearance, ms.cover, ms.connect, ms.prune, ms.refine].map((x) => x.toFixed(0)).join('/'),
    ]);
  }
  printTable(
    'Import by stage, ms (nav import defaults; goal: total <= 2000 ms up to 100k triangles, <= 10000 ms at 1M)',
    [
      'level',
      'triangles',
      'grid',
      'fill',
      'decode',
      'voxelize',
      'components',
      'waypoints',
      'agents',
      'links',
      'between',
      'total',
      'goal',
      'cpu ms',
      'waypoints cpu ms',
    ],
    timing,
  );
  printTable(
    'Import by stage, CPU ms (process CPU time; "other stages": all but waypoint placement), and the wall time',
    ['level', 'decode', 'voxelize', 'components', 'waypoints', 'agents', 'links', 'other stages', 'cpu total', 'wall total'],
    cpuTiming,
  );
  printTable(
    'Import: automatic waypoints (steps: cover/connectors/pruned/refined) and their figures (1,000 pairs, seed 1)',
    [
      'level',
      'agent radius',
      'waypoints',
      'steps',
      'coverage',
      'graph/free comps',
      'median ratio',
      'p95 ratio',
      'step ms (clearance/cover/connect/prune/refine)',
    ],
    figures,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchImportLevels(process.argv.slice(2));
