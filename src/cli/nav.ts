#!/usr/bin/env node
/**
 * `nav`: navlab's command line. Run with `npm run --silent nav -- <command> ...`.
 * With --json, stdout carries only JSON; messages go to stderr. Exit codes: 0 ok,
 * 1 bad input (missing file, malformed data), 2 bad usage.
 */
import { NavlabError } from '../core/errors.ts';
import { UsageError } from './args.ts';
import { err } from './io.ts';
import { quote } from '../core/text.ts';

const USAGE = `usage:
  nav scen <map.3dmap|map.map> [file.3dscen|file.scen] [--offset K] [--limit N] [--workers N (1)] [search flags] [--json]
  nav path <map.3dmap|map.map|scene.json> --from x,y,z --to x,y,z [--graph grid|waypoints] [search flags] [--json]
  nav preprocess <scene.json> [--agent-radius R] [--json]
  nav waypoints <scene.json> [--agent-radius R] [--max N] [--json]
  nav simulate <scene.json> [--steps N (default: until all agents arrive, at most 300 s)] [--seed S (1)] [--json]
  nav voxelize <mesh.glb|.gltf|.obj|.stl> --cell-size C [--fill surface|solid] [--json]
  nav import <mesh...> [--cell-size C] [--fill surface|solid] [--agent-radius R] [--waypoints auto|none] --out scene.json [--json]
  nav bake <scene.json> --out file.navbin [--agent-radius R] [--json]
  nav bench
search flags: --algorithm astar|jps|lazy-theta (astar)  --neighborhood 6|18|26 (26)  --corner-cutting forbid|allow (forbid)
  --heuristic exact|euclidean|manhattan|chebyshev|squared|zero (exact)  --weight W (1)
  --tie-break low-h|none (low-h)  --max-expansions N (unlimited)`;

const COMMANDS: Record<string, (argv: string[]) => number | Promise<number>> = {
  // Each command loads its own modules, so a command never pays for (or breaks on) another's.
  scen: async (argv) => (await import('./commands/scen.ts')).scenCommand(argv),
  path: async (argv) => (await import('./commands/path.ts')).pathCommand(argv),
  preprocess: async (argv) => (await import('./commands/preprocess.ts')).preprocessCommand(argv),
  waypoints: async (argv) => (await import('./commands/waypoints.ts')).waypointsCommand(argv),
  simulate: async (argv) => (await import('./commands/simulate.ts')).simulateCommand(argv),
  voxelize: async (argv) => (await import('./commands/voxelize.ts')).voxelizeCommand(argv),
  import: async (argv) => {
    const [{ importCommand }, { autoWaypointList, placeSceneWaypoints }] = await Promise.all([
      import('./commands/import.ts'),
      import('../scene-three/autoWaypoints.ts'),
    ]);
    // `--waypoints auto`: automatic placement on the imported scene's voxel layer and meshes.
    return importCommand(argv, (doc, { agentRadius, meshes }) =>
      autoWaypointList(placeSceneWaypoints(doc, { agentRadius, world: { sceneMeshes: meshes } }).placed.positions),
    );
  },
  bake: async (argv) => (await import('./commands/bake.ts')).bakeCommand(argv),
  bench: async () => {
    // The benchmarks live in the repository, not in the package: a path the compiler does not
    // follow, so the built CLI neither bundles them nor fails to build without them.
    const benchModule: string = '../../bench/run.ts';
    const bench = await import(benchModule).catch(() => {
      throw new UsageError('nav bench runs from a checkout of the navlab repository (the package ships no benchmarks)');
    });
    await (bench as { runBenchmarks(): Promise<void> }).runBenchmarks();
    return 0;
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? err : (s: string) => process.stdout.write(`${s}\n`))(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`nav: unknown command ${quote(name)}\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (e) {
    if (e instanceof NavlabError) {
      // The caller's call is wrong (exit 2, with the usage) or the data is (exit 1).
      const usage = e.code === 'usage' || e.code === 'query' || e.code === 'unsupported';
      err(`nav ${name}: ${e.message}${usage ? `\n${USAGE}` : ''}`);
      return usage ? 2 : 1;
    }
    err(`nav ${name}: internal error: ${(e as Error).stack ?? String(e)}`);
    return 70;
  }
}

process.exitCode = await main(process.argv.slice(2));
