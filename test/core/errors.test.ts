import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { parse3dMap, ParseError } from '../../src/core/io/movingai.ts';
import { queryGrid } from '../../src/core/query/query.ts';
import { QueryError } from '../../src/core/query/QueryError.ts';
import { parseScene, SceneError } from '../../src/scene/validate.ts';
import { runNav } from '../support/cli.ts';

/** The error a call throws (fails the test when it does not throw). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('NavlabError', () => {
  it('is the base of every deliberate error, each with its stable code', () => {
    const grid = new VoxelGrid({ dims: [2, 2, 2] });
    grid.setBlocked(0, 0, 0, true);
    const cases: [unknown, abstract new (...args: never[]) => Error, string][] = [
      [thrown(() => queryGrid(grid, [0, 0, 0], [1, 1, 1])), QueryError, 'query'],
      [thrown(() => parse3dMap('nonsense', 'x.3dmap')), ParseError, 'parse'],
      [thrown(() => parseScene({ version: 1, waypoints: 'none' })), SceneError, 'scene'],
    ];
    for (const [e, type, code] of cases) {
      expect(e).toBeInstanceOf(type);
      expect(e).toBeInstanceOf(NavlabError);
      expect((e as NavlabError).code).toBe(code);
    }
  });

  it('keeps name, code and message across a worker boundary (structured clone of toJSON)', () => {
    const grid = new VoxelGrid({ dims: [2, 2, 2] });
    const original = thrown(() => queryGrid(grid, [0, 0, 0], [5, 5, 5])) as NavlabError;
    const revived = NavlabError.from(structuredClone(original.toJSON()));
    expect(revived).toBeInstanceOf(NavlabError);
    expect(revived).toMatchObject({ name: 'QueryError', code: 'query', message: original.message });
    const foreign = NavlabError.from(structuredClone({ name: 'TypeError', message: 'x is not a function' }));
    expect(foreign).not.toBeInstanceOf(NavlabError);
    expect(foreign).toMatchObject({ name: 'TypeError', message: 'x is not a function' });
  });

  it('gives the same message through the library and through the CLI', () => {
    const lib = thrown(() => queryGrid(parse3dMap('voxel 4 4 4\n', 'm.3dmap'), [0, 0, 0], [9, 0, 0])) as NavlabError;
    const cli = runNav(['path', 'test/data/Simple.3dmap', '--from', '0,0,0', '--to', '999,0,0']);
    expect(cli.code).toBe(2);
    expect(lib.message).toMatch(/^to: voxel \(9, 0, 0\) is outside/);
    expect(cli.stderr).toMatch(/^nav path: to: voxel \(999, 0, 0\) is outside/);
  });
});
