/**
 * The save worker (SaveWork, run in this thread) and what the page sends it for a big voxel layer:
 * one packed array, then edits of the list the worker holds; a big scene answered as a patch of a
 * base text unless there is no patch of use. Autosave itself: autosave.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { paintVoxels } from '../../src/app/features/editor/edits.ts';
import { inThreadSaveJob } from '../../src/app/features/editor/SceneSaver.ts';
import { applySolidEdit, packSolid, SaveWork, solidEdit, type SaveRequest } from '../../src/app/features/editor/saveWork.ts';
import type { SceneDocument, VoxelBox } from '../../src/scene/schema.ts';
import { parseScene, saveScene } from '../../src/scene/validate.ts';
import { mulberry32, randInt } from '../support/random.ts';

const d0 = parseScene({ version: 1, name: 'save work', voxels: { dims: [4, 2, 3], solid: [[0, 0, 0, 3, 0, 2]] } });
const d1 = parseScene({ ...d0, waypoints: [{ id: 'a', position: [1, 1.5, 1] }] });

describe('a big voxel layer sent to the save worker', () => {
  it("travels as one packed array and is saved as the document's text; odd boxes travel as JSON", async () => {
    const solid = Array.from({ length: 300 }, (_, i) => [i % 4, 0, i % 3, i % 4, 0, i % 3]);
    const doc = { ...d0, voxels: { ...d0.voxels!, solid } } as SceneDocument;
    const job = inThreadSaveJob(new SaveWork());
    expect((await job({ doc }, null)).text).toBe(saveScene(doc));
    expect(packSolid(solid)!.length).toBe(1800);
    expect(packSolid(solid.slice(0, 10))).toBeNull();
    expect(packSolid([...solid, [1, 2, 3]])).toBeNull();
    expect(packSolid([...solid, [1, 2, 3, 4, 5, '6']])).toBeNull();
    // A box that is not 6 numbers reaches the worker's validation, which names it.
    const odd = { ...doc, voxels: { ...doc.voxels!, solid: [...solid, [1, 2, 3, 4, 5, 'x']] } } as unknown as SceneDocument;
    await expect(job({ doc: odd }, null)).rejects.toThrow(/voxels\.solid\[300\]/);
  });
});

describe('a big voxel layer sent to the save worker as an edit of the list it holds', () => {
  const solid = Array.from({ length: 300 }, (_, i) => [i % 4, 0, i % 3, i % 4, 0, i % 3] as VoxelBox);
  const layer = (boxes: VoxelBox[]) => ({ ...d0, voxels: { ...d0.voxels!, solid: boxes } }) as SceneDocument;

  it("sends a paint as the boxes it made, an erase as runs and pieces, and saves each document's text", async () => {
    const work = new SaveWork();
    const sent: SaveRequest[] = [];
    const handle = work.handle.bind(work);
    work.handle = (r) => {
      sent.push(r);
      return handle(r);
    };
    const job = inThreadSaveJob(work);
    let doc = layer(solid);
    expect((await job({ doc }, null)).text).toBe(saveScene(doc));
    expect(sent[0].solid?.length).toBe(1800);
    // Paint: one box appended. Erase: a box in the middle replaced by pieces.
    const painted = paintVoxels(doc, [3, 1, 2, 3, 1, 2], true);
    const erased = paintVoxels(painted, [0, 0, 0, 0, 0, 0], false);
    for (const next of [painted, erased, doc]) {
      expect((await job({ doc: next }, null)).text).toBe(saveScene(next));
      const r = sent.at(-1)!;
      expect(r.solid).toBeUndefined();
      expect(r.solidEdit!.runs.length).toBeLessThan(200);
      expect(applySolidEdit(doc.voxels!.solid, solidEdit(doc.voxels!.solid, next.voxels!.solid)!)).toEqual(next.voxels!.solid);
      doc = next;
    }
    expect(sent[1].solidEdit!.fresh.length).toBe(6);
    // A request the worker refuses: the next list travels whole again.
    await expect(job({ doc: { ...doc, version: 99 } as unknown as SceneDocument }, null)).rejects.toThrow();
    expect((await job({ doc: painted }, null)).text).toBe(saveScene(painted));
    expect(sent.at(-1)!.solid?.length).toBe(6 * painted.voxels!.solid.length);
  });

  it('an edit remakes any list from any other (removed runs, new boxes, another order)', () => {
    const random = mulberry32(3);
    const box = (): VoxelBox => [randInt(random, 9), 0, randInt(random, 9), 9, 1, 9];
    let prev: VoxelBox[] = Array.from({ length: 400 }, box);
    for (let k = 0; k < 40; k++) {
      let next = prev.slice();
      const at = randInt(random, next.length);
      if (k % 4 === 0) next.splice(at, randInt(random, 60));
      if (k % 4 === 1) next.splice(at, 0, ...Array.from({ length: randInt(random, 20) + 1 }, box));
      if (k % 4 === 2) next = [...next.slice(at), ...next.slice(0, at)];
      if (k % 4 === 3) next[at] = box();
      const edit = solidEdit(prev, next);
      expect(applySolidEdit(prev, edit!)).toEqual(next);
      prev = next;
    }
    expect(solidEdit(prev, [...prev, [1, 2, 3]])).toBeNull();
  });

  it('refuses an edit of a list it does not hold, or that does not fit it', () => {
    const work = new SaveWork();
    const doc = JSON.stringify(layer([]));
    const edit = { runs: Int32Array.from([0, 5]), fresh: new Float64Array(0) };
    expect(work.handle({ id: 1, doc, solidEdit: edit })).toEqual({ id: 1, error: expect.stringMatching(/holds no earlier solid list/) });
    work.handle({ id: 2, doc: JSON.stringify(layer(solid.slice(0, 3))) });
    expect(work.handle({ id: 3, doc, solidEdit: edit })).toEqual({ id: 3, error: expect.stringMatching(/does not fit/) });
    expect(work.handle({ id: 4, doc, solidEdit: { runs: Int32Array.from([-1, 2]), fresh: new Float64Array(6) } })).toEqual({
      id: 4,
      error: expect.stringMatching(/holds no earlier|does not fit/),
    });
  });

  it("answers a big scene's text only when there is no patch of use", () => {
    const work = new SaveWork();
    const base = saveScene(d0);
    const doc = JSON.stringify(d1);
    const a = work.handle({ id: 1, doc, base: { id: 'b', text: base } });
    expect(a).toEqual({ id: 1, patch: expect.any(String) });
    const patch = (a as { patch: string }).patch;
    expect(work.handle({ id: 2, doc, base: { id: 'b' }, patchLimit: patch.length })).toEqual({ id: 2, patch });
    expect(work.handle({ id: 3, doc, base: { id: 'b' }, patchLimit: patch.length - 1 })).toEqual({
      id: 3,
      text: saveScene(d1),
      patch: null,
    });
  });
});
