/**
 * NavWorld.findPath without `algorithm` runs the fastest algorithm its settings allow: JPS with
 * 26 neighbours, corner cutting 'forbid' and no terrain (the same cost as A*, fewer expansions),
 * A* otherwise. `query` (the CLI's and the app's path) keeps A* as its default.
 */
import { BoxGeometry, Box3, Group, Mesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { fastestAlgorithm } from '../../src/three/worldPaths.ts';

function level(): NavWorld & { grid: NonNullable<NavWorld['grid']> } {
  const root = new Group();
  const wall = new Mesh(new BoxGeometry(1, 6, 6));
  root.add(wall);
  return NavWorld.fromObject3D(root, { cellSize: 0.5, bounds: new Box3(new Vector3(-6, -4, -4), new Vector3(6, 4, 4)) });
}

const FROM = new Vector3(-4.1, 0.3, 0.2);
const TO = new Vector3(4.2, -0.4, 0.6);

describe('NavWorld.findPath default algorithm', () => {
  it('is JPS under the Moving AI rules: the cost and expansions of an explicit jps query', () => {
    const nav = level();
    const auto = nav.findPath(FROM, TO, { smooth: false });
    const jps = nav.findPath(FROM, TO, { algorithm: 'jps', smooth: false });
    const astar = nav.findPath(FROM, TO, { algorithm: 'astar', smooth: false });
    expect(auto.status).toBe('found');
    expect(auto.cost).toBeCloseTo(astar.cost, 9);
    expect(auto.expanded).toBe(jps.expanded);
    expect(auto.expanded).toBeLessThan(astar.expanded!);
  });

  it('is A* when the settings or the terrain rule JPS out', () => {
    const nav = level();
    expect(fastestAlgorithm(nav.grid, {})).toBe('jps');
    expect(fastestAlgorithm(nav.grid, { neighborhood: 18 })).toBe('astar');
    expect(fastestAlgorithm(nav.grid, { cornerCutting: 'allow' })).toBe('astar');
    const r18 = nav.findPath(FROM, TO, { neighborhood: 18, smooth: false });
    expect(r18.expanded).toBe(nav.findPath(FROM, TO, { neighborhood: 18, algorithm: 'astar', smooth: false }).expanded);
    nav.grid.setCost(0, 0, 0, 2);
    expect(fastestAlgorithm(nav.grid, {})).toBe('astar');
    expect(nav.findPath(FROM, TO, { smooth: false }).expanded).toBe(nav.findPath(FROM, TO, { algorithm: 'astar', smooth: false }).expanded);
    nav.grid.setCost(0, 0, 0, 1);
    expect(fastestAlgorithm(nav.grid, {})).toBe('jps');
  });

  it('query keeps A* as its default (the CLI contract)', () => {
    const nav = level();
    const a = nav.voxelAt(FROM, true)!;
    const b = nav.voxelAt(TO, true)!;
    expect(nav.query(a, b).expanded).toBe(nav.query(a, b, { algorithm: 'astar' }).expanded);
  });
});
