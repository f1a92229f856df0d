/**
 * The biggest Warframe map in the built app: A1 (896x390x255, 89 million voxels) dropped on
 * the page, then one voxel painted with the voxel tool by a real pointer press. Prints the
 * load's wall time (drop to shown) and its longest main-thread task, and the paint's
 * main-thread time: the synchronous handling of the press (from a window capture listener,
 * which runs first, to a window bubble listener, which runs last) and the longest task in the
 * second after it (drawing the rebuilt chunks). Target: painting one voxel <= 50 ms.
 * Wall-clock numbers: measured here, never asserted in tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOVINGAI_DIR } from '../test/helpers/movingai.ts';
import type { AppPage } from '../test/e2e/harness.ts';

/** Rows for the browser table: [phase, value ms, note]. */
export async function benchBigWorld(app: AppPage): Promise<(string | number)[][]> {
  const file = join(MOVINGAI_DIR, '3d', 'A1.3dmap');
  if (!existsSync(file)) return [['A1 load and paint', 'skipped: data absent', '']];
  const { page } = app;
  const text = readFileSync(file, 'utf8');
  await app.resetLongTasks();
  const t0 = Date.now();
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'A1.3dmap', { type: 'text/plain' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => document.querySelector('.scene-info')?.textContent?.includes('896×390×255') === true, null, { timeout: 300_000, polling: 100 });
  const loadMs = Date.now() - t0;
  // Two frames: the first draw of the chunks is part of the load.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  const loadTasks = await app.longTasks();
  const rows: (string | number)[][] = [
    ['A1: load by drop (wall, drop to shown)', loadMs, ''],
    ['A1: longest main-thread task while loading', Math.max(0, ...loadTasks.map(([, d]) => d)), `${loadTasks.length} tasks > 50 ms`],
  ];
  await page.evaluate(() => window.navlab!.setTool('voxel'));
  const solidBefore = await page.evaluate(() => window.navlab!.document().voxels!.solid.length);
  const canvas = await page.locator('#app canvas').boundingBox();
  if (canvas === null) throw new Error('bench: no canvas');
  await page.evaluate(() => {
    const w = window as unknown as { __press: number[] };
    w.__press = [];
    window.addEventListener('pointerdown', () => w.__press.push(performance.now()), { capture: true });
    window.addEventListener('pointerdown', () => w.__press.push(performance.now()));
  });
  // Press in the middle of the view (the framed map), a little off-centre to miss panels.
  const x = canvas.x + canvas.width * 0.5, y = canvas.y + canvas.height * 0.55;
  await page.mouse.move(x, y);
  await app.resetLongTasks();
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForTimeout(1000);
  const press = await page.evaluate(() => (window as unknown as { __press: number[] }).__press);
  const after = await app.longTasks();
  const solidAfter = await page.evaluate(() => window.navlab!.document().voxels!.solid.length);
  const painted = solidAfter === solidBefore + 1 ? 'one box painted' : `warning: solid boxes ${solidBefore} -> ${solidAfter}`;
  rows.push(['A1: paint one voxel, handling the press (main thread)', press.length === 2 ? (press[1] - press[0]).toFixed(1) : 'n/a', painted]);
  rows.push(['A1: longest main-thread task in the second after', Math.max(0, ...after.map(([, d]) => d)), `${after.length} tasks > 50 ms (0 = none)`]);
  return rows;
}
