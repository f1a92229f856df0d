/**
 * The editor's pure parts in node: document edit commands, the history's behaviour when a
 * command fails, share-link encoding, and the per-scene saved edits (SavedScenes).
 */
import { describe, expect, it } from 'vitest';
import { History } from '../../src/app/shell/base/History.ts';
import {
  addWaypoint,
  duplicateWaypoint,
  moveWaypoint,
  paintTerrain,
  paintVoxels,
  removeObstacle,
  removeWaypoint,
  setAgentEnd,
  setObstacle,
  validated,
} from '../../src/app/features/editor/edits.ts';
import { addPlaced } from '../../src/app/features/meshes/placedWaypoints.ts';
import { freshId } from '../../src/app/shell/scene/freshId.ts';
import { LEGACY_AUTOSAVE_KEY, MAX_SAVED_STEPS, SavedScenes, SCENE_KEY_PREFIX } from '../../src/app/features/editor/persistence.ts';
import { DocRef, stacksOf, timelineOf, type DocCommand, type Timeline } from '../../src/app/features/editor/timeline.ts';
import { decodeShare, encodeShare, fromBase64Url, MAX_HASH_SCENE, toBase64Url } from '../../src/app/features/editor/share.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { parseScene, saveScene } from '../../src/scene/validate.ts';
import { memoryStorage } from './helpers.ts';

const base = () =>
  parseScene({
    version: 1,
    name: 'edits',
    voxels: { dims: [4, 2, 3], solid: [[0, 0, 0, 3, 0, 2]] },
    obstacles: [{ id: 'box-1', shape: 'box', position: [1, 1, 1], size: [1, 1, 1] }],
    waypoints: [
      { id: 'a', position: [0.5, 1.5, 0.5] },
      { id: 'b', position: [3.5, 1.5, 2.5] },
    ],
    agents: [{ id: 'ship', start: 'a', goal: 'b', radius: 0.3, speed: 2 }],
  });

describe('document edits', () => {
  it('adds placed waypoints to hand-placed ones: those near one are left out, taken ids renamed', () => {
    const hand = [
      { id: 'a', position: [0, 1, 0] as [number, number, number] },
      { id: 'auto-1', position: [5, 1, 0] as [number, number, number] },
    ];
    const placed = [
      { id: 'auto-1', position: [0.2, 1, 0] as [number, number, number] },
      { id: 'auto-2', position: [2, 1, 0] as [number, number, number] },
      { id: 'auto-3', position: [4, 1, 4] as [number, number, number] },
    ];
    const out = addPlaced(hand, placed, 0.5);
    expect(out.map((w) => w.id)).toEqual(['a', 'auto-1', 'auto-2', 'auto-3']);
    expect(out.slice(0, 2)).toEqual(hand);
    expect(out[2].position).toEqual([2, 1, 0]);
    // A placed id the scene already uses gets a fresh one.
    const again = addPlaced(out, [{ id: 'auto-2', position: [9, 1, 9] as [number, number, number] }], 0.5);
    expect(again.at(-1)).toEqual({ id: 'auto-4', position: [9, 1, 9] });
  });

  it('add, move, duplicate and remove waypoints without touching the input', () => {
    const d0 = base();
    const frozen = structuredClone(d0);
    const { doc: d1, id } = addWaypoint(d0, [2, 1.5, 1]);
    expect(id).toBe('wp-1');
    expect(d1.waypoints.map((w) => w.id)).toEqual(['a', 'b', 'wp-1']);
    const d2 = moveWaypoint(d1, 'wp-1', [2, 1.8, 1]);
    expect(d2.waypoints[2].position).toEqual([2, 1.8, 1]);
    const dup = duplicateWaypoint(d2, 'wp-1', [0.5, 0, 0]);
    expect(dup.id).toBe('wp-2');
    expect(dup.doc.waypoints[3].position).toEqual([2.5, 1.8, 1]);
    // The agent started at 'a': removing 'a' keeps the agent, at a's position.
    const d3 = removeWaypoint(dup.doc, 'a');
    expect(d3.waypoints.map((w) => w.id)).toEqual(['b', 'wp-1', 'wp-2']);
    expect(d3.agents[0].start).toEqual([0.5, 1.5, 0.5]);
    expect(d3.agents[0].goal).toBe('b');
    for (const d of [d1, d2, dup.doc, d3]) expect(validated(d)).toEqual(d);
    expect(d0).toEqual(frozen);
    expect(d3.obstacles).toBe(d0.obstacles); // untouched lists are shared
    expect(() => moveWaypoint(d0, 'zz', [0, 0, 0])).toThrow("no waypoint with id 'zz'");
    expect(() => addWaypoint(d0, [0, NaN, 0])).toThrow('finite numbers');
    expect(() => addWaypoint(d0, [0, 0, 0], 'a')).toThrow("'a' already exists");
  });

  it('paints and erases voxels (also inside a bigger box) and clips the brush to the layer', () => {
    const d0 = base();
    const d1 = paintVoxels(d0, [1, 1, 1, 1, 1, 1], true);
    expect(buildVoxelGrid(d1)!.isBlocked(1, 1, 1)).toBe(true);
    const d2 = paintVoxels(d1, [1, 0, 1, 1, 1, 1], false);
    const g = buildVoxelGrid(d2)!;
    expect(g.isBlocked(1, 1, 1)).toBe(false);
    expect(g.isBlocked(1, 0, 1)).toBe(false);
    expect(g.isBlocked(0, 0, 1)).toBe(true);
    let blocked = 0;
    for (let i = 0; i < g.size; i++) blocked += g.occupancy[i];
    expect(blocked).toBe(11);
    const d3 = paintVoxels(d0, [-1, 1, -1, 9, 1, 9], true); // a brush beyond the edges
    expect(d3.voxels!.solid.at(-1)).toEqual([0, 1, 0, 3, 1, 2]);
    expect(() => paintVoxels(d0, [5, 0, 0, 6, 0, 0], true)).toThrow('outside the 4×2×3 layer');
    const noLayer = parseScene({ version: 1 });
    expect(() => paintVoxels(noLayer, [0, 0, 0, 0, 0, 0], true)).toThrow('no voxel layer');
  });

  it('paints terrain kinds with their costs; later regions win', () => {
    const d1 = paintTerrain(base(), [0, 1, 0, 1, 1, 0], 'water');
    const d2 = paintTerrain(d1, [2, 1, 0, 2, 1, 0], 'water');
    expect(d2.voxels!.terrain).toHaveLength(1);
    const d3 = paintTerrain(d2, [1, 1, 0, 1, 1, 0], 'ground');
    expect(d3.voxels!.terrain.map((r) => [r.kind, r.cost])).toEqual([
      ['water', 8],
      ['ground', 1],
    ]);
    const g = buildVoxelGrid(validated(d3))!;
    expect(g.costAt(g.index(0, 1, 0))).toBe(8);
    expect(g.costAt(g.index(1, 1, 0))).toBe(1);
    expect(g.costAt(g.index(2, 1, 0))).toBe(8);
    expect(() => paintTerrain(d1, [0, 1, 0, 0, 1, 0], 'lava')).toThrow("unknown terrain kind 'lava'");
  });

  it('adds, moves and removes obstacles; sets agent ends (a new agent when none is named)', () => {
    const d1 = setObstacle(base(), { id: 'ball', shape: 'sphere', position: [2, 1, 1], radius: 0.5 });
    const d2 = setObstacle(d1, { id: 'box-1', shape: 'box', position: [3, 1, 1], size: [1, 1, 1] });
    expect(d2.obstacles.map((o) => [o.id, o.position[0]])).toEqual([
      ['box-1', 3],
      ['ball', 2],
    ]);
    expect(removeObstacle(d2, 'ball').obstacles.map((o) => o.id)).toEqual(['box-1']);
    expect(() => removeObstacle(d2, 'nope')).toThrow("no obstacle with id 'nope'");
    const a = setAgentEnd(d2, 'ship', 'goal', [1, 1.5, 1]);
    expect(a.doc.agents[0].goal).toEqual([1, 1.5, 1]);
    const b = setAgentEnd(a.doc, null, 'start', [2, 1.5, 2]);
    expect(b.id).toBe('agent-1');
    expect(b.doc.agents[1]).toMatchObject({ start: [2, 1.5, 2], goal: [2, 1.5, 2] });
    expect(validated(b.doc)).toEqual(b.doc);
    expect(freshId('wp', ['wp-1', 'wp-3'])).toBe('wp-2');
  });

  it('validated rejects a document a file could not hold, naming the problem', () => {
    const d = base();
    const bad = { ...d, waypoints: [...d.waypoints, { id: 'a', position: [0, 0, 0] as [number, number, number] }] };
    expect(() => validated(bad)).toThrow(/duplicate id 'a'/);
  });
});

describe('History with failing commands', () => {
  it('a command that throws on apply is not recorded; a failing undo or redo keeps the stacks', () => {
    const h = new History();
    let value = 0;
    let fail = false;
    const cmd = (n: number) => ({
      label: `+${n}`,
      apply: () => {
        if (fail) throw new Error('apply failed');
        value += n;
      },
      revert: () => {
        if (fail) throw new Error('revert failed');
        value -= n;
      },
    });
    h.push(cmd(1));
    fail = true;
    expect(() => h.push(cmd(10))).toThrow('apply failed');
    expect(value).toBe(1);
    expect(h.undoLabel).toBe('+1');
    expect(() => h.undo()).toThrow('revert failed');
    expect(h.undoLabel).toBe('+1');
    fail = false;
    expect(h.undo()).toBe(true);
    expect(value).toBe(0);
    fail = true;
    expect(() => h.redo()).toThrow('apply failed');
    expect(h.redoLabel).toBe('+1');
    fail = false;
    expect(h.redo()).toBe(true);
    expect(value).toBe(1);
  });
});

describe('share links', () => {
  it('base64url round-trips bytes and rejects other characters', () => {
    const bytes = new Uint8Array(300).map((_, i) => (i * 37) & 255);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(() => fromBase64Url('ab$c')).toThrow('not valid base64url');
  });

  it('small scenes travel in the hash (deflated) with the query; large ones by file name', async () => {
    const json = JSON.stringify(base());
    const hash = await encodeShare(json, 'edits.json', 'a', [1, 2, 3]);
    expect(hash).toMatch(/^#scene=[A-Za-z0-9_-]+&enc=deflate&from=a&to=1%2C2%2C3$/);
    const back = await decodeShare(hash!);
    expect(back).toEqual({ json, name: null, from: 'a', to: [1, 2, 3] });
    expect(parseScene(back!.json)).toEqual(base());

    const big = JSON.stringify({ ...base(), description: Array.from({ length: 4000 }, (_, i) => (i * 7919).toString(36)).join('') });
    const named = await encodeShare(big, 'maze.json', 'x', null);
    expect(named).toBe('#name=maze.json&from=x');
    expect(await decodeShare(named!)).toEqual({ json: null, name: 'maze.json', from: 'x', to: null });
    expect(await encodeShare(big, null)).toBeNull();
    expect(big.length).toBeGreaterThan(MAX_HASH_SCENE);
  });

  it('reads plain JSON links, ignores hashes without a scene, and reports damaged ones', async () => {
    const plain = `#scene=${toBase64Url(new TextEncoder().encode('{"version":1}'))}`;
    expect((await decodeShare(plain))!.json).toBe('{"version":1}');
    expect(await decodeShare('#from=a')).toBeNull();
    expect(await decodeShare('')).toBeNull();
    await expect(decodeShare('#scene=AAAA&enc=deflate')).rejects.toThrow('does not inflate');
    await expect(decodeShare('#scene=AAAA&enc=zip')).rejects.toThrow("unknown encoding 'zip'");
    // A scene= value that is not a share link: the problem is named, the decoded bytes are not quoted.
    const notShared = async (hash: string) =>
      await decodeShare(hash).then(
        () => '',
        (e: Error) => e.message,
      );
    expect(await notShared('#scene=hello')).toBe("the link's scene= value is not a shared scene: it is not valid base64url");
    expect(await notShared(`#scene=${toBase64Url(new TextEncoder().encode('not a scene'))}`)).toBe(
      "the link's scene= value is not a shared scene: it decodes to text that is not JSON",
    );
    expect(await notShared(`#scene=${toBase64Url(new Uint8Array([0xff, 0xfe, 0x80, 0x41]))}`)).toMatch(
      /^the link's scene= value is not a shared scene: it does not decode to text/,
    );
    expect(await notShared(`#scene=${toBase64Url(new TextEncoder().encode('[1,2]'))}`)).toMatch(/JSON that is not a scene document/);
  });
});

/** A timeline of `docs` with the current one at `index`. */
const line = (docs: ReturnType<typeof base>[], index = docs.length - 1): Timeline => ({
  docs: docs.map((d) => DocRef.of(d)),
  labels: docs.slice(1).map((_, i) => `edit ${i + 1}`),
  index,
});

describe('SavedScenes', () => {
  const d0 = base();
  const d1 = addWaypoint(d0, [1, 1.5, 1]).doc;
  const d2 = moveWaypoint(d1, 'a', [0, 1, 0]);

  it('keeps each scene under its own key, written after a short delay or on flush', async () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage);
    saved.adopt('Maze', 0);
    saved.adopt('Open field', 0);
    saved.changed('Maze', () => line([d0, d1]));
    expect(storage.store.size).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    saved.changed('Open field', () => line([d0, d1, d2], 1));
    saved.flush();
    expect(saved.names().sort()).toEqual(['Maze', 'Open field']);
    const maze = saved.get('Maze')!;
    expect(maze.docs.map((t) => parseScene(t))).toEqual([d0, d1]);
    expect([maze.index, maze.labels, maze.revision]).toEqual([1, ['edit 1'], 1]);
    const field = saved.get('Open field')!;
    expect(field.docs).toEqual([d0, d1, d2].map((d) => saveScene(d)));
    expect(field.index).toBe(1);
    // Another instance (a reload) reads the same.
    expect(new SavedScenes(storage).get('Open field')).toEqual(field);
    saved.discard('Maze');
    expect(saved.names()).toEqual(['Open field']);
  });

  it('keeps at most MAX_SAVED_STEPS undo steps, dropping the oldest', () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage);
    saved.adopt('s', 0);
    const docs = [d0];
    for (let k = 0; k < MAX_SAVED_STEPS + 5; k++) docs.push(moveWaypoint(docs.at(-1)!, 'a', [0, 1, k / 10]));
    saved.write('s', line(docs));
    const r = saved.get('s')!;
    expect(r.docs.length).toBe(MAX_SAVED_STEPS + 1);
    expect(r.index).toBe(MAX_SAVED_STEPS);
    expect(parseScene(r.docs[r.index])).toEqual(docs.at(-1));
    expect(parseScene(r.docs[0])).toEqual(docs[5]);
    expect(r.labels.length).toBe(MAX_SAVED_STEPS);
  });

  it('round-trips a timeline through the history stacks', () => {
    const t = line([d0, d1, d2], 1);
    const step = (label: string, before: DocRef, after: DocRef): DocCommand => ({ label, before, after, apply() {}, revert() {} });
    const [done, undone] = stacksOf(t, step);
    expect(done.map((c) => c.label)).toEqual(['edit 1']);
    expect(undone.map((c) => c.label)).toEqual(['edit 2']);
    const back = timelineOf(done, undone)!;
    expect(back.index).toBe(1);
    expect(back.docs.map((d) => d.get())).toEqual([d0, d1, d2]);
    expect(timelineOf([], [])).toBeNull();
    // A timeline read back from text parses each document on first use.
    expect(DocRef.fromText(saveScene(d2)).get()).toEqual(d2);
  });

  it("never overwrites another tab's save silently: it reports a conflict until the user chooses", () => {
    const storage = memoryStorage();
    const a = new SavedScenes(storage);
    const b = new SavedScenes(storage);
    a.adopt('s', 0);
    b.adopt('s', 0);
    const conflicts: string[] = [];
    b.conflict.add((name, theirs) => conflicts.push(`${name}@${theirs.revision}`));
    a.write('s', line([d0, d1]));
    b.write('s', line([d0, d2]));
    expect(conflicts).toEqual(['s@1']);
    expect(
      parseScene(storage.store.get(`${SCENE_KEY_PREFIX}s`)!.length ? JSON.parse(storage.store.get(`${SCENE_KEY_PREFIX}s`)!).docs[1] : ''),
    ).toEqual(d1);
    // b's edits stay in its page; further writes stay blocked and are not reported twice.
    expect(parseScene(b.get('s')!.docs[1])).toEqual(d2);
    b.write('s', line([d0, d2]));
    expect(conflicts.length).toBe(1);
    // "Keep this tab's version": an explicit overwrite.
    b.write('s', line([d0, d2]), true);
    expect(JSON.parse(storage.store.get(`${SCENE_KEY_PREFIX}s`)!).revision).toBe(2);
    // a now is the one behind: its next write is a conflict, not an overwrite.
    const aConflicts: number[] = [];
    a.conflict.add((_, theirs) => aConflicts.push(theirs.revision));
    a.write('s', line([d0, d1]));
    expect(aConflicts).toEqual([2]);
    // "Load the other tab's version": a reads the stored record and continues from it.
    a.dropInPage('s');
    a.adopt('s', a.get('s')!.revision);
    a.write('s', line([d0, d1]));
    expect(JSON.parse(storage.store.get(`${SCENE_KEY_PREFIX}s`)!).revision).toBe(3);
  });

  it('reports a failed write (storage full), keeps the edits in the page, and reports recovery', () => {
    const storage = memoryStorage();
    const saved = new SavedScenes(storage);
    const reports: (string | null)[] = [];
    saved.saveFailed.add((m) => reports.push(m));
    saved.adopt('s', 0);
    storage.full = true;
    saved.write('s', line([d0, d1]));
    expect(reports).toEqual(["the browser's storage for this page is full"]);
    expect(storage.store.size).toBe(0);
    expect(parseScene(saved.get('s')!.docs[1])).toEqual(d1);
    storage.full = false;
    saved.write('s', line([d0, d1, d2]));
    expect(reports).toEqual(["the browser's storage for this page is full", null]);
    expect(JSON.parse(storage.store.get(`${SCENE_KEY_PREFIX}s`)!).docs.length).toBe(3);
  });

  it('ignores damaged records and moves the old single autosave slot to its scene', () => {
    const storage = memoryStorage();
    storage.store.set(`${SCENE_KEY_PREFIX}bad`, '{broken');
    storage.store.set(`${SCENE_KEY_PREFIX}worse`, JSON.stringify({ format: 2, name: 'worse', docs: [], labels: [], index: 0 }));
    const saved = new SavedScenes(storage);
    expect(saved.get('bad')).toBeNull();
    expect(saved.get('worse')).toBeNull();
    storage.store.set(LEGACY_AUTOSAVE_KEY, JSON.stringify({ text: saveScene(d1), name: 'edits', savedAt: 1 }));
    expect(saved.migrateLegacy((n) => `picker ${n}`)).toBe('picker edits');
    expect(storage.store.has(LEGACY_AUTOSAVE_KEY)).toBe(false);
    expect(parseScene(saved.get('picker edits')!.docs[0])).toEqual(d1);
  });
});
