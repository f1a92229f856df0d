import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSceneLimits,
  migrateScene,
  parseScene,
  safeParseScene,
  saveScene,
  SCENE_LIMITS,
  SceneError,
  type SceneDocument,
} from '../../src/scene/index.ts';

import { BAD, base } from './badScenes.ts';

function errorOf(input: unknown): SceneError {
  const result = safeParseScene(input);
  if (result.ok) throw new Error('expected the document to be rejected');
  return result.error;
}

describe('parseScene rejects bad documents with a named error', () => {
  it('accepts the base document', () => {
    expect(parseScene(base()).waypoints).toHaveLength(2);
  });

  it.each(BAD)('%s', (_what, input, path, pattern) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(SceneError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SceneError');
    const issue = error.issues.find((i) => i.path === path);
    expect(issue, `issues: ${JSON.stringify(error.issues)}`).toBeDefined();
    expect(issue!.message).toMatch(pattern);
    expect(error.message).toContain(`${path}: ${issue!.message}`);
    expect(() => parseScene(input)).toThrow(SceneError);
  });

  it('reports bad JSON with the parser message', () => {
    expect(errorOf('{ "version": 1, }').message).toMatch(/^Invalid scene: JSON: /);
  });

  it('lists every problem, one per line, and caps the message', () => {
    const d = base();
    d.waypoints = Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, position: [i] }));
    const error = errorOf(d);
    expect(error.issues).toHaveLength(30);
    expect(error.message).toMatch(/^Invalid scene \(30 problems\):\n {2}waypoints\[0\]\.position: expected 3 numbers/);
    expect(error.message).toContain('... and 10 more');
  });
});

describe('size limits are checked before anything is walked or allocated', () => {
  /** A sparse array of `length` that counts reads of its elements. */
  function hugeArray(length: number) {
    let reads = 0;
    const array = new Proxy(new Array(length), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    return { array, reads: () => reads };
  }

  it.each([
    ['waypoints', 10_000_000, 'waypoints', /10000000 waypoints exceeds the limit of 50000/],
    ['agents', 1_000_000, 'agents', /1000000 agents exceeds the limit of 10000/],
    ['obstacles', 200_000, 'document', /20000\d primitives .* exceeds the limit of 100000/],
    ['movingObstacles', 200_000, 'document', /20000\d primitives/],
  ] as const)('%s x %i fails fast, naming the limit', (key, length, path, pattern) => {
    const huge = hugeArray(length);
    const error = errorOf({ ...base(), [key]: huge.array });
    expect(error.issues).toEqual([{ path, message: expect.stringMatching(pattern) }]);
    expect(huge.reads()).toBe(0);
  });

  it('counts solid and terrain boxes as primitives', () => {
    const solid = hugeArray(60_000);
    const boxes = hugeArray(50_000);
    const d = base();
    d.voxels = { dims: [10, 10, 10], solid: solid.array, terrain: [{ kind: 'mud', cost: 2, boxes: boxes.array }] };
    expect(errorOf(d).message).toMatch(/110002 primitives .* exceeds the limit of 100000/);
    expect(solid.reads() + boxes.reads()).toBe(0);
  });

  it('rejects 10^10 voxels without allocating, and exactly 2^28 is allowed by the limit check', () => {
    expect(checkSceneLimits({ version: 1, voxels: { dims: [100000, 100000, 1] } })[0].path).toBe('voxels.dims');
    expect(checkSceneLimits({ version: 1, voxels: { dims: [1024, 1024, 256] } })).toEqual([]);
    expect(checkSceneLimits({ version: 1, voxels: { dims: [1024, 1024, 257] } })[0].message).toMatch(/exceeds the limit of 268435456/);
  });

  it('checks the limits on JSON text too', () => {
    const text = JSON.stringify({
      version: 1,
      waypoints: Array.from({ length: SCENE_LIMITS.waypoints + 1 }, (_, i) => ({ id: `w${i}`, position: [0, 0, 0] })),
    });
    expect(errorOf(text).message).toBe('Invalid scene: waypoints: 50001 waypoints exceeds the limit of 50000');
  });

  it('a document just at the limits is accepted', () => {
    const d = { version: 1, waypoints: Array.from({ length: SCENE_LIMITS.waypoints }, (_, i) => ({ id: `w${i}`, position: [i, 0, 0] })) };
    expect(parseScene(d).waypoints).toHaveLength(SCENE_LIMITS.waypoints);
  });
});

describe('defaults', () => {
  it('fills in name, bounds, lists, voxel origin/cellSize and orbit phase/axis', () => {
    const doc = parseScene({
      version: 1,
      voxels: { dims: [4, 2, 3] },
      movingObstacles: [{ id: 'm', radius: 1, orbit: { center: [0, 0, 0], radius: 2, period: 5 } }],
    });
    expect(doc.name).toBe('Untitled scene');
    expect(doc.waypoints).toEqual([]);
    expect(doc.agents).toEqual([]);
    expect(doc.obstacles).toEqual([]);
    expect(doc.voxels).toEqual({ origin: [0, 0, 0], cellSize: 1, dims: [4, 2, 3], solid: [], terrain: [] });
    expect(doc.movingObstacles[0].orbit).toMatchObject({ phase: 0, axis: [0, 1, 0] });
    // bounds: the voxel box and the whole orbit
    expect(doc.bounds).toEqual({ min: [-3, -3, -3], max: [4, 3, 3] });
  });

  it('accepts a document with only the keys outside checks use', () => {
    const doc = parseScene({
      version: 1,
      waypoints: [
        { id: 'p', position: [1, 2, 3] },
        { id: 'q', position: [4, 5, 6] },
      ],
      agents: [{ id: 'a', start: 'p', goal: [0, 0, 0], radius: 0.5, speed: 2 }],
    });
    expect(doc.bounds).toEqual({ min: [-1, -1, -1], max: [5, 6, 7] });
    expect(Object.keys(doc)).toEqual(['version', 'name', 'bounds', 'obstacles', 'meshes', 'movingObstacles', 'waypoints', 'agents']);
  });
});

describe('migrateScene', () => {
  it('migrates a v1 document to v2 (no meshes) and never modifies its input', () => {
    const raw = base();
    const before = JSON.stringify(raw);
    expect(migrateScene(raw)).toEqual({ ...raw, version: 2 });
    expect(JSON.stringify(raw)).toBe(before);
    expect(parseScene(raw).meshes).toEqual([]);
    expect(parseScene(raw).version).toBe(2);
  });

  it('returns a v2 document unchanged', () => {
    const raw = { ...base(), version: 2, meshes: [{ id: 'level', src: 'level.glb' }] };
    expect(migrateScene(raw)).toEqual(raw);
  });

  it('rejects meshes in a version-1 document', () => {
    expect(() => parseScene({ ...base(), meshes: [] })).toThrow(/meshes: meshes need version 2/);
  });

  it('rejects versions it cannot read', () => {
    expect(() => migrateScene({ version: 3 })).toThrow(/version: unsupported version 3 \(this navlab reads 2\)/);
    expect(() => migrateScene({ version: 1.5 })).toThrow(/version: expected an integer, got 1.5/);
    expect(() => migrateScene('text')).toThrow(SceneError);
  });
});

describe('safeParseScene', () => {
  it('returns the document or the error, never throws for a bad document', () => {
    const good = safeParseScene(JSON.stringify(base()));
    expect(good.ok && good.document.name).toBe('test');
    const bad = safeParseScene('nope');
    expect(!bad.ok && bad.error.issues[0].path).toBe('JSON');
  });
});

describe('saveScene', () => {
  it('round-trips losslessly, including -0, tiny and long numbers and any text', () => {
    const d = base();
    d.name = 'caf\u00e9 \u{1f680} "quoted" \\ \ud800 lone surrogate';
    d.waypoints[0].position = [-0, 1e-7, 0.1 + 0.2];
    d.waypoints[1].position = [1e6, -Number.MIN_VALUE, 123456.789123456789];
    const doc = parseScene(d);
    const again = parseScene(saveScene(doc));
    expect(again).toEqual(doc);
    expect(Object.is(again.waypoints[0].position[0], -0)).toBe(true);
    expect(saveScene(again)).toBe(saveScene(doc));
  });

  it('writes keys in schema order whatever order the input had', () => {
    const reverse = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverse)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverse(x)]),
            )
          : v;
    const text = saveScene(parseScene(base()));
    expect(saveScene(parseScene(reverse(base())))).toBe(text);
    expect(saveScene(reverse(parseScene(base())) as SceneDocument)).toBe(text);
    expect(text.indexOf('"version"')).toBeLessThan(text.indexOf('"name"'));
    expect(text).toMatch(/^\{\n {2}"version": 2,\n/);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('refuses to save an invalid document', () => {
    const doc = parseScene(base());
    doc.agents[0].goal = 'nowhere';
    expect(() => saveScene(doc)).toThrow(/agents\[0\]\.goal/);
  });

  it('round-trips random documents (property)', () => {
    // Coordinates over the whole documented range (±1e6).
    const num = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const vec = fc.tuple(num, num, num);
    const waypoint = fc.record({
      id: fc.string({ minLength: 1, unit: 'binary' }),
      position: vec,
      label: fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
    });
    const docs = fc.uniqueArray(waypoint, { selector: (w) => w.id, maxLength: 8 }).chain((waypoints) =>
      fc.record({
        version: fc.constant(1),
        name: fc.string({ unit: 'binary' }),
        agentRadius: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }),
        waypoints: fc.constant(waypoints.map((w) => (w.label === undefined ? { id: w.id, position: w.position } : w))),
        agents: fc
          .array(
            fc.record({
              id: fc.constant(''),
              start: waypoints.length > 0 ? fc.oneof(vec, fc.constantFrom(...waypoints.map((w) => w.id))) : vec,
              goal: vec,
              radius: fc.double({ min: 0, max: 10, noNaN: true }),
              speed: fc.double({ min: 0.1, max: 10, noNaN: true }),
            }),
            { maxLength: 4 },
          )
          .map((agents) => agents.map((a, i) => ({ ...a, id: `a${i}` }))),
      }),
    );
    fc.assert(
      fc.property(docs, (raw) => {
        const doc = parseScene(raw);
        expect(parseScene(saveScene(doc))).toEqual(doc);
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});
