import { describe, expect, it } from 'vitest';
import { mulberry32, randInt } from '../../src/core/math/random.ts';
import { EditModel } from '../../src/app/features/editor/EditModel.ts';
import { paintTerrain, paintVoxels, TERRAIN_KINDS } from '../../src/app/features/editor/edits.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { parseScene } from '../../src/scene/validate.ts';
import { VoxelChunks } from '../../src/three/VoxelChunks.ts';

const DIMS: [number, number, number] = [20, 12, 18];

function layerDoc(random: () => number): SceneDocument {
  const solid = Array.from({ length: 12 }, () => {
    const lo = DIMS.map((d) => randInt(random, d));
    return [...lo, ...lo.map((c, a) => Math.min(DIMS[a] - 1, c + randInt(random, 6)))];
  });
  return parseScene({
    version: 2,
    name: 'edits',
    bounds: { min: [0, 0, 0], max: DIMS },
    voxels: { origin: [0, 0, 0], cellSize: 1, dims: DIMS, solid, terrain: [] },
  });
}

const randomBox = (random: () => number, edge: number): number[] => {
  const lo = DIMS.map((d) => randInt(random, d));
  return [...lo, ...lo.map((c) => c + randInt(random, edge))];
};

describe('voxel edits', () => {
  it('erasing cuts the box out of the solid boxes: the same voxels as clearing them one by one', () => {
    const random = mulberry32(5);
    let doc = layerDoc(random);
    for (let step = 0; step < 25; step++) {
      const box = randomBox(random, 5);
      const before = buildVoxelGrid(doc)!;
      const after = paintVoxels(doc, box, false);
      for (let z = box[2]; z <= Math.min(box[5], DIMS[2] - 1); z++)
        for (let y = box[1]; y <= Math.min(box[4], DIMS[1] - 1); y++) {
          for (let x = box[0]; x <= Math.min(box[3], DIMS[0] - 1); x++) before.setBlocked(x, y, z, false);
        }
      expect(buildVoxelGrid(after)!.occupancy).toEqual(before.occupancy);
      doc = after;
    }
  });

  it('the editor model follows paint, erase, terrain, undo and reloaded documents exactly, in place', () => {
    const random = mulberry32(6);
    const first = layerDoc(random);
    const grid = buildVoxelGrid(first)!;
    const model = new EditModel(first, { grid });
    const drawn = new VoxelChunks(grid, { chunkSize: 8, draw: false });
    // Drawn as the app does: the faces taken from the model's chunks (same grid and size).
    const shared = new VoxelChunks(grid, { draw: true });
    // A source of another size is not used: its faces are computed.
    const unshared = new VoxelChunks(grid, { chunkSize: 4, draw: false });
    const docs = [first];
    let doc = first;
    for (let step = 0; step < 80; step++) {
      const op = random();
      let next: SceneDocument;
      if (op < 0.35) next = paintVoxels(doc, randomBox(random, 3), true);
      else if (op < 0.6) next = paintVoxels(doc, randomBox(random, 4), false);
      else if (op < 0.8) next = paintTerrain(doc, randomBox(random, 4), Object.keys(TERRAIN_KINDS)[randInt(random, 4)]);
      else if (op < 0.85)
        next = docs[randInt(random, docs.length)]; // undo / redo to an earlier step
      else if (op < 0.9)
        next = { ...doc, voxels: { ...doc.voxels!, solid: [...doc.voxels!.solid].reverse() } }; // same boxes, another order
      else next = parseScene(JSON.parse(JSON.stringify(doc))); // the same document read back from a save
      const change = model.sync(next);
      if (change.voxelBox !== null) {
        drawn.update(change.voxelBox);
        shared.update(change.voxelBox, model.world.voxelChunks!);
        unshared.update(change.voxelBox, model.world.voxelChunks!);
      }
      const expected = buildVoxelGrid(next)!;
      expect(model.world.grid).toBe(grid);
      expect(grid.occupancy).toEqual(expected.occupancy);
      expect(grid.terrain).toEqual(expected.terrain);
      docs.push(next);
      doc = next;
    }
    const fresh = new VoxelChunks(grid, { chunkSize: 8, draw: false });
    for (let c = 0; c < fresh.chunkCount; c++) expect(Array.from(drawn.chunkQuads(c))).toEqual(Array.from(fresh.chunkQuads(c)));
    const freshDefault = new VoxelChunks(grid, { draw: false });
    for (let c = 0; c < freshDefault.chunkCount; c++)
      expect(Array.from(shared.chunkQuads(c))).toEqual(Array.from(freshDefault.chunkQuads(c)));
    expect(shared.triangleCount).toBe(freshDefault.triangleCount);
    const fresh4 = new VoxelChunks(grid, { chunkSize: 4, draw: false });
    for (let c = 0; c < fresh4.chunkCount; c++) expect(Array.from(unshared.chunkQuads(c))).toEqual(Array.from(fresh4.chunkQuads(c)));
  });
});
