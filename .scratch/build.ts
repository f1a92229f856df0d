import { parseScene, buildVoxelGrid } from '../src/scene/index.ts';
import { readFileSync } from 'node:fs';
import { voxelFaces } from '../src/three/voxelFaces.ts';
import { StaticBVH } from '../src/three/StaticBVH.ts';
import { CENTER, SAH } from 'three-mesh-bvh';
const doc = parseScene(readFileSync('scenes/building.json', 'utf8'));
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  const g = buildVoxelGrid(doc)!;
  const f = voxelFaces(g);
  const t1 = performance.now();
  new StaticBVH(f.positions.slice(), { strategy: SAH, targetLeafSize: 1, verbose: false } as any);
  const t2 = performance.now();
  new StaticBVH(f.positions.slice(), { strategy: CENTER, targetLeafSize: 4, verbose: false } as any);
  const t3 = performance.now();
  console.log(g.X, g.Y, g.Z, 'faces', (t1 - t).toFixed(1), 'sah', (t2 - t1).toFixed(1), 'center', (t3 - t2).toFixed(1));
}
