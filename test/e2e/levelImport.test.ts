/**
 * A level as a new user brings it, with every setting left alone (issue 24): a Draco GLB of
 * 3,600 triangles two units across whose material is the glTF default (metallic: black
 * without an environment), and the same level as a binary STL (test/support/levelMeshes.ts).
 * Each, dropped on the window, ends as a lit level (sampled pixels: not black), a search that
 * finds its path from the default start and goal, and agents that all reach their goals.
 * One page load; every wait polls the page's own state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { dracoLevelGlb, levelStl } from '../support/levelMeshes.ts';
import { BACKGROUND, useAppPage, type AppPage, dropFile } from './harness.ts';
import { decodePng } from './png.ts';

let app: AppPage;
let page: Page;
useAppPage((dev) => {
  app = dev.app;
  page = dev.page;
});

/** Drops one file on the window (harness.ts). */
const drop = (name: string, bytes: Uint8Array): Promise<void> => dropFile(page, name, bytes);

const doc = (): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());

/**
 * The level's pixels in the part of the view no panel covers (below the status box, left of
 * the settings): the fraction that is not background, and their median luminance (0-255).
 */
async function levelPixels(): Promise<{ drawn: number; median: number }> {
  const hud = (await page.locator('#hud').boundingBox())!;
  const gui = (await page.locator('.lil-gui.lil-root').boundingBox())!;
  const clip = { x: 0, y: hud.y + hud.height, width: gui.x, height: 800 - (hud.y + hud.height) };
  const img = decodePng(await page.screenshot({ clip }));
  const lum: number[] = [];
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
    if (Math.abs(r - BACKGROUND[0]) + Math.abs(g - BACKGROUND[1]) + Math.abs(b - BACKGROUND[2]) < 24) continue;
    lum.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
  lum.sort((a, b) => a - b);
  return { drawn: lum.length / (img.width * img.height), median: lum[lum.length >> 1] ?? 0 };
}

/** Drops the level, then checks light, search and agents as a person would see them. */
async function importAndUse(name: string, bytes: Uint8Array): Promise<void> {
  const stem = name.replace(/\.[^.]*$/, '');
  await drop(name, bytes);
  await page.waitForFunction((n) => window.navlab!.document().name === n, stem, { timeout: 240_000 });
  expect(await page.textContent('#error')).toBe('');
  const d = await doc();
  // At the level's scale: the agent radius is a small part of the 2.3-unit level.
  const extent = Math.max(...[0, 1, 2].map((k) => d.bounds.max[k] - d.bounds.min[k]));
  expect(extent).toBeLessThan(3);
  expect(d.agentRadius ?? 0).toBeLessThan(extent / 20);

  // Lit: the level covers part of the view, and its pixels are far from black (without an
  // environment, the Draco level's metallic material drew at a median luminance of about 50).
  await page.waitForFunction(() => document.querySelector('#loading')?.hasAttribute('hidden'), null, { timeout: 60_000 });
  const px = await levelPixels();
  expect(px.drawn).toBeGreaterThan(0.05);
  expect(px.median).toBeGreaterThan(100);

  // The default start and goal: Run finds the path.
  await page.locator('[data-testid="Search/Run search (R)"] button').click();
  // Straight to its end: the watched animation is not what is tested here.
  await page.locator('[data-testid="Search/Finish now (Enter)"] button').click();
  await page.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-phase') === 'done', null, { timeout: 120_000 });
  expect(await page.locator('#status').getAttribute('data-status')).toBe('found');

  // Agents: the import's own, else the spawned ones; all arrive.
  if (d.agents.length === 0) await page.locator('[data-testid="Agents/Spawn agents"] button').click();
  await page.waitForFunction(() => Number((document.querySelector('#agents') as HTMLElement).dataset.count ?? 0) > 0, null, {
    timeout: 30_000,
  });
  await page.locator('[data-testid="Agents/Play (Space)"] button').click();
  await page.waitForFunction(
    () => {
      const s = (document.querySelector('#agents') as HTMLElement).dataset;
      return Number(s.count) > 0 && s.arrived === s.count;
    },
    null,
    { timeout: 120_000, polling: 500 },
  );
  await page.keyboard.press('Space');
  await page.waitForFunction(() => (document.querySelector('#agents') as HTMLElement).dataset.playing === 'false', null, {
    timeout: 30_000,
  });
}

describe('a level dropped with default settings', () => {
  // Import (with placement), a search and about 15 s of simulated time each, on a shared machine.
  it('a Draco GLB: lit, a path found, agents arrive', { timeout: 400_000 }, async () => {
    await importAndUse('draco-level.glb', await dracoLevelGlb());
    // Painting shows what it paints: the voxel layer (hidden under the meshes) is drawn while
    // a paint tool is active, and hidden again after.
    const voxels = page.locator('[data-testid="Show/voxels"] input');
    const shown = (on: boolean) =>
      page.waitForFunction(
        (want) => (document.querySelector('[data-testid="Show/voxels"] input') as HTMLInputElement).checked === want,
        on,
        { timeout: 10_000 },
      );
    expect(await voxels.isChecked()).toBe(false);
    await page.evaluate(() => window.navlab!.setTool('voxel'));
    await shown(true);
    await page.evaluate(() => window.navlab!.setTool('select'));
    await shown(false);
    expect(app.errors).toEqual([]);
  });

  it('a binary STL: lit, a path found, agents arrive', { timeout: 400_000 }, async () => {
    await importAndUse('stl-level.stl', levelStl());
    expect(app.errors).toEqual([]);
  });
});
