import { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import { searchableOf, type SearchableScene } from '../../../core/query/target.ts';
import { NavWorld } from '../../../three/NavWorld.ts';
import type { GridData, SceneData } from './protocol.ts';

/*
 * The app's side of scene queries: the plain-data form a scene crosses to the workers in
 * (SceneData) and back. The queries themselves run through a NavWorld over the scene
 * (LoadedScene.nav on the main thread, sceneNavWorld in the workers): NavWorld.query is the
 * one query path `nav path` uses too.
 */

/** A VoxelGrid holding a copy of `data` (or its arrays themselves with `adopt`). */
export function gridFromData(data: GridData, adopt = false): VoxelGrid {
  const [ox, oy, oz] = data.origin;
  const grid = new VoxelGrid({
    dims: data.dims,
    origin: { x: ox, y: oy, z: oz },
    cellSize: data.cellSize,
    occupancy: adopt ? data.occupancy : data.occupancy.slice(),
  });
  grid.terrain = data.terrain === null ? null : adopt ? data.terrain : data.terrain.slice();
  return grid;
}

/** GridData copied from a VoxelGrid. */
export function gridData(grid: VoxelGrid): GridData {
  return {
    dims: [grid.X, grid.Y, grid.Z],
    origin: [grid.origin.x, grid.origin.y, grid.origin.z],
    cellSize: grid.cellSize,
    occupancy: grid.occupancy.slice(),
    terrain: grid.terrain === null ? null : grid.terrain.slice(),
  };
}

/** The searchable form of scene data: copies, or with `adopt` its grid arrays themselves (data that was transferred). */
export function searchableScene(data: SceneData, adopt = false): SearchableScene {
  return searchableOf(data.grid === null ? null : gridFromData(data.grid, adopt), new WaypointGraph(data.positions, data.pairs), data.ids);
}

/** A NavWorld over scene data (copies of its arrays), as a worker searches it. */
export function sceneNavWorld(data: SceneData): NavWorld {
  return NavWorld.fromScene(searchableScene(data));
}
