/**
 * NavWorld.fromObject3D without lengths takes them from the level (navlab's levelScale): the
 * cell size is the longest side / 128 and the agent radius 0.4 cells, so a model two units
 * across and one two thousand across get the same grid and find the same path.
 */
import { BoxGeometry, Group, Mesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { levelAgentRadius, levelCellSize } from '../../src/core/levelScale.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';

/** A floor and a wall across it, `scale` units long. */
function level(scale: number): Group {
  const g = new Group();
  const floor = new Mesh(new BoxGeometry(scale, scale / 20, scale));
  floor.position.y = -scale / 40;
  const wall = new Mesh(new BoxGeometry(scale / 20, scale / 2, scale * 0.7));
  wall.position.set(0, scale / 4, -scale * 0.15);
  g.add(floor, wall);
  return g;
}

describe('NavWorld at the level scale', () => {
  it('takes the cell size and agent radius from the level when none is given', () => {
    const nav = NavWorld.fromObject3D(level(2));
    expect(nav.cellSize).toBeCloseTo(levelCellSize(2), 12);
    expect(nav.agentRadius).toBeCloseTo(levelAgentRadius(2, levelCellSize(2)), 12);
  });

  it('a level two units across and one two thousand across give the same grid and the same path, scaled', () => {
    const small = NavWorld.fromObject3D(level(2));
    const big = NavWorld.fromObject3D(level(2000));
    expect([big.grid.X, big.grid.Y, big.grid.Z]).toEqual([small.grid.X, small.grid.Y, small.grid.Z]);
    const ends = (s: number) => [new Vector3(-0.4 * s, 0.1 * s, -0.3 * s), new Vector3(0.4 * s, 0.1 * s, -0.3 * s)] as const;
    const a = small.findPath(...ends(2));
    const b = big.findPath(...ends(2000));
    expect(a.status).toBe('found');
    expect(b.status).toBe('found');
    expect(b.length / 1000).toBeCloseTo(a.length, 6);
  });
});
