import { ObstacleWorld } from '../src/three/ObstacleWorld.ts';
import { voxelize } from '../src/three/voxelize.ts';
import { VisibilityGraph, buildVisibility, segmentClearOf } from '../src/core/graph/visibility.ts';
const w = new ObstacleWorld([
  { id: 'wall', shape: 'box', position: [0, 0, 0], size: [0.001, 10, 10] },
  { id: 's', shape: 'sphere', position: [5, 0, 0], radius: 1 },
  { id: 'c', shape: 'cylinder', position: [-5, 0, 0], radius: 1, height: 2 },
]);
console.log('tris', w.bvh.triangleCount, 'pad', w.bvh.pad);
console.log('through wall', w.segmentClear(-1, 0, 0, 1, 0, 0), 'beside', w.segmentClear(-1, 6, 0, 1, 6, 0));
console.log('capsule near wall edge', w.capsuleClear(-1, 5.5, 0, 1, 5.5, 0, 0.4), w.capsuleClear(-1, 5.5, 0, 1, 5.5, 0, 0.6));
const p = { x: 0, y: 0, z: 0 }, n = { x: 0, y: 0, z: 0 };
console.log('closest', w.closestPointOnObstacles({ x: 3, y: 0, z: 0 }, 10, p, n), p, n);
console.log('pick', w.raycast({ x: 10, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }));
console.log('pick2', w.raycast({ x: -10, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }));
const g = voxelize(w, { dims: [20, 4, 4], origin: { x: -10, y: -2, z: -2 }, cellSize: 1 });
let row = ''; for (let x = 0; x < 20; x++) row += g.isBlocked(x, 2, 2) ? '#' : '.'; console.log(row);
row = ''; for (let x = 0; x < 20; x++) row += g.isBlocked(x, 1, 1) ? '#' : '.'; console.log(row);
console.log(w.setObstacle({ id: 's', shape: 'sphere', position: [5, 3, 0], radius: 1 }));
console.log('pick3', w.raycast({ x: 10, y: 3, z: 0 }, { x: -1, y: 0, z: 0 })?.obstacleId);
