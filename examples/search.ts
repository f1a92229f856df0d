/**
 * Watching a search: A* on a voxel grid stepped a few expansions per frame, its visited nodes
 * drawn by a SearchHelper (yellow to red by cost, the open set in blue) and the path in green.
 */
import { BoxGeometry, InstancedMesh, Matrix4, MeshStandardMaterial, Vector3 } from 'three';
import { AStarRun, GridSpace, VoxelGrid } from 'navlab';
import { collectVisited, gridPositions, SearchHelper } from 'navlab/helpers';
import { createStage } from './stage.ts';

const N = 32;
const stage = createStage(new Vector3(N / 2, 30, N + 12), new Vector3(N / 2, 0, N / 2));

// A one-voxel-high maze of walls with gaps, always the same.
const grid = new VoxelGrid({ dims: [N, 1, N] });
for (let z = 4; z < N; z += 6) {
  const gap = ((z * 7) % (N - 4)) + 2;
  for (let x = 0; x < N; x++) if (Math.abs(x - gap) > 1) grid.setBlocked(x, 0, z, true);
}
const walls = new InstancedMesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial({ color: 0x6c7686 }), N * N);
let k = 0;
const p = { x: 0, y: 0, z: 0 };
for (let z = 0; z < N; z++) {
  for (let x = 0; x < N; x++) {
    if (!grid.isBlocked(x, 0, z)) continue;
    grid.voxelCenter(x, 0, z, p);
    walls.setMatrixAt(k++, new Matrix4().makeTranslation(p.x, p.y, p.z));
  }
}
walls.count = k;
stage.scene.add(walls);

const space = new GridSpace(grid, { neighborhood: 26 });
const run = new AStarRun(space, grid.index(1, 0, 1), grid.index(N - 2, 0, N - 2));
const helper = new SearchHelper({ shape: 'cube', nodeSize: 0.6, pathRadius: 0.15 });
stage.scene.add(helper);

const positions = gridPositions(grid);
let result = run.step(24);
stage.loop(() => {
  if (!run.done) result = run.step(24);
  helper.setVisited(collectVisited(run.ctx, positions));
  if (run.done && helper.counts.segments === 0) {
    const corners = result.path.flatMap((v) => {
      grid.coords(v, p);
      grid.voxelCenter(p.x, p.y, p.z, p);
      return [p.x, p.y, p.z];
    });
    helper.setPath(corners, result.status !== 'found');
  }
  stage.info(`${result.status}: ${result.expanded} expanded, ${helper.counts.closed} closed and ${helper.counts.open} open drawn`);
  Object.assign(window, {
    example: { status: result.status, expanded: result.expanded, closed: helper.counts.closed, segments: helper.counts.segments },
  });
});
