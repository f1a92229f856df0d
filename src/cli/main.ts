/**
 * `nav` in-process: `main(argv, io)` runs one command line and resolves to its exit code
 * (0 ok, 1 bad input such as a missing file or malformed data, 2 bad usage, 70 internal error).
 * Everything a run prints goes through `io`; no command reads process.argv, writes to
 * process.stdout/stderr or calls process.exit, so runs can follow each other (or run side by
 * side) in one process. The bin (nav.ts) calls it with the process's streams.
 */
import { NavlabError } from '../core/errors.ts';
import { quote } from '../core/text.ts';
import { type CommandSpec, UsageError } from './args.ts';
import { commandHelp } from './help.ts';
import { err, type NavIo } from './io.ts';

export type { NavIo } from './io.ts';

export const USAGE = `usage:
  nav scen <map.3dmap|map.map> [file.3dscen|file.scen] [--offset K] [--limit N] [--workers N] [--world dense|sparse]
      [search flags] [--json]
  nav path <map.3dmap|map.map|scene.json> --from x,y,z --to x,y,z [--graph grid|waypoints] [--world dense|sparse]
      [search flags] [--json]
  nav preprocess <scene.json> [--agent-radius R] [--json]
  nav waypoints <scene.json> [--agent-radius R] [--max N] [--json]
  nav simulate <scene.json> [--steps N] [--seed S] [--avoidance swarm|reciprocal] [--json]
  nav voxelize <mesh.glb|.gltf|.obj|.stl> --cell-size C [--fill surface|solid] [--world dense|sparse]
      [--json]
  nav import <mesh...> --out scene.json [--cell-size C] [--fill surface|solid] [--agent-radius R] [--agents N]
      [--waypoints auto|none] [--world dense|sparse] [--json]
  nav bake <scene.json> --out file.navbin [--agent-radius R] [--world dense|sparse] [--json]
  nav bench
  nav --help | nav <command> --help | nav help <command>: every flag with its range and default
search flags: --algorithm astar|jps|lazy-theta (astar)  --neighborhood 6|18|26 (26)
  --corner-cutting forbid|allow (forbid)  --heuristic exact|euclidean|manhattan|chebyshev|squared|zero (exact)
  --weight W (1)  --tie-break low-h|none (low-h)  --max-expansions N (unlimited)`;

type Command = (argv: string[], io: NavIo) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  // Each command loads its own modules, so a command never pays for (or breaks on) another's.
  scen: async (argv, io) => (await import('./commands/scen.ts')).scenCommand(argv, io),
  path: async (argv, io) => (await import('./commands/path.ts')).pathCommand(argv, io),
  preprocess: async (argv, io) => (await import('./commands/preprocess.ts')).preprocessCommand(argv, io),
  waypoints: async (argv, io) => (await import('./commands/waypoints.ts')).waypointsCommand(argv, io),
  simulate: async (argv, io) => (await import('./commands/simulate.ts')).simulateCommand(argv, io),
  voxelize: async (argv, io) => (await import('./commands/voxelize.ts')).voxelizeCommand(argv, io),
  import: async (argv, io) => {
    const [{ importCommand }, { autoWaypointList, placeSceneWaypoints }] = await Promise.all([
      import('./commands/import.ts'),
      import('../scene-three/autoWaypoints.ts'),
    ]);
    // `--waypoints auto`: automatic placement on the imported scene's voxel layer and meshes.
    return importCommand(argv, io, (doc, { agentRadius, meshes, space }) =>
      autoWaypointList(placeSceneWaypoints(doc, { agentRadius, space, world: { sceneMeshes: meshes } }).placed.positions),
    );
  },
  bake: async (argv, io) => (await import('./commands/bake.ts')).bakeCommand(argv, io),
  bench: async () => {
    // The benchmarks live in the repository, not in the package: a path the compiler does not
    // follow, so the built CLI neither bundles them nor fails to build without them. They print
    // their tables to the console themselves (a report for people, not part of the contract).
    const benchModule: string = '../../bench/run.ts';
    const bench = await import(benchModule).catch(() => {
      throw new UsageError('nav bench runs from a checkout of the navlab repository (the package ships no benchmarks)');
    });
    await (bench as { runBenchmarks(): Promise<void> }).runBenchmarks();
    return 0;
  },
};

/**
 * Each command's flag table (the one its parser reads), loaded with the command's module when
 * help asks for it.
 */
const SPECS: Record<string, () => Promise<CommandSpec>> = {
  scen: async () => (await import('./commands/scen.ts')).SCEN,
  path: async () => (await import('./commands/path.ts')).PATH,
  preprocess: async () => (await import('./commands/preprocess.ts')).PREPROCESS,
  waypoints: async () => (await import('./commands/waypoints.ts')).WAYPOINTS,
  simulate: async () => (await import('./commands/simulate.ts')).SIMULATE,
  voxelize: async () => (await import('./commands/voxelize.ts')).VOXELIZE,
  import: async () => (await import('./commands/import.ts')).IMPORT,
  bake: async () => (await import('./commands/bake.ts')).BAKE,
  bench: async () => BENCH,
};

/** `nav bench`: no flags. */
const BENCH: CommandSpec = {
  name: 'bench',
  args: '',
  summary: 'prints the benchmark tables (from a checkout of the repository)',
  flags: [],
};

/** Whether a command's arguments ask for its help (`--help` or `-h` anywhere). */
const asksHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

/** `nav --help`: the usage, then every command's help. */
async function fullHelp(): Promise<string> {
  const specs = await Promise.all(Object.values(SPECS).map((load) => load()));
  return [USAGE, ...specs.map(commandHelp)].join('\n\n');
}

/** Runs one `nav` command line (`argv` without the program name); resolves to the exit code. */
export async function main(argv: readonly string[], io: NavIo): Promise<number> {
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) throw new TypeError('main: argv must be an array of strings');
  if (typeof io?.stdout !== 'function' || typeof io.stderr !== 'function')
    throw new TypeError('main: io must have stdout(text) and stderr(text) functions');
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    if (name === undefined) {
      err(io, USAGE);
      return 2;
    }
    // `nav help <command>` is `nav <command> --help`.
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic !== undefined && Object.hasOwn(SPECS, topic)) {
      io.stdout(`${commandHelp(await SPECS[topic]())}\n`);
      return 0;
    }
    io.stdout(`${await fullHelp()}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    err(io, `nav: unknown command ${quote(name)}\n${USAGE}`);
    return 2;
  }
  try {
    if (asksHelp(rest)) {
      io.stdout(`${commandHelp(await SPECS[name]())}\n`);
      return 0;
    }
    return await command(rest, io);
  } catch (e) {
    if (e instanceof NavlabError) {
      // The caller's call is wrong (exit 2, with the usage) or the data is (exit 1).
      const usage = e.code === 'usage' || e.code === 'query' || e.code === 'unsupported';
      err(io, `nav ${name}: ${e.message}${usage ? `\n${USAGE}` : ''}`);
      return usage ? 2 : 1;
    }
    err(io, `nav ${name}: internal error: ${(e as Error).stack ?? String(e)}`);
    return 70;
  }
}
