/**
 * Baked navigation in the app (the built app, headless Chromium): "Export navigation (.navbin)"
 * downloads the scene's grid (with terrain), waypoint graph and settings as bytes readNavbin
 * and navWorldFromNavbin read, answering queries as the app does; the file dropped back
 * opens as a scene with the same grid and waypoints; a broken .navbin gets one line naming it.
 */
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readNavbin } from '../../src/core/io/navbin.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { navWorldFromNavbin } from '../../src/three/navbinWorld.ts';
import { loadScene, shippedScenes, useAppPage, type AppPage, dropFile } from './harness.ts';

let page: Page;
let app: AppPage;
useAppPage((dev) => ({ app, page } = dev));

const RIVER = shippedScenes().find((s) => s.file === 'river-bridge.json')!.name;
/** Across the river: the optimum takes the bridge (wading costs 8 per voxel). */
const QUERY: { graph: 'grid'; from: [number, number, number]; to: [number, number, number] } = {
  graph: 'grid',
  from: [6, 0, 2],
  to: [8, 0, 17],
};

async function downloadBytes(download: Download): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Drops one file on the window (harness.ts). */
const drop = (name: string, bytes: Uint8Array): Promise<void> => dropFile(page, name, bytes);

const doc = (): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());

describe('.navbin in the app', () => {
  let bytes: Uint8Array;

  it('exports the scene navigation as a .navbin that reads back and answers as the app does', async () => {
    await loadScene(page, RIVER);
    const shown = await doc();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="Edit/Export navigation (.navbin)"] button').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.navbin$/);
    bytes = await downloadBytes(download);
    const bin = readNavbin(bytes);
    expect([bin.grid!.X, bin.grid!.Y, bin.grid!.Z]).toEqual(shown.voxels!.dims);
    expect(bin.grid!.terrain).not.toBeNull();
    expect(Math.max(...bin.grid!.terrain!)).toBe(8);
    expect(bin.graph.ids).toEqual(shown.waypoints.map((w) => w.id));
    expect(bin.graph.targets.length).toBeGreaterThan(0);
    expect(bin.settings).toMatchObject({ agentRadius: shown.agentRadius, neighborhood: 26, cornerCutting: 'forbid' });
    // The game's side: the same grid answer as the app's.
    const inApp = await page.evaluate((q) => window.navlab!.query(q), QUERY);
    const baked = navWorldFromNavbin(bytes).query(QUERY.from, QUERY.to);
    expect(baked.status).toBe('found');
    expect(baked.cost).toBeCloseTo(inApp.cost, 9);
    expect(baked.path).toEqual(inApp.path);
    expect(app.errors, app.errors.join('\n')).toEqual([]);
  });

  it('opens a dropped .navbin as a scene of its grid and waypoints, and names a broken one', async () => {
    const shown = await doc();
    const inApp = await page.evaluate((q) => window.navlab!.query(q), QUERY);
    await drop('river-baked.navbin', bytes);
    await expect.poll(async () => (await doc()).name).toBe('river-baked');
    const opened = await doc();
    expect(opened.voxels!.dims).toEqual(shown.voxels!.dims);
    expect(opened.waypoints).toEqual(shown.waypoints.map(({ id, position }) => ({ id, position })));
    // Terrain came along: the same optimum across the river.
    const again = await page.evaluate((q) => window.navlab!.query(q), QUERY);
    expect(again.cost).toBeCloseTo(inApp.cost, 9);

    const broken = bytes.slice();
    broken[0] = 0x58;
    await drop('broken.navbin', broken);
    await expect.poll(() => page.textContent('#error')).toMatch(/broken\.navbin: not a readable \.navbin: wrong magic/);
    expect((await doc()).name).toBe('river-baked');
  });
});
