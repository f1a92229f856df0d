import { Ray, DoubleSide, Vector3 } from 'three';
import { StaticBVH } from '../src/three/StaticBVH.ts';
import { CENTER, SAH } from 'three-mesh-bvh';

let s = 12345;
const rnd = () => { s = (s + 0x6d2b79f5) | 0; let t = Math.imul(s ^ (s >>> 15), 1 | s); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const boxes: number[][] = [];
for (let i = 0; i < 2000; i++) { const sx = 0.5 + 5.5 * rnd(), sy = 0.5 + 5.5 * rnd(), sz = 0.5 + 5.5 * rnd(); const x = rnd() * (128 - sx), y = rnd() * (128 - sy), z = rnd() * (128 - sz); boxes.push([x, y, z, x + sx, y + sy, z + sz]); }
const soup = new Float64Array(2000 * 12 * 9);
let o = 0;
const quad = (a: number[], b: number[], c: number[], d: number[]) => { for (const v of [a, b, c, a, c, d]) { soup[o++] = v[0]; soup[o++] = v[1]; soup[o++] = v[2]; } };
for (const [x0, y0, z0, x1, y1, z1] of boxes) {
  quad([x0,y0,z0],[x0,y1,z0],[x0,y1,z1],[x0,y0,z1]); quad([x1,y0,z0],[x1,y1,z0],[x1,y1,z1],[x1,y0,z1]);
  quad([x0,y0,z0],[x1,y0,z0],[x1,y0,z1],[x0,y0,z1]); quad([x0,y1,z0],[x1,y1,z0],[x1,y1,z1],[x0,y1,z1]);
  quad([x0,y0,z0],[x1,y0,z0],[x1,y1,z0],[x0,y1,z0]); quad([x0,y0,z1],[x1,y0,z1],[x1,y1,z1],[x0,y1,z1]);
}
const pts: number[] = [];
while (pts.length < 3000) { const p = [rnd() * 128, rnd() * 128, rnd() * 128]; if (!boxes.some(b => p[0] >= b[0] && p[0] <= b[3] && p[1] >= b[1] && p[1] <= b[4] && p[2] >= b[2] && p[2] <= b[5])) pts.push(...p); }
const N = 1000; const M = 200000;
const segs = new Float64Array(6 * M);
for (let k = 0; k < M; k++) { const i = Math.floor(rnd() * N), j = Math.floor(rnd() * N); segs.set([pts[3*i],pts[3*i+1],pts[3*i+2],pts[3*j],pts[3*j+1],pts[3*j+2]], 6*k); }
for (const [name, opts] of [['center', { strategy: CENTER, targetLeafSize: 10, verbose: false }], ['sah4', { strategy: SAH, targetLeafSize: 4, verbose: false }], ['sah1', { strategy: SAH, targetLeafSize: 1, verbose: false }], ['sah8', { strategy: SAH, targetLeafSize: 8, verbose: false }]] as const) {
  let t0 = performance.now();
  const bvh = new StaticBVH(soup.slice(), opts as any);
  console.log(name, 'build', (performance.now() - t0).toFixed(1));
  const ray = new Ray(); const dir = new Vector3();
  for (let rep = 0; rep < 3; rep++) {
  t0 = performance.now(); let clear1 = 0;
  for (let k = 0; k < M; k++) { const q = 6 * k; ray.origin.set(segs[q], segs[q+1], segs[q+2]); dir.set(segs[q+3]-segs[q], segs[q+4]-segs[q+1], segs[q+5]-segs[q+2]); const len = dir.length(); ray.direction.copy(dir).divideScalar(len || 1); if (!bvh.bvh!.raycastFirst(ray, DoubleSide, 0, len)) clear1++; }
  const tStock = performance.now() - t0;
  t0 = performance.now(); let clear2 = 0;
  for (let k = 0; k < M; k++) { const q = 6 * k; if (bvh.segmentClear(segs[q], segs[q+1], segs[q+2], segs[q+3], segs[q+4], segs[q+5])) clear2++; }
  const tOurs = performance.now() - t0;
  t0 = performance.now(); let clear3 = 0;
  for (let k = 0; k < M/4; k++) { const q = 6 * k; if (bvh.capsuleClear(segs[q], segs[q+1], segs[q+2], segs[q+3], segs[q+4], segs[q+5], 0.5)) clear3++; }
  const tCap = performance.now() - t0;
  console.log(name, 'stock', (M / tStock / 1000).toFixed(3), 'M/s', clear1, 'ours', (M / tOurs / 1000).toFixed(3), 'M/s', clear2, 'capsule', (M/4 / tCap / 1000).toFixed(3), clear3);
  }
}
