import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVoxelGrid, parseScene } from '../../src/scene/index.ts';
import { ROOT, runNavHere } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-import-sparse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mesh = (name: string) => join(ROOT, 'test/data/meshes', name);

describe('nav import --world sparse', () => {
  it('writes the same voxel layer and prints the same JSON as the dense import (in process)', async () => {
    const run = async (world: string) => {
      const out = join(dir, `${world}.json`);
      const argv = ['import', mesh('sample.glb'), '--cell-size', '0.25', '--agent-radius', '0.1'];
      const r = await runNavHere([...argv, '--waypoints', 'none', '--agents', '2', '--world', world, '--out', out, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const { ms, scene, ...report } = JSON.parse(r.stdout);
      expect(typeof ms).toBe('number');
      expect(scene).toBe(out);
      return { report, doc: parseScene(readFileSync(out, 'utf8')) };
    };
    const dense = await run('dense');
    const sparse = await run('sparse');
    expect(sparse.report).toEqual(dense.report);
    expect(sparse.report.blocked).toBeGreaterThan(0);
    const a = buildVoxelGrid(dense.doc)!;
    const b = buildVoxelGrid(sparse.doc)!;
    expect([b.X, b.Y, b.Z, b.cellSize, b.origin]).toEqual([a.X, a.Y, a.Z, a.cellSize, a.origin]);
    expect(Buffer.from(b.occupancy).equals(Buffer.from(a.occupancy))).toBe(true);
    // The octree writes its own boxes (whole SOLID nodes, runs in mixed bricks): another decomposition of the same voxels.
    expect(sparse.doc.agents).toEqual(dense.doc.agents);
  });

  it('a bad --world is a usage error naming the flag (exit 2)', async () => {
    const r = await runNavHere(['import', mesh('tetra.obj'), '--waypoints', 'none', '--world', 'octree', '--out', join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--world');
  });
});
