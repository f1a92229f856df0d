// `nav path map.3dmap --from 0,0` read as (0, 0, 0): a forgotten z went unnoticed on a 3D grid.
import { describe, expect, it } from 'vitest';
import { runNav } from '../support/cli.ts';

describe('--from x,y', () => {
  it('is a usage error on a 3D map', () => {
    const r = runNav(['path', 'test/data/Simple.3dmap', '--from', '56,76', '--to', '48,85,45', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--from: expected integer voxel coordinates x,y,z, got '56,76'/);
    expect(r.stdout).toBe('');
  });

  it('still means z = 0 on a 2D map', () => {
    const r = runNav(['path', 'test/data/arena.map', '--from', '1,11', '--to', '1,12', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).path[0]).toEqual([1, 11, 0]);
  });
});
