// The last public entries whose arguments went unchecked (issue 22, point 8): VisibilityGraph,
// buildVisibility, snapToVisibleWaypoint, segmentClearOf, voxelizeTriangles, loadSceneMeshes
// and importScene took NaN coordinates, a negative margin, a string for a list or a callback
// that resolves to the wrong thing without a word (or threw a raw TypeError), and importScene
// copied every listed file's triangles before any scene limit was checked. Each is now a
// NavlabError naming the argument, raised before anything changes or is allocated.
// test/package/publicArguments.test.ts walks the same entries with hostile values.
import { Group } from 'three';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { buildVisibility, segmentClearOf, snapToVisibleWaypoint, VisibilityGraph } from '../../src/core/graph/visibility.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { parseScene, SCENE_LIMITS } from '../../src/scene/index.ts';
import { importScene } from '../../src/import/importScene.ts';
import { loadSceneMeshes } from '../../src/scene-three/sceneMeshes.ts';
import { voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';
import { thrown } from '../support/thrown.ts';

/** Expects `f` to fail with a one-line NavlabError of `code` whose message matches `message`. */
async function fails(f: () => unknown, message: RegExp, code = 'usage'): Promise<void> {
  const e = await thrown(f);
  expect(e).toBeInstanceOf(NavlabError);
  expect({ code: (e as NavlabError).code, message: (e as NavlabError).message }).toEqual({ code, message: expect.stringMatching(message) });
  expect((e as NavlabError).message).not.toContain('\n');
}

/** A line of sight that counts its calls (every pair visible). */
function counting(): { los: () => boolean; calls: () => number } {
  let n = 0;
  return { los: () => (n++, true), calls: () => n };
}

/** Three waypoints that see each other. */
function three(): VisibilityGraph {
  const v = new VisibilityGraph(() => true);
  v.setAll([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  return v;
}

/** What an edit must leave alone when it is refused. */
const state = (v: VisibilityGraph) => ({ positions: Array.from(v.positions()), links: v.linkCount, count: v.count });

describe('VisibilityGraph arguments', () => {
  it('setAll refuses a non-finite coordinate before relinking anything', async () => {
    const v = three();
    const before = state(v);
    await fails(() => v.setAll([0, 0, 0, 1, Number.NaN, 0]), /^VisibilityGraph\.setAll: positions: entry 4 is NaN, not a finite number$/);
    expect(state(v)).toEqual(before);
  });

  it('setAll refuses more than LIMITS.waypoints waypoints before any line-of-sight test', async () => {
    const { los, calls } = counting();
    const v = new VisibilityGraph(los);
    await fails(
      () => v.setAll(new Float64Array(3 * (LIMITS.waypoints + 1))),
      new RegExp(`^VisibilityGraph\\.setAll: positions: expected at most ${3 * LIMITS.waypoints} numbers`),
    );
    expect(calls()).toBe(0);
  });

  it('add refuses a waypoint past LIMITS.waypoints', async () => {
    // A lattice of unit spacing with a shorter link distance: the build is linear, no pair is tested.
    const side = Math.ceil(Math.cbrt(LIMITS.waypoints));
    const positions = new Float64Array(3 * LIMITS.waypoints);
    for (let i = 0; i < LIMITS.waypoints; i++) positions.set([i % side, Math.floor(i / side) % side, Math.floor(i / (side * side))], 3 * i);
    const { los, calls } = counting();
    const v = new VisibilityGraph(los, { maxLinkDistance: 0.5, allPairsLimit: LIMITS.waypoints });
    v.setAll(positions);
    expect(calls()).toBe(0);
    await fails(() => v.add(-5, 0, 0), /^VisibilityGraph\.add: the graph already holds 50000 waypoints, the limit$/);
    expect(v.count).toBe(LIMITS.waypoints);
  });

  it.each([
    [
      'add: a string coordinate',
      (v: VisibilityGraph) => v.add('1' as unknown as number, 0, 0),
      /^VisibilityGraph\.add: x: expected a finite number, got '1'$/,
    ],
    [
      'add: an infinite coordinate',
      (v: VisibilityGraph) => v.add(0, Infinity, 0),
      /^VisibilityGraph\.add: y: expected a finite number, got Infinity$/,
    ],
    [
      'move: a NaN coordinate',
      (v: VisibilityGraph) => v.move(1, 0, 0, Number.NaN),
      /^VisibilityGraph\.move: z: expected a finite number, got NaN$/,
    ],
    [
      'move: a missing coordinate',
      (v: VisibilityGraph) => (v.move as (i: number, x: number) => void)(1, 5),
      /^VisibilityGraph\.move: y: expected a finite number, got undefined$/,
    ],
    [
      'retestRegion: a negative margin',
      (v: VisibilityGraph) => v.retestRegion({ min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } }, -1),
      /^VisibilityGraph\.retestRegion: margin: expected a finite number >= 0, got -1$/,
    ],
    [
      'retestRegion: a NaN corner',
      (v: VisibilityGraph) => v.retestRegion({ min: { x: Number.NaN, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } }),
      /^VisibilityGraph\.retestRegion: box: expected a box/,
    ],
    [
      'setLineOfSight: not a function',
      (v: VisibilityGraph) => v.setLineOfSight(null as never),
      /^VisibilityGraph\.setLineOfSight: los: expected a function, got null$/,
    ],
  ])('%s is refused and changes nothing', async (_name, edit, message) => {
    const v = three();
    const before = state(v);
    await fails(() => edit(v), message);
    expect(state(v)).toEqual(before);
    // Still a working graph: the same edit with good values goes through.
    v.move(1, 2, 0, 0);
    expect(v.linked(0, 1)).toBe(true);
  });

  it('the constructor names its arguments', async () => {
    await fails(() => new VisibilityGraph('los' as never), /^VisibilityGraph: lineOfSight: expected a function, got 'los'$/);
    await fails(() => new VisibilityGraph(() => true, null as never), /^VisibilityGraph: options: expected an options object, got null$/);
    await fails(
      () => new VisibilityGraph(() => true, { allPairsLimit: 1.5 }),
      /^VisibilityGraph: options\.allPairsLimit: expected an integer >= 0, got 1\.5$/,
    );
  });
});

describe('buildVisibility, snapToVisibleWaypoint, segmentClearOf arguments', () => {
  it('buildVisibility refuses a bad list or test before testing a pair, and takes a plain array', async () => {
    const { los, calls } = counting();
    await fails(
      () => buildVisibility([0, 0, 0, 1, 0] as unknown as Float64Array, los),
      /^buildVisibility: positions: expected at most 150000 numbers, 3 per item, got 5$/,
    );
    await fails(
      () => buildVisibility(new Float64Array(6), 'clear' as never),
      /^buildVisibility: segmentClear: expected a function, got 'clear'$/,
    );
    expect(calls()).toBe(0);
    const plain = buildVisibility([0, 0, 0, 1, 0, 0, 5, 0, 0] as unknown as Float64Array, () => true, { maxLinkDistance: 2 });
    expect(plain.pairs()).toEqual(
      buildVisibility(new Float64Array([0, 0, 0, 1, 0, 0, 5, 0, 0]), () => true, { maxLinkDistance: 2 }).pairs(),
    );
  });

  it('snapToVisibleWaypoint refuses what it used to answer -1 to', async () => {
    const positions = new Float64Array([0, 0, 0, 1, 0, 0]);
    await fails(
      () => snapToVisibleWaypoint({ x: 0, y: 0, z: 0 }, positions, () => true, Number.NaN),
      /^snapToVisibleWaypoint: maxDistance: expected a number > 0/,
    );
    await fails(
      () => snapToVisibleWaypoint({ x: 0, y: 0, z: 0 }, [0, Number.NaN, 0], () => true),
      /^snapToVisibleWaypoint: positions: entry 1 is NaN/,
    );
    await fails(
      () => snapToVisibleWaypoint({ x: 0, y: Number.NaN, z: 0 }, positions, () => true),
      /^snapToVisibleWaypoint: point: expected a point/,
    );
    expect(snapToVisibleWaypoint({ x: 0.9, y: 0, z: 0 }, positions, () => true, 0.5)).toBe(1);
  });

  it('segmentClearOf checks its positions once, where the test is made', async () => {
    await fails(
      () => segmentClearOf('positions' as never, () => true),
      /^segmentClearOf: positions: expected an array or a typed array of numbers, 3 per item, got 'positions'$/,
    );
    await fails(() => segmentClearOf([0, 0, 0], 1 as never), /^segmentClearOf: los: expected a function, got 1$/);
  });
});

describe('voxelizeTriangles and loadSceneMeshes arguments', () => {
  const triangle = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

  it('voxelizeTriangles names a missing soup or options object', async () => {
    await fails(
      () => voxelizeTriangles(null as never, { cellSize: 1 }),
      /^soup: expected an array or a typed array of numbers, 9 per item, got null$/,
    );
    await fails(
      () => voxelizeTriangles(triangle, undefined as never),
      /^options: expected an options object \{ cellSize, fill\?, dilation\? \}, got undefined$/,
    );
  });

  it('loadSceneMeshes names a reader that resolves to something other than bytes', async () => {
    const doc = parseScene({ version: 2, meshes: [{ id: 'wall', src: 'wall.obj' }] });
    await fails(
      () => loadSceneMeshes(doc, async () => 'v 0 0 0' as never),
      /^loadSceneMeshes: readFile\('wall\.obj'\): expected null or \{ bytes, read\? \}, got 'v 0 0 0'$/,
    );
    await fails(
      () => loadSceneMeshes(doc, async () => ({ bytes: [1, 2] as never })),
      /^loadSceneMeshes: readFile\('wall\.obj'\)\.bytes: expected a Uint8Array or an ArrayBuffer, got an array$/,
    );
    await fails(() => loadSceneMeshes(null as never, async () => null), /^loadSceneMeshes: doc: expected a scene document/);
  });
});

describe('importScene arguments', () => {
  const soup = (n: number) => Float32Array.from({ length: 9 * n }, (_, k) => [0, 0, 0, 1, 0, 0, 0, 1, 0][k % 9] + Math.floor(k / 9));
  const mesh = (s: Float32Array) => ({ object: new Group(), soup: s, triangles: s.length / 9 });
  const one = mesh(soup(1));

  it('counts every listed file against LIMITS.sceneTriangles before copying their triangles', async () => {
    // SCENE_LIMITS.meshes listings of one file, one triangle too many in all.
    const big = mesh(soup(LIMITS.sceneTriangles / SCENE_LIMITS.meshes + 1));
    const files = Array.from({ length: SCENE_LIMITS.meshes }, () => ({ src: 'big.obj', mesh: big }));
    // A cell size that would end any later stage at once: the triangle limit must come first.
    await fails(
      () => importScene(files, { cellSize: 1e-3 }),
      /^the meshes hold 5001000 triangles with every file counted, over the scene limit of 5000000$/,
      'input',
    );
  });

  it('refuses more files than a scene holds meshes', async () => {
    const files = Array.from({ length: SCENE_LIMITS.meshes + 1 }, () => ({ src: 'a.obj', mesh: one }));
    await fails(() => importScene(files), /^1001 mesh files, over the scene limit of 1000$/, 'input');
  });

  it.each([
    [
      'a src no scene can hold',
      [{ src: 'notes.txt', mesh: one }],
      {},
      /^files\[0\]\.src: expected a relative path ending in \.glb, \.gltf, \.obj or \.stl/,
    ],
    [
      'a mesh without its object',
      [{ src: 'a.obj', mesh: { soup: soup(1), triangles: 1 } }],
      {},
      /^files\[0\]\.mesh\.object: expected an Object3D, got undefined$/,
    ],
    [
      'a soup with a NaN',
      [
        { src: 'a.obj', mesh: one },
        { src: 'b.obj', mesh: mesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, Number.NaN, 0])) },
      ],
      {},
      /^files\[1\]\.mesh\.soup: entry 7 is NaN, not a finite number$/,
    ],
    [
      "a triangle count that is not its soup's",
      [{ src: 'a.obj', mesh: { ...one, triangles: 7 } }],
      {},
      /^files\[0\]\.mesh\.triangles: expected 1, the triangles of its soup, got 7$/,
    ],
    ['a name that is not a string', [{ src: 'a.obj', mesh: one }], { name: 42 }, /^name: expected a string, got 42$/],
    [
      'an agent radius that is not a number',
      [{ src: 'a.obj', mesh: one }],
      { agentRadius: true },
      /^agentRadius: expected a number in \[0, 1000000\], got true$/,
    ],
    [
      'a cell size that is not a number',
      [{ src: 'a.obj', mesh: one }],
      { cellSize: '1' },
      /^cellSize: expected a number in \[0\.001, 1000000\] \(the range a scene holds\), got '1'$/,
    ],
  ])('refuses %s as a usage error naming it', async (_name, files, options, message) => {
    await fails(() => importScene(files as never, options as never), message);
  });

  it('still imports what it imported', async () => {
    const r = await importScene(
      [
        { src: 'a.obj', mesh: one },
        { src: 'a.obj', mesh: one, name: 'again' },
      ],
      { cellSize: 0.25 },
    );
    expect(r.document.meshes.map((m) => m.id)).toEqual(['a', 'again']);
    expect(r.triangles).toBe(2);
  });
});
