/**
 * Misuse a caller can make of the scene and three.js entries: each raises a NavlabError with
 * code 'usage' whose message names the argument, like the same misuse through the core.
 */
import { Matrix4 } from 'three';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { parseScene, resolvePoint } from '../../src/scene/index.ts';
import { importScene } from '../../src/import/importScene.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';
import { StaticBVH } from '../../src/three/StaticBVH.ts';
import { VoxelChunks } from '../../src/three/VoxelChunks.ts';
import { WaypointGraphHelper } from '../../src/helpers/WaypointGraphHelper.ts';
import { SightLog } from '../../src/core/debug/searchSegments.ts';
import { voxelize, voxelizeRegion } from '../../src/three/voxelize.ts';
import { voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';
import { thrown } from '../support/thrown.ts';

const usage = (message: RegExp) => expect.objectContaining({ name: 'NavlabError', code: 'usage', message: expect.stringMatching(message) });

const doc = parseScene({
  version: 2,
  waypoints: [
    { id: 'a', position: [0, 0, 0] },
    { id: 'b', position: [2, 0, 0] },
  ],
  meshes: [{ id: 'wall', src: 'wall.stl' }],
});
const plain = parseScene({ version: 2, waypoints: [{ id: 'a', position: [0, 0, 0] }] });
const triangle = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

describe('usage errors of navlab/scene, navlab/three and navlab/scene-three', () => {
  const cases: [string, () => unknown, RegExp][] = [
    ['resolvePoint: unknown id', () => resolvePoint(doc, 'nowhere'), /'nowhere' is neither a waypoint id nor a moving obstacle id/],
    [
      'preprocessScene: negative agent radius',
      () => preprocessScene(plain, { agentRadius: -1 }),
      /^agentRadius: expected a finite number >= 0, got -1$/,
    ],
    ['preprocessScene: NaN agent radius', () => preprocessScene(plain, { agentRadius: Number.NaN }), /^agentRadius: .* got NaN$/],
    [
      "createSceneSimulation: graph 'grid' without a voxel layer",
      () => createSceneSimulation(plain, { graph: 'grid' }),
      /graph 'grid' needs a voxel layer/,
    ],
    ['importScene: no files', () => importScene([]), /^files: expected at least one mesh$/],
    [
      'ObstacleWorld.fromScene: a mesh not loaded',
      () => ObstacleWorld.fromScene(doc),
      /mesh 'wall' \(wall\.stl\) is not loaded; load it with loadSceneMeshes/,
    ],
    [
      'ObstacleWorld.setMeshTriangles: wrong triangle count',
      () => {
        const world = new ObstacleWorld([], null, { meshes: [{ id: 'm', soup: triangle, matrix: new Matrix4() }] });
        return world.setMeshTriangles('m', new Float64Array(18));
      },
      /setMeshTriangles 'm': expected 1 triangles, got 2/,
    ],
    [
      'ObstacleWorld.setVoxels: no voxel layer',
      () => new ObstacleWorld().setVoxels([0, 0, 0, 0, 0, 0], true),
      /the world has no voxel layer/,
    ],
    [
      'ObstacleWorld.setVoxels: box outside the grid',
      () => new ObstacleWorld([], new VoxelGrid({ dims: [2, 2, 2] })).setVoxels([0, 0, 0, 2, 0, 0], true),
      /box \[0, 0, 0, 2, 0, 0\] is not inside 2x2x2/,
    ],
    [
      'ObstacleWorld.voxelsChanged: no voxel layer',
      () => new ObstacleWorld().voxelsChanged([0, 0, 0, 0, 0, 0]),
      /voxelsChanged: the world has no voxel layer/,
    ],
    [
      'StaticBVH: soup not in triangles',
      () => new StaticBVH(new Float64Array(10)),
      /^StaticBVH: soup: expected numbers, 9 per item, got 10$/,
    ],
    [
      'StaticBVH.updateTriangles: past the padding',
      () => {
        const soup = triangle.slice();
        const bvh = new StaticBVH(soup);
        soup[0] = 1e9;
        bvh.updateTriangles(0, 1);
      },
      /coordinates grew past the padding; rebuild the tree/,
    ],
    [
      'WaypointGraphHelper: radius 0',
      () => new WaypointGraphHelper(new WaypointGraph(new Float64Array(3), []), { radius: 0 }),
      /^radius: expected a finite number > 0, got 0$/,
    ],
    [
      'WaypointGraphHelper: negative maxLinks',
      () => new WaypointGraphHelper(new WaypointGraph(new Float64Array(3), []), { maxLinks: -1 }),
      /^maxLinks: expected a number >= 0, got -1$/,
    ],
    [
      'VoxelChunks: chunk size 0',
      () => new VoxelChunks(new VoxelGrid({ dims: [2, 2, 2] }), { chunkSize: 0 }),
      /^chunkSize: expected an integer in \[1, 1024\], got 0$/,
    ],
    [
      'VoxelChunks: data for another grid',
      () =>
        new VoxelChunks(new VoxelGrid({ dims: [2, 2, 2] }), {
          data: { chunkSize: 1, offsets: new Uint32Array(2), quads: new Uint16Array(0) },
        }),
      /data has 1 chunks, the grid needs 8/,
    ],
    [
      'VoxelChunks: a grid side over 65535 voxels',
      () => new VoxelChunks(new VoxelGrid({ dims: [70_000, 1, 1] }), { draw: false }),
      /a grid side above 65535 voxels/,
    ],
    [
      'voxelize: negative dilation',
      () => voxelize(new ObstacleWorld(), { dims: [2, 2, 2] }, { dilation: -1 }),
      /^dilation: expected a finite number >= 0, got -1$/,
    ],
    [
      "voxelize: into the world's own voxel layer",
      () => {
        const grid = new VoxelGrid({ dims: [2, 2, 2] });
        return voxelizeRegion(new ObstacleWorld([], grid), grid, { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } });
      },
      /must not be the world's own voxel layer/,
    ],
    [
      'voxelizeTriangles: soup not in triangles',
      () => voxelizeTriangles(new Float64Array(10), { cellSize: 1 }),
      /^soup: expected numbers, 9 per item, got 10$/,
    ],
    [
      'voxelizeTriangles: empty soup',
      () => voxelizeTriangles(new Float64Array(0), { cellSize: 1 }),
      /^soup: expected at least one triangle, got a Float64Array$/,
    ],
    [
      'voxelizeTriangles: NaN coordinate',
      () => voxelizeTriangles(new Float64Array([0, 0, 0, 1, 0, 0, 0, Number.NaN, 0]), { cellSize: 1 }),
      /^soup: entry 7 is NaN, not a finite number$/,
    ],
    [
      'voxelizeTriangles: cell size 0',
      () => voxelizeTriangles(triangle, { cellSize: 0 }),
      /^cellSize: expected a finite number > 0, got 0$/,
    ],
    [
      'voxelizeTriangles: bad fill',
      () => voxelizeTriangles(triangle, { cellSize: 1, fill: 'hollow' as 'solid' }),
      /^fill: expected 'surface' or 'solid', got 'hollow'$/,
    ],
    ['SightLog: capacity 0', () => new SightLog(0), /^capacity: expected an integer in \[1, \d+\], got 0$/],
  ];

  it.each(cases)('%s', async (_name, f, message) => {
    const e = await thrown(f);
    expect(e).toBeInstanceOf(NavlabError);
    expect(e).toEqual(usage(message));
  });
});
