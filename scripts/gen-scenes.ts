/**
 * Generates the shipped scenes/*.json (except index.json, written by hand) deterministically:
 *   npm run gen:scenes -- [scene-name ...]
 * Every scene goes through parseScene + saveScene, so the files are valid and canonical.
 * Randomness comes from seeded mulberry32 streams, so reruns write identical files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import { findPath } from '../src/core/search/AStarRun.ts';
import { parse3dScen } from '../src/core/io/movingai.ts';
import {
  buildVoxelGrid,
  parseScene,
  saveScene,
  SCENE_VERSION,
  sceneFromMovingAi,
  solidBoxes,
  type SceneDocumentInput,
  type SceneObstacle,
  type VoxelBox,
} from '../src/scene/index.ts';
import { boxOverlapsObstacle, clearance, mulberry32, type Triple } from '../test/scene/geometry.ts';
import { movingAiText, ROOT } from '../test/scene/helpers.ts';
import { crowdCrossing, sphereSwap } from './crowdScenes.ts';

const SCHEMA_REF = './scene.schema.json';
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
/** World centre of voxel (x, y, z) in a grid with origin 0 and cell size 1. */
const centre = (x: number, y: number, z: number): [number, number, number] => [x + 0.5, y + 0.5, z + 0.5];

/** Marks every voxel of an inclusive box. */
function fill(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, blocked = true): void {
  for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.setBlocked(x, y, z, blocked);
}

/** Blocks every voxel of the grid whose interior overlaps one of the obstacles. */
function voxelize(grid: VoxelGrid, obstacles: readonly SceneObstacle[]): void {
  const s = grid.cellSize,
    o = grid.origin;
  for (let z = 0; z < grid.Z; z++) {
    for (let y = 0; y < grid.Y; y++) {
      for (let x = 0; x < grid.X; x++) {
        const lo: Triple = [o.x + x * s, o.y + y * s, o.z + z * s];
        const hi: Triple = [lo[0] + s, lo[1] + s, lo[2] + s];
        if (obstacles.some((ob) => boxOverlapsObstacle(lo, hi, ob))) grid.occupancy[grid.index(x, y, z)] = 1;
      }
    }
  }
}

/** Open field: ground slab, ~20 pillars, two floating platforms, boulders; waypoints in four flight layers. */
function openField(): SceneDocumentInput {
  const rnd = mulberry32(2024);
  const obstacles: SceneObstacle[] = [{ id: 'ground', shape: 'box', position: [0, -0.5, 0], size: [60, 1, 60] }];
  let n = 0;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5; col++) {
      const x = round(-22 + col * 11 + (rnd() - 0.5) * 5, 1);
      const z = round(-18 + row * 12 + (rnd() - 0.5) * 5, 1);
      const height = round(4 + rnd() * 10, 1);
      const id = `pillar-${String(++n).padStart(2, '0')}`;
      if ((row + col) % 2 === 0)
        obstacles.push({ id, shape: 'cylinder', position: [x, height / 2, z], radius: round(0.7 + rnd() * 0.9, 1), height });
      else
        obstacles.push({
          id,
          shape: 'box',
          position: [x, height / 2, z],
          size: [round(1.5 + rnd() * 2.5, 1), height, round(1.5 + rnd() * 2.5, 1)],
        });
    }
  }
  obstacles.push(
    { id: 'platform-1', shape: 'box', position: [-5.5, 8.5, 0], size: [8, 0.6, 4] },
    { id: 'platform-2', shape: 'box', position: [12, 11.5, -8], size: [4, 0.6, 9] },
    { id: 'boulder-1', shape: 'sphere', position: [6, 0.8, 14], radius: 1.8 },
    { id: 'boulder-2', shape: 'sphere', position: [-14, 0.6, -9], radius: 1.4 },
  );
  const grid = new VoxelGrid({ dims: [60, 16, 60], origin: { x: -30, y: 0, z: -30 } });
  voxelize(grid, obstacles);

  const layers = [
    ['ground', 1.5],
    ['low', 5],
    ['mid', 9],
    ['high', 13],
  ] as const;
  const waypoints: { id: string; position: [number, number, number] }[] = [];
  layers.forEach(([name, y], l) => {
    let k = 0;
    // Alternate layers: a 5x5 lattice, then a 4x4 one shifted by half a cell, so links between layers run diagonally.
    const n = l % 2 === 0 ? 5 : 4;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = round(-24 + (5 - n) * 6 + i * 12 + (rnd() - 0.5) * 4, 1);
        const z = round(-24 + (5 - n) * 6 + j * 12 + (rnd() - 0.5) * 4, 1);
        const p: [number, number, number] = [x, y, z];
        if (Math.abs(x) > 27 || Math.abs(z) > 27 || clearance(obstacles, grid, p) < 1.2) continue;
        waypoints.push({ id: `${name}-${String(++k).padStart(2, '0')}`, position: p });
      }
    }
  });
  // Agents cross the field: each starts near one edge or corner in one layer and ends near the
  // opposite one in another layer, so their paths cross in the middle at different heights.
  const nearest = (layer: string, x: number, z: number) => {
    const candidates = waypoints.filter((w) => w.id.startsWith(`${layer}-`));
    const d = (w: (typeof waypoints)[number]) => Math.hypot(w.position[0] - x, w.position[2] - z);
    return candidates.reduce((best, w) => (d(w) < d(best) ? w : best)).id;
  };
  const routes: [string, number, number, string, number, number][] = [
    ['ground', -24, -24, 'mid', 24, 24],
    ['ground', 24, -24, 'high', -24, 24],
    ['low', 0, -26, 'ground', 0, 26],
    ['mid', -26, 0, 'low', 26, 0],
    ['high', 24, 24, 'ground', -24, -24],
    ['low', -24, 24, 'high', 24, -24],
  ];
  const agents = routes.map(([sl, sx, sz, gl, gx, gz], i) => ({
    id: `agent-${i + 1}`,
    start: nearest(sl, sx, sz),
    goal: nearest(gl, gx, gz),
    radius: 0.4,
    speed: round(3 + (i % 3) * 0.75, 2),
  }));
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'Open field with pillars',
    description:
      'Pillars, floating platforms and boulders on a ground slab. Waypoints fly in four layers (1.5, 5, 9 and 13 m); six agents cross the field diagonally. The voxel layer is the obstacles voxelized at 1 m (every voxel an obstacle overlaps is solid).',
    units: 'm',
    bounds: { min: [-30, -1, -30], max: [30, 16, 30] },
    agentRadius: 0.4,
    maxLinkDistance: 22,
    voxels: { origin: [-30, 0, -30], cellSize: 1, dims: [60, 16, 60], solid: solidBoxes(grid) },
    obstacles,
    waypoints,
    agents,
    search: { graph: 'waypoints', heuristic: 'exact' },
    steering: { avoidRange: 3, pullGain: 4, minDistance: 0.05, stepHz: 60 },
  };
}

/** The classic 10x10x10 world with 300 random blocked voxels; the seed is the first that keeps (0,0,0) -> (9,5,8) connected. */
function classic10(): SceneDocumentInput {
  for (let seed = 1; ; seed++) {
    const rnd = mulberry32(seed);
    const grid = new VoxelGrid({ dims: [10, 10, 10] });
    const keep = new Set([grid.index(0, 0, 0), grid.index(9, 5, 8)]);
    const blocked: number[] = [];
    while (blocked.length < 300) {
      const i = Math.floor(rnd() * 1000);
      if (keep.has(i) || grid.occupancy[i]) continue;
      grid.occupancy[i] = 1;
      blocked.push(i);
    }
    if (findPath(new GridSpace(grid), grid.index(0, 0, 0), grid.index(9, 5, 8)).status !== 'found') continue;
    blocked.sort((a, b) => a - b);
    const v = { x: 0, y: 0, z: 0 };
    const solid = blocked.map((i): VoxelBox => {
      grid.coords(i, v);
      return [v.x, v.y, v.z, v.x, v.y, v.z];
    });
    return {
      $schema: SCHEMA_REF,
      version: SCENE_VERSION,
      name: 'Classic 10x10x10',
      description: `The classic voxel benchmark world: 10x10x10 voxels, exactly 300 of them blocked (one box per voxel, chosen by mulberry32 seed ${seed}, the first seed that leaves voxel (0,0,0) connected to (9,5,8)).`,
      units: 'voxels',
      bounds: { min: [0, 0, 0], max: [10, 10, 10] },
      agentRadius: 0.3,
      voxels: { origin: [0, 0, 0], cellSize: 1, dims: [10, 10, 10], solid },
      waypoints: [
        { id: 'start', position: centre(0, 0, 0), label: 'voxel (0, 0, 0)' },
        { id: 'goal', position: centre(9, 5, 8), label: 'voxel (9, 5, 8)' },
      ],
      agents: [{ id: 'runner', start: 'start', goal: 'goal', radius: 0.3, speed: 2 }],
      search: { graph: 'grid', neighborhood: 26, cornerCutting: 'forbid', heuristic: 'exact' },
    };
  }
}

/** A three-floor maze: a random spanning tree of 10x3x10 cells (depth-first, floors changed rarely). */
function maze(): SceneDocumentInput {
  const W = 10,
    L = 3,
    D = 10;
  const rnd = mulberry32(7);
  const grid = new VoxelGrid({ dims: [2 * W + 1, 2 * L + 1, 2 * D + 1] });
  grid.occupancy.fill(1);
  const visited = new Uint8Array(W * L * D);
  const id = (i: number, l: number, k: number) => i + W * (l + L * k);
  const carve = (x: number, y: number, z: number) => grid.setBlocked(x, y, z, false);
  const stack: [number, number, number][] = [[0, 0, 0]];
  visited[0] = 1;
  carve(1, 1, 1);
  while (stack.length > 0) {
    const [i, l, k] = stack[stack.length - 1];
    const flat: [number, number, number][] = [];
    const vertical: [number, number, number][] = [];
    for (const [di, dl, dk] of [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 0, 1],
      [0, 0, -1],
      [0, 1, 0],
      [0, -1, 0],
    ] as const) {
      const [a, b, c] = [i + di, l + dl, k + dk];
      if (a < 0 || b < 0 || c < 0 || a >= W || b >= L || c >= D || visited[id(a, b, c)]) continue;
      (dl === 0 ? flat : vertical).push([a, b, c]);
    }
    // Mostly stay on the floor: a hole to another floor is a rare event, as in a real maze.
    const options = flat.length > 0 && (vertical.length === 0 || rnd() < 0.9) ? flat : vertical;
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const [a, b, c] = options[Math.floor(rnd() * options.length)];
    visited[id(a, b, c)] = 1;
    carve(i + a + 1, l + b + 1, k + c + 1); // the wall (or floor) voxel between the two cells
    carve(2 * a + 1, 2 * b + 1, 2 * c + 1);
    stack.push([a, b, c]);
  }
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: '3D maze',
    description:
      'A perfect maze on three floors (10x10 cells each, one-voxel corridors, floors linked by rare holes), generated depth-first with mulberry32 seed 7. The entrance and the exit are at opposite corners, on the lowest and the highest floor.',
    units: 'voxels',
    bounds: { min: [0, 0, 0], max: [2 * W + 1, 2 * L + 1, 2 * D + 1] },
    agentRadius: 0.3,
    voxels: { origin: [0, 0, 0], cellSize: 1, dims: [2 * W + 1, 2 * L + 1, 2 * D + 1], solid: solidBoxes(grid) },
    waypoints: [
      { id: 'entrance', position: centre(1, 1, 1), label: 'floor 0' },
      { id: 'exit', position: centre(2 * W - 1, 2 * L - 1, 2 * D - 1), label: 'floor 2' },
    ],
    agents: [{ id: 'explorer', start: 'entrance', goal: 'exit', radius: 0.3, speed: 3 }],
    search: { graph: 'grid', neighborhood: 6, heuristic: 'exact' },
  };
}

/** A three-storey building: slabs, outer walls with a door, interior walls, stairs and an open shaft. */
function building(): SceneDocumentInput {
  const X = 24,
    Y = 13,
    Z = 16;
  const g = new VoxelGrid({ dims: [X, Y, Z] });
  for (const y of [0, 4, 8, 12]) fill(g, 0, y, 0, X - 1, y, Z - 1); // ground, floor 1, floor 2, roof
  fill(g, 0, 0, 0, 0, Y - 1, Z - 1); // west wall
  fill(g, X - 1, 0, 0, X - 1, Y - 1, Z - 1); // east wall
  fill(g, 0, 0, 0, X - 1, Y - 1, 0); // south wall
  fill(g, 0, 0, Z - 1, X - 1, Y - 1, Z - 1); // north wall
  fill(g, 0, 1, 7, 0, 2, 8, false); // front door (west, ground floor)
  for (const y of [6, 10]) for (const z of [3, 11]) fill(g, 0, y, z, 0, y, z + 1, false); // windows
  // Interior wall on every storey along z = 8, with a doorway.
  for (const [base, door] of [
    [1, 10],
    [5, 3],
    [9, 13],
  ]) {
    fill(g, 1, base, 8, 16, base + 2, 8);
    fill(g, door, base, 8, door + 1, base + 1, 8, false);
  }
  // Shaft: a 3x3 hole through floor 1 and floor 2 in the north-east corner.
  for (const y of [4, 8]) fill(g, 19, y, 11, 21, y, 13, false);
  // Stairs ground -> floor 1 along +x at z 1..2, floor 1 -> floor 2 along -x at z 13..14:
  // step k is a column k voxels high; the slab above the steps is open.
  for (let k = 1; k <= 3; k++) {
    fill(g, 4 + k, 1, 1, 4 + k, k, 2);
    fill(g, 13 - k, 5, 13, 13 - k, 4 + k, 14);
  }
  fill(g, 5, 4, 1, 7, 4, 2, false);
  fill(g, 10, 8, 13, 12, 8, 14, false);
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'Building with stairs and a shaft',
    description:
      'Three storeys (slabs at y = 0, 4, 8, roof at 12) inside outer walls with a front door and windows. Each storey has an interior wall with a doorway; stairs lead from the ground floor to floor 1 and from floor 1 to floor 2, and an open 3x3 shaft joins all three storeys. Waypoints sit in every room and in the shaft.',
    units: 'm',
    bounds: { min: [0, 0, 0], max: [X, Y, Z] },
    agentRadius: 0.3,
    voxels: { origin: [0, 0, 0], cellSize: 1, dims: [X, Y, Z], solid: solidBoxes(g) },
    waypoints: [
      { id: 'door', position: centre(1, 1, 7), label: 'inside the front door' },
      { id: 'g-hall', position: centre(8, 1, 4), label: 'ground floor, south hall' },
      { id: 'g-stairs', position: centre(3, 1, 1), label: 'foot of the first stairs' },
      { id: 'g-room', position: centre(8, 1, 12), label: 'ground floor, north room' },
      { id: 'g-east', position: centre(19, 1, 5), label: 'ground floor, east side' },
      { id: 'shaft-0', position: centre(20, 2, 12), label: 'shaft, ground floor' },
      { id: 'shaft-1', position: centre(20, 6, 12), label: 'shaft, floor 1' },
      { id: 'shaft-2', position: centre(20, 10, 12), label: 'shaft, floor 2' },
      { id: 'f1-landing', position: centre(9, 5, 1), label: 'floor 1, top of the first stairs' },
      { id: 'f1-hall', position: centre(12, 5, 4), label: 'floor 1, south hall' },
      { id: 'f1-room', position: centre(4, 5, 12), label: 'floor 1, north room' },
      { id: 'f1-stairs', position: centre(14, 5, 13), label: 'floor 1, foot of the second stairs' },
      { id: 'f2-landing', position: centre(9, 9, 14), label: 'floor 2, top of the second stairs' },
      { id: 'f2-office', position: centre(4, 9, 3), label: 'floor 2, south office' },
      { id: 'f2-room', position: centre(4, 9, 12), label: 'floor 2, north room' },
      { id: 'f2-east', position: centre(19, 9, 4), label: 'floor 2, east side' },
    ],
    agents: [
      { id: 'visitor', start: 'door', goal: 'f2-office', radius: 0.3, speed: 2 },
      { id: 'courier', start: 'f2-room', goal: 'g-room', radius: 0.3, speed: 3 },
      { id: 'drone', start: 'shaft-0', goal: 'shaft-2', radius: 0.3, speed: 2.5 },
    ],
    search: { graph: 'grid', neighborhood: 26, cornerCutting: 'forbid' },
  };
}

/** A one-voxel-thick ground layer crossed by a meandering river (water costs 8) and a bridge (cost 1). */
function riverBridge(): SceneDocumentInput {
  const X = 32,
    Z = 20;
  const rnd = mulberry32(11);
  const water = new VoxelGrid({ dims: [X, 1, Z] }); // "blocked" here means "water", only to merge boxes
  const riverZ = (x: number) => 8 + Math.round(1.5 * Math.sin(x / 5));
  for (let x = 0; x < X; x++) fill(water, x, 0, riverZ(x) - 2, x, 0, riverZ(x) + 1);
  const bridge = new VoxelGrid({ dims: [X, 1, Z] });
  for (let x = 14; x <= 16; x++) fill(bridge, x, 0, riverZ(x) - 2, x, 0, riverZ(x) + 1);
  const rocks = new VoxelGrid({ dims: [X, 1, Z] });
  for (let k = 0; k < 24; k++) {
    const x = Math.floor(rnd() * X),
      z = Math.floor(rnd() * Z);
    const onRiver = z >= riverZ(x) - 3 && z <= riverZ(x) + 2;
    const nearCamp = Math.hypot(x - 6, z - 2) < 3 || Math.hypot(x - 8, z - 17) < 3;
    if (!onRiver && !nearCamp) rocks.setBlocked(x, 0, z, true);
  }
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'River with a bridge',
    description:
      'A one-voxel-thick ground layer, so ground units stay on the ground. The river\'s voxels are terrain "water" with cost 8; the bridge region (cost 1) is listed after the water and overrides it. Going straight across from the south camp to the north camp wades through four water voxels (cost about 44); the optimal path walks to the bridge instead (cost about 23). Rocks are solid voxels.',
    units: 'm',
    bounds: { min: [0, 0, 0], max: [X, 2, Z] },
    agentRadius: 0.4,
    voxels: {
      origin: [0, 0, 0],
      cellSize: 1,
      dims: [X, 1, Z],
      solid: solidBoxes(rocks),
      terrain: [
        { kind: 'water', cost: 8, color: '#2f6fd6', boxes: solidBoxes(water) },
        { kind: 'bridge', cost: 1, color: '#8b5a2b', boxes: solidBoxes(bridge) },
      ],
    },
    waypoints: [
      { id: 'south-camp', position: centre(6, 0, 2) },
      { id: 'north-camp', position: centre(8, 0, 17) },
      { id: 'bridge-south', position: centre(15, 0, riverZ(15) - 3) },
      { id: 'bridge-north', position: centre(15, 0, riverZ(15) + 2) },
      { id: 'ford-south', position: centre(7, 0, riverZ(7) - 3), label: 'wading across from here is possible, but slow' },
      { id: 'ford-north', position: centre(7, 0, riverZ(7) + 2) },
    ],
    agents: [{ id: 'walker', start: 'south-camp', goal: 'north-camp', radius: 0.4, speed: 1.5 }],
    search: { graph: 'grid', neighborhood: 26, cornerCutting: 'forbid', heuristic: 'exact' },
  };
}

/** An agent whose goal is inside a closed room: the search must return the closest reachable point. */
function sealedRoom(): SceneDocumentInput {
  const g = new VoxelGrid({ dims: [16, 8, 16] });
  fill(g, 8, 0, 8, 13, 5, 13); // the room's shell...
  fill(g, 9, 1, 9, 12, 4, 12, false); // ...hollow inside
  fill(g, 4, 0, 9, 4, 4, 10); // a pillar and a low wall outside, so the approach is not trivial
  fill(g, 9, 0, 4, 14, 2, 4);
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'Sealed room',
    description:
      'The goal (waypoint "vault") lies inside a room whose walls, floor and ceiling are closed. No path exists: the search reports "unreachable" and returns the path to the reachable voxel nearest the goal, which the agent follows.',
    units: 'm',
    bounds: { min: [0, 0, 0], max: [16, 8, 16] },
    agentRadius: 0.3,
    voxels: { origin: [0, 0, 0], cellSize: 1, dims: [16, 8, 16], solid: solidBoxes(g) },
    waypoints: [
      { id: 'outside', position: centre(1, 1, 1) },
      { id: 'vault', position: centre(10, 2, 10), label: 'inside the sealed room' },
    ],
    agents: [{ id: 'thief', start: 'outside', goal: 'vault', radius: 0.3, speed: 2 }],
    search: { graph: 'grid', neighborhood: 26, cornerCutting: 'forbid' },
  };
}

/** A sun, four planets on tilted orbits with different periods, ships that chase the planets. */
function galaxy(): SceneDocumentInput {
  const planets: NonNullable<SceneDocumentInput['movingObstacles']> = [
    { id: 'mercury', radius: 1.2, orbit: { center: [0, 0, 0], radius: 13, period: 20, phase: 0, axis: [0, 1, 0] } },
    { id: 'venus', radius: 1.8, orbit: { center: [0, 0, 0], radius: 21, period: 35, phase: 2.1, axis: [0.08, 1, 0] } },
    { id: 'terra', radius: 2, orbit: { center: [0, 0, 0], radius: 31, period: 55, phase: 4.0, axis: [0, 1, 0.12] } },
    { id: 'jove', radius: 3, orbit: { center: [0, 0, 0], radius: 44, period: 90, phase: 1.0, axis: [-0.05, 1, 0.05] } },
  ];
  const waypoints: { id: string; position: [number, number, number] }[] = [];
  // Rings of waypoints between the orbits, alternately above and below the ecliptic.
  const rings = [
    [8.5, 10],
    [17, 12],
    [26, 14],
    [37.5, 16],
    [52, 18],
  ] as const;
  rings.forEach(([r, count], ring) => {
    for (let k = 0; k < count; k++) {
      const angle = (2 * Math.PI * (k + (ring % 2) * 0.5)) / count;
      const y = (k % 2 === 0 ? 1 : -1) * (2 + ring);
      waypoints.push({
        id: `ring${ring + 1}-${String(k + 1).padStart(2, '0')}`,
        position: [round(r * Math.cos(angle)), y, round(r * Math.sin(angle))],
      });
    }
  });
  const outer = waypoints.filter((w) => w.id.startsWith('ring5'));
  const ships = ['mercury', 'venus', 'terra', 'jove', 'terra'].map((goal, i) => ({
    id: `ship-${i + 1}`,
    start: outer[(i * 4) % outer.length].id,
    goal,
    radius: 0.5,
    speed: 6 + i,
  }));
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'Galaxy',
    description:
      'A sun (static sphere) and four planets on slightly tilted circular orbits with periods of 20 to 90 s. Ships start on the outer ring of waypoints and chase planets (goal = moving obstacle id), so their goals move and they must replan. Moving obstacles do not block preprocessing.',
    units: 'Mm',
    bounds: { min: [-60, -24, -60], max: [60, 24, 60] },
    agentRadius: 0.5,
    maxLinkDistance: 20,
    obstacles: [{ id: 'sun', shape: 'sphere', position: [0, 0, 0], radius: 6 }],
    movingObstacles: planets,
    waypoints,
    agents: ships,
    search: { graph: 'waypoints' },
    steering: { avoidRange: 6, pullGain: 4, minDistance: 0.1, stepHz: 60 },
  };
}

/** Thin walls (0.1 thick, full height) with 0.5 wide slits a ray passes but an agent of radius 0.4 cannot. */
function thinWalls(): SceneDocumentInput {
  const H = 4,
    T = 0.1;
  // The free-standing wall: two halves along direction (sin a, 0, cos a) around centre C, 0.5 apart.
  const a = Math.PI / 6,
    C = [-0.1, 0.5],
    dir = [Math.sin(a), Math.cos(a)],
    normal = [Math.cos(a), -Math.sin(a)];
  const along = (t: number, side = 0): [number, number] => [
    round(C[0] + t * dir[0] + side * normal[0], 3),
    round(C[1] + t * dir[1] + side * normal[1], 3),
  ];
  /** A wall along z at x, from z = -6 to 6, with open intervals `gaps` ([z0, z1] pairs, sorted). */
  const wall = (name: string, x: number, gaps: [number, number][]) => {
    const pieces: SceneObstacle[] = [];
    let z = -6;
    for (const [a, b] of [...gaps, [6, 6] as [number, number]]) {
      if (a > z)
        pieces.push({
          id: `${name}-${pieces.length + 1}`,
          shape: 'box',
          position: [x, H / 2, round((z + a) / 2, 3)],
          size: [T, H, round(a - z, 3)],
        });
      z = b;
    }
    return pieces;
  };
  const obstacles: SceneObstacle[] = [
    { id: 'floor', shape: 'box', position: [0, -0.1, 0], size: [20, 0.2, 12] },
    ...wall('west-wall', -3, [
      [-2.25, -1.75],
      [2.2, 3.8],
    ]),
    ...wall('east-wall', 3, [
      [-4.8, -3.2],
      [2.75, 3.25],
    ]),
    // A free-standing wall turned 30 degrees about y (rotating local z onto dir), slit in the middle.
    ...[-1.3, 1.3].map((t, i): SceneObstacle => {
      const [x, z] = along(t);
      return { id: `diagonal-${i + 1}`, shape: 'box', position: [x, H / 2, z], size: [T, H, 2.1], rotation: [0, a, 0] };
    }),
  ];
  const y = 1.5;
  return {
    $schema: SCHEMA_REF,
    version: SCENE_VERSION,
    name: 'Thin walls and narrow slits',
    description:
      'Walls 0.1 thick and as high as the world, each with a 0.5 wide slit and a 1.6 wide door. A thin ray passes the slits, an agent of radius 0.4 must not: with agentRadius 0.4 the waypoint links through the slits disappear and the agents take the doors. A free-standing wall turned 30 degrees has a slit too.',
    units: 'm',
    bounds: { min: [-10, -0.2, -6], max: [10, H, 6] },
    agentRadius: 0.4,
    obstacles,
    waypoints: [
      { id: 'west', position: [-8, y, 0] },
      { id: 'west-slit-front', position: [-4, y, -2] },
      { id: 'west-slit-back', position: [-2, y, -2] },
      { id: 'west-door-front', position: [-4, y, 3] },
      { id: 'west-door-back', position: [-2, y, 3] },
      { id: 'middle-south', position: [0, y, -4.5] },
      { id: 'middle-north', position: [0, y, 4.5] },
      { id: 'diagonal-front', position: [along(0, -1.2)[0], y, along(0, -1.2)[1]] },
      { id: 'diagonal-back', position: [along(0, 1.2)[0], y, along(0, 1.2)[1]] },
      { id: 'east-slit-front', position: [2, y, 3] },
      { id: 'east-slit-back', position: [4, y, 3] },
      { id: 'east-door-front', position: [2, y, -4] },
      { id: 'east-door-back', position: [4, y, -4] },
      { id: 'east', position: [8, y, 0] },
    ],
    agents: [
      { id: 'eastbound', start: 'west', goal: 'east', radius: 0.4, speed: 2 },
      { id: 'westbound', start: 'east', goal: 'west', radius: 0.4, speed: 2 },
    ],
    search: { graph: 'waypoints' },
  };
}

/** The Moving AI map Simple.3dmap (Warframe) with waypoints and agents from its benchmark problems. */
function warframeSimple(): SceneDocumentInput {
  const text = movingAiText('Simple.3dmap');
  const scen = movingAiText('Simple.3dmap.3dscen');
  if (text === null || scen === null) throw new Error('Simple.3dmap or its .3dscen not found in test/data or ../shared/data/movingai/3d');
  const doc = sceneFromMovingAi(text, 'Simple.3dmap', 'Warframe: Simple');
  const problems = parse3dScen(scen);
  // The longest problems, whose optimal paths bend round the central pillar.
  const picked = [...problems].sort((a, b) => b.expected - a.expected).slice(0, 3);
  const waypoints = picked.flatMap((p, i) => [
    { id: `p${i + 1}-start`, position: centre(...p.start), label: `problem ${i + 1} start` },
    { id: `p${i + 1}-goal`, position: centre(...p.goal), label: `problem ${i + 1} goal, optimal length ${round(p.expected)}` },
  ]);
  return {
    $schema: SCHEMA_REF,
    ...doc,
    description:
      'Moving AI voxel map Simple.3dmap (105x132x105, 512 blocked voxels stored as merged boxes), with the three longest problems of Simple.3dmap.3dscen as waypoints and agents. ' +
      'Data: Moving AI Lab (movingai.com), Digital Extremes (Warframe); D. Brewer and N. R. Sturtevant, "Benchmarks for Pathfinding in 3D Voxel Space", SoCS 2018. License: Open Data Commons Attribution License (ODC-By).',
    units: 'voxels',
    agentRadius: 0.4,
    waypoints,
    agents: picked.map((_, i) => ({ id: `agent-${i + 1}`, start: `p${i + 1}-start`, goal: `p${i + 1}-goal`, radius: 0.4, speed: 5 })),
  };
}

export const GENERATORS: Record<string, () => SceneDocumentInput> = {
  'open-field': openField,
  'classic-10': classic10,
  maze,
  building,
  'river-bridge': riverBridge,
  'sealed-room': sealedRoom,
  galaxy,
  'thin-walls': thinWalls,
  'warframe-simple': warframeSimple,
  'sphere-swap': sphereSwap,
  'crowd-crossing': crowdCrossing,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(GENERATORS);
  for (const name of names) {
    const make = GENERATORS[name];
    if (!make) throw new Error(`unknown scene '${name}' (known: ${Object.keys(GENERATORS).join(', ')})`);
    const doc = parseScene(make());
    const grid = buildVoxelGrid(doc);
    const text = saveScene(doc);
    writeFileSync(`${ROOT}scenes/${name}.json`, text);
    const blocked = grid ? grid.occupancy.reduce((n, b) => n + b, 0) : 0;
    console.log(
      `scenes/${name}.json: ${text.length} bytes, ${doc.waypoints.length} waypoints, ${doc.agents.length} agents, ${doc.obstacles.length} obstacles, ${doc.voxels?.solid.length ?? 0} solid boxes, ${blocked} blocked voxels`,
    );
  }
}
