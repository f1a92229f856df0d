// Library calls with arguments of the wrong kind threw raw TypeErrors ("Cannot read properties
// of null (reading 'byteLength')", "... of undefined (reading 'goal')"): readNavbin given null,
// a string, an array, a number or an object that only looks like bytes; importMesh('a.glb',
// null); a NavWorld given null options; NavWorld.fromScene given a grid that is not a
// VoxelGrid; a simulation's addAgent without its options. Each is now a NavlabError 'usage'
// naming the argument, and the byte readers accept an ArrayBuffer as well as a Uint8Array.
// test/package/publicArguments.test.ts holds every export of every entry to the same rule.
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, Object3D, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { NavlabError, readNavbin, Simulation, VoxelGrid, type WaypointGraph, writeNavbin } from '../../src/core/index.ts';
import { importMesh } from '../../src/import/index.ts';
import { createSimulation, NavWorld } from '../../src/three/index.ts';
import { thrown } from '../support/thrown.ts';

/** Expects `f` to fail with a one-line NavlabError 'usage' whose message matches `message`. */
async function usage(f: () => unknown, message: RegExp): Promise<void> {
  const e = await thrown(f);
  expect(e).toBeInstanceOf(NavlabError);
  expect((e as NavlabError).code).toBe('usage');
  expect((e as NavlabError).message).toMatch(message);
  expect((e as NavlabError).message).not.toContain('\n');
}

const navbin = writeNavbin({
  settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
  grid: new VoxelGrid({ dims: [2, 2, 2] }),
  graph: { ids: ['a'], positions: [0, 0, 0], offsets: [0, 0], targets: [], costs: [] },
});

const level = (): Group => {
  const root = new Group();
  root.add(new Mesh(new BoxGeometry(1, 2, 2), new MeshBasicMaterial()));
  return root;
};

describe('library arguments', () => {
  it.each([
    ['null', null, /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got null$/],
    ['undefined', undefined, /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got undefined$/],
    ['a string', 'text', /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got 'text'$/],
    ['an array', [], /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got an array$/],
    ['a number', 42, /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got 42$/],
    ['an object with a byteLength', { byteLength: 8 }, /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got an object$/],
    ['another typed array', new Float64Array(16), /^readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got a Float64Array$/],
  ])('readNavbin refuses %s, naming bytes', async (_name, value, message) => {
    await usage(() => readNavbin(value as Uint8Array), message);
  });

  it('readNavbin reads an ArrayBuffer as it reads a Uint8Array; bad bytes stay a parse error', async () => {
    const copy = navbin.slice().buffer;
    expect(readNavbin(copy).graph.ids).toEqual(['a']);
    expect(readNavbin(copy).grid!.X).toBe(2);
    const e = await thrown(() => readNavbin(new ArrayBuffer(8)));
    expect(e).toMatchObject({ name: 'NavbinError', code: 'parse' });
  });

  it('importMesh refuses bytes that are not bytes, and reads an ArrayBuffer', async () => {
    await usage(
      () => importMesh('a.glb', null as unknown as Uint8Array),
      /^importMesh: bytes: expected a Uint8Array or an ArrayBuffer, got null$/,
    );
    await usage(
      () => importMesh('a.obj', 'v 0 0 0' as unknown as Uint8Array),
      /^importMesh: bytes: expected a Uint8Array or an ArrayBuffer, got 'v 0 0 0'$/,
    );
    await usage(() => importMesh(null as unknown as string, new Uint8Array(4)), /^importMesh: file: expected a string, got null$/);
    await usage(() => importMesh('a.obj', new Uint8Array(4), null as never), /^importMesh: options: expected an options object, got null$/);
    const obj = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const mesh = await importMesh('a.obj', obj.slice().buffer, { textures: false });
    expect(mesh.triangles).toBe(1);
  });

  it('a NavWorld with null options, or a scene whose grid is not a VoxelGrid, is refused naming the argument', async () => {
    await usage(() => NavWorld.fromObject3D(level(), null as never), /^options: expected an options object, got null$/);
    const nav = NavWorld.fromObject3D(level(), {
      cellSize: 0.5,
      waypoints: 'none',
      bounds: { min: new Vector3(-2, -1, -1), max: new Vector3(2, 1, 1) } as never,
    });
    await usage(() => createSimulation(nav, null as never), /^NavSimulation: options: expected an options object, got null$/);
    await usage(
      () => nav.findPath(new Vector3(-1.5, 0, 0), new Vector3(1.5, 0, 0), null as never),
      /^NavWorld\.findPath: options: expected an options object, got null$/,
    );
    await usage(() => nav.query([0, 0, 0], [1, 1, 1], null as never), /^NavWorld\.query: options: expected an options object, got null$/);
    await usage(
      () => NavWorld.fromScene({ grid: { X: 2, Y: 2, Z: 2 } as unknown as VoxelGrid }),
      /^fromScene: grid: expected a VoxelGrid or null, got an object$/,
    );
    await usage(
      () => NavWorld.fromScene({ grid: null, graph: new VoxelGrid({ dims: [1, 1, 1] }) as unknown as WaypointGraph }),
      /^fromScene: graph: expected a WaypointGraph, a VisibilityGraph or null, got a VoxelGrid$/,
    );
  });

  it("a simulation's addAgent without its options is refused naming them", async () => {
    const nav = NavWorld.fromObject3D(level(), {
      cellSize: 0.5,
      waypoints: 'none',
      bounds: { min: new Vector3(-2, -1, -1), max: new Vector3(2, 1, 1) } as never,
    });
    const sim = createSimulation(nav);
    const agent = new Object3D();
    agent.position.set(-1.5, 0, 0);
    await usage(
      () => sim.addAgent(agent, undefined as never),
      /^NavSimulation\.addAgent: options: expected an object \{ goal, radius\?, speed\? \}, got undefined$/,
    );
    await usage(
      () => sim.addAgent(agent, {} as never),
      /^NavSimulation\.addAgent: options\.goal: expected a point \{x, y, z\} with finite coordinates, got undefined$/,
    );
    await usage(
      () => sim.addAgent(null as never, { goal: new Vector3(1.5, 0, 0) }),
      /^NavSimulation\.addAgent: object: expected an Object3D, got null$/,
    );
    await usage(
      () => new Simulation().addAgent(undefined as never),
      /^addAgent: spec: expected an agent spec \{ id, start, goal, radius, speed \}, got undefined$/,
    );
    await usage(
      () => new Simulation().addAgent({ id: 'a', start: { x: 0, y: 0, z: 0 }, radius: 1, speed: 1 } as never),
      /^addAgent 'a': goal: expected a point \{x, y, z\} or \{ obstacle: id \}, got undefined$/,
    );
    expect(sim.addAgent(agent, { goal: new Vector3(1.5, 0, 0) })).toBe(0);
  });
});
