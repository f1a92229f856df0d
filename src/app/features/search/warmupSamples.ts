import type { Object3D, Plane } from 'three';
import { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import { nextTask } from '../../shell/stage/warmup.ts';
import { EndpointMarkers, SearchView } from './SearchView.ts';
import { OctreeCellsView } from './OctreeCellsView.ts';

/**
 * The search's drawn objects for the shader warm-up (Shell.warmUp): both view styles with
 * visited, open, path and steps, the points variant, the octree cells' outlines, and the endpoint markers.
 */
export async function searchWarmupSamples(): Promise<Object3D[]> {
  const out: Object3D[] = [];
  const visited = { count: 2, positions: new Float32Array(6), g: new Float32Array([0, 1]), closed: new Uint8Array([1, 0]), maxG: 1 };
  for (const shape of ['cube', 'sphere'] as const) {
    for (const partial of [false, true]) {
      // shapeLimit 0 on one of them: the points variant is compiled too.
      const view = new SearchView({ shape, nodeSize: 0.1, pathRadius: 0.1, shapeLimit: partial ? 0 : 40_000 });
      view.setVisited(visited);
      view.setPath([0, 0, 0, 1, 1, 1], partial);
      view.setSegments({
        count: 1,
        offered: 1,
        positions: new Float32Array([0, 0, 0, 1, 1, 1]),
        nodes: new Int32Array(2),
        kinds: new Uint8Array(1),
      });
      // One closed octree cell's outline (a watched search on the octree draws them).
      if (shape === 'cube' && !partial) view.setCells({ positions: new Float32Array(72), colors: new Float32Array(72), cells: 1 });
      out.push(view);
      await nextTask();
    }
  }
  const markers = new EndpointMarkers();
  markers.set([0, 0, 0], [1, 1, 1], 0.1);
  out.push(markers);
  return out;
}

/** The octree cells view for the shader warm-up: its lines, clipped by `cut` as the app's are. */
export function octreeWarmupSamples(cut: Plane): () => Promise<Object3D[]> {
  return async () => {
    const view = new OctreeCellsView(cut);
    view.setGrid(new VoxelGrid({ dims: [4, 4, 4] }));
    view.state.shown = true;
    view.update();
    return [view.lines];
  };
}
