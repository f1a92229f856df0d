import { parseScene, buildVoxelGrid } from '../src/scene/index.ts';
import { readFileSync } from 'node:fs';
import { voxelFaces } from '../src/three/voxelFaces.ts';
import { StaticBVH } from '../src/three/StaticBVH.ts';
import { CENTER, SAH } from 'three-mesh-bvh';
const doc = parseScene(readFileSync('scenes/building.json', 'utf8'));
const g = buildVoxelGrid(doc)!;
const f = voxelFaces(g);
for (const [name, o] of [['sah1', { strategy: SAH, targetLeafSize: 1 }], ['sah4', { strategy: SAH, targetLeafSize: 4 }], ['sah8', { strategy: SAH, targetLeafSize: 8 }], ['center4', { strategy: CENTER, targetLeafSize: 4 }], ['center2', { strategy: CENTER, targetLeafSize: 2 }]] as const)
for (let rep = 0; rep < 3; rep++) {
  const t1 = performance.now();
  new StaticBVH(f.positions.slice(), { ...o, verbose: false } as any);
  const t2 = performance.now();
  if (rep == 2) console.log(name, (t2 - t1).toFixed(1));
}
