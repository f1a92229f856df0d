/**
 * The editor's pure parts in node: document edit commands, the history's behaviour when a
 * command fails, share-link encoding, and the autosave slot.
 */
import { describe, expect, it } from 'vitest';
import { History } from '../../src/app/editor/History.ts';
import {
  addWaypoint, duplicateWaypoint, freshId, moveWaypoint, paintTerrain, paintVoxels, removeObstacle, removeWaypoint, setAgentEnd, setObstacle,
  validated,
} from '../../src/app/editor/edits.ts';
import { AUTOSAVE_KEY, Autosave } from '../../src/app/editor/persistence.ts';
import { decodeShare, encodeShare, fromBase64Url, MAX_HASH_SCENE, toBase64Url } from '../../src/app/editor/share.ts';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { parseScene, saveScene } from '../../src/scene/validate.ts';

const base = () => parseScene({
  version: 1,
  name: 'edits',
  voxels: { dims: [4, 2, 3], solid: [[0, 0, 0, 3, 0, 2]] },
  obstacles: [{ id: 'box-1', shape: 'box', position: [1, 1, 1], size: [1, 1, 1] }],
  waypoints: [{ id: 'a', position: [0.5, 1.5, 0.5] }, { id: 'b', position: [3.5, 1.5, 2.5] }],
  agents: [{ id: 'ship', start: 'a', goal: 'b', radius: 0.3, speed: 2 }],
});

describe('document edits', () => {
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
    expect(d3.voxels!.terrain.map((r) => [r.kind, r.cost])).toEqual([['water', 8], ['ground', 1]]);
    const g = buildVoxelGrid(validated(d3))!;
    expect(g.costAt(g.index(0, 1, 0))).toBe(8);
    expect(g.costAt(g.index(1, 1, 0))).toBe(1);
    expect(g.costAt(g.index(2, 1, 0))).toBe(8);
    expect(() => paintTerrain(d1, [0, 1, 0, 0, 1, 0], 'lava')).toThrow("unknown terrain kind 'lava'");
  });

  it('adds, moves and removes obstacles; sets agent ends (a new agent when none is named)', () => {
    const d1 = setObstacle(base(), { id: 'ball', shape: 'sphere', position: [2, 1, 1], radius: 0.5 });
    const d2 = setObstacle(d1, { id: 'box-1', shape: 'box', position: [3, 1, 1], size: [1, 1, 1] });
    expect(d2.obstacles.map((o) => [o.id, o.position[0]])).toEqual([['box-1', 3], ['ball', 2]]);
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
  });
});

describe('Autosave', () => {
  it('writes the last edit after a short delay or on flush, and reads it back', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const save = new Autosave(storage);
    expect(save.load()).toBeNull();
    const d1 = addWaypoint(base(), [1, 1.5, 1]).doc;
    save.changed(base());
    save.changed(d1);
    expect(store.has(AUTOSAVE_KEY)).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(parseScene(save.load()!.text)).toEqual(d1);
    const d2 = moveWaypoint(d1, 'a', [0, 1, 0]);
    save.changed(d2);
    save.flush();
    expect(save.load()!.text).toBe(saveScene(d2));
    store.set(AUTOSAVE_KEY, '{broken');
    expect(save.load()).toBeNull();
    save.clear();
    expect(store.size).toBe(0);
  });
});
