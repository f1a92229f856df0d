/**
 * NavWorld.fromObject3D's `fill`: 'surface' leaves the inside of a closed mesh free, 'solid'
 * blocks it, 'auto' (the default) is solid exactly when the obstacle meshes are closed; the
 * choice is `nav.fill`. A query into a hollow is unreachable before any search either way.
 */
import { Box3, BoxGeometry, Group, Mesh, PlaneGeometry, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { NavWorld } from '../../src/three/NavWorld.ts';

/** A closed box (2 x 2 x 2 at the origin) and, with `open`, the box without its top face. */
function level(open: boolean): Group {
  const root = new Group();
  const box = new BoxGeometry(2, 2, 2);
  if (open) box.setIndex(Array.from(box.index!.array).slice(0, 24).concat(Array.from(box.index!.array).slice(30)));
  root.add(new Mesh(box));
  return root;
}

const CENTRE = new Vector3(0, 0, 0);

describe('NavWorld.fromObject3D fill', () => {
  it("'auto' fills a closed box solid and leaves an open one hollow; nav.fill says which", () => {
    const closed = NavWorld.fromObject3D(level(false), { cellSize: 0.3 });
    expect(closed.fill).toBe('solid');
    expect(closed.voxelAt(CENTRE, true)).toBeNull();
    const open = NavWorld.fromObject3D(level(true), { cellSize: 0.3 });
    expect(open.fill).toBe('surface');
    expect(open.voxelAt(CENTRE, true)).not.toBeNull();
    // A plane is open too.
    const plane = new Group().add(new Mesh(new PlaneGeometry(2, 2)));
    expect(NavWorld.fromObject3D(plane, { cellSize: 0.3 }).fill).toBe('surface');
  });

  it("'surface' and 'solid' are taken as given; with an agent radius the fill follows the grown grid", () => {
    const surface = NavWorld.fromObject3D(level(false), { cellSize: 0.3, fill: 'surface' });
    expect(surface.fill).toBe('surface');
    expect(surface.voxelAt(CENTRE, true)).not.toBeNull();
    const solid = NavWorld.fromObject3D(level(true), { cellSize: 0.3, fill: 'solid' });
    expect(solid.fill).toBe('solid');
    expect(solid.voxelAt(CENTRE, true)).not.toBeNull(); // open: the inside reaches the border
    const grown = NavWorld.fromObject3D(level(false), { cellSize: 0.3, agentRadius: 0.2 });
    expect(grown.fill).toBe('solid');
    expect(grown.voxelAt(CENTRE, true)).toBeNull();
    let blocked = 0;
    for (const v of grown.grid.occupancy) blocked += v;
    const hollow = NavWorld.fromObject3D(level(false), { cellSize: 0.3, agentRadius: 0.2, fill: 'surface' });
    let hollowBlocked = 0;
    for (const v of hollow.grid.occupancy) hollowBlocked += v;
    expect(blocked).toBeGreaterThan(hollowBlocked);
  });

  it('a query from outside into the hollow of a surface-filled box is unreachable and ends at the wall', () => {
    const nav = NavWorld.fromObject3D(level(false), { cellSize: 0.3, fill: 'surface' });
    const outside = new Vector3(0.4, 0.5, 1.35);
    for (const algorithm of ['astar', 'jps', undefined] as const) {
      const r = nav.findPath(outside, CENTRE, { algorithm, smooth: false });
      expect(r.status).toBe('unreachable');
      const end = r.points[r.points.length - 1];
      // The outside voxel nearest the centre: just outside a face (surface voxels reach 0.25 past it).
      expect(end.distanceTo(CENTRE)).toBeGreaterThan(1);
      expect(end.distanceTo(CENTRE)).toBeLessThan(1.6);
      expect(r.expanded).toBeLessThan(50);
    }
  });

  it('update keeps a solid world solid: the moved box is filled at its new place, its old inside is free', () => {
    const root = level(false);
    const box = root.children[0];
    const nav = NavWorld.fromObject3D(root, {
      cellSize: 0.3,
      fill: 'solid',
      bounds: new Box3(new Vector3(-2, -2, -2), new Vector3(5, 2, 2)),
    });
    expect(nav.voxelAt(CENTRE, true)).toBeNull();
    box.position.x = 3;
    nav.update(box);
    expect(nav.voxelAt(CENTRE, true)).not.toBeNull();
    expect(nav.voxelAt(new Vector3(3, 0, 0), true)).toBeNull();
  });

  it('fill names the option on a bad value; fromScene and navWorldFromNavbin have fill null', () => {
    expect(() => NavWorld.fromObject3D(level(false), { cellSize: 0.3, fill: 'hollow' as 'solid' })).toThrow(
      /fill: expected 'surface', 'solid' or 'auto'/,
    );
    const nav = NavWorld.fromObject3D(level(false), { cellSize: 0.3 });
    expect(NavWorld.fromScene({ grid: nav.grid }).fill).toBeNull();
  });
});
