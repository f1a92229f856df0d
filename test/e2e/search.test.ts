/**
 * Watching a search in the view, in a real browser (dev server, headless Chromium): the
 * default speed is the automatic one, hovering a reached node reads its g, h and f, dragging
 * the goal marker moves the goal and the search follows, tooltips stay inside the window and
 * off the panels, and the agents take a geometry edit without restarting.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadScene, screenPoint, settle, setView, useDevApp, type AppPage } from './harness.ts';

let app: AppPage;
let page: Page;
useDevApp((dev) => ({ app, page } = dev));

/** A voxel floor (y = 0) under two free layers; the agent's ends are the search's default ends. */
const FLOOR_SCENE = {
  version: 1,
  name: 'Search test: floor',
  voxels: { dims: [12, 3, 6], solid: [[0, 0, 0, 11, 0, 5]] },
  agents: [{ id: 'runner', start: [0.5, 1.5, 2.5], goal: [11.5, 1.5, 2.5], speed: 1, radius: 0.3 }],
};
/** Looking down at the floor from the front: every point used shows clear of the panels. */
const FLOOR_VIEW: [number[], number[]] = [[6, 12, 13], [6, 1, 3]];

type Box = { left: number; top: number; right: number; bottom: number };
const rectOf = (selector: string): Promise<Box> => page.locator(selector).first().evaluate((e) => {
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

describe('tooltips (dev)', () => {
  it('a waypoint tooltip next to the settings panel flips to the left instead of going under it', async () => {
    const scene = {
      version: 1, name: 'Tooltip test', bounds: { min: [-10, 0, -10], max: [10, 10, 10] },
      waypoints: [{ id: 'edge-waypoint-with-a-long-name', label: 'beside the settings panel', position: [0, 2, 0] }, { id: 'other', position: [-8, 2, 0] }],
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
    const ok = await page.evaluate(() => (window as unknown as { __navlabEditor: { commit(l: string, f: (d: unknown) => unknown): boolean } }).__navlabEditor
      .commit('Add box', (d) => ({ ...(d as object), obstacles: [{ id: 'crate', shape: 'box', position: [6.5, 1.5, 4.5], size: [1, 1, 1] }] })));
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
