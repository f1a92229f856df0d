// A version-2 scene listing the same large mesh file hundreds of times (under the 1,000-mesh
// limit) built every instance's geometry and passed 2 GiB in `nav waypoints`, `nav bake` and
// `nav preprocess`. The triangle limit now holds for the whole scene, every instance counted,
// and is checked as each file is read, before any geometry is built.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { parseScene } from '../../src/scene/index.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { loadSceneMeshes } from '../../src/scene-three/sceneMeshes.ts';
import { runNav } from '../support/cli.ts';

/** A binary STL of `n` small triangles along x. */
function stl(n: number): Uint8Array {
  const out = new Uint8Array(84 + 50 * n);
  const view = new DataView(out.buffer);
  view.setUint32(80, n, true);
  for (let k = 0; k < n; k++) {
    const at = 84 + 50 * k + 12;
    const x = (k % 1000) * 0.01,
      z = Math.floor(k / 1000) * 0.01;
    [x, 0, z, x + 0.01, 0, z, x, 0.01, z].forEach((c, i) => view.setFloat32(at + 4 * i, c, true));
  }
  return out;
}

const TRIANGLES = 20_000;
const copies = Math.floor(LIMITS.sceneTriangles / TRIANGLES) + 1; // one instance over the limit
const doc = (count: number) =>
  parseScene({ version: 2, meshes: Array.from({ length: count }, (_, i) => ({ id: `m${i}`, src: 'big.stl', position: [i, 0, 0] })) });

describe('the scene triangle limit counts every instance', () => {
  it('loadSceneMeshes refuses after reading the file once', async () => {
    let reads = 0;
    const bytes = stl(TRIANGLES);
    const load = loadSceneMeshes(doc(copies), async () => (reads++, { bytes }));
    const error = await load.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NavlabError);
    expect((error as NavlabError).code).toBe('input');
    expect((error as Error).message).toBe(
      `meshes: more than 5000000 triangles with every instance counted ('big.stl': 20000 triangles, listed ${copies} times), over the scene limit of 5000000`,
    );
    expect(reads).toBe(1);
    // One instance fewer is within the limit.
    const ok = await loadSceneMeshes(doc(copies - 1), async () => ({ bytes }));
    expect(ok.size).toBe(copies - 1);
  });

  it('ObstacleWorld.fromScene refuses before building geometry', async () => {
    const bytes = stl(TRIANGLES);
    const one = await loadSceneMeshes(doc(1), async () => ({ bytes }));
    const loaded = new Map(Array.from({ length: copies }, (_, i) => [`m${i}`, one.get('m0')!]));
    expect(() => ObstacleWorld.fromScene(doc(copies), { sceneMeshes: loaded })).toThrow(
      /more than 5000000 triangles with every instance counted/,
    );
  });

  it('nav preprocess exits 1 with a one-line message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-instances-'));
    writeFileSync(join(dir, 'big.stl'), stl(TRIANGLES));
    writeFileSync(
      join(dir, 'scene.json'),
      JSON.stringify({ version: 2, meshes: Array.from({ length: copies }, (_, i) => ({ id: `m${i}`, src: 'big.stl' })) }),
    );
    const r = runNav(['preprocess', join(dir, 'scene.json'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/over the scene limit of 5000000/);
  });
});
