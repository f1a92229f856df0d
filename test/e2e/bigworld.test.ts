/**
 * A big Warframe map in a real browser (the built app, headless Chromium): A1 (896x390x255,
 * 89 million voxels) dropped on the page loads, draws its voxel chunks, a grid search finds
 * the published optimal length of a scenario problem, and painting one voxel rebuilds only the
 * chunks it touches (counted by the chunks themselves, through the editor's test hook);
 * the edit is autosaved as a base text and short patches and comes back after a reload.
 * Needs the full Moving AI data (../shared/data/movingai or NAVLAB_MOVINGAI_DIR): skipped
 * without it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse3dScen } from '../../src/core/io/movingai.ts';
import { hasFullData, MOVINGAI_DIR } from '../support/movingai.ts';
import { canvasCoverage, connectBrowser, openApp, settle, sharedApp, type AppPage } from './harness.ts';

/** What the page tells about the drawn voxel chunks (through `__navlabEditor.app`). */
interface ChunkStats {
  name: string;
  chunks: number;
  nonEmpty: number;
  drawn: number;
  rebuilt: number;
}

let browser: Browser;
let app: AppPage;
let page: Page;

const chunkStats = (): Promise<ChunkStats | null> =>
  page.evaluate(() => {
    type Chunks = { chunkCount: number; nonEmptyChunks: number; children: unknown[]; rebuiltChunks: number };
    const a = (
      window as unknown as {
        __navlabEditor?: { app: { current: { doc: { name: string } } | null; views: { world: { voxels: Chunks | null } | null } } };
      }
    ).__navlabEditor?.app;
    const v = a?.views.world?.voxels;
    if (!a?.current || !v) return null;
    return {
      name: a.current.doc.name,
      chunks: v.chunkCount,
      nonEmpty: v.nonEmptyChunks,
      drawn: v.children.length,
      rebuilt: v.rebuiltChunks,
    };
  });

describe.skipIf(!hasFullData())('a big Warframe map in the app', () => {
  beforeAll(async () => {
    browser = await connectBrowser();
    app = await openApp(browser, sharedApp().url);
    page = app.page;
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
  });

  it('A1 loads by drop, draws, searches optimally, and a paint rebuilds only the touched chunks', async () => {
    const text = readFileSync(join(MOVINGAI_DIR, '3d', 'A1.3dmap'), 'utf8');
    await page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], 'A1.3dmap', { type: 'text/plain' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, text);
    await expect.poll(async () => (await chunkStats())?.name, { timeout: 100_000, interval: 500 }).toBe('A1');
    expect(await page.textContent('#error')).toBe('');
    const loaded = (await chunkStats())!;
    // 896x390x255 in chunks of 32: 28 x 13 x 8.
    expect(loaded.chunks).toBe(28 * 13 * 8);
    expect(loaded.nonEmpty).toBeGreaterThan(100);
    expect(loaded.drawn).toBe(loaded.nonEmpty);
    await settle(page);
    expect((await canvasCoverage(page)).drawn).toBeGreaterThan(0.05);

    // A search on the whole grid, in the app's worker, against the published optimum.
    const problems = parse3dScen(readFileSync(join(MOVINGAI_DIR, '3d', 'A1.3dmap.3dscen'), 'utf8'), 'A1.3dmap.3dscen');
    const p = problems[0];
    const report = await page.evaluate(([from, to]) => window.navlab!.query({ from, to }), [p.start, p.goal] as const);
    expect(report.status).toBe('found');
    expect(Math.abs((report as { cost: number }).cost - p.expected)).toBeLessThanOrEqual(1e-3);

    // Paint one voxel beside the start (free, inside a chunk: not on a chunk border) through
    // the editor's undoable edit, as the paint tool does.
    const [x, y, z] = p.start;
    const before = loaded.rebuilt;
    const ok = await page.evaluate(
      (v) =>
        (
          window as unknown as {
            __navlabEditor: { commit(label: string, edit: (d: { voxels: { solid: number[][] } }) => unknown): boolean };
          }
        ).__navlabEditor.commit('Add voxels', (d) => ({ ...d, voxels: { ...d.voxels, solid: [...d.voxels.solid, [...v, ...v]] } })),
      [x, y, z],
    );
    expect(ok).toBe(true);
    const after = (await chunkStats())!;
    const border = [x, y, z].filter((c) => c % 32 === 0 || c % 32 === 31).length;
    expect(after.rebuilt - before).toBeGreaterThanOrEqual(1);
    expect(after.rebuilt - before).toBeLessThanOrEqual(2 ** border);
    expect(after.chunks).toBe(loaded.chunks);
    // The painted voxel blocks the search from there now; undo frees it again.
    await expect(page.evaluate(([from, to]) => window.navlab!.query({ from, to }), [p.start, p.goal] as const)).rejects.toThrow(/blocked/);
    await page.evaluate(() => window.navlab!.undo());
    const undone = (await chunkStats())!;
    expect(undone.rebuilt - after.rebuilt).toBe(after.rebuilt - before);
    const again = await page.evaluate(([from, to]) => window.navlab!.query({ from, to }), [p.start, p.goal] as const);
    expect((again as { cost: number }).cost).toBeCloseTo(p.expected, 3);

    // Autosave of a big scene: a base text and patches (made in the save worker); after a
    // reload the edited map comes back with the painted voxel.
    const record = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem('navlab.scene.v2:A1');
        return raw === null
          ? null
          : (JSON.parse(raw) as { docs: string[]; index: number; revision: number; base?: { id: string; chunks: number } });
      });
    const rev0 = (await record())?.revision ?? 0;
    await page.evaluate(() => window.navlab!.redo());
    await expect
      .poll(
        async () => {
          const r = await record();
          return r !== null && r.revision > rev0 && r.index === 1;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const saved = (await record())!;
    expect(saved.docs.length).toBe(2);
    expect(saved.base!.chunks).toBeGreaterThan(1);
    expect(saved.docs.every((d) => d.startsWith('~') && d.length < 10_000)).toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.navlab?.document().name === 'A1', null, { timeout: 150_000, polling: 500 });
    const restored = await page.evaluate(
      (v) => window.navlab!.document().voxels!.solid.some((b) => b.join() === [...v, ...v].join()),
      [x, y, z],
    );
    expect(restored).toBe(true);
    expect(app.errors).toEqual([]);
  }, 400_000);
});
