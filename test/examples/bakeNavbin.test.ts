/** examples/bake-navbin.ts run as a user runs it (tsx, Node), and its .navbin read back. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readNavbin } from '../../src/core/io/navbin.ts';
import { queryGraph } from '../../src/core/query/query.ts';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { Vector3 } from 'three';
import { navWorldFromNavbin } from '../../src/three/navbinWorld.ts';
import { ROOT } from '../support/cli.ts';
import { dracoLevelGlb } from '../support/levelMeshes.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-bake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the example as a user does (tsx, Node, the examples' tsconfig); returns its JSON summary. */
function bake(args: string[]): { bytes: number; dims: number[]; waypoints: number; links: number } {
  const stdout = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'examples/bake-navbin.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'examples/tsconfig.json') },
  });
  return JSON.parse(stdout);
}

describe('examples/bake-navbin.ts', () => {
  it('bakes a Draco-compressed GLB as written (no decoder wiring), and navWorldFromNavbin navigates the result', async () => {
    const glb = join(dir, 'level-draco.glb');
    const bytes = await dracoLevelGlb();
    expect(new TextDecoder().decode(bytes.subarray(0, 4000))).toContain('KHR_draco_mesh_compression');
    writeFileSync(glb, bytes);
    const out = join(dir, 'level-draco.navbin');
    const summary = bake([glb, out, '0.05', '0.03']);
    const baked = new Uint8Array(readFileSync(out));
    expect(summary.bytes).toBe(baked.byteLength);
    const nav = navWorldFromNavbin(baked);
    expect([nav.grid!.X, nav.grid!.Y, nav.grid!.Z]).toEqual(summary.dims);
    expect(nav.graph.count).toBe(summary.waypoints);
    expect(nav.graph.count).toBeGreaterThan(1);
    // Across the level (inside its walls, 0.2 above the floor), on the grid and on the waypoints.
    const from = new Vector3(-0.85, 0.2, -0.85);
    const to = new Vector3(0.85, 0.2, 0.85);
    const grid = nav.findPath(from, to);
    expect(grid.status).toBe('found');
    expect(grid.length).toBeGreaterThanOrEqual(from.distanceTo(to) - 1e-9);
    const route = nav.findPath(from, to, { graph: 'waypoints' });
    expect(route.status).toBe('found');
    expect(route.points[0].equals(from) && route.points.at(-1)!.equals(to)).toBe(true);
  });

  it('bakes a glTF level into a .navbin that reads back with its grid and waypoint graph', () => {
    const out = join(dir, 'level.navbin');
    const stdout = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'examples/bake-navbin.ts'), join(ROOT, 'test/data/meshes/sample.glb'), out, '0.25', '0.1'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'examples/tsconfig.json') } },
    );
    const summary = JSON.parse(stdout);
    const bin = readNavbin(new Uint8Array(readFileSync(out)));
    expect(summary.bytes).toBe(readFileSync(out).byteLength);
    expect(bin.settings.agentRadius).toBe(0.1);
    expect(bin.grid).not.toBeNull();
    expect([bin.grid!.X, bin.grid!.Y, bin.grid!.Z]).toEqual(summary.dims);
    expect(bin.grid!.cellSize).toBe(0.25);
    // The level blocks some voxels, and leaves most of its box free.
    const blocked = bin.grid!.occupancy.reduce((s, v) => s + v, 0);
    expect(blocked).toBeGreaterThan(0);
    expect(blocked).toBeLessThan(bin.grid!.size / 2);
    // The waypoint graph is connected enough to route between its first and last waypoint.
    const n = bin.graph.ids.length;
    expect(n).toBe(summary.waypoints);
    expect(n).toBeGreaterThan(1);
    const pairs: number[] = [];
    for (let i = 0; i < n; i++)
      for (let e = bin.graph.offsets[i]; e < bin.graph.offsets[i + 1]; e++)
        if (bin.graph.targets[e] > i) pairs.push(i, bin.graph.targets[e]);
    expect(pairs.length / 2).toBe(summary.links);
    const r = queryGraph(new WaypointGraph(bin.graph.positions, pairs), bin.graph.ids, 0, n - 1);
    expect(r.status).toBe('found');
  });
});
