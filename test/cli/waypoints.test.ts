import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, runNav } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-waypoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two rooms joined by a door in a 12x4x6 voxel box (walls of voxels), no waypoints. */
const rooms = {
  version: 1,
  name: 'two rooms',
  agentRadius: 0.3,
  voxels: {
    dims: [12, 4, 6],
    solid: [
      [5, 0, 0, 6, 3, 1],
      [5, 0, 3, 6, 3, 5],
      [5, 2, 2, 6, 3, 2],
    ],
  },
};

describe('nav waypoints', () => {
  it('prints the exact JSON contract', () => {
    const file = join(dir, 'rooms.json');
    writeFileSync(file, JSON.stringify(rooms));
    const r = runNav(['waypoints', file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines).toHaveLength(1);
    const out = lines[0];
    expect(Object.keys(out)).toEqual(['waypoints', 'coverage', 'components', 'medianRatio', 'p95Ratio', 'ms']);
    const waypoints = out.waypoints as { id: string; position: number[] }[];
    expect(waypoints.length).toBeGreaterThanOrEqual(2);
    expect(new Set(waypoints.map((w) => w.id)).size).toBe(waypoints.length);
    for (const w of waypoints) {
      expect(Object.keys(w)).toEqual(['id', 'position']);
      expect(w.position).toHaveLength(3);
      // Voxel centres of the grid (cell 1, origin 0) inside it.
      w.position.forEach((c, a) => {
        expect(c - Math.floor(c)).toBe(0.5);
        expect(c).toBeLessThan([12, 4, 6][a]);
      });
    }
    expect(out.coverage).toBe(1);
    expect(out.components).toEqual({ graph: 1, free: 1 });
    expect(typeof out.medianRatio).toBe('number');
    expect(out.p95Ratio as number).toBeGreaterThanOrEqual(out.medianRatio as number);
    expect(typeof out.ms).toBe('number');
  });

  it('--max caps the count; --agent-radius changes the clear space', () => {
    const file = join(dir, 'rooms.json');
    writeFileSync(file, JSON.stringify(rooms));
    const capped = jsonLines(runNav(['waypoints', file, '--max', '1', '--json']).stdout)[0];
    expect((capped.waypoints as unknown[]).length).toBe(1);
    expect(capped.coverage as number).toBeLessThan(1);
    // Radius 0.6 closes the one-voxel door: two free components, each with its own graph.
    const fat = jsonLines(runNav(['waypoints', file, '--agent-radius', '0.6', '--json']).stdout)[0];
    expect(fat.components).toEqual({ graph: 2, free: 2 });
    expect(fat.coverage).toBe(1);
  });

  it('bad usage exits 2, a bad file exits 1, each with a message', () => {
    const file = join(dir, 'rooms.json');
    writeFileSync(file, JSON.stringify(rooms));
    for (const args of [['--max', '0'], ['--max', '2.5'], ['--agent-radius', '-1'], ['--agent-radius', 'x'], ['--bogus']]) {
      const r = runNav(['waypoints', file, ...args, '--json']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/nav waypoints: /);
    }
    expect(runNav(['waypoints', '--json']).code).toBe(2);
    const missing = runNav(['waypoints', join(dir, 'nope.json'), '--json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"version": 1, "agentRadius": -2}');
    const bad = runNav(['waypoints', broken, '--json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/agentRadius/);
    // A layer over the placement limit is refused before anything is built for it.
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, JSON.stringify({ version: 1, voxels: { dims: [512, 256, 256], solid: [[0, 0, 0, 1, 1, 1]] } }));
    const big = runNav(['waypoints', huge, '--json']);
    expect(big.code).toBe(1);
    expect(big.stdout).toBe('');
    expect(big.stderr).toMatch(/huge\.json: .*over the limit of 16777216/);
  });
});
