/**
 * Issue 26, in a real browser: the Agents panel's "velocity arrows" toggle (off by default)
 * draws each agent's chosen (white) and preferred (magenta) velocity, and drawing them off
 * again leaves the picture as it was. The crowd scene shows no search or voxel legend.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PREFERRED_COLOR } from '../../src/app/features/agents/VelocityArrows.ts';
import { loadScene, settle, useAppPage } from './harness.ts';
import { decodePng } from './png.ts';

let page: Page;
useAppPage((dev) => ({ page } = dev));

const hud = async (): Promise<string> => (await page.textContent('#hud')) ?? '';

async function openFolder(title: string): Promise<void> {
  const folder = page.locator('.lil-gui .lil-title', { hasText: new RegExp(`^${title}$`) });
  const closed = await folder.evaluate((el) => el.parentElement!.classList.contains('lil-closed'));
  if (closed) await folder.click();
}

/** Pixels of the 3D view (clear of the panels) within a small distance of the preferred arrows' colour. */
async function preferredPixels(): Promise<number> {
  await settle(page);
  const img = decodePng(await page.screenshot({ clip: { x: 420, y: 60, width: 520, height: 680 } }));
  const r = (PREFERRED_COLOR >> 16) & 255,
    g = (PREFERRED_COLOR >> 8) & 255,
    b = PREFERRED_COLOR & 255;
  let n = 0;
  for (let k = 0; k < img.data.length; k += 4) {
    if (Math.abs(img.data[k] - r) + Math.abs(img.data[k + 1] - g) + Math.abs(img.data[k + 2] - b) < 40) n++;
  }
  return n;
}

describe('velocity arrows (Agents panel)', () => {
  it('are off by default, show the chosen and preferred velocity of every agent when on, and go away when off', async () => {
    // The default scene (a voxel grid and waypoints) explains the search's colours and the painted voxels'.
    expect(await page.isVisible('#legend')).toBe(true);
    expect(await page.isVisible('#legend-world')).toBe(true);
    await loadScene(page, 'Sphere swap');
    // A crowd in free space: the search status says there is nothing to search, and why; no
    // legend of colours nothing here can show.
    expect(await page.textContent('#status')).toMatch(/^Nothing to search: this scene has no voxel grid and no waypoints/);
    expect(await page.textContent('#hud .ends')).toMatch(/nothing to search$/);
    expect(await page.isVisible('#legend')).toBe(false);
    expect(await page.isVisible('#legend-world')).toBe(false);
    await openFolder('Agents');
    const toggle = page.locator('[data-testid="Agents/velocity arrows"] input');
    expect(await toggle.isChecked()).toBe(false);
    // Paused: a few single steps give every agent a velocity and a preferred one, and the
    // picture then holds still between the screenshots.
    await expect.poll(hud, { timeout: 60_000 }).toMatch(/Agents: 120 .*paused/);
    for (let k = 0; k < 3; k++) await page.click('[data-testid="Agents/Step (N)"] button');
    await expect.poll(hud, { timeout: 60_000 }).toMatch(/t = 0\.1 s/);
    const off = await preferredPixels();
    await toggle.click();
    await expect.poll(preferredPixels, { timeout: 30_000 }).toBeGreaterThan(off + 200);
    await toggle.click();
    await expect.poll(preferredPixels, { timeout: 30_000 }).toBeLessThanOrEqual(off);
  });
});
