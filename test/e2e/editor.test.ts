/**
 * The editor in a real browser (the built app, headless Chromium): waypoints placed by
 * clicking the canvas (on a surface and on the placement plane) get links, dragging one with
 * the gizmo updates its links live and agrees with a full preprocessing, undo/redo by keys
 * and handle, painting a voxel reroutes a grid search, edits survive a reload (autosave),
 * broken files are rejected with the scene unchanged, export -> import and share links give
 * the same document back.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/core/math/random.ts';
import { parseScene } from '../../src/scene/validate.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { downloadText, loadScene, openApp, screenPoint, settle, useAppPage, type AppPage, type EditorHook } from './harness.ts';

/** A small world: a wall between two waypoints (so they do not see each other). */
const WALL_SCENE = {
  version: 1,
  name: 'Editor test: wall',
  bounds: { min: [-10, 0, -10], max: [10, 10, 10] },
  agentRadius: 0.2,
  obstacles: [{ id: 'wall', shape: 'box', position: [0, 3, 0], size: [1, 6, 12] }],
  waypoints: [
    { id: 'w-a', position: [-5, 2, 0] },
    { id: 'w-b', position: [5, 2, 0] },
  ],
};

/**
 * `n` waypoints at seeded points of a 60-unit cube, outside 40 boxes: above the all-pairs limit
 * (2,048), so links are the nearest visible ones and a move changes other waypoints' choices.
 * `at`: the first waypoint.
 */
function crowdScene(n: number): { scene: object; at: number[] } {
  const random = mulberry32(0x2227);
  const size = 60;
  const obstacles = Array.from({ length: 40 }, (_, i) => {
    const s = [1 + 4 * random(), 1 + 4 * random(), 1 + 4 * random()];
    return { id: `box-${i}`, shape: 'box', position: s.map((e) => e / 2 + random() * (size - e)), size: s };
  });
  const inside = (p: number[]) => obstacles.some((o) => o.position.every((c, a) => Math.abs(p[a] - c) <= o.size[a] / 2 + 0.5));
  const waypoints: { id: string; position: number[] }[] = [];
  while (waypoints.length < n) {
    const p = [random() * size, random() * size, random() * size];
    if (!inside(p)) waypoints.push({ id: `w${waypoints.length}`, position: p });
  }
  return {
    scene: { version: 1, name: 'Editor test: crowd', bounds: { min: [0, 0, 0], max: [size, size, size] }, obstacles, waypoints },
    at: waypoints[0].position,
  };
}

/** What the drag test reads of the app through the editor hook. */
interface DragHook {
  views: {
    waypointDrawings: number;
    waypoints: {
      linkWrites: number;
      links: { geometry: { drawRange: { count: number }; attributes: { position: { count: number; array: Float32Array } } } };
    } | null;
  };
  current: { graph: { pairs(): [number, number][] } } | null;
}

/** A voxel floor with one free layer above it: grid searches run in that layer. */
const FLOOR_SCENE = {
  version: 1,
  name: 'Editor test: floor',
  voxels: { dims: [8, 2, 3], solid: [[0, 0, 0, 7, 0, 2]] },
};

let browser: Browser;
let app: AppPage;
let page: Page;
useAppPage((dev) => ({ browser, app, page } = dev));

const doc = (): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());
/** The links count the status panel reports. */
const links = async (): Promise<number> => Number(/(\d+) links?\b/.exec((await page.textContent('.scene-info')) ?? '')?.[1] ?? NaN);

/** Where world point p appears on the page (CSS pixels), checked to be clear of the panels. */
async function screenOf(p: number[]): Promise<{ x: number; y: number }> {
  const s = await screenPoint(page, p);
  expect(s.x, `screen x of ${p}`).toBeGreaterThan(330);
  expect(s.x, `screen x of ${p}`).toBeLessThan(960);
  return s;
}

async function clickWorld(p: number[], button: 'left' | 'right' = 'left'): Promise<void> {
  const s = await screenOf(p);
  await page.mouse.click(s.x, s.y, { button });
  await settle(page);
}

/** Loads a scene; `view`: camera position and orbit target (else the app's framing). */
const load = (scene: object, view?: [number[], number[]]) => loadScene(page, scene, view);

/** A view of WALL_SCENE from the front, above: every point the tests click is clear of the panels. */
const WALL_VIEW: [number[], number[]] = [
  [0, 22, 24],
  [0, 2, 0],
];

describe('the editor (dev)', () => {
  it('rejects unknown tool names readably', async () => {
    const message = await page.evaluate(() => {
      try {
        window.navlab!.setTool('paint');
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(message).toContain("unknown tool 'paint'");
    expect(message).toContain('waypoint');
  });

  it('places waypoints by clicking (plane and surface), drags one with live links, undoes and redoes', async () => {
    await load(WALL_SCENE, WALL_VIEW);
    expect(await links()).toBe(0);
    await page.evaluate(() => window.navlab!.setTool('waypoint'));
    // On the placement plane (height 2 here): one click, one waypoint.
    await clickWorld([-5, 2, 8]);
    let d = await doc();
    expect(d.waypoints.length).toBe(3);
    expect(d.waypoints[2].position[1]).toBeCloseTo(2, 1);
    expect(await links()).toBe(1); // sees w-a, the wall hides w-b
    await clickWorld([5, 2, 8]);
    d = await doc();
    expect(d.waypoints.length).toBe(4);
    expect(await links()).toBe(3); // + w-b and the first new one
    // On a surface: the top of the wall; lifted by the agent radius along the normal.
    await clickWorld([0, 6, -3]);
    d = await doc();
    expect(d.waypoints.length).toBe(5);
    expect(d.waypoints[4].position[1]).toBeCloseTo(6.2, 2);
    const placed = structuredClone(d);
    const linksPlaced = await links();

    // Select the first placed waypoint and drag the gizmo's centre handle across the view.
    await page.evaluate(() => window.navlab!.setTool('select'));
    const from = await screenOf(d.waypoints[2].position);
    await page.mouse.click(from.x, from.y);
    await settle(page);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const to = await screenOf([-5, 2, -8]);
    const seen = new Set<number>();
    for (let k = 1; k <= 12; k++) {
      await page.mouse.move(from.x + ((to.x - from.x) * k) / 12, from.y + ((to.y - from.y) * k) / 12);
      await settle(page);
      seen.add(
        await page.evaluate(() => {
          const g = (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor.app.waypointView!.links.geometry;
          return Math.min(g.drawRange.count, g.attributes.position.count) / 2;
        }),
      );
    }
    await page.mouse.up();
    await settle(page);
    d = await doc();
    const moved = d.waypoints[2].position;
    expect(Math.hypot(moved[0] + 5, moved[2] - 8), 'dragged distance').toBeGreaterThan(3);
    expect(seen.size, 'links changed while dragging').toBeGreaterThan(1);
    const linksMoved = await links();
    const afterDrag = structuredClone(d);

    // Undo / redo: keys and handle.
    await page.keyboard.press('Control+z');
    expect(await doc()).toEqual(placed);
    expect(await links()).toBe(linksPlaced);
    await page.keyboard.press('Control+Shift+z');
    expect(await doc()).toEqual(afterDrag);
    await page.evaluate(() => window.navlab!.undo());
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc()).waypoints.length).toBe(4);
    await page.keyboard.press('Control+y');
    await page.evaluate(() => window.navlab!.redo());
    expect(await doc()).toEqual(afterDrag);
    expect(await links()).toBe(linksMoved);

    // The incremental links equal a full preprocessing of the same document.
    await load(afterDrag, WALL_VIEW);
    expect(await links()).toBe(linksMoved);
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });

  it('paints a voxel and the grid search goes around it', async () => {
    await load(FLOOR_SCENE);
    const query = () => page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 1, 1], to: [7, 1, 1] }));
    const before = await query();
    expect(before.status).toBe('found');
    expect(before.cost).toBeCloseTo(7, 6);
    expect(before.path).toContainEqual([3, 1, 1]);
    await page.evaluate(() => window.navlab!.setTool('voxel'));
    await clickWorld([3.5, 1, 1.5]); // the floor's top face under voxel (3, 1, 1)
    const d = await doc();
    expect(d.voxels!.solid).toContainEqual([3, 1, 1, 3, 1, 1]);
    const after = await query();
    expect(after.status).toBe('found');
    expect(after.path).not.toContainEqual([3, 1, 1]);
    expect(after.cost).toBeGreaterThan(7 + 1e-6);
    // Erasing it restores the straight route.
    await page.evaluate(() => window.navlab!.setTool('erase'));
    await clickWorld([3.5, 2, 1.5]);
    expect((await query()).cost).toBeCloseTo(7, 6);
    await page.evaluate(() => window.navlab!.undo());
    expect((await query()).cost).toBeGreaterThan(7 + 1e-6);
  });

  it('restores the edited scene after a reload (autosave), with a way back to the default scene', async () => {
    const edited = await doc();
    expect(edited.name).toBe('Editor test: floor');
    const names = await page.evaluate(() => window.navlab!.scenes());
    // Reload once the last edit (the painted voxel) is in storage: autosave runs shortly after an edit.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((k) => {
            if (!k.startsWith('navlab.scene.v2:')) return false;
            const r = JSON.parse(localStorage.getItem(k)!) as { docs: string[]; index: number };
            const d = JSON.parse(r.docs[r.index]) as { voxels?: { solid: number[][] } };
            return d.voxels?.solid.some((b) => b.join() === '3,1,1,3,1,1') ?? false;
          }),
        ),
      )
      .toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect(await doc()).toEqual(edited);
    // The picker lists the same names: no duplicate entry for the restored scene.
    expect(await page.evaluate(() => window.navlab!.scenes())).toEqual(names);
    await expect.poll(() => page.isVisible('#restore-note')).toBe(true);
    // The undo history came back too (the painted voxel is the last undoable edit).
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc()).voxels!.solid).not.toContainEqual([3, 1, 1, 3, 1, 1]);
    await page.evaluate(() => window.navlab!.redo());
    expect(await doc()).toEqual(edited);
    await page.locator('#restore-note button', { hasText: 'default scene' }).click();
    await expect.poll(async () => (await doc()).name).toBe('Open field with pillars');
  });

  it('rejects broken files with the SceneError message and leaves the scene untouched', async () => {
    await load(WALL_SCENE, WALL_VIEW);
    const before = await doc();
    const cases: [string, string, RegExp][] = [
      ['bad.json', '{ "version": 1, "waypoints": [', /JSON/],
      ['types.json', JSON.stringify({ version: 1, waypoints: [{ id: 'a', position: [0, 'x', 0] }] }), /waypoints\[0\]\.position/],
      ['huge.json', JSON.stringify({ version: 1, voxels: { dims: [100000, 100000, 100000] } }), /voxels|limit|2\^28/i],
      ['future.json', JSON.stringify({ version: 99 }), /version/],
    ];
    for (const [name, text, expected] of cases) {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.locator('[data-testid="Edit/Import JSON…"] button').click(),
      ]);
      await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await expect.poll(() => page.textContent('#error'), { message: name }).toMatch(expected);
      expect(await doc()).toEqual(before);
    }
    // Dropped on the page: the same.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['{"version": 1, "agents": [{"id": "a"}]}'], 'dropped.json', { type: 'application/json' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => page.textContent('#error')).toMatch(/agents\[0\]/);
    expect(await doc()).toEqual(before);
  });

  it('exports a valid file that imports back identically, and shares by URL', async () => {
    await page.evaluate(() => window.navlab!.setTool('waypoint'));
    await clickWorld([-5, 2, 8]);
    const edited = await doc();
    expect(edited.waypoints.length).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="Edit/Export JSON (Ctrl+S)"] button').click(),
    ]);
    const text = await downloadText(download);
    expect(parseScene(text)).toEqual(edited);
    await load(FLOOR_SCENE);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('[data-testid="Edit/Import JSON…"] button').click(),
    ]);
    await chooser.setFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(async () => (await doc()).name).toBe(edited.name);
    expect(await doc()).toEqual(edited);

    await page.locator('[data-testid="Edit/Share link"] button').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#scene=/);
    const url = await page.evaluate(() => location.href);
    const other = await openApp(browser, url);
    try {
      expect(await other.page.evaluate(() => window.navlab!.document())).toEqual(edited);
    } finally {
      await other.close();
    }
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });

  // Last: the scene it edits would join the picker entries the reload test compares.
  it('drags a waypoint among 2,200 (nearest-visible links): no redrawing per move, and the links drawn equal a fresh preprocessing', async () => {
    const { scene, at } = crowdScene(2200);
    await load(scene, [[at[0], at[1] + 3, at[2] + 8], at]);
    await page.evaluate(() => window.navlab!.setTool('select'));
    const from = await screenOf(at);
    await page.mouse.click(from.x, from.y);
    await settle(page);
    const before = await doc();
    const pairs = () =>
      page.evaluate(() =>
        (window as unknown as { __navlabEditor: { app: DragHook } }).__navlabEditor.app.current!.graph.pairs().map(([i, j]) => `${i}-${j}`),
      );
    const startPairs = await pairs();
    // What the drawing holds: counters, and with `ends` the segments' ends.
    const probe = (ends = false) =>
      page.evaluate((withEnds) => {
        const app = (window as unknown as { __navlabEditor: { app: DragHook } }).__navlabEditor.app;
        const g = app.views.waypoints!.links.geometry;
        const used = Math.min(g.drawRange.count, g.attributes.position.count) / 2;
        return {
          drawings: app.views.waypointDrawings,
          writes: app.views.waypoints!.linkWrites,
          links: used,
          ends: withEnds ? Array.from(g.attributes.position.array.subarray(0, 6 * used)) : [],
        };
      }, ends);
    const start = await probe();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    let last = start;
    const perMove: number[] = [];
    for (let k = 1; k <= 12; k++) {
      await page.mouse.move(from.x + 12 * k, from.y + 3 * k);
      await settle(page);
      const now = await probe(k === 12);
      perMove.push(now.writes - last.writes);
      expect(now.drawings, `drawings made by move ${k}`).toBe(start.drawings);
      last = now;
    }
    await page.mouse.up();
    await settle(page);
    const after = await doc();
    const moved = after.waypoints.findIndex((w, i) => w.position.some((c, a) => c !== before.waypoints[i].position[a]));
    expect(moved, 'a waypoint was dragged').toBeGreaterThanOrEqual(0);
    expect(
      Math.hypot(...after.waypoints[moved].position.map((c, a) => c - before.waypoints[moved].position[a])),
      'dragged distance',
    ).toBeGreaterThan(1);
    // Work per move: the moved waypoint's links and the few that changed (about 20 of 20,000), not the whole drawing.
    expect(Math.max(...perMove), `segments written per move (of ${last.links})`).toBeLessThan(last.links / 100);

    // The segments drawn at the drag's end, as waypoint pairs (their ends are the waypoints' float32 positions).
    const key = (p: ArrayLike<number>, o = 0) => [p[o], p[o + 1], p[o + 2]].map((c) => Math.fround(c)).join();
    const index = new Map(after.waypoints.map((w, i) => [key(w.position), i]));
    const drawn: string[] = [];
    for (let k = 0; k < last.ends.length; k += 6) {
      const i = index.get(key(last.ends, k)),
        j = index.get(key(last.ends, k + 3));
      expect(i !== undefined && j !== undefined, `segment ${k / 6} ends at waypoints`).toBe(true);
      drawn.push([Math.min(i!, j!), Math.max(i!, j!)].join('-'));
    }
    await load(after, [[at[0], at[1] + 3, at[2] + 8], at]);
    const fresh = await pairs();
    expect(drawn.length, 'no link drawn twice').toBe(new Set(drawn).size);
    expect(drawn.sort()).toEqual(fresh.sort());
    // The drag changed links, some of them between other waypoints (their nearest choices).
    const startSet = new Set(startPairs),
      freshSet = new Set(fresh);
    const changed = [...fresh.filter((p) => !startSet.has(p)), ...startPairs.filter((p) => !freshSet.has(p))];
    expect(changed.length).toBeGreaterThan(0);
    expect(
      changed.some((p) => !p.split('-').includes(String(moved))),
      'a link between other waypoints changed',
    ).toBe(true);
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});
