/**
 * Textured glTF levels in the app (the built app, headless Chromium): a GLB whose image lies in
 * its binary chunk, and a .gltf dropped with its PNG, are drawn with their textures (decoded by
 * the browser from the checked bytes, nothing fetched), without console errors or
 * Content-Security-Policy violations.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { png, texturedBox } from '../../scripts/meshes/gltf.ts';
import { useAppPage, type AppPage, type SharedAppPage } from './harness.ts';

let dev: SharedAppPage;
let page: Page;
let app: AppPage;
useAppPage((d) => {
  dev = d;
});
beforeAll(() => {
  ({ page, app } = dev);
});

interface Payload {
  name: string;
  base64: string;
}

/** Drops files on the window, as a person dragging them from a file manager. */
async function drop(files: Payload[]): Promise<void> {
  await page.evaluate((payload) => {
    const dt = new DataTransfer();
    for (const p of payload) dt.items.add(new File([Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0))], p.name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

const payload = (name: string, bytes: Uint8Array | string): Payload => ({ name, base64: Buffer.from(bytes).toString('base64') });

/** The textures drawn on the scene's meshes: the size of each map's image and what holds it. */
function drawnMaps(): Promise<{ width: number; height: number; kind: string }[]> {
  return page.evaluate(() => {
    type Drawn = { isMesh?: boolean; material?: { map?: { image?: { width: number; height: number } } | null } };
    const scene = (window as unknown as { __navlabEditor: { app: { scene: { traverse(f: (o: Drawn) => void): void } } } }).__navlabEditor
      .app.scene;
    const maps: { width: number; height: number; kind: string }[] = [];
    scene.traverse((o) => {
      const image = o.isMesh ? o.material?.map?.image : undefined;
      if (image) maps.push({ width: image.width, height: image.height, kind: image.constructor.name });
    });
    return maps;
  });
}

describe('textured glTF in the app', () => {
  it('draws a dropped GLB and a .gltf with its PNG with their textures', async () => {
    // Waypoint placement is not what this file looks at (it is the slow part of an import).
    const box = page.locator('[data-testid="Meshes/waypoints when importing"] input');
    if (await box.isChecked()) await box.click();

    await drop([payload('textured-box.glb', texturedBox(4).glb())]);
    await page.waitForFunction(() => window.navlab!.document().name === 'textured-box', null, { timeout: 240_000 });
    await expect.poll(drawnMaps).toEqual([{ width: 4, height: 4, kind: 'ImageBitmap' }]);

    // A .gltf with an external buffer and image, dropped together (the app embeds both as data: URIs).
    const b = texturedBox();
    b.json.images = [{ uri: 'wall%20tex.png' }];
    await drop([
      payload('textured.gltf', b.gltfExternal('textured.bin')),
      payload('textured.bin', b.body()),
      payload('wall tex.png', png(3, 5)),
    ]);
    await page.waitForFunction(() => window.navlab!.document().name === 'textured', null, { timeout: 240_000 });
    await expect.poll(drawnMaps).toEqual([{ width: 3, height: 5, kind: 'ImageBitmap' }]);

    expect(await page.textContent('#error')).toBe('');
    expect(await app.violations()).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 600_000);
});
