import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { parseScene } from '../../src/scene/index.ts';
import { ROOT, runNav } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-import-level-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mesh = (name: string) => join(ROOT, 'test', 'data', 'meshes', name);

/** `nav` in this thread with a chosen stderrIsTTY. */
async function navWith(args: string[], stderrIsTTY: boolean) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stderrIsTTY });
  return { code, stdout, stderr };
}

describe('nav import: defaults from the level, agents that arrive, progress on a terminal only', () => {
  it('a closed mesh: solid fill, cell = longest side / 128, radius 0.4 cells, 4 agents that all arrive in nav simulate', () => {
    const out = join(dir, 'sample.json');
    const r = runNav(['import', mesh('sample.glb'), '--out', out, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.fill).toBe('solid');
    expect(j.agents).toBe(4);
    const doc = parseScene(readFileSync(out, 'utf8'));
    const cell = doc.voxels!.cellSize;
    // Longest side of the grid = 128 cells of the meshes' box + the free margin.
    expect(Math.max(...doc.voxels!.dims)).toBeGreaterThanOrEqual(128);
    expect(doc.agentRadius).toBeCloseTo(0.4 * cell, 12);
    expect(doc.agents).toHaveLength(4);
    for (const a of doc.agents) expect(a.radius).toBe(doc.agentRadius);
    const sim = runNav(['simulate', out, '--json']);
    expect(sim.code).toBe(0);
    const s = JSON.parse(sim.stdout);
    expect(s.summary.agents).toBe(4);
    expect(s.summary.arrived).toBe(4);
    expect(s.summary.stepsInside).toBe(0);
  });

  it('--agents N (0 included) and --fill override the defaults; the same input gives the same agents', () => {
    const a = join(dir, 'a.json'),
      b = join(dir, 'b.json'),
      c = join(dir, 'c.json');
    for (const [file, n] of [
      [a, '7'],
      [b, '7'],
      [c, '0'],
    ]) {
      const r = runNav(['import', mesh('sample.glb'), '--waypoints', 'none', '--fill', 'surface', '--agents', n, '--out', file, '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ agents: Number(n), fill: 'surface' });
    }
    expect(parseScene(readFileSync(a, 'utf8')).agents).toEqual(parseScene(readFileSync(b, 'utf8')).agents);
    expect(parseScene(readFileSync(c, 'utf8')).agents).toEqual([]);
    expect(runNav(['import', mesh('sample.glb'), '--agents', '-1', '--out', c]).code).toBe(2);
    expect(runNav(['import', mesh('sample.glb'), '--agents', '1.5', '--out', c]).code).toBe(2);
  });

  it('prints one progress line per stage on stderr when it is a terminal, never on stdout', async () => {
    const out = join(dir, 'tty.json');
    const args = ['import', mesh('sample.glb'), '--waypoints', 'none', '--out', out, '--json'];
    const tty = await navWith(args, true);
    expect(tty.code).toBe(0);
    const lines = tty.stderr.trim().split('\n');
    expect(lines.map((l) => /^nav import: (\w+)/.exec(l)?.[1])).toEqual(['decode', 'voxelize', 'components', 'agents', 'links', 'done']);
    const plain = await navWith(args, false);
    expect(plain.stderr).toBe('');
    // stdout is the JSON alone either way.
    expect(Object.keys(JSON.parse(tty.stdout))).toEqual(Object.keys(JSON.parse(plain.stdout)));
  });
});
