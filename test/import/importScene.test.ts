import { describe, expect, it } from 'vitest';
import { readMeshFile } from '../../src/cli/meshFiles.ts';
import { IMPORT_STAGES, ImportCancelled, importScene, type ImportStage } from '../../src/import/importScene.ts';
import { ROOT } from '../support/cli.ts';
import { join } from 'node:path';
import { mulberry32 } from '../../src/core/math/random.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { buildVoxelGrid, parseScene, type SceneWaypoint } from '../../src/scene/index.ts';
import { clearSpace } from '../../src/core/grid/clearance.ts';
import { autoWaypointList, placeSceneWaypoints } from '../../src/scene-three/autoWaypoints.ts';

const sample = () => readMeshFile(join(ROOT, 'test', 'data', 'meshes', 'sample.glb'));

describe('importScene: stages, cancel, defaults from the level', () => {
  it('tells every stage in order, and the fill and agents it chose', async () => {
    const mesh = await sample();
    const stages: ImportStage[] = [];
    const r = await importScene([{ src: 'sample.glb', mesh }], { agents: 3, placeWaypoints: () => [], onStage: (s) => stages.push(s) });
    expect(stages).toEqual([...IMPORT_STAGES]);
    expect(r.fill).toBe('solid');
    expect(r.document.agents).toHaveLength(3);
    expect(Object.keys(r.ms)).toEqual([...IMPORT_STAGES]);
  });

  it('gives the document a full parse gives, its voxel boxes (put back after a parse without them) included, keys in order', async () => {
    const mesh = await sample();
    const r = await importScene([{ src: 'sample.glb', mesh }], { agents: 2, placeWaypoints: () => [{ id: 'w', position: [0, 0, 0] }] });
    const json = JSON.stringify(r.document);
    expect(r.document.voxels!.solid.length).toBeGreaterThan(1);
    expect(JSON.stringify(parseScene(JSON.parse(json)))).toBe(json);
  });

  it('an abort at any stage rejects with ImportCancelled and runs no later stage', async () => {
    const mesh = await sample();
    for (const at of IMPORT_STAGES) {
      const control = new AbortController();
      const seen: ImportStage[] = [];
      let placed = 0;
      const run = importScene([{ src: 'sample.glb', mesh }], {
        agents: 2,
        placeWaypoints: () => {
          placed++;
          return [];
        },
        signal: control.signal,
        onStage: (s) => {
          seen.push(s);
          if (s === at) control.abort();
        },
      });
      await expect(run).rejects.toBeInstanceOf(ImportCancelled);
      expect(seen.at(-1)).toBe(at);
      // The stage it was aborted in still runs (placement included); the next one does not start.
      expect(placed).toBe(IMPORT_STAGES.indexOf(at) >= IMPORT_STAGES.indexOf('waypoints') ? 1 : 0);
    }
  });

  it('rejects bad agents, fill and signal options naming them', async () => {
    const mesh = await sample();
    const files = [{ src: 'sample.glb', mesh }];
    await expect(importScene(files, { agents: -1 })).rejects.toThrow(/agents/);
    await expect(importScene(files, { fill: 'hollow' as never })).rejects.toThrow(/fill/);
    await expect(importScene(files, { signal: {} as never })).rejects.toThrow(/signal/);
  });

  it('counts the links the saved scene preprocesses to (meshes and all), with either fill and radius', async () => {
    const mesh = await sample();
    for (const [fill, agentRadius] of [
      ['solid', undefined],
      ['surface', 0],
    ] as const) {
      // Waypoints at seeded points of the level's box: near, inside and between its surfaces.
      const random = mulberry32(7);
      const r = await importScene([{ src: 'sample.glb', mesh }], {
        fill,
        agentRadius,
        placeWaypoints: (doc) =>
          Array.from({ length: 40 }, (_, i): SceneWaypoint => {
            const { min, max } = doc.bounds;
            return { id: `w${i}`, position: [0, 1, 2].map((a) => min[a] + random() * (max[a] - min[a])) as [number, number, number] };
          }),
      });
      const full = preprocessScene(r.document, { drawn: false, world: { sceneMeshes: r.meshes } });
      expect(full.world.meshSoupStart, 'the meshes are in the full world').toBeLessThan(full.world.bvh.triangleCount);
      expect(r.links, `${fill}`).toBe(full.graph.linkCount);
      // Some pairs see each other, some do not.
      expect(r.links).toBeGreaterThan(10);
      expect(r.links).toBeLessThan(700);
      full.world.dispose();
    }
  });
});

describe('importScene: one clear space for the agents and the placer', () => {
  it('hands the placer the clear space of its voxel layer; placement with it gives the same waypoints as computing it again', async () => {
    const mesh = await sample();
    let checked = 0;
    const r = await importScene([{ src: 'sample.glb', mesh }], {
      cellSize: 0.5,
      agents: 2,
      placeWaypoints: (doc, o) => {
        const grid = buildVoxelGrid(doc)!;
        const again = clearSpace(grid, o.agentRadius);
        expect(o.space.radius).toBe(o.agentRadius);
        expect(Array.from(o.space.component)).toEqual(Array.from(again.component));
        expect(Array.from(o.space.clearance)).toEqual(Array.from(again.clearance));
        const shared = placeSceneWaypoints(doc, {
          agentRadius: o.agentRadius,
          space: o.space,
          batchPairs: 0,
          world: { sceneMeshes: o.meshes },
        });
        // Refinement off: cheap, and cover, connect and prune read the space.
        const own = placeSceneWaypoints(doc, { agentRadius: o.agentRadius, batchPairs: 0, world: { sceneMeshes: o.meshes } });
        expect(shared.placed.space).toBe(o.space);
        expect(own.placed.space).not.toBe(o.space);
        expect(Array.from(shared.placed.positions)).toEqual(Array.from(own.placed.positions));
        expect(shared.placed.positions.length).toBeGreaterThan(6);
        // A space for another radius, or of other voxels, is refused, naming it.
        const world = { sceneMeshes: o.meshes };
        const twice = clearSpace(grid, 2 * o.agentRadius);
        expect(() => placeSceneWaypoints(doc, { agentRadius: o.agentRadius, space: twice, world })).toThrow(/^space: /);
        const other = buildVoxelGrid(doc)!;
        other.occupancy[other.occupancy.indexOf(0)] = 1;
        expect(() => placeSceneWaypoints(doc, { agentRadius: o.agentRadius, space: clearSpace(other, o.agentRadius), world })).toThrow(
          /^space: /,
        );
        shared.world.dispose();
        own.world.dispose();
        checked++;
        return autoWaypointList(shared.placed.positions);
      },
    });
    expect(checked).toBe(1);
    expect(r.document.waypoints.length).toBeGreaterThan(2);
    expect(r.document.agents).toHaveLength(2);
  });
});
