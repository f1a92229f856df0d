import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BoxObstacle } from '../../src/scene/index.ts';
import { jsonLines, ROOT, runNav } from '../support/cli.ts';
import { freePoint, randomBoxes, refBox, rng, segmentBoxDistance, segmentMeetsBox, type V3 } from '../three/analytic.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-preprocess-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeScene(name: string, doc: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return file;
}

/** A wall across x = 0 with a slit 0.5 wide at |z| < 0.25 and waypoints on both sides. */
const slitScene = {
  version: 1,
  name: 'slit',
  agentRadius: 0.3,
  obstacles: [
    { id: 'left', shape: 'box', position: [0, 0, -2.25], size: [0.2, 4, 4] },
    { id: 'right', shape: 'box', position: [0, 0, 2.25], size: [0.2, 4, 4] },
  ],
  movingObstacles: [{ id: 'planet', radius: 3, orbit: { center: [0, 0, 0], radius: 0, period: 10 } }],
  waypoints: [
    { id: 'w', position: [-3, 0, 0] },
    { id: 'e', position: [3, 0, 0] },
    { id: 'nw', position: [-3, 0, 5] },
    { id: 'ne', position: [3, 0, 5] },
  ],
};

describe('nav preprocess', () => {
  it('prints the exact JSON keys; the agent radius closes a slit a ray passes', () => {
    const file = writeScene('slit.json', slitScene);
    const fat = runNav(['preprocess', file, '--json']);
    expect(fat.code).toBe(0);
    expect(fat.stderr).toBe('');
    const [out] = jsonLines(fat.stdout);
    expect(Object.keys(out)).toEqual(['waypoints', 'links', 'buildMs', 'segmentTests', 'segmentTestsPerSec', 'pairs']);
    expect(out.waypoints).toBe(4);
    // The moving obstacle at the origin does not block; the radius-0.3 capsule misses the
    // slit: w-e is not linked, and w-ne / e-nw cross the wall.
    expect(out.pairs).toEqual([
      [0, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(out.links).toBe(3);
    expect(out.segmentTests).toBe(6);
    expect(typeof out.buildMs).toBe('number');
    expect(typeof out.segmentTestsPerSec).toBe('number');
    const thin = jsonLines(runNav(['preprocess', file, '--agent-radius', '0', '--json']).stdout)[0];
    expect(thin.pairs).toEqual([
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
    ]);
  });

  it('equals an analytic capsule-vs-box reference on a random scene, within maxLinkDistance', () => {
    const random = rng(42);
    const boxes: BoxObstacle[] = randomBoxes(random, 30, 30, 0.5, 5, 0.4);
    const refs = boxes.map(refBox);
    const points: V3[] = Array.from({ length: 40 }, () => freePoint(random, refs, 30, 0.6));
    const r = 0.25,
      maxLinkDistance = 18;
    const file = writeScene('random.json', {
      version: 1,
      name: 'random',
      agentRadius: r,
      maxLinkDistance,
      obstacles: boxes,
      waypoints: points.map((p, i) => ({ id: `p${i}`, position: p })),
    });
    const res = runNav(['preprocess', file, '--json']);
    expect(res.code).toBe(0);
    const [out] = jsonLines(res.stdout);
    const pairs = new Set((out.pairs as number[][]).map(([i, j]) => `${i},${j}`));
    const sorted = (out.pairs as number[][]).map(([i, j]) => `${String(i).padStart(3, '0')},${String(j).padStart(3, '0')}`);
    expect(sorted).toEqual([...sorted].sort());
    let compared = 0;
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) {
        const [p, q] = [points[i], points[j]];
        const length = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
        const d = Math.min(...refs.map((b) => segmentBoxDistance(b, p, q)));
        if (Math.abs(length - maxLinkDistance) < 1e-9 || Math.abs(d - r) < 1e-5) continue;
        compared++;
        expect(pairs.has(`${i},${j}`), `pair ${i}-${j}: length ${length}, clearance ${d}`).toBe(length <= maxLinkDistance && d >= r);
      }
    expect(compared).toBeGreaterThan(700);
    expect(pairs.size).toBeGreaterThan(40);
    // The plain ray agrees with the slab test.
    const rays = jsonLines(runNav(['preprocess', file, '--agent-radius', '0', '--json']).stdout)[0];
    const rayPairs = new Set((rays.pairs as number[][]).map(([i, j]) => `${i},${j}`));
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) {
        const [p, q] = [points[i], points[j]];
        if (Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) > maxLinkDistance) continue;
        const outer = refs.some((b) => segmentMeetsBox(b, p, q, 1e-7));
        if (outer !== refs.some((b) => segmentMeetsBox(b, p, q, -1e-7))) continue;
        expect(rayPairs.has(`${i},${j}`)).toBe(!outer);
      }
  });

  it('prints a readable summary without --json', () => {
    const res = runNav(['preprocess', writeScene('summary.json', slitScene)]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/4 waypoints, 3 links \(agent radius 0\.3\)/);
    expect(res.stdout).toMatch(/capsule tests/);
  });

  it('reports a missing file, a bad document and bad flags without a stack trace', () => {
    const missing = runNav(['preprocess', join(dir, 'nope.json'), '--json']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/nope\.json: no such file/);
    const bad = runNav(['preprocess', writeScene('bad.json', { version: 1, waypoints: [{ id: 'a', position: [0, 0] }] }), '--json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.json: .*waypoints\[0\]\.position/);
    const broken = runNav(['preprocess', writeScene('broken.json', '{ "version": 1,'), '--json']);
    expect(broken.code).toBe(1);
    expect(runNav(['preprocess', join(dir, 'slit.json'), '--agent-radius', '-1']).code).toBe(2);
    expect(runNav(['preprocess', join(dir, 'slit.json'), '--radius', '1']).code).toBe(2);
    expect(runNav(['preprocess']).code).toBe(2);
    for (const r of [missing, bad, broken]) expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('nav path --graph waypoints', () => {
  it('searches the visibility graph between waypoint ids', () => {
    const file = writeScene('path.json', slitScene);
    const res = runNav(['path', file, '--graph', 'waypoints', '--from', 'w', '--to', 'e', '--json']);
    expect(res.code).toBe(0);
    const [out] = jsonLines(res.stdout);
    expect(Object.keys(out)).toEqual(['status', 'cost', 'path', 'ids', 'expanded', 'ms']);
    expect(out.status).toBe('found');
    // Around the wall: w -> nw -> ne -> e (the slit is too narrow for radius 0.3).
    expect(out.ids).toEqual(['w', 'nw', 'ne', 'e']);
    expect(out.path).toEqual([
      [-3, 0, 0],
      [-3, 0, 5],
      [3, 0, 5],
      [3, 0, 0],
    ]);
    expect(out.cost).toBeCloseTo(16, 9);
    const dijkstra = jsonLines(
      runNav(['path', file, '--graph', 'waypoints', '--from', 'w', '--to', 'e', '--heuristic', 'zero', '--json']).stdout,
    )[0];
    expect(dijkstra.cost).toBeCloseTo(16, 9);
  });

  it('reports an unreachable goal as a status, and an unknown id as a usage error', () => {
    const file = writeScene('island.json', {
      ...slitScene,
      waypoints: [...slitScene.waypoints, { id: 'inside', position: [0, 10, 0] }],
      obstacles: [...slitScene.obstacles, { id: 'cage', shape: 'sphere', position: [0, 10, 0], radius: 2 }],
    });
    const [out] = jsonLines(runNav(['path', file, '--graph', 'waypoints', '--from', 'w', '--to', 'inside', '--json']).stdout);
    expect(out.status).toBe('unreachable');
    const unknown = runNav(['path', file, '--graph', 'waypoints', '--from', 'w', '--to', 'nowhere', '--json']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/nowhere/);
  });
});

describe('nav path default graph', () => {
  it('waypoint ids mean the waypoint graph and voxel coordinates the grid, unless --graph says otherwise', () => {
    const file = join(ROOT, 'scenes', 'building.json');
    const byIds = runNav(['path', file, '--from', 'g-hall', '--to', 'g-room', '--json']);
    expect(byIds.code).toBe(0);
    const explicit = runNav(['path', file, '--graph', 'waypoints', '--from', 'g-hall', '--to', 'g-room', '--json']);
    const [a, b] = [jsonLines(byIds.stdout)[0], jsonLines(explicit.stdout)[0]];
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    expect(a.ids).toBeDefined();
    const byVoxels = jsonLines(runNav(['path', file, '--from', '1,1,1', '--to', '20,1,10', '--json']).stdout)[0];
    const grid = jsonLines(runNav(['path', file, '--graph', 'grid', '--from', '1,1,1', '--to', '20,1,10', '--json']).stdout)[0];
    expect({ ...byVoxels, ms: 0 }).toEqual({ ...grid, ms: 0 });
    expect(Object.keys(byVoxels)).toEqual(['status', 'cost', 'path', 'expanded', 'ms']);
    // --graph grid overrides the rule: a waypoint id is then not a voxel.
    const wrong = runNav(['path', file, '--graph', 'grid', '--from', 'g-hall', '--to', 'g-room', '--json']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--from: expected integer voxel coordinates/);
    const unknown = runNav(['path', file, '--from', 'nowhere', '--to', 'g-room', '--json']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--from: no waypoint with id 'nowhere'/);
  });
});
