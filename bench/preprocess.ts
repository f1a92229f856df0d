/**
 * BVH visibility preprocessing benchmark. The world: 2,000 random axis-aligned
 * boxes (edges 0.5-6) in a 128-unit cube, waypoints at random free points, all from a fixed
 * seed. Prints segment tests per second (stock three-mesh-bvh `raycastFirst` against ours,
 * same segments, same run) and full preprocessing of 1,000 waypoints. Moving waypoints among
 * thousands is waypointEdits.ts.
 *
 * Run alone: npx tsx bench/preprocess.ts
 */
import { DoubleSide, Ray } from 'three';
import { now } from '../src/core/clock.ts';
import { parseScene, type SceneObstacle } from '../src/scene/index.ts';
import { ObstacleWorld } from '../src/three/ObstacleWorld.ts';
import { preprocessScene } from '../src/three/preprocess.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { checkTarget } from './targets.ts';

const WORLD = 128;
const BOXES = 2000;
const SEED = 0x5eed;
const REPS = 5;
const SECTION = 'BVH visibility preprocessing';

/** The bench world's boxes: min corner and size per box, inside [0, WORLD]^3. */
export function benchBoxes(random: () => number, count = BOXES): SceneObstacle[] {
  const out: SceneObstacle[] = [];
  for (let i = 0; i < count; i++) {
    const size: [number, number, number] = [0.5 + 5.5 * random(), 0.5 + 5.5 * random(), 0.5 + 5.5 * random()];
    const position: [number, number, number] = [0, 1, 2].map((a) => size[a] / 2 + random() * (WORLD - size[a])) as [number, number, number];
    out.push({ id: `box-${i}`, shape: 'box', position, size });
  }
  return out;
}

/** `n` random points outside every box (xyz triples). */
export function freePoints(world: ObstacleWorld, random: () => number, n: number): Float64Array {
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; ) {
    const x = random() * WORLD,
      y = random() * WORLD,
      z = random() * WORLD;
    if (world.contains(x, y, z)) continue;
    out[3 * i] = x;
    out[3 * i + 1] = y;
    out[3 * i + 2] = z;
    i++;
  }
  return out;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const _ray = new Ray();

export async function benchPreprocess(): Promise<void> {
  const random = mulberry32(SEED);
  const boxes = benchBoxes(random);
  let t = now();
  const world = new ObstacleWorld(boxes);
  world.rebuild();
  const worldMs = now() - t;
  const bvh = world.bvh;

  // Segments between random pairs of free points.
  const pts = freePoints(world, random, 1000);
  const SEGMENTS = 100_000;
  const segs = new Float64Array(6 * SEGMENTS);
  for (let k = 0; k < SEGMENTS; k++) {
    const i = Math.floor(random() * 1000),
      j = Math.floor(random() * 1000);
    segs.set(pts.subarray(3 * i, 3 * i + 3), 6 * k);
    segs.set(pts.subarray(3 * j, 3 * j + 3), 6 * k + 3);
  }
  const stockRuns: number[] = [],
    oursRuns: number[] = [],
    capsuleRuns: number[] = [];
  let stockClear = 0,
    oursClear = 0;
  for (let rep = 0; rep < REPS; rep++) {
    t = now();
    stockClear = 0;
    for (let k = 0; k < 6 * SEGMENTS; k += 6) {
      const dx = segs[k + 3] - segs[k],
        dy = segs[k + 4] - segs[k + 1],
        dz = segs[k + 5] - segs[k + 2];
      const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
      _ray.origin.set(segs[k], segs[k + 1], segs[k + 2]);
      _ray.direction.set(dx / len, dy / len, dz / len);
      if (bvh.bvh!.raycastFirst(_ray, DoubleSide, 0, len) === null) stockClear++;
    }
    stockRuns.push(SEGMENTS / ((now() - t) / 1000));
    t = now();
    oursClear = 0;
    for (let k = 0; k < 6 * SEGMENTS; k += 6) {
      if (bvh.segmentClear(segs[k], segs[k + 1], segs[k + 2], segs[k + 3], segs[k + 4], segs[k + 5])) oursClear++;
    }
    oursRuns.push(SEGMENTS / ((now() - t) / 1000));
    t = now();
    for (let k = 0; k < 6 * SEGMENTS; k += 6)
      bvh.capsuleClear(segs[k], segs[k + 1], segs[k + 2], segs[k + 3], segs[k + 4], segs[k + 5], 0.5);
    capsuleRuns.push(SEGMENTS / ((now() - t) / 1000));
  }
  const stock = median(stockRuns),
    ours = median(oursRuns);

  // Full preprocessing of 1,000 waypoints, as `nav preprocess` runs it: world, BVH, all pairs.
  const doc = parseScene({
    version: 1,
    name: 'bench',
    obstacles: boxes,
    waypoints: Array.from({ length: 1000 }, (_, i) => ({ id: `w${i}`, position: Array.from(pts.subarray(3 * i, 3 * i + 3)) })),
  });
  const fullRuns: number[] = [],
    linkRuns: number[] = [];
  let links = 0;
  for (let rep = 0; rep < 3; rep++) {
    const r = preprocessScene(doc);
    fullRuns.push(r.buildMs);
    linkRuns.push(r.linkMs);
    links = r.graph.linkCount;
  }

  const rows: [string, string, string][] = [
    [`BVH build (2,000 boxes, ${bvh.triangleCount} triangles, SAH)`, `${worldMs.toFixed(1)} ms`, 'first build in the process (cold JIT)'],
    [
      'segment tests/s, stock raycastFirst (DoubleSide, far = length)',
      `${(stock / 1e6).toFixed(3)} M/s`,
      `${stockClear} of ${SEGMENTS} clear`,
    ],
    [
      'segment tests/s, ours (any-hit traversal)',
      `${(ours / 1e6).toFixed(3)} M/s`,
      `${oursClear} clear; x${(ours / stock).toFixed(2)} stock; ${checkTarget(SECTION, 'segment tests/s, ours', ours / 1e6, '>=', 0.5, 'M/s')}`,
    ],
    ['capsule tests/s, ours (r = 0.5)', `${(median(capsuleRuns) / 1e6).toFixed(3)} M/s`, ''],
    [
      'full preprocessing, 1,000 waypoints (all 499,500 pairs)',
      `${median(fullRuns).toFixed(0)} ms`,
      `${links} links, ${median(linkRuns).toFixed(0)} ms of it testing pairs; ${checkTarget(SECTION, 'full preprocessing, 1,000 waypoints', median(fullRuns), '<=', 1000, 'ms')}`,
    ],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`\nBVH visibility preprocessing (seed ${SEED}, medians of ${REPS} runs for throughput)`);
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPreprocess();
