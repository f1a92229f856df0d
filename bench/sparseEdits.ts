/**
 * Local edits of a sparse search space on a Moving AI map (issue 25, point 3), against a fresh
 * SparseSpace of the edited world: `npx tsx bench/sparseEdits.ts [A1]` (maps from
 * NAVLAB_MOVINGAI_DIR, default ../shared/data/movingai/3d). Seeded edits of four kinds in turn
 * (a voxel or an 8^3 box, blocked anywhere or cleared around a blocked voxel); per kind the
 * median time and the median work counts editSparseSpace reports. Times drift with the load;
 * the counts do not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse3dMapSparse } from '../src/core/io/movingaiSparse.ts';
import { mulberry32, randInt } from '../src/core/math/random.ts';
import { editSparseSpace } from '../src/core/sparse/editSpace.ts';
import { SparseSpace } from '../src/core/sparse/SparseSpace.ts';

const DATA = process.env.NAVLAB_MOVINGAI_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'movingai');
const map = process.argv[2] ?? 'A1';
const world = parse3dMapSparse(readFileSync(join(DATA, '3d', `${map}.3dmap`), 'utf8'), `${map}.3dmap`);
let t = performance.now();
let space = new SparseSpace(world);
const buildMs = performance.now() - t;
const rnd = mulberry32(7);
const med = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
type Row = { ms: number[]; bricks: number[]; split: number[]; ancestors: number[]; relinked: number[]; relabelled: number[] };
const rows = new Map<string, Row>();
let cells = 0;
for (let c = 0; c < space.nodeCount; c++) if (space.isTraversable(c)) cells++;
for (let i = 0; i < 80; i++) {
  const kind = ['voxel block', 'voxel clear', 'box 8^3 block', 'box 8^3 clear'][i % 4];
  const blocked = kind.endsWith('block');
  let x: number, y: number, z: number;
  do {
    x = randInt(rnd, world.X - 8);
    y = randInt(rnd, world.Y - 8);
    z = randInt(rnd, world.Z - 8);
  } while (!blocked && !space.world.isBlocked(x, y, z));
  const edit = kind.startsWith('voxel') ? { blocked, voxels: [x, y, z] } : { blocked, box: { min: [x, y, z], max: [x + 7, y + 7, z + 7] } };
  t = performance.now();
  const r = editSparseSpace(space, [edit]);
  const ms = performance.now() - t;
  if (r.bricks === 0) continue;
  space = r.space;
  const key = kind + (r.reshaped ? ' (reshaped)' : '') + (r.flooded ? ' (flooded)' : '');
  const row = rows.get(key) ?? { ms: [], bricks: [], split: [], ancestors: [], relinked: [], relabelled: [] };
  rows.set(key, row);
  row.ms.push(ms);
  row.bricks.push(r.bricks);
  row.split.push(r.splitBricks);
  row.ancestors.push(r.ancestors);
  row.relinked.push(r.relinked);
  row.relabelled.push(r.relabelled);
}
t = performance.now();
new SparseSpace(space.world);
const freshMs = performance.now() - t;
console.log(
  `${map}: ${world.X}x${world.Y}x${world.Z}, ${world.nodeCount} nodes, ${world.brickCount} bricks, ${cells} free cells; ` +
    `new SparseSpace ${buildMs.toFixed(0)} ms, again after the edits ${freshMs.toFixed(0)} ms`,
);
console.log('| edit | n | median ms | bricks rebuilt | bricks split | ancestors | links recomputed | cells relabelled |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [k, r] of rows)
  console.log(
    `| ${k} | ${r.ms.length} | ${med(r.ms).toFixed(2)} | ${med(r.bricks)} | ${med(r.split)} | ${med(r.ancestors)} | ` +
      `${med(r.relinked)} (max ${Math.max(...r.relinked)}) | ${med(r.relabelled)} (max ${Math.max(...r.relabelled)}) |`,
  );
