import { Raycaster, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { EndpointMarkers } from '../../src/app/features/search/SearchView.ts';

/** The instance a ray straight down through (x, z) hits first, or undefined. */
function hitAt(markers: EndpointMarkers, x: number, z: number): number | undefined {
  const ray = new Raycaster(new Vector3(x, 50, z), new Vector3(0, -1, 0));
  markers.updateMatrixWorld(true);
  return ray.intersectObject(markers.spheres, false)[0]?.instanceId;
}

describe('EndpointMarkers', () => {
  it('are hit where they are after a move, not where they were when first picked', () => {
    const markers = new EndpointMarkers();
    markers.set([0, 1, 0], [1, 1, 0], 0.3);
    expect(hitAt(markers, 1, 0)).toBe(1);
    // The goal moves far away: a press on it must still find it (the bounds follow the move).
    markers.set([0, 1, 0], [20, 1, 15], 0.3);
    expect(hitAt(markers, 20, 15)).toBe(1);
    expect(hitAt(markers, 1, 0)).toBeUndefined();
    markers.dispose();
  });
});
