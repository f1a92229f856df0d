import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { AStarRun } from '../../../src/core/search/AStarRun.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';

/** The usage error a run's constructor throws for `space`, or the other error it throws instead. */
function spaceError(space: unknown): unknown {
  try {
    new AStarRun(space as GridSpace, 0, 1, {}, new SearchContext());
  } catch (e) {
    return e;
  }
  return null;
}

// A run checks its space once per space (SearchRun keeps the spaces it checked): these tests make sure
// that shortcut never lets a bad space through, including before any space was checked.
describe('SearchRun: the space check', () => {
  it('names a missing space before any run checked one (the first run of the module)', () => {
    expect(spaceError(null)).toMatchObject({ code: 'usage', message: expect.stringContaining('AStarRun: space') });
    expect(spaceError(undefined)).toMatchObject({ code: 'usage' });
    // Objects without a node count: never taken for a checked space.
    for (const bad of [{}, [], new Map()])
      expect(spaceError(bad)).toMatchObject({ code: 'usage', message: expect.stringContaining('AStarRun: space') });
  });

  it('checks every new space, and a checked one again once its node count changed', () => {
    const space = new GridSpace(new VoxelGrid({ dims: [4, 4, 1] }));
    expect(spaceError(space)).toBeNull();
    expect(spaceError({ nodeCount: 16 })).toMatchObject({ code: 'usage', message: expect.stringContaining('space.isTraversable') });
    const changed = new GridSpace(new VoxelGrid({ dims: [4, 4, 1] }));
    expect(spaceError(changed)).toBeNull();
    Object.defineProperty(changed, 'nodeCount', { value: 15 });
    (changed as unknown as { expand: unknown }).expand = 'not a function';
    expect(spaceError(changed)).toMatchObject({ code: 'usage', message: expect.stringContaining('space.expand') });
  });
});
