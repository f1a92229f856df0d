/**
 * Watching a search in the view, in a real browser (the built app, headless Chromium): the
 * default speed is the automatic one, hovering a reached node reads its g, h and f, dragging
 * the goal marker moves the goal and the search follows, tooltips stay inside the window and
 * off the panels, the agents take a geometry edit without restarting, and watching JPS or
 * Lazy Theta* draws their jumps, any-angle links and sight checks.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadScene, screenPoint, settle, setView, useAppPage, type AppPage } from './harness.ts';
import { decodePng } from './png.ts';

let app: AppPage;
let page: Page;
useAppPage((dev) => ({ app, page } = dev));

/** A voxel floor (y = 0) under two free layers; the agent's ends are the search's default ends. */
const FLOOR_SCENE = {
  version: 1,
  name: 'Search test: floor',
  voxels: { dims: [12, 3, 6], solid: [[0, 0, 0, 11, 0, 5]] },
  agents: [{ id: 'runner', start: [0.5, 1.5, 2.5], goal: [11.5, 1.5, 2.5], speed: 1, radius: 0.3 }],
};
/** Looking down at the floor from the front: every point used shows clear of the panels. */
const FLOOR_VIEW: [number[], number[]] = [
  [6, 12, 13],
  [6, 1, 3],
];

type Box = { left: number; top: number; right: number; bottom: number };
const rectOf = (selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inWindow = (r: Box) => r.left >= 0 && r.top >= 0 && r.right <= 1280 && r.bottom <= 800;

const status = (): Promise<string> => page.evaluate(() => document.querySelector('#status')!.getAttribute('data-phase') ?? '');
const SLOW = { timeout: 60_000 };

/** Runs the search (R) and waits for its end. */
async function runToEnd(): Promise<void> {
  await page.keyboard.press('KeyR');
  await expect.poll(status, SLOW).toBe('done');
}

describe('watching a search (dev)', () => {
  it('starts at the automatic speed', async () => {
    const select = page.locator('[data-testid="Search/expansions / frame"] select');
    expect(await select.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex].text)).toBe('auto (ends in seconds)');
  });

  it('hovering a reached node reads its g, h and f, as the search has them; the readout stays off the panels', async () => {
    await loadScene(page, FLOOR_SCENE, FLOOR_VIEW);
    await runToEnd();
    // Voxel (6, 1, 2) on the straight path: 6 steps from the start (0, 1, 2), 5 to the goal (11, 1, 2).
    const at = await screenPoint(page, [6.5, 1.5, 2.5]);
    await page.mouse.move(at.x - 30, at.y - 30);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    const readout = page.locator('#node-readout');
    await expect.poll(() => readout.isVisible(), SLOW).toBe(true);
    const text = (await readout.textContent()) ?? '';
    const [g, h, f] = (/g ([\d.]+) · h ([\d.]+) · f ([\d.]+)/.exec(text) ?? []).slice(1).map(Number);
    expect(text).toMatch(/^A · closed · /);
    const q = await page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 1, 2], to: [6, 1, 2] }));
    expect(g).toBeCloseTo(q.cost, 2);
    expect(g).toBeCloseTo(6, 2);
    expect(h).toBeCloseTo(5, 2);
    expect(f).toBeCloseTo(g + h, 2);
    const box = await rectOf('#node-readout');
    expect(inWindow(box)).toBe(true);
    expect(meets(box, await rectOf('.lil-gui.lil-root'))).toBe(false);
    // Off the nodes: no readout.
    await page.mouse.move(640, 60);
    await expect.poll(() => readout.isVisible(), SLOW).toBe(false);
  });

  it('dragging the goal marker moves the goal, and the search runs again to the new goal', async () => {
    await page.evaluate(() => window.navlab!.setTool('select'));
    const from = await screenPoint(page, [11.5, 1.5, 2.5]);
    // To the floor's top face over voxel (8, 0, 4): the goal becomes the free voxel (8, 1, 4).
    const to = await screenPoint(page, [8.5, 1, 4.5]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(from.x + ((to.x - from.x) * k) / 10, from.y + ((to.y - from.y) * k) / 10);
      await settle(page);
    }
    await page.mouse.up();
    await expect.poll(() => page.textContent('#hud .ends'), SLOW).toContain('goal 8,1,4');
    await expect.poll(status, SLOW).toBe('done');
    const want = await page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 1, 2], to: [8, 1, 4] }));
    expect(want.status).toBe('found');
    const shown = (await page.textContent('#status')) ?? '';
    expect(shown).toMatch(/found/);
    expect(shown).toContain(`cost ${want.cost.toFixed(2)}`);
    // The drag did not also set a start or move the camera's target onto a new start.
    expect(await page.textContent('#hud .ends')).toContain('start 0,1,2');
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});

/** A floor with three walls: JPS jumps along and around them, Lazy Theta* fails sight checks past them. */
const WALLS_SCENE = {
  version: 1,
  name: 'Search test: walls',
  voxels: {
    dims: [30, 2, 20],
    solid: [
      [0, 0, 0, 29, 0, 19],
      [8, 1, 0, 9, 1, 13],
      [18, 1, 6, 19, 1, 19],
      [12, 1, 15, 15, 1, 16],
    ],
  },
  agents: [{ id: 'runner', start: [1.5, 1.5, 1.5], goal: [28.5, 1.5, 18.5], speed: 1, radius: 0.3 }],
  search: { graph: 'grid', neighborhood: 26 },
};
const WALLS_VIEW: [number[], number[]] = [
  [13, 26, 30],
  [13, 0, 9],
];

/** The lab as the editor's test hook reaches it (the parts read here). */
interface LabHook {
  settings: { a: { algorithm: string }; layers: { steps: boolean } };
  runs: { view: { counts: { steps: number } }; segments: { count: number; kinds: Uint8Array }; sight: { total: number; passed: number } }[];
  applyLayers(): void;
  clear(): void;
}

/** Pixels of the 3D view (between the panels) within 40 per channel of colour `hex`. */
async function pixelsOf(hex: number): Promise<number> {
  await settle(page);
  const img = decodePng(await page.screenshot({ clip: { x: 410, y: 60, width: 550, height: 680 } }));
  const want = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  let n = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    if (want.every((c, k) => Math.abs(img.data[4 * i + k] - c) <= 40)) n++;
  }
  return n;
}

/** Turns the view's search-step layer on or off (as the Views folder does) and redraws. */
async function showSteps(on: boolean): Promise<void> {
  await page.evaluate((on) => {
    const w = window as unknown as { __navlabEditor: { app: { lab: LabHook; invalidate(): void } } };
    const lab = w.__navlabEditor.app.lab;
    lab.settings.layers.steps = on;
    lab.applyLayers();
    w.__navlabEditor.app.invalidate();
  }, on);
  for (let i = 0; i < 3; i++) await settle(page);
}

/** Watches `algorithm` to the end on the walls scene; returns what the lab drew. */
async function watch(algorithm: string): Promise<{ steps: number; segments: number; kinds: number[]; sight: [number, number] }> {
  await page.evaluate((a) => {
    const lab = (window as unknown as { __navlabEditor: { app: { lab: LabHook } } }).__navlabEditor.app.lab;
    lab.settings.a.algorithm = a;
    // From idle, so that waiting for 'done' waits for this run.
    lab.clear();
  }, algorithm);
  await expect.poll(status, SLOW).toBe('idle');
  await runToEnd();
  return page.evaluate(() => {
    const r = (window as unknown as { __navlabEditor: { app: { lab: LabHook } } }).__navlabEditor.app.lab.runs[0];
    const kinds = [0, 0, 0, 0];
    for (let i = 0; i < r.segments.count; i++) kinds[r.segments.kinds[i]]++;
    return { steps: r.view.counts.steps, segments: r.segments.count, kinds, sight: [r.sight.total, r.sight.passed] as [number, number] };
  });
}

describe('what JPS and Lazy Theta* do beyond A* (dev)', () => {
  it('watching JPS draws its jumps, with a legend entry; A* draws none', async () => {
    await loadScene(page, WALLS_SCENE, WALLS_VIEW);
    const astar = await watch('astar');
    expect(astar.steps).toBe(0);
    expect(await page.isVisible('#legend-steps')).toBe(false);
    const jps = await watch('jps');
    expect(jps.steps).toBeGreaterThan(10);
    expect(jps.steps).toBe(jps.segments);
    expect(jps.kinds).toEqual([jps.segments, 0, 0, 0]);
    expect(await page.isVisible('#legend-steps')).toBe(true);
    expect(await page.textContent('#legend-steps')).toContain('JPS jump');
    // Fuchsia jump lines on screen, gone when the layer is off.
    const shown = await pixelsOf(0xe879f9);
    await showSteps(false);
    const hidden = await pixelsOf(0xe879f9);
    await showSteps(true);
    expect(shown, `jump pixels ${shown}, with the layer off ${hidden}`).toBeGreaterThan(200);
    expect(hidden).toBeLessThan(shown / 10);
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });

  it('watching Lazy Theta* draws its any-angle links and its sight checks, passed and failed', async () => {
    const jps = await watch('jps');
    const lt = await watch('lazy-theta');
    expect(lt.sight[0]).toBeGreaterThan(lt.sight[1]);
    // One any-angle link per jump point expanded after the start: the jump points JPS expands.
    expect(lt.kinds[1]).toBe(jps.steps);
    expect(lt.kinds[1]).toBeGreaterThan(10);
    expect(lt.kinds[2]).toBeGreaterThan(0);
    expect(lt.kinds[3]).toBeGreaterThan(0);
    expect(lt.steps).toBe(lt.segments);
    const legend = (await page.textContent('#legend-steps')) ?? '';
    expect(legend).toContain('any-angle parent');
    expect(legend).toContain('sight check failed');
    expect(legend).not.toContain('JPS');
    // White any-angle links and teal passed checks on screen, gone when the layer is off.
    const shown = [await pixelsOf(0xf1f5f9), await pixelsOf(0x2dd4bf)];
    await showSteps(false);
    const hidden = [await pixelsOf(0xf1f5f9), await pixelsOf(0x2dd4bf)];
    await showSteps(true);
    // The scene itself has a few near-white pixels: the links must add many.
    expect(shown[0] - hidden[0], `link pixels ${shown}, with the layer off ${hidden}`).toBeGreaterThan(200);
    expect(shown[1]).toBeGreaterThan(50);
    expect(hidden[1], `link pixels ${shown}, with the layer off ${hidden}`).toBeLessThan(shown[1] / 10);
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});

/** Pixels near any of `hexes` (within 40 per channel) in the 3D view. */
async function pixelsNear(hexes: readonly number[]): Promise<number> {
  await settle(page);
  const img = decodePng(await page.screenshot({ clip: { x: 410, y: 60, width: 550, height: 680 } }));
  const wants = hexes.map((hex) => [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255]);
  let n = 0;
  for (let i = 0; i < img.width * img.height; i++)
    if (wants.some((want) => want.every((c, k) => Math.abs(img.data[4 * i + k] - c) <= 40))) n++;
  return n;
}

describe('the octree cells view (dev)', () => {
  /** The octree ramp's stops (PALETTE.octreeSmall, octreeMid, octreeLarge). */
  const RAMP = [0xfde68a, 0xc084fc, 0x0e7490];
  const toggle = async () => {
    await page.locator('[data-testid="Views/octree cells"] input').evaluate((e: HTMLInputElement) => e.click());
    for (let i = 0; i < 3; i++) await settle(page);
  };
  /** Cells drawn: vertices of the view's LineSegments / 24, when visible. */
  const drawn = () =>
    page.evaluate(() => {
      type Lines = { visible: boolean; geometry: { attributes: { position?: { count: number } } } };
      const w = window as unknown as { __navlabEditor: { app: { scene: { getObjectByName(n: string): Lines | undefined } } } };
      const lines = w.__navlabEditor.app.scene.getObjectByName('octree-cells')!;
      return lines.visible ? (lines.geometry.attributes.position?.count ?? 0) / 24 : 0;
    });

  it("draws the grid's octree cells in the ramp's colours with a legend entry; disabled without a grid", async () => {
    await loadScene(page, WALLS_SCENE, WALLS_VIEW);
    const off = await pixelsNear(RAMP);
    expect(await drawn()).toBe(0);
    await toggle();
    // Built in a nav worker: drawn when it arrives.
    await expect.poll(drawn, SLOW).toBeGreaterThan(20);
    const cells = await drawn();
    const on = await pixelsNear(RAMP);
    expect(await page.textContent('#legend-octree')).toContain(`(${cells})`);
    expect(on - off, `ramp pixels ${on}, with the view off ${off}`).toBeGreaterThan(300);
    // An edit (a block in open floor space) is drawn anew: the cells around it split.
    const edited = await page.evaluate(() =>
      (window as unknown as { __navlabEditor: { commit(l: string, f: (d: unknown) => unknown): boolean } }).__navlabEditor.commit(
        'Add block',
        (d) => {
          const doc = d as { voxels: { solid: number[][] } };
          return { ...doc, voxels: { ...doc.voxels, solid: [...doc.voxels.solid, [25, 1, 2, 25, 1, 2]] } };
        },
      ),
    );
    expect(edited).toBe(true);
    await expect.poll(drawn, SLOW).toBeGreaterThan(cells);
    await toggle();
    expect(await drawn()).toBe(0);
    expect(await page.isVisible('#legend-octree')).toBe(false);
    await loadScene(page, {
      version: 1,
      name: 'No grid',
      bounds: { min: [0, 0, 0], max: [4, 4, 4] },
      waypoints: [{ id: 'a', position: [1, 1, 1] }],
    });
    expect(await page.locator('[data-testid="Views/octree cells"]').getAttribute('class')).toContain('disabled');
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});

describe('watching a search on the octree (dev)', () => {
  it('choosing the octree as the graph and pressing R watches a sparse search to a found any-angle path, drawn in green', async () => {
    await loadScene(page, WALLS_SCENE, WALLS_VIEW);
    const select = page.locator('[data-testid="Search/graph (G)"] select');
    expect(await select.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text))).toEqual(['waypoints', 'grid', 'octree']);
    await select.selectOption('octree');
    await expect.poll(status, SLOW).toBe('idle');
    expect(await page.textContent('#hud .ends')).toContain('sparse voxel octree');
    const before = await pixelsOf(0x22c55e);
    await runToEnd();
    const text = (await page.textContent('#status')) ?? '';
    expect(text).toMatch(/^found\s*Octree any-angle exact/);
    const lab = () =>
      page.evaluate(() => {
        type Run = { state: { status: string; expanded: number; nodes: number; cost: number }; visited: { count: number } };
        type Octree = { builds: number; workerMs: number };
        const l = (window as unknown as { __navlabEditor: { app: { lab: { runs: Run[]; octree: Octree } } } }).__navlabEditor.app.lab;
        return { ...l.runs[0].state, drawn: l.runs[0].visited.count, builds: l.octree.builds, workerMs: l.octree.workerMs };
      });
    const run = await lab();
    expect(run).toMatchObject({ status: 'found', builds: 1 });
    // Built in a nav worker, off the main thread.
    expect(run.workerMs).toBeGreaterThan(0);
    // Any-angle across the floor: a few corners.
    expect(run.nodes).toBeGreaterThan(1);
    expect(run.nodes).toBeLessThan(12);
    expect(run.expanded).toBeGreaterThan(5);
    expect(run.drawn).toBeGreaterThanOrEqual(run.expanded);
    expect(text).toContain(`${run.expanded} expanded`);
    const path = await pixelsOf(0x22c55e);
    expect(path - before, `path pixels ${path}, before the run ${before}`).toBeGreaterThan(300);
    // An edit (a block in open floor space) builds the octree again for the search that follows it.
    await page.evaluate(() =>
      (window as unknown as { __navlabEditor: { commit(l: string, f: (d: unknown) => unknown): boolean } }).__navlabEditor.commit(
        'Add block',
        (d) => {
          const doc = d as { voxels: { solid: number[][] } };
          return { ...doc, voxels: { ...doc.voxels, solid: [...doc.voxels.solid, [25, 1, 2, 25, 1, 2]] } };
        },
      ),
    );
    await expect.poll(async () => (await lab()).builds, SLOW).toBe(2);
    await expect.poll(async () => (await lab()).status, SLOW).toBe('found');
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});

describe('tooltips (dev)', () => {
  it('a waypoint tooltip next to the settings panel flips to the left instead of going under it', async () => {
    const scene = {
      version: 1,
      name: 'Tooltip test',
      bounds: { min: [-10, 0, -10], max: [10, 10, 10] },
      waypoints: [
        { id: 'edge-waypoint-with-a-long-name', label: 'beside the settings panel', position: [0, 2, 0] },
        { id: 'other', position: [-8, 2, 0] },
      ],
    };
    const gui = await rectOf('.lil-gui.lil-root');
    // Put the camera so that the waypoint shows just left of the panel.
    let at = { x: 0, y: 0 };
    await loadScene(page, scene);
    for (let dx = 0; dx <= 12; dx += 0.5) {
      await setView(page, [-dx, 8, 14], [-dx, 2, 0]);
      at = await screenPoint(page, [0, 2, 0]);
      if (at.x > gui.left - 90) break;
    }
    expect(at.x).toBeGreaterThan(gui.left - 90);
    expect(at.x).toBeLessThan(gui.left - 10);
    await page.mouse.move(at.x - 20, at.y);
    await page.mouse.move(at.x, at.y, { steps: 3 });
    await expect.poll(() => page.isVisible('#tooltip'), SLOW).toBe(true);
    expect(await page.textContent('#tooltip')).toContain('edge-waypoint-with-a-long-name');
    const tip = await rectOf('#tooltip');
    expect(inWindow(tip)).toBe(true);
    expect(meets(tip, gui), JSON.stringify({ tip, gui })).toBe(false);
    expect(tip.right).toBeLessThanOrEqual(at.x);
  });
});

describe('agents and edits (dev)', () => {
  it('playing agents keep their time and places through an edit of the geometry', async () => {
    await loadScene(page, FLOOR_SCENE, FLOOR_VIEW);
    const agents = page.locator('#agents');
    const time = async () => Number(await agents.getAttribute('data-time'));
    await expect.poll(() => agents.getAttribute('data-count'), SLOW).toBe('1');
    await page.keyboard.press('Space');
    await expect.poll(time, SLOW).toBeGreaterThan(1);
    // A box on the floor beside the runner's path: an edit of static geometry only.
    const ok = await page.evaluate(() =>
      (window as unknown as { __navlabEditor: { commit(l: string, f: (d: unknown) => unknown): boolean } }).__navlabEditor.commit(
        'Add box',
        (d) => ({ ...(d as object), obstacles: [{ id: 'crate', shape: 'box', position: [6.5, 1.5, 4.5], size: [1, 1, 1] }] }),
      ),
    );
    expect(ok).toBe(true);
    const before = await time();
    // Snapshots of the edited scene arrive and time goes on from where it was (a restart would start at 0).
    let least = Infinity;
    for (let k = 0; k < 10; k++) {
      await settle(page);
      least = Math.min(least, await time());
    }
    expect(least).toBeGreaterThanOrEqual(before);
    await expect.poll(time, SLOW).toBeGreaterThan(before + 0.5);
    await page.keyboard.press('Space');
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});
