/**
 * Generates the shipped scenes/*.json (except index.json, written by hand) deterministically:
 *   npm run gen:scenes -- [scene-name ...]
 * Every scene goes through parseScene + saveScene, so the files are valid and canonical.
 * Randomness comes from seeded mulberry32 streams, so reruns write identical files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
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
} from '../src/scene/index.ts';
import { clearance, mulberry32 } from '../test/scene/geometry.ts';
import { movingAiText, ROOT } from '../test/scene/helpers.ts';
import { SCHEMA_REF, round, centre, voxelize } from './sceneKit.ts';
import { crowdCrossing, sphereSwap } from './crowdScenes.ts';
import { building, classic10, maze, riverBridge, sealedRoom } from './voxelScenes.ts';

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
