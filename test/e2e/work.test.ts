/**
 * Nothing lost, nothing stuck (the built app, headless Chromium): each scene keeps its own edits
 * and undo history across picker switches, `navlab.loadScene(name)` and reloads, with the
 * same picker names and an explicit way back to the shipped version; a failed save (storage
 * full) is shown; two tabs on one scene do not overwrite each other silently; a new load
 * cancels a pending one, and a long load shows its progress and a Cancel button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { addWaypoint as addWaypointTo } from './doorsKit.ts';
import { holdWorkerAnswers, releaseWorkerAnswers, sceneFile, shippedScenes, useAppPage, type AppPage, type AppUrl } from './harness.ts';

let server: AppUrl;
let app: AppPage;
let page: Page;
useAppPage((dev) => ({ server, app, page } = dev));

const FIELD = shippedScenes().find((s) => s.file === 'open-field.json')!.name;
const CLASSIC = shippedScenes().find((s) => s.file === 'classic-10.json')!.name;
const fieldWaypoints = sceneFile('open-field.json').waypoints.length;

const doc = (p: Page = page): Promise<SceneDocument> => p.evaluate(() => window.navlab!.document());
const ids = async (p: Page = page): Promise<string[]> => (await doc(p)).waypoints.map((w) => w.id);

/** Adds a waypoint `id` through the editor's commit (the path every editing tool takes). */
const addWaypoint = (id: string, p: Page = page): Promise<void> => addWaypointTo(p, id);

const pick = (name: string, p: Page = page) => p.locator('[data-testid="Scene/scene"] select').selectOption({ label: name });
const shownName = (p: Page = page) => p.evaluate(() => window.navlab!.document().name);

describe('saved edits per scene (dev)', () => {
  it("keeps each scene's edits and undo history across picker switches and loadScene(name)", async () => {
    const names = await page.evaluate(() => window.navlab!.scenes());
    await page.evaluate((n) => window.navlab!.loadScene(n), FIELD);
    await addWaypoint('kept-1');
    await addWaypoint('kept-2');
    await page.evaluate(() => window.navlab!.undo());
    await pick(CLASSIC);
    await expect.poll(() => shownName()).toBe(CLASSIC);
    await addWaypoint('classic-1');
    // Back to the first scene through the picker: its edits and its redo step are there.
    await pick(FIELD);
    await expect.poll(() => shownName()).toBe(FIELD);
    expect(await ids()).toContain('kept-1');
    expect(await ids()).not.toContain('kept-2');
    await page.evaluate(() => window.navlab!.redo());
    expect(await ids()).toContain('kept-2');
    await page.evaluate(() => {
      window.navlab!.undo();
      window.navlab!.undo();
    });
    expect((await doc()).waypoints.length).toBe(fieldWaypoints);
    await page.evaluate(() => {
      window.navlab!.redo();
      window.navlab!.redo();
    });
    // By name, as the handle's users do.
    await page.evaluate((n) => window.navlab!.loadScene(n), CLASSIC);
    expect(await ids()).toContain('classic-1');
    expect(await page.evaluate(() => window.navlab!.scenes())).toEqual(names);
  });

  it('brings them back after a reload, with the same picker names and an undoable way back to the shipped version', async () => {
    const names = await page.evaluate(() => window.navlab!.scenes());
    await page.evaluate((n) => window.navlab!.loadScene(n), FIELD);
    await page.waitForTimeout(800);
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect(await shownName()).toBe(FIELD);
    expect(await ids()).toEqual(expect.arrayContaining(['kept-1', 'kept-2']));
    expect(await page.evaluate(() => window.navlab!.scenes())).toEqual(names);
    await expect.poll(() => page.isVisible('#restore-note')).toBe(true);
    // The undo history survived the reload.
    await page.evaluate(() => window.navlab!.undo());
    expect(await ids()).not.toContain('kept-2');
    await page.evaluate(() => window.navlab!.redo());
    expect(await ids()).toContain('kept-2');
    // The other scene's edits too.
    await page.evaluate((n) => window.navlab!.loadScene(n), CLASSIC);
    expect(await ids()).toContain('classic-1');
    await page.evaluate((n) => window.navlab!.loadScene(n), FIELD);
    // The explicit way back: the shipped file, as an undoable edit.
    await page.locator('[data-testid="Edit/Back to the shipped version"] button').click();
    await expect.poll(async () => (await doc()).waypoints.length).toBe(fieldWaypoints);
    await page.evaluate(() => window.navlab!.undo());
    expect(await ids()).toContain('kept-2');
  });

  it('shows a failed save (storage full) and clears the notice once saving works again', async () => {
    await page.evaluate(() => {
      const original = Storage.prototype.setItem;
      (window as unknown as { __setItem: typeof original }).__setItem = original;
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await addWaypoint('no-room');
    await expect.poll(() => page.textContent('#save-failed')).toMatch(/Autosave failed: .*storage .*full/);
    await page.evaluate(() => {
      Storage.prototype.setItem = (window as unknown as { __setItem: typeof Storage.prototype.setItem }).__setItem;
    });
    await addWaypoint('room-again');
    await expect.poll(() => page.isVisible('#save-failed')).toBe(false);
    // Nothing was lost: the failed edit is in the saved record now.
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect(await ids()).toEqual(expect.arrayContaining(['no-room', 'room-again']));
  });

  it('tells both tabs when they edit one scene, and overwrites only on request', async () => {
    const other = await page.context().newPage();
    await other.goto(server.url);
    await other.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect(await shownName(other)).toBe(FIELD);
    await addWaypoint('from-tab-2', other);
    // This tab hears of it at once (storage event) and stops autosaving the scene.
    await expect.poll(() => page.textContent('#save-conflict')).toMatch(/changed in another tab/);
    await addWaypoint('from-tab-1');
    await page.waitForTimeout(600);
    const stored = () =>
      page.evaluate((n) => {
        const r = JSON.parse(localStorage.getItem(`navlab.scene.v2:${n}`)!) as { docs: string[]; index: number };
        return (JSON.parse(r.docs[r.index]) as SceneDocument).waypoints.map((w) => w.id);
      }, FIELD);
    expect(await stored()).toContain('from-tab-2');
    expect(await stored()).not.toContain('from-tab-1');
    // Keeping this tab's version is an explicit choice; then the other tab is told.
    await page.locator('#save-conflict button', { hasText: 'Keep this tab' }).click();
    await expect.poll(stored).toContain('from-tab-1');
    await expect.poll(() => other.textContent('#save-conflict')).toMatch(/changed in another tab/);
    await other.locator('#save-conflict button', { hasText: 'Load the other tab' }).click();
    await expect.poll(() => ids(other)).toContain('from-tab-1');
    expect(await ids(other)).not.toContain('from-tab-2');
    await other.close();
  });
});

describe('loading (dev)', () => {
  it('a new load cancels a pending one', async () => {
    const r = await page.evaluate(async (n) => {
      const first = window.navlab!.loadScene('warframe-simple').then(
        () => 'loaded',
        (e: Error) => `${e.name}: ${e.message}`,
      );
      const second = window.navlab!.loadScene(n).then(
        () => 'loaded',
        (e: Error) => `${e.name}: ${e.message}`,
      );
      return [await first, await second];
    }, CLASSIC);
    expect(r[0]).toMatch(/^AbortError: .*cancelled by a newer load/);
    expect(r[1]).toBe('loaded');
    expect(await shownName()).toBe(CLASSIC);
  });

  it("shows a long load's progress with a Cancel button that stops it", async () => {
    const before = await doc();
    // 50,000 waypoints (the limit) in open space: linking them takes seconds of worker time.
    const big = {
      version: 1,
      name: 'Many waypoints',
      bounds: { min: [0, 0, 0], max: [100, 100, 100] },
      waypoints: Array.from({ length: 50_000 }, (_, i) => ({
        id: `w${i}`,
        position: [(i * 7.31) % 100, (i * 3.77) % 100, (i * 1.13) % 100],
      })),
    };
    // The workers' answers wait until Cancel is pressed, so the load is still on its way then however
    // fast this machine links (a fast worker finished before the click here at rest).
    await holdWorkerAnswers(page);
    const result = page.evaluate(
      (d) =>
        window.navlab!.loadScene(d).then(
          () => 'loaded',
          (e: Error) => `${e.name}: ${e.message}`,
        ),
      big,
    );
    await page.waitForSelector('#loading:not([hidden])');
    await expect.poll(() => page.textContent('#loading')).toMatch(/Loading Many waypoints · preprocessing in a worker… \d+\.\d s/);
    await page.locator('#loading button', { hasText: 'Cancel' }).click();
    expect(await result).toMatch(/^AbortError: .*cancelled/);
    await releaseWorkerAnswers(page);
    expect(await page.isVisible('#loading')).toBe(false);
    expect(await doc()).toEqual(before);
    // The pool's restarted worker still serves loads and queries.
    await page.evaluate(() => window.navlab!.loadScene('open-field'));
    expect((await page.evaluate(() => window.navlab!.query({ graph: 'waypoints', from: 'ground-01', to: 'mid-23' }))).status).toBe('found');
    expect(app.errors).toEqual([]);
  });
});
