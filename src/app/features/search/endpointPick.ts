import { Vector3, type Object3D, type Raycaster } from 'three';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import { pickedFreeVoxel, pickVoxel } from '../../shell/picking.ts';
import type { WaypointView } from '../../shell/views/WaypointView.ts';

const _p = new Vector3();
const _n = new Vector3();

/**
 * What a click of the select tool chooses as a search endpoint, along the raycaster's ray.
 * On the waypoint graph: the waypoint hit, else the waypoint nearest to the surface or voxel
 * hit. On the grid: the free voxel in front of the nearest of waypoint, obstacle surface and
 * voxel face. Null when the click chooses nothing.
 */
export function endpointAt(
  scene: LoadedScene,
  graph: 'grid' | 'waypoints',
  raycaster: Raycaster,
  waypoints: WaypointView | null,
  pickables: Object3D[],
): string | number[] | null {
  const ray = raycaster.ray;
  const wp = waypoints?.pick(raycaster) ?? null;
  const grid = scene.grid;
  const voxel = grid === null ? null : pickVoxel(grid, ray.origin, ray.direction);
  const surface = raycaster.intersectObjects(pickables, false)[0];
  if (graph === 'waypoints') {
    if (wp !== null) return scene.ids[wp.index];
    // A click on a surface picks the waypoint nearest to the point hit.
    const d = surface?.distance ?? (voxel?.solid ? voxel.distance : null);
    if (d == null || scene.graph.count === 0) return null;
    const p = ray.at(d, _p);
    return scene.nav.nearestWaypoint(p);
  }
  if (grid === null) return null;
  const candidates: { d: number; voxel: number[] | null }[] = [];
  if (voxel !== null) candidates.push({ d: voxel.distance, voxel: pickedFreeVoxel(grid, voxel) });
  if (wp !== null) candidates.push({ d: wp.distance, voxel: scene.nav.voxelAt(ray.at(wp.distance, _p), true) });
  if (surface?.face) {
    // Half a cell in front of the surface: the voxel the click is beside, not inside.
    const n = _n.copy(surface.face.normal).transformDirection(surface.object.matrixWorld);
    const p = _p.copy(surface.point).addScaledVector(n, 0.5 * grid.cellSize);
    candidates.push({ d: surface.distance, voxel: scene.nav.voxelAt(p, true) });
  }
  candidates.sort((a, b) => a.d - b.d);
  return candidates.find((c) => c.voxel !== null)?.voxel ?? null;
}
