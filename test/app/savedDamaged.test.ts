/**
 * Damaged and full storage: saved edits that cannot be read back (truncated JSON, wrong
 * types, a patch whose base is gone) are found, set aside under a key of their own with their
 * text unchanged, and never overwritten by a later write; when storage is full, the record
 * stays where it is and this tab keeps its edits. A save that fails while a big scene's base
 * text is stored (storage full) leaves the edits in the tab, where a reload of the scene finds them.
 */
import { describe, expect, it } from 'vitest';
import { addWaypoint, moveWaypoint } from '../../src/app/features/editor/edits.ts';
import {
  AUTOSAVE_DELAY_MS,
  DAMAGED_KEY_PREFIX,
  LEGACY_AUTOSAVE_KEY,
  SavedScenes,
  SCENE_KEY_PREFIX,
} from '../../src/app/features/editor/persistence.ts';
import { DocRef, type Timeline } from '../../src/app/features/editor/timeline.ts';
import { inThreadSaveJob } from '../../src/app/features/editor/SceneSaver.ts';
import { SaveWork } from '../../src/app/features/editor/saveWork.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { parseScene, saveScene } from '../../src/scene/validate.ts';
import { memoryStorage } from './helpers.ts';

const d0 = parseScene({
  version: 1,
  name: 'damaged',
  voxels: { dims: [4, 2, 3], solid: [[0, 0, 0, 3, 0, 2]] },
  waypoints: [{ id: 'a', position: [0.5, 1.5, 0.5] }],
});
const d1 = addWaypoint(d0, [1, 1.5, 1]).doc;
const d2 = moveWaypoint(d1, 'a', [0, 1, 0]);
const line = (docs: SceneDocument[]): Timeline => ({
  docs: docs.map((d) => DocRef.of(d)),
  labels: docs.slice(1).map((_, i) => `edit ${i + 1}`),
  index: docs.length - 1,
});
const later = () => new Promise((r) => setTimeout(r, AUTOSAVE_DELAY_MS + 50));

const TRUNCATED = '{"format":2,"name":"a","savedAt":1,"revision":1,"tab":"t","docs":["{\\"version\\": 1';
const WRONG_TYPES = JSON.stringify({ format: 2, name: 'b', savedAt: 1, revision: 1, tab: 't', docs: [42], labels: [], index: 0 });
const NO_BASE = JSON.stringify({
  format: 2,
  name: 'c',
  savedAt: 1,
  revision: 1,
  tab: 't',
  docs: ['~[]'],
  labels: [],
  index: 0,
  base: { id: 'gone', chunks: 1, length: 5 },
});

function damagedStorage() {
  const storage = memoryStorage();
  storage.store.set(`${SCENE_KEY_PREFIX}a`, TRUNCATED);
  storage.store.set(`${SCENE_KEY_PREFIX}b`, WRONG_TYPES);
  storage.store.set(`${SCENE_KEY_PREFIX}c`, NO_BASE);
  storage.store.set(
    `${SCENE_KEY_PREFIX}fine`,
    JSON.stringify({ format: 2, name: 'fine', savedAt: 1, revision: 1, tab: 't', docs: [saveScene(d0)], labels: [], index: 0 }),
  );
  return storage;
}

/** The keys holding set-aside records, and their texts. */
const asideOf = (storage: ReturnType<typeof memoryStorage>) =>
  [...storage.store]
    .filter(([k]) => k.startsWith(DAMAGED_KEY_PREFIX))
    .map(([, v]) => v)
    .sort();

describe('damaged saved edits', () => {
  it('are found with their problem, and set aside with their text unchanged', () => {
    const storage = damagedStorage();
    const saved = new SavedScenes(storage);
    const damaged = saved.damaged();
    expect(damaged.map((d) => d.name)).toEqual(['a', 'b', 'c']);
    expect(damaged[0].problem).toMatch(/not JSON/);
    expect(damaged[1].problem).toMatch(/not a record of saved edits/);
    expect(damaged[2].problem).toMatch(/base text .* missing/);
    for (const { name } of damaged) expect(saved.setAside(name)).toMatch(new RegExp(`^${DAMAGED_KEY_PREFIX}`));
    expect(asideOf(storage)).toEqual([TRUNCATED, WRONG_TYPES, NO_BASE].sort());
    expect([...storage.store.keys()].filter((k) => k.startsWith(SCENE_KEY_PREFIX))).toEqual([`${SCENE_KEY_PREFIX}fine`]);
    expect(saved.damaged()).toEqual([]);
    // The single autosave slot of earlier versions, damaged: set aside too, not removed.
    storage.store.set(LEGACY_AUTOSAVE_KEY, '{"text": 5}');
    expect(saved.migrateLegacy((n) => n)).toBeNull();
    expect(storage.store.has(LEGACY_AUTOSAVE_KEY)).toBe(false);
    expect(asideOf(storage)).toContain('{"text": 5}');
  });

  it('are never overwritten by a write: set aside first, or, with no room to do so, left in place and this tab keeps its edits', async () => {
    const storage = damagedStorage();
    const saved = new SavedScenes(storage, inThreadSaveJob(new SaveWork()));
    const failures: (string | null)[] = [];
    saved.saveFailed.add((m) => failures.push(m));
    saved.adopt('a', 0);
    saved.write('a', line([d0, d1]));
    expect(asideOf(storage)).toEqual([TRUNCATED]);
    expect(saved.text(saved.get('a')!, 1)).toBe(saveScene(d1));
    // Full storage: the damaged record cannot be copied, so it stays, and nothing overwrites it.
    storage.full = true;
    expect(saved.setAside('b')).toBeNull();
    saved.adopt('b', 0);
    saved.changed('b', () => line([d0, d2]));
    await later();
    await saved.settled();
    expect(storage.store.get(`${SCENE_KEY_PREFIX}b`)).toBe(WRONG_TYPES);
    expect(failures.at(-1)).toMatch(/damaged/);
    // The tab keeps the edits (what a scene switch reads back).
    expect(saved.text(saved.get('b')!, 1)).toBe(saveScene(d2));
    // With room again, it is set aside and the edits are written.
    storage.full = false;
    saved.changed('b', () => line([d0, d2]));
    await later();
    await saved.settled();
    expect(asideOf(storage)).toEqual([TRUNCATED, WRONG_TYPES].sort());
    expect(saved.text(saved.get('b')!, 1)).toBe(saveScene(d2));
    expect(failures.at(-1)).toBeNull();
  });
});

describe('a full storage', () => {
  it('keeps the edits of a big scene in the tab when its base text cannot be stored, until a write succeeds', async () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage, inThreadSaveJob(new SaveWork()), { patchMinChars: 100, chunkChars: 50 });
    const failures: (string | null)[] = [];
    saved.saveFailed.add((m) => failures.push(m));
    saved.adopt('big', 0);
    storage.full = true;
    saved.changed('big', () => line([d0, d1]));
    await later();
    await saved.settled();
    expect(failures).toEqual(["the browser's storage for this page is full"]);
    expect(storage.store.size).toBe(0);
    // What a scene switch reads back (SceneWork.editedSource): the tab's edits.
    expect(saved.unsaved('big')?.docs.map((d) => d.get())).toEqual([d0, d1]);
    storage.full = false;
    saved.changed('big', () => line([d0, d1, d2]));
    await later();
    await saved.settled();
    expect(failures.at(-1)).toBeNull();
    expect(saved.unsaved('big')).toBeNull();
    const r = saved.get('big')!;
    expect(saved.text(r, r.index)).toBe(saveScene(d2));
  });
});
