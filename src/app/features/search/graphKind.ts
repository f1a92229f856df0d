/**
 * The graphs the search lab searches, as one concept: the dense voxel grid, the sparse voxel
 * octree of the same grid (sparseFromGrid: any-angle SparseRun over its free cells), or the
 * waypoint graph. The grid and the octree take the same endpoints (voxel indices [x, y, z]).
 */

/** The graph the lab searches. */
export type GraphKind = 'grid' | 'octree' | 'waypoints';

/** The graphs of a scene with a voxel grid, in the order the panel lists them. */
const WITH_GRID: readonly GraphKind[] = ['waypoints', 'grid', 'octree'];

/** Whether `graph` searches between voxels (the dense grid or its octree): endpoints are [x, y, z]. */
export function onVoxels(graph: GraphKind): boolean {
  return graph !== 'waypoints';
}

/** The graphs a scene offers: all three with a voxel grid, else the waypoint graph. */
export function graphChoices(hasGrid: boolean): GraphKind[] {
  return hasGrid ? [...WITH_GRID] : ['waypoints'];
}

/**
 * The graph after `graph` for the graph keys (scenes with a voxel grid): G switches between
 * the waypoints and the voxel grid (from the octree to the waypoints), Shift+G (`octree`)
 * between the dense grid and its octree (from the waypoints to the octree).
 */
export function nextGraph(graph: GraphKind, octree: boolean): GraphKind {
  if (octree) return graph === 'octree' ? 'grid' : 'octree';
  return graph === 'waypoints' ? 'grid' : 'waypoints';
}

/** The scene layer a graph searches, as the shell and the core query name it ('octree' searches the grid's voxels). */
export function layerOf(graph: GraphKind): 'grid' | 'waypoints' {
  return onVoxels(graph) ? 'grid' : 'waypoints';
}

/** How the overlay names the graph searched. */
export function graphTitle(graph: GraphKind): string {
  return graph === 'grid' ? 'voxel grid' : graph === 'octree' ? 'sparse voxel octree' : 'waypoint graph';
}
