/**
 * Side by side with recast-navigation (the navmesh most three.js games use; a devDependency used
 * only here, its WASM build running in Node). On each example level (scenes/levels/*.glb), in
 * the same run: build time, median and p95 query time on the same start/goal pairs, and the
 * baked size, for recast and for navlab.
 *
 * Different problems: recast builds a walkable surface for ground agents (a navmesh of
 * polygons on floors); navlab voxelizes the space agents fly through (a 3D grid). Neither
 * answers the other's question; this is the yardstick a three.js developer will hold navlab to.
 *
 * - Pairs: points on the level's triangles (seeded, area-weighted), snapped to recast's navmesh
 *   (`findClosestPoint`); the pairs whose both points snapped are used by both. recast answers
 *   with `NavMeshQuery.computePath`, navlab with `NavWorld.findPath` (its default options) for
 *   the centre of a spherical agent standing on the same points (raised by its radius).
 *   Each tool first answers WARM of the pairs reversed, untimed (JIT warm-up); then ROUNDS
 *   rounds of all the pairs per tool, the tools in turn; a pair's time is the median of its rounds.
 * - Builds: each tool builds once untimed (its code compiled and warm, as the queries are), then
 *   BUILDS times, recast, navlab and navlab sparse in turn (a change of the machine's load falls
 *   on all three); the table has the median of those, the verdicts add each one's first (cold) build. A navlab build ends when its NavWorld can answer `findPath`: the BVH
 *   the grid's string pulling needs (built lazily on the first line-of-sight test) is built
 *   inside the timing; the sparse world pulls on its own voxels and builds none.
 * - The sparse query verdict compares medians on the pairs the sparse world answered: a pair
 *   with an endpoint inside solid geometry and no free voxel near is refused at once (a
 *   QueryError) and is left out for both tools; the table's medians keep every pair.
 * - Settings at the level's scale: navlab at its default cell size (longest side / 128) with the
 *   scene's agent radius, no waypoints (grid queries); recast at cs = radius / 2, ch = cs / 2,
 *   agent height 4 radii, climb 1 radius, recast's other defaults (a detail sample distance
 *   near cs crashes its WASM build with an out-of-bounds access in buildPolyMeshDetail).
 * - Baked size: recast's `exportNavMesh` bytes; navlab's .navbin (`writeNavbin`, the grid of
 *   the NavWorld, as `nav bake` writes it, without a waypoint graph).
 * - A third row, "navlab waypoints": the NavWorld built with automatic waypoints (one build),
 *   the same pairs asked on its waypoint graph, its .navbin with the graph.
 * - A fourth row, "navlab sparse": the NavWorld on the sparse voxel octree (`world: 'sparse'`,
 *   built straight from the triangles; median of BUILDS), the same pairs asked with its
 *   `findPath` (any-angle on the octree), its .navbin with the octree (the SPARSE section, as
 *   `nav bake --world sparse` writes it). Issue "sparse flight navigation" holds it to at most 2x
 *   recast's build time and baked bytes and 5x its median query: verdicts after the table.
 *
 * Run alone: npx tsx bench/recast.ts [level ...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { init, NavMeshQuery, exportNavMesh, type NavMesh } from 'recast-navigation';
import { generateSoloNavMesh } from 'recast-navigation/generators';
import { Vector3 } from 'three';
import { readMeshFile } from '../src/cli/meshFiles.ts';
import { now } from '../src/core/clock.ts';
import { QueryError } from '../src/core/query/QueryError.ts';
import { writeNavbin } from '../src/core/io/navbin.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { soupBounds } from '../src/core/geometry/voxelizeMesh.ts';
import { NavWorld } from '../src/three/NavWorld.ts';
import { type SparseNavWorld, sparseNavWorld } from '../src/three/navWorldSparse.ts';
import { autoWaypoints } from '../src/three/waypointSources.ts';
import { median, printTable, quantile } from './stats.ts';
import { type Answer, BUILDS, interleavedBuilds, interleavedQueries, type Point } from './inTurn.ts';
import { checkTarget } from './targets.ts';

const SCENES = join(import.meta.dirname, '..', 'scenes');
const LEVELS = join(SCENES, 'levels');
/** Start/goal pairs drawn per level (before snapping), and the seed they are drawn with. */
const PAIRS = 200;
const SEED = 1;

/** Seeded points on the triangles of a soup (9 numbers a triangle), area-weighted. */
function surfacePoints(soup: Float32Array, count: number, seed: number): Point[] {
  const n = soup.length / 9;
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let t = 0; t < n; t++) {
    const o = 9 * t;
    const ux = soup[o + 3] - soup[o],
      uy = soup[o + 4] - soup[o + 1],
      uz = soup[o + 5] - soup[o + 2];
    const vx = soup[o + 6] - soup[o],
      vy = soup[o + 7] - soup[o + 1],
      vz = soup[o + 8] - soup[o + 2];
    total += 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    cumulative[t] = total;
  }
  const random = mulberry32(seed);
  const points: Point[] = [];
  for (let k = 0; k < count; k++) {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    let a = random();
    let b = random();
    if (a + b > 1) [a, b] = [1 - a, 1 - b];
    const o = 9 * lo;
    const at = (i: number) => soup[o + i] + a * (soup[o + 3 + i] - soup[o + i]) + b * (soup[o + 6 + i] - soup[o + i]);
    points.push({ x: at(0), y: at(1), z: at(2) });
  }
  return points;
}

/** One tool's figures on one level. */
interface ToolResult {
  tool: string;
  buildMs: number;
  /** The first build of the level (untimed in the median: code not yet compiled). */
  coldMs: number;
  /** Per pair: the query's time (refused ones too). */
  ms: number[];
  /** Per pair: 1 when navlab refused it (QueryError), else 0. */
  refusedAt: Uint8Array;
  /** Per pair: the nodes the search expanded (0 when refused; recast: 0). */
  expanded: number[];
  medianMs: number;
  p95Ms: number;
  bytes: number;
  found: number;
  refused: number;
  built: string;
}

interface LevelResult {
  level: string;
  triangles: number;
  pairs: number;
  tools: ToolResult[];
}

/** One tool's answer to one pair: whether the path reaches the goal, whether it was refused, the nodes expanded. */
/**
 * navlab's answer to a pair: findPath for the centre of a spherical agent standing on each
 * point (raised by `lift`); a refusal (a point inside solid geometry, e.g. a navmesh floor
 * inside a closed mesh navlab fills solid, with no free voxel near: a QueryError) is timed like
 * an answer.
 */
function navlabAsker(world: NavWorld, graph: 'grid' | 'waypoints', lift: number): (a: Point, b: Point) => Answer {
  const from = new Vector3();
  const to = new Vector3();
  return (a, b) => {
    try {
      const r = world.findPath(from.set(a.x, a.y + lift, a.z), to.set(b.x, b.y + lift, b.z), { graph });
      return { reached: r.status === 'found', refused: false, expanded: r.expanded ?? 0 };
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      return { reached: false, refused: true, expanded: 0 };
    }
  };
}

/** A row's query figures from its answers. */
function queryFigures(q: { ms: number[]; answers: Answer[] }) {
  const refusedAt = Uint8Array.from(q.answers, (x) => (x.refused ? 1 : 0));
  return {
    medianMs: median([...q.ms]),
    p95Ms: quantile([...q.ms], 0.95),
    ms: q.ms,
    refusedAt,
    expanded: q.answers.map((x) => x.expanded),
    found: q.answers.filter((x) => x.reached).length,
    refused: q.answers.filter((x) => x.refused).length,
  };
}

/** A NavWorld ready for `findPath`: its BVH (the grid's string pulling, else built by the first query) built too; a sparse world needs none. */
function readyWorld(world: NavWorld): NavWorld {
  if ((world as Partial<SparseNavWorld>).sparse === undefined) void world.world?.bvh;
  return world;
}

/** navlab's .navbin of a NavWorld: its grid (or its sparse octree) and (when it has one) its waypoint graph. */
function navbinBytes(world: NavWorld, agentRadius: number): number {
  const g = world.waypoints?.graph() ?? null;
  const graph =
    g === null
      ? { ids: [], positions: [], offsets: [0], targets: [], costs: [] }
      : {
          ids: Array.from({ length: g.count }, (_, i) => `w${i}`),
          positions: g.positions,
          offsets: g.offsets,
          targets: g.targets,
          costs: g.costs,
        };
  return writeNavbin({
    settings: { agentRadius, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
    grid: world.grid,
    graph,
    sparse: (world as Partial<SparseNavWorld>).sparse?.world ?? null,
  }).byteLength;
}

function benchLevel(
  level: string,
  soup: Float32Array,
  triangles: number,
  agentRadius: number,
  object: Parameters<typeof NavWorld.fromObject3D>[0],
): LevelResult {
  const { min, max } = soupBounds(soup);
  const cellSize = Math.max(max.x - min.x, max.y - min.y, max.z - min.z) / 128;
  const indices = Uint32Array.from({ length: soup.length / 3 }, (_, i) => i);
  const cs = agentRadius / 2;
  const ch = cs / 2;
  const config = {
    cs,
    ch,
    walkableRadius: Math.ceil(agentRadius / cs),
    walkableHeight: Math.ceil((4 * agentRadius) / ch),
    walkableClimb: Math.floor(agentRadius / ch),
    walkableSlopeAngle: 45,
    maxEdgeLen: Math.ceil((12 * agentRadius) / cs),
  };

  // Builds (one untimed, then the median of BUILDS, the tools in turn); the last ones are kept.
  const [recastBuilds, navBuilds, sparseBuilds] = interleavedBuilds([
    {
      build: () => {
        const r = generateSoloNavMesh(soup, indices, config);
        if (!r.success || r.navMesh === undefined) throw new Error(`recast on ${level}: ${r.error}`);
        return r.navMesh;
      },
      dispose: (m: NavMesh) => m.destroy(),
    },
    { build: () => readyWorld(NavWorld.fromObject3D(object, { cellSize, agentRadius })), dispose: (w: NavWorld) => w.dispose() },
    {
      build: () => readyWorld(NavWorld.fromObject3D(object, { cellSize, agentRadius, world: 'sparse', sparse: sparseNavWorld })),
      dispose: (w: NavWorld) => w.dispose(),
    },
  ]);
  const navMesh = recastBuilds.last;
  const query = new NavMeshQuery(navMesh);
  const world = navBuilds.last;

  // The same pairs for both: surface points snapped to the navmesh.
  const halfExtents = { x: 4 * agentRadius, y: 4 * agentRadius, z: 4 * agentRadius };
  const raw = surfacePoints(soup, 2 * PAIRS, SEED);
  const pairs: [Point, Point][] = [];
  for (let k = 0; k < PAIRS; k++) {
    const a = query.findClosestPoint(raw[2 * k], { halfExtents });
    const b = query.findClosestPoint(raw[2 * k + 1], { halfExtents });
    if (a.success && b.success && a.polyRef !== 0 && b.polyRef !== 0) pairs.push([{ ...a.point }, { ...b.point }]);
  }

  // navlab is asked for the centre of a spherical agent standing on each point: the point
  // raised by its radius (and a hair), so the sphere rests on the floor instead of in it.
  const lift = 1.01 * agentRadius;
  // With automatic waypoints (one build: placement is the dear part), queried on the graph.
  const t0 = now();
  const withWaypoints = readyWorld(NavWorld.fromObject3D(object, { cellSize, agentRadius, waypoints: autoWaypoints }));
  const waypointsMs = now() - t0;
  const sparse = sparseBuilds.last as unknown as SparseNavWorld;
  const recastAsker = (a: Point, b: Point): Answer => {
    const r = query.computePath(a, b, { halfExtents });
    const end = r.path[r.path.length - 1];
    return {
      reached: r.success && end !== undefined && Math.hypot(end.x - b.x, end.y - b.y, end.z - b.z) < 1e-3,
      refused: false,
      expanded: 0,
    };
  };
  const [recastQ, gridQ, waypointQ, sparseQ] = interleavedQueries(
    [recastAsker, navlabAsker(world, 'grid', lift), navlabAsker(withWaypoints, 'waypoints', lift), navlabAsker(sparse, 'grid', lift)],
    pairs,
  );
  const recastBytes = exportNavMesh(navMesh).byteLength;
  const grid = world.grid!;
  const gridRow: ToolResult = {
    tool: 'navlab',
    buildMs: median(navBuilds.ms),
    coldMs: navBuilds.coldMs,
    ...queryFigures(gridQ),
    bytes: navbinBytes(world, agentRadius),
    built: `${grid.X}x${grid.Y}x${grid.Z}, cell ${+cellSize.toFixed(3)}`,
  };
  world.dispose();
  const graph = withWaypoints.waypoints!.graph();
  const waypointRow: ToolResult = {
    tool: 'navlab waypoints',
    buildMs: waypointsMs,
    coldMs: waypointsMs,
    ...queryFigures(waypointQ),
    bytes: navbinBytes(withWaypoints, agentRadius),
    built: `${graph.count} waypoints, ${graph.linkCount} links`,
  };
  withWaypoints.dispose();
  // On the sparse voxel octree, built from the triangles.
  const octree = sparse.sparse;
  const sparseRow: ToolResult = {
    tool: 'navlab sparse',
    buildMs: median(sparseBuilds.ms),
    coldMs: sparseBuilds.coldMs,
    ...queryFigures(sparseQ),
    bytes: navbinBytes(sparse, agentRadius),
    built: `${octree.world.nodeCount} nodes, ${octree.world.brickCount} bricks`,
  };
  sparse.dispose();
  const tiles = navMesh.getMaxTiles();
  let polys = 0;
  for (let t = 0; t < tiles; t++) polys += navMesh.getTile(t).header()?.polyCount() ?? 0;
  query.destroy();
  navMesh.destroy();
  const recastRow: ToolResult = {
    tool: 'recast',
    buildMs: median(recastBuilds.ms),
    coldMs: recastBuilds.coldMs,
    ...queryFigures(recastQ),
    bytes: recastBytes,
    built: `${polys} polys, cs ${+cs.toFixed(3)}`,
  };
  return { level, triangles, pairs: pairs.length, tools: [recastRow, gridRow, waypointRow, sparseRow] };
}

/** The agent radius of the example scene that uses a level (its document's agentRadius), else 0.4. */
function sceneRadius(levelFile: string): number {
  for (const f of readdirSync(SCENES).filter((n) => n.endsWith('.json'))) {
    const text = readFileSync(join(SCENES, f), 'utf8');
    if (!text.includes(`levels/${levelFile}`)) continue;
    const r = (JSON.parse(text) as { agentRadius?: number }).agentRadius;
    if (typeof r === 'number' && r > 0) return r;
  }
  return 0.4;
}

export async function benchRecast(only: string[] = []): Promise<void> {
  await init();
  const levels = readdirSync(LEVELS)
    .filter((f) => f.endsWith('.glb') && (only.length === 0 || only.includes(f.replace(/\.glb$/, ''))))
    .sort();
  const rows: (string | number)[][] = [];
  const results: LevelResult[] = [];
  for (const f of levels) {
    const mesh = await readMeshFile(join(LEVELS, f));
    const r = benchLevel(f.replace(/\.glb$/, ''), mesh.soup, mesh.triangles, sceneRadius(f), mesh.object);
    results.push(r);
    for (const t of r.tools)
      rows.push([
        r.level,
        t.tool,
        r.triangles,
        t.buildMs,
        t.medianMs,
        t.p95Ms,
        `${t.found}/${r.pairs}${t.refused > 0 ? ` (${t.refused} refused)` : ''}`,
        t.bytes,
        t.built,
      ]);
  }
  printTable(
    'recast-navigation side by side (different problems: recast walks on surfaces, navlab flies through space)',
    ['level', 'tool', 'triangles', 'build ms', 'query median ms', 'query p95 ms', 'reached', 'baked bytes', 'built'],
    rows,
  );
  console.log(
    `Same surface start/goal pairs for both (seed ${SEED}, points on the level's triangles snapped to recast's navmesh); build = median of ${BUILDS} after one untimed build (navlab's grid builds include the BVH its findPath needs; the sparse world needs none).\n` +
      "recast: generateSoloNavMesh + NavMeshQuery.computePath (a ground agent's path on floors); navlab: NavWorld.fromObject3D (grid, no waypoints) + findPath (a flying agent's path through free space); navlab waypoints: fromObject3D with autoWaypoints (one build) + findPath on the waypoint graph.\n" +
      "They answer different questions: a navmesh cannot fly and a voxel grid does not know which side is up. 'reached' = the path ends at the goal; 'refused' = an endpoint inside solid geometry with no free voxel near (QueryError).",
  );
  // Issue "sparse flight navigation": the octree beside recast on each level.
  for (const r of results) {
    const of = (tool: string) => r.tools.find((t) => t.tool === tool)!;
    const [sparse, recast] = [of('navlab sparse'), of('recast')];
    const check = (what: string, a: number, b: number, limit: number) => {
      const x = +(a / b).toFixed(2);
      return `${what} ${x}x recast (${checkTarget('sparse beside recast', `${r.level} ${what}`, x, '<=', limit, 'x recast')})`;
    };
    // Queries on the pairs sparse answered (refused ones, left out for both, are counted).
    const kept = sparse.ms.map((_, k) => k).filter((k) => sparse.refusedAt[k] === 0);
    const sparseMs = median(kept.map((k) => sparse.ms[k]));
    const recastMs = median(kept.map((k) => recast.ms[k]));
    const refused = r.pairs - kept.length;
    console.log(
      `${r.level}, sparse: ${[
        check('build', sparse.buildMs, recast.buildMs, 2),
        check('baked', sparse.bytes, recast.bytes, 2),
        check('median query', sparseMs, recastMs, 5),
      ].join('; ')}`,
    );
    console.log(
      `  ${tail(sparse, kept)}; ${kept.length} pairs${refused > 0 ? ` (${refused} refused, left out: ${median(sparse.ms.filter((_, k) => sparse.refusedAt[k] === 1)).toFixed(3)} ms median)` : ''}, median ${sparseMs.toFixed(3)} ms against recast's ${recastMs.toFixed(3)} ms; first builds ${sparse.coldMs.toFixed(0)} ms against recast's ${recast.coldMs.toFixed(0)} ms`,
    );
  }
}

/**
 * What the sparse queries spend: the median expansions, and the share of the summed time in the
 * slowest tenth of the pairs (a tail of floods or of long searches shows here, not in the median).
 */
function tail(sparse: ToolResult, kept: number[]): string {
  const ms = kept.map((k) => sparse.ms[k]);
  const order = kept.map((_, i) => i).sort((a, b) => ms[b] - ms[a]);
  const slow = order.slice(0, Math.max(1, Math.round(kept.length / 10)));
  const sum = (ix: number[]) => ix.reduce((s, i) => s + ms[i], 0);
  const expanded = kept.map((k) => sparse.expanded[k]);
  return (
    `expanded median ${median([...expanded])}, slowest tenth ${slow.length} pairs: ${((100 * sum(slow)) / sum(order)).toFixed(0)}% of the time, ` +
    `${Math.min(...slow.map((i) => expanded[i]))}-${Math.max(...slow.map((i) => expanded[i]))} expansions`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRecast(process.argv.slice(2));
