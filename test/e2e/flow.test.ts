/**
 * The flow a user expects, in a real browser (the built app, headless Chromium): shortcuts
 * after clicking panel controls, the ground slab locked against selection, drag painting and
 * box fill as one undo step, pausing, stepping and finishing a watched search, the compare
 * difference counts, and selecting and retargeting an agent.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildVoxelGrid } from '../../src/scene/build.ts';
import { parseScene } from '../../src/scene/validate.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { loadScene, screenPoint, settle, useAppPage, type AppPage } from './harness.ts';

/** A voxel floor (y = 0) under two free layers: painting happens on its top face. */
const FLOOR_SCENE = {
  version: 1,
  name: 'Flow test: floor',
  voxels: { dims: [12, 3, 6], solid: [[0, 0, 0, 11, 0, 5]] },
};

let app: AppPage;
let page: Page;
useAppPage((dev) => ({ app, page } = dev));

const doc = (): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());
const hud = async (): Promise<string> => (await page.textContent('#hud')) ?? '';
const expanded = async (): Promise<number> => Number((/([\d,]+) expanded/.exec(await hud())?.[1] ?? 'NaN').replace(/,/g, ''));
const solidCount = (d: SceneDocument): number => buildVoxelGrid(parseScene(d))!.occupancy.reduce((n, v) => n + (v !== 0 ? 1 : 0), 0);

/** Where world point p appears on the page (CSS pixels). */
const screenOf = (p: readonly number[]) => screenPoint(page, [...p]);

/** Whether a page point is clear of the panels (the HUD on the left, lil-gui on the right). */
const clear = (s: { x: number; y: number }) => s.x > 420 && s.x < 950 && s.y > 320 && s.y < 760;

/** Loads a scene; `view`: camera position and orbit target (else the app's framing). */
const load = (scene: string | object, view?: [number[], number[]]) => loadScene(page, scene, view);

/** Frames in software rendering are slow: give the status line time to catch up. */
const SLOW = { timeout: 60_000 };

/** A point of Open field's floor (y = 0) that shows clear of the panels, and where it shows. */
async function floorSpot(): Promise<{ p: number[]; at: { x: number; y: number } }> {
  for (const p of [
    [10, 0, 24],
    [16, 0, 20],
    [4, 0, 27],
    [22, 0, 14],
  ]) {
    const at = await screenOf(p);
    if (clear(at)) return { p, at };
  }
  throw new Error('no floor point of Open field shows clear of the panels');
}

async function openFolder(title: string): Promise<void> {
  const folder = page.locator('.lil-gui .lil-title', { hasText: new RegExp(`^${title}$`) });
  const closed = await folder.evaluate((el) => el.parentElement!.classList.contains('lil-closed'));
  if (closed) await folder.click();
}

describe('the flow a user expects (dev)', () => {
  it('keyboard shortcuts work after clicking a panel button, a checkbox or a select', async () => {
    await load('Open field with pillars');
    await openFolder('Agents');
    await page.click('[data-testid="Agents/Spawn agents"] button');
    await expect.poll(async () => /Agents: (\d+)/.exec(await hud())?.[1]).toBe('16');
    // Space plays the agents; it must not press the focused Spawn button again.
    await page.keyboard.press('Space');
    await expect.poll(hud).toMatch(/Agents: 16 · .* playing/);
    await page.keyboard.press('Space');
    await expect.poll(hud).toMatch(/paused/);
    await page.click('[data-testid="Search/watch live"] input');
    await page.click('[data-testid="Search/watch live"] input');
    await page.keyboard.press('KeyH');
    await expect.poll(() => page.isVisible('#help')).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="Search/heuristic"] select').selectOption('euclidean');
    await page.keyboard.press('KeyH');
    await expect.poll(() => page.isVisible('#help')).toBe(true);
    await page.keyboard.press('Escape');
    // In a text field, keys are text.
    await page.click('[data-testid="Search/start"] input');
    await page.keyboard.press('KeyH');
    expect(await page.isVisible('#help')).toBe(false);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="Search/heuristic"] select').selectOption('exact');
  });

  it('a click on the floor does not select the ground slab; Del leaves it; unlocked, it can be deleted', async () => {
    await load('Open field with pillars');
    await page.evaluate(() => window.navlab!.setTool('select'));
    const spot = (await floorSpot()).at;
    await page.mouse.click(spot.x, spot.y);
    await page.keyboard.press('Delete');
    await settle(page);
    expect((await doc()).obstacles.some((o) => o.id === 'ground')).toBe(true);
    await openFolder('Edit');
    await page.click('[data-testid="Edit/edit scene-sized geometry"] input');
    await page.mouse.click(spot.x, spot.y);
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await doc()).obstacles.some((o) => o.id === 'ground')).toBe(false);
    await page.keyboard.press('Control+KeyZ');
    await expect.poll(async () => (await doc()).obstacles.some((o) => o.id === 'ground')).toBe(true);
    await page.click('[data-testid="Edit/edit scene-sized geometry"] input');
  });

  it('drag paints a row and Shift+drag fills a box, each one undo step', async () => {
    await load(FLOOR_SCENE, [
      [6, 12, 13],
      [6, 1, 3],
    ]);
    const base = solidCount(await doc());
    await page.evaluate(() => window.navlab!.setTool('voxel'));
    // Along the floor's top face (y = 1) at z = 3.5: x from 2.5 to 8.5.
    const a = await screenOf([2.5, 1, 3.5]);
    const b = await screenOf([8.5, 1, 3.5]);
    expect(clear(a) && clear(b), `stroke ${JSON.stringify([a, b])}`).toBe(true);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let k = 1; k <= 16; k++) await page.mouse.move(a.x + ((b.x - a.x) * k) / 16, a.y + ((b.y - a.y) * k) / 16);
    await page.mouse.up();
    await settle(page);
    const row = await doc();
    // Voxels x = 2..8 of layer y = 1, z = 3: seven voxels, nothing stacked on top.
    expect(solidCount(row) - base).toBe(7);
    const grid = buildVoxelGrid(parseScene(row))!;
    for (let x = 2; x <= 8; x++) expect(grid.isBlocked(x, 1, 3), `voxel ${x},1,3`).toBe(true);
    expect(grid.isBlocked(5, 2, 3)).toBe(false);
    await page.keyboard.press('Control+KeyZ');
    await expect.poll(async () => solidCount(await doc())).toBe(base);
    // Box fill: from (2, 1, 1) to (5, 1, 2): 4 x 1 x 2 voxels.
    const c = await screenOf([2.5, 1, 1.5]);
    const d = await screenOf([5.5, 1, 2.5]);
    await page.keyboard.down('Shift');
    await page.mouse.move(c.x, c.y);
    await page.mouse.down();
    for (let k = 1; k <= 8; k++) await page.mouse.move(c.x + ((d.x - c.x) * k) / 8, c.y + ((d.y - c.y) * k) / 8);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await settle(page);
    expect(solidCount(await doc()) - base).toBe(8);
    await page.keyboard.press('Control+KeyZ');
    await expect.poll(async () => solidCount(await doc())).toBe(base);
    await page.evaluate(() => window.navlab!.setTool('select'));
  });

  it('a watched search pauses, steps one expansion and finishes now', async () => {
    await load('3D maze');
    await page.locator('[data-testid="Search/expansions / frame"] select').selectOption('1');
    await page.keyboard.press('KeyR');
    await expect.poll(expanded, SLOW).toBeGreaterThan(2);
    await page.keyboard.press('KeyP');
    await expect.poll(() => page.locator('.lil-gui button', { hasText: 'Resume (P)' }).count(), SLOW).toBe(1);
    // Paused: the count stands still (read until two reads a second apart agree, then once more).
    let paused = await expanded();
    for (let k = 0; k < 10; k++) {
      await page.waitForTimeout(1000);
      const now = await expanded();
      if (now === paused) break;
      paused = now;
    }
    await page.waitForTimeout(1000);
    expect(await expanded()).toBe(paused);
    await page.keyboard.press('Period');
    await expect.poll(expanded, SLOW).toBe(paused + 1);
    await page.keyboard.press('Period');
    await expect.poll(expanded, SLOW).toBe(paused + 2);
    await page.keyboard.press('Enter');
    await expect.poll(hud, SLOW).toMatch(/found/);
    expect(await expanded()).toBeGreaterThan(paused + 2);
    await page.locator('[data-testid="Search/expansions / frame"] select').selectOption({ label: 'auto (ends in seconds)' });
  });

  it('compare shows how many nodes only A, only B and both expanded', async () => {
    await load('Open field with pillars');
    await openFolder('Compare');
    await page.locator('[data-testid="Compare/view"] select').selectOption('difference');
    await page.click('[data-testid="Compare/Run compare"] button');
    const text = page.locator('[data-testid="Compare/expanded"] input');
    await expect.poll(() => text.inputValue(), { timeout: 30_000 }).toMatch(/only A \d+ · only B \d+ · both \d+/);
    const [onlyA, onlyB, both] = (/only A (\d+) · only B (\d+) · both (\d+)/.exec(await text.inputValue()) ?? []).slice(1).map(Number);
    const q = (heuristic: string) =>
      page.evaluate((h) => window.navlab!.query({ from: 'ground-01', to: 'mid-23', heuristic: h as 'exact' }), heuristic);
    const [a, b] = await Promise.all([q('exact'), q('zero')]);
    expect(onlyA + both).toBe(a.expanded);
    expect(onlyB + both).toBe(b.expanded);
    expect(onlyB).toBeGreaterThan(0);
    await page.click('[data-testid="Compare/compare A and B"] input');
  });

  it('selects an agent by clicking it, shows its goal, and sends it to a right-clicked point', async () => {
    await load('Open field with pillars');
    const d = await doc();
    const pos = (ref: string | readonly number[]) => (typeof ref === 'string' ? d.waypoints.find((w) => w.id === ref)!.position : ref);
    let target: { id: string; at: { x: number; y: number } } | null = null;
    for (const a of d.agents) {
      const at = await screenOf(pos(a.start));
      if (clear(at)) {
        target = { id: a.id, at };
        break;
      }
    }
    expect(target, 'an agent clear of the panels').not.toBeNull();
    await openFolder('Agents');
    // The simulation worker has sent its first snapshot (agents drawn).
    await expect.poll(hud, SLOW).toMatch(/Agents: 6 · 0 arrived/);
    const info = page.locator('[data-testid="Agents/selected agent"] input');
    await page.mouse.click(target!.at.x, target!.at.y);
    await expect.poll(() => info.inputValue(), SLOW).toMatch(new RegExp(`^${target!.id}: moving · goal `));
    const before = await info.inputValue();
    // Right-click the floor near the front: the agent's goal becomes the free voxel there.
    const { p, at: spot } = await floorSpot();
    await page.mouse.click(spot.x, spot.y, { button: 'right' });
    await expect.poll(() => info.inputValue(), SLOW).not.toBe(before);
    const goal = (/goal (-?[\d.]+), (-?[\d.]+), (-?[\d.]+)/.exec(await info.inputValue()) ?? []).slice(1).map(Number);
    expect(Math.hypot(goal[0] - p[0], goal[2] - p[2])).toBeLessThan(2.5);
    expect(goal[1]).toBeGreaterThan(0);
    expect(goal[1]).toBeLessThan(2);
    // The search start did not move to the clicked agent: the click was the agent's.
    expect(await hud()).toContain('start ground-01');
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });
});
