/**
 * Autosave with its job away from the page (the app's save worker, here SaveWork run in this
 * thread): an edit's documents are formatted by the job, never by saveScene on the page; the
 * stored scene equals the edited one; edits made while a save is being prepared are written
 * after it; hiding the page writes at once, and a late answer does not overwrite that;
 * failures are reported. A big scene is stored as a base text in chunks and patches.
 */
import { describe, expect, it, vi } from 'vitest';
import { addWaypoint, moveWaypoint } from '../../src/app/features/editor/edits.ts';
import {
  AUTOSAVE_DELAY_MS,
  BASE_KEY_PREFIX,
  SavedScenes,
  SCENE_KEY_PREFIX,
  type SavedScene,
} from '../../src/app/features/editor/persistence.ts';
import { DocRef, type Timeline } from '../../src/app/features/editor/timeline.ts';
import type { SaveJob } from '../../src/app/features/editor/SceneSaver.ts';
import { SaveWork, type SaveRequest } from '../../src/app/features/editor/saveWork.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { parseScene, saveScene } from '../../src/scene/validate.ts';
import { memoryStorage } from './helpers.ts';

// Counts saveScene calls made on the page, that is, outside the job's stand-in below.
const counter = vi.hoisted(() => ({ inJob: false, pageCalls: 0 }));
vi.mock('../../src/scene/validate.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/scene/validate.ts')>();
  return {
    ...real,
    saveScene: (doc: SceneDocument) => {
      if (!counter.inJob) counter.pageCalls++;
      return real.saveScene(doc);
    },
  };
});

/** saveScene as the job runs it (not counted as the page's). */
function jobSave(doc: SceneDocument): string {
  counter.inJob = true;
  try {
    return saveScene(doc);
  } finally {
    counter.inJob = false;
  }
}

const d0 = parseScene({
  version: 1,
  name: 'autosave',
  voxels: { dims: [4, 2, 3], solid: [[0, 0, 0, 3, 0, 2]] },
  waypoints: [
    { id: 'a', position: [0.5, 1.5, 0.5] },
    { id: 'b', position: [3.5, 1.5, 2.5] },
  ],
});
const d1 = addWaypoint(d0, [1, 1.5, 1]).doc;
const d2 = moveWaypoint(d1, 'a', [0, 1, 0]);
const d3 = moveWaypoint(d2, 'a', [0, 1.2, 0]);

const line = (docs: SceneDocument[]): Timeline => ({
  docs: docs.map((d) => DocRef.of(d)),
  labels: docs.slice(1).map((_, i) => `edit ${i + 1}`),
  index: docs.length - 1,
});

/** The job (SaveWork, as in the worker), answering when the test releases it (`release()`), as a busy worker answers late. */
function heldJob(held = true) {
  const work = new SaveWork();
  const asked: SceneDocument[] = [];
  const waiting: (() => void)[] = [];
  let n = 0;
  const job: SaveJob = (what, base, patchLimit) => {
    if ('doc' in what) asked.push(what.doc);
    return new Promise((resolve, reject) => {
      const answer = () => {
        const r: SaveRequest = 'doc' in what ? { id: ++n, doc: JSON.stringify(what.doc) } : { id: ++n, text: what.text };
        if (base !== null) r.base = { id: base.id, text: base.text };
        if (patchLimit !== undefined) r.patchLimit = patchLimit;
        counter.inJob = true;
        const a = work.handle(r);
        counter.inJob = false;
        if ('error' in a) reject(new Error(a.error));
        else resolve({ text: a.text ?? ('text' in what ? what.text : null), patch: a.patch });
      };
      if (held) waiting.push(answer);
      else setTimeout(answer, 0);
    });
  };
  const release = async () => {
    for (let k = 0; k < 20; k++) {
      while (waiting.length > 0) waiting.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { job, asked, release };
}

const stored = (storage: ReturnType<typeof memoryStorage>, name: string) => {
  const raw = storage.store.get(SCENE_KEY_PREFIX + name);
  return raw === undefined ? null : (JSON.parse(raw) as SavedScene);
};
const later = (ms = AUTOSAVE_DELAY_MS + 50) => new Promise((r) => setTimeout(r, ms));

describe('autosave with its job off the page', () => {
  it("formats an edit's documents in the job, never with saveScene on the page, and stores the edited scene", async () => {
    counter.pageCalls = 0;
    const storage = memoryStorage();
    const s = heldJob();
    const saved = new SavedScenes(storage, s.job);
    saved.adopt('s', 0);
    saved.changed('s', () => line([d0, d1]));
    await later();
    expect(s.asked).toEqual([d0]);
    expect(stored(storage, 's')).toBeNull();
    await s.release();
    await saved.settled();
    expect(s.asked).toEqual([d0, d1]);
    const r = stored(storage, 's')!;
    expect(r.docs).toEqual([jobSave(d0), jobSave(d1)]);
    // The next edit formats only its new document: the others' texts are kept.
    const t2 = line([d0, d1, d2]);
    t2.docs[0] = DocRef.fromText(r.docs[0]);
    t2.docs[1] = DocRef.fromText(r.docs[1]);
    saved.changed('s', () => t2);
    await later();
    await s.release();
    await saved.settled();
    expect(s.asked).toEqual([d0, d1, d2]);
    expect(parseScene(stored(storage, 's')!.docs[2])).toEqual(d2);
    expect(counter.pageCalls).toBe(0);
  });

  it('writes edits made while a save is being prepared after it, in order', async () => {
    const storage = memoryStorage();
    const s = heldJob();
    const saved = new SavedScenes(storage, s.job);
    saved.adopt('s', 0);
    saved.changed('s', () => line([d0, d1]));
    await later();
    saved.changed('s', () => line([d0, d1, d2]));
    await later();
    await s.release();
    await saved.settled();
    const r = stored(storage, 's')!;
    expect(parseScene(r.docs[r.index])).toEqual(d2);
    expect(r.revision).toBe(2);
  });

  it('writes at once when the page is hidden (flush), and a late answer does not overwrite that', async () => {
    const storage = memoryStorage();
    const s = heldJob();
    const saved = new SavedScenes(storage, s.job);
    saved.adopt('s', 0);
    saved.changed('s', () => line([d0, d1, d2]));
    await later();
    expect(s.asked.length).toBeGreaterThan(0);
    // Being prepared, then one more edit pending: the flush writes the newest.
    saved.changed('s', () => line([d0, d1, d2, d3]));
    saved.flush();
    const r = stored(storage, 's')!;
    expect(parseScene(r.docs[r.index])).toEqual(d3);
    await s.release();
    await saved.settled();
    expect(stored(storage, 's')).toEqual(r);
  });

  it("writes nothing of a save being prepared when the user drops this tab's edits (the other tab's version)", async () => {
    const storage = memoryStorage();
    const s = heldJob();
    const saved = new SavedScenes(storage, s.job);
    saved.adopt('s', 0);
    saved.changed('s', () => line([d0, d1]));
    await later();
    expect(saved.unsaved('s')!.docs.length).toBe(2);
    saved.dropInPage('s');
    expect(saved.unsaved('s')).toBeNull();
    await s.release();
    await saved.settled();
    expect(stored(storage, 's')).toBeNull();
  });

  it('reports a document the job refuses, and a full storage, as failed saves', async () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage, heldJob(false).job);
    const reports: (string | null)[] = [];
    saved.saveFailed.add((m) => reports.push(m));
    saved.adopt('s', 0);
    const broken = { ...d1, waypoints: [{ id: 'a', position: [0, 'x', 0] }] } as unknown as SceneDocument;
    saved.changed('s', () => line([d0, broken]));
    await later();
    await saved.settled();
    expect(reports.length).toBe(1);
    expect(reports[0]).toMatch(/could not be saved .*waypoints\[0\]\.position/);
    expect(stored(storage, 's')).toBeNull();
    storage.full = true;
    saved.changed('s', () => line([d0, d1]));
    await later();
    await saved.settled();
    expect(reports.at(-1)).toBe("the browser's storage for this page is full");
    storage.full = false;
    saved.changed('s', () => line([d0, d1, d2]));
    await later();
    await saved.settled();
    expect(reports.at(-1)).toBeNull();
    expect(parseScene(stored(storage, 's')!.docs[2])).toEqual(d2);
  });
});

describe('autosave of a big scene: a base text and patches', () => {
  // 400 waypoints: a saved text of some 30,000 characters, over the patch threshold set below.
  let big = d0;
  for (let i = 0; i < 400; i++) big = addWaypoint(big, [(i % 20) / 5, 1.5, Math.floor(i / 20) / 8]).doc;
  const edits = [big];
  for (let k = 1; k <= 4; k++) edits.push(moveWaypoint(edits.at(-1)!, 'a', [0, 1, k / 10]));
  const sizes = { patchMinChars: 10_000, chunkChars: 4_000 };
  const baseKeys = (storage: ReturnType<typeof memoryStorage>) =>
    [...storage.store.keys()].filter((k) => k.startsWith(BASE_KEY_PREFIX)).sort();
  /** A saver over empty storage that has stored the first edit of `edits`, none formatted on the page. */
  async function firstEditSaved() {
    counter.pageCalls = 0;
    const storage = memoryStorage();
    const saved = new SavedScenes(storage, heldJob(false).job, sizes);
    saved.adopt('big', 0);
    const t = line(edits.slice(0, 2));
    saved.changed('big', () => t);
    await later();
    await saved.settled();
    return { storage, saved, t };
  }

  it('stores the base once, in chunks, and each edit as a short patch; a reload reads the edited scene back', async () => {
    const { storage, saved, t } = await firstEditSaved();
    const text = jobSave(edits[1]);
    expect(text.length).toBeGreaterThan(sizes.patchMinChars);
    const keys = baseKeys(storage);
    expect(keys.length).toBe(Math.ceil(text.length / sizes.chunkChars));
    let r = stored(storage, 'big')!;
    expect(r.base).toBeDefined();
    expect(r.docs.every((d) => d.startsWith('~'))).toBe(true);
    // More edits: the same base; the record holds patches only, far shorter than the scene.
    for (let k = 2; k < edits.length; k++) {
      t.docs.push(DocRef.of(edits[k]));
      t.labels.push(`edit ${k}`);
      t.index = k;
      saved.changed('big', () => t);
      await later();
      await saved.settled();
    }
    r = stored(storage, 'big')!;
    expect(baseKeys(storage)).toEqual(keys);
    expect(r.docs.length).toBe(edits.length);
    expect(storage.store.get(`${SCENE_KEY_PREFIX}big`)!.length).toBeLessThan(text.length / 5);
    expect(counter.pageCalls).toBe(0);
    // A reload: each step reads back as its document.
    const again = new SavedScenes(storage, heldJob(false).job, sizes);
    const r2 = again.get('big')!;
    for (let i = 0; i < edits.length; i++) expect(again.text(r2, i)).toBe(jobSave(edits[i]));
    const refs = again.refs(r2, edits.at(-1)!);
    expect(refs.map((d) => d.get())).toEqual(edits);
    // Forgetting the scene removes its base too.
    again.discard('big');
    expect(baseKeys(storage)).toEqual([]);
  });

  it('a document saved as a patch is written from it, never formatted on the page, once its base is gone', async () => {
    const { storage, saved, t } = await firstEditSaved();
    t.docs.push(DocRef.of(edits[2]));
    t.labels.push('edit 2');
    t.index = 2;
    saved.changed('big', () => t);
    await later();
    await saved.settled();
    // The new document's text is made from its patch when needed (the worker sent only that).
    expect(t.docs[2].knownText).toBe(jobSave(edits[2]));
    // Another tab replaced the record and removed the base: the next write stores texts.
    for (const k of baseKeys(storage)) storage.removeItem(k);
    saved.write('big', t);
    const r = stored(storage, 'big')!;
    expect(r.base).toBeUndefined();
    expect(r.docs).toEqual(edits.slice(0, 3).map(jobSave));
    expect(counter.pageCalls).toBe(0);
  });

  it('stores a new base when the scene changed too much, and removes the old one', async () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage, heldJob(false).job, sizes);
    saved.adopt('big', 0);
    saved.changed('big', () => line(edits.slice(0, 2)));
    await later();
    await saved.settled();
    const first = stored(storage, 'big')!.base!.id;
    const other = { ...edits[1], waypoints: edits[1].waypoints.map((w) => ({ ...w, id: `${w.id}-renamed` })) };
    saved.changed('big', () => line([edits[0], edits[1], other]));
    await later();
    await saved.settled();
    const r = stored(storage, 'big')!;
    expect(r.base!.id).not.toBe(first);
    expect(baseKeys(storage).every((k) => k.startsWith(`${BASE_KEY_PREFIX}${r.base!.id}:`))).toBe(true);
    expect(saved.text(r, r.index)).toBe(jobSave(other));
  });

  it('after a reload, a new base replaces the one of the earlier session (no base is left behind)', async () => {
    const storage = memoryStorage();
    const first = new SavedScenes(storage, heldJob(false).job, sizes);
    first.adopt('big', 0);
    first.changed('big', () => line(edits.slice(0, 2)));
    await later();
    await first.settled();
    const old = stored(storage, 'big')!;
    const again = new SavedScenes(storage, heldJob(false).job, sizes);
    again.adopt('big', old.revision);
    const other = { ...edits[1], waypoints: edits[1].waypoints.map((w) => ({ ...w, id: `${w.id}-renamed` })) };
    again.changed('big', () => line([edits[1], other]));
    await later();
    await again.settled();
    const r = stored(storage, 'big')!;
    expect(r.base!.id).not.toBe(old.base!.id);
    expect(baseKeys(storage).every((k) => k.startsWith(`${BASE_KEY_PREFIX}${r.base!.id}:`))).toBe(true);
    expect(again.text(r, r.index)).toBe(jobSave(other));
  });

  it('refuses damaged patches and missing bases with a clear error', () => {
    const storage = memoryStorage();
    storage.store.set(
      `${SCENE_KEY_PREFIX}x`,
      JSON.stringify({
        format: 2,
        name: 'x',
        savedAt: 1,
        revision: 1,
        tab: 't',
        docs: ['~[]'],
        labels: [],
        index: 0,
        base: { id: 'gone', chunks: 1, length: 5 },
      }),
    );
    storage.store.set(
      `${SCENE_KEY_PREFIX}y`,
      JSON.stringify({ format: 2, name: 'y', savedAt: 1, revision: 1, tab: 't', docs: ['~[]'], labels: [], index: 0 }),
    );
    const saved = new SavedScenes(storage);
    expect(() => saved.text(saved.get('x')!, 0)).toThrow('base text of the saved edits is missing');
    expect(saved.get('y')).toBeNull();
  });
});
