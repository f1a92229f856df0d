/**
 * Browser storage at the app's doors (the built app, headless Chromium): damaged, full or
 * blocked storage never breaks startup or loses work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAST_SCENE_KEY, SCENE_KEY_PREFIX } from '../../src/app/features/editor/persistence.ts';
import { addWaypoint, CLASSIC, doc, errorNaming, FIELD, meshScene, savedIds, SHORT_STL, useDoorsApp } from './doorsKit.ts';
import { ROOT } from './harness.ts';

const apps = useDoorsApp();
const open = apps.open;

/** Every value in the page's storage. */
const storedValues = (page: Page): Promise<string[]> =>
  page.evaluate(() => Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!)!));

/** A stored record of saved edits whose current document is `d`. */
const record = (name: string, d: object) =>
  JSON.stringify({ format: 2, name, savedAt: Date.now(), revision: 1, tab: 'earlier', docs: [JSON.stringify(d)], labels: [], index: 0 });

describe('damaged or full browser storage (dev)', () => {
  it('damaged autosaves never break startup: the default scene opens with a one-line notice, and each is kept', async () => {
    const app = await open();
    const { page } = app;
    const shipped = (await doc(page)).waypoints.length;
    const damaged: Record<string, string> = {
      // Cut off, and of the wrong types.
      [FIELD]: record(FIELD, { version: 1 }).slice(0, 60),
      [CLASSIC]: JSON.stringify({ format: 2, name: CLASSIC, savedAt: 1, revision: 1, tab: 'x', docs: [42], labels: [], index: 0 }),
      // Scenes whose embedded mesh is broken, or huge (3 MB of zeros as an STL).
      'Broken mesh': record('Broken mesh', meshScene('Broken mesh', `data:model/stl;base64,${SHORT_STL.base64}`)),
      'Huge mesh': record('Huge mesh', meshScene('Huge mesh', `data:model/stl;base64,${'A'.repeat(4_000_000)}`)),
    };
    await page.evaluate(
      ([entries, prefix, last]) => {
        for (const [name, raw] of Object.entries(entries)) localStorage.setItem(prefix + name, raw);
        localStorage.setItem(last, 'Broken mesh');
      },
      [damaged, SCENE_KEY_PREFIX, LAST_SCENE_KEY] as const,
    );
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    // The default scene, as shipped, and one notice line naming each damaged save.
    expect((await doc(page)).name).toBe(FIELD);
    expect((await doc(page)).waypoints.length).toBe(shipped);
    const notice = (await page.textContent('#save-damaged')) ?? '';
    for (const name of [FIELD, CLASSIC, 'Broken mesh']) expect(notice).toContain(name);
    expect(notice).not.toMatch(/\n/);
    expect(await page.evaluate(() => document.querySelector('#save-damaged span')!.children.length)).toBe(0);
    // Not destroyed: every damaged text is still in the storage.
    expect(await storedValues(page)).toEqual(expect.arrayContaining(Object.values(damaged)));
    // The shipped scene of a damaged save opens as shipped.
    await page.evaluate((n) => window.navlab!.loadScene(n), CLASSIC);
    expect((await doc(page)).name).toBe(CLASSIC);
    // A damaged save chosen in the picker: a one-line error, the scene shown stays, the save is kept.
    await page.locator('[data-testid="Scene/scene"] select').selectOption({ label: 'Huge mesh' });
    const message = await errorNaming(page, 'Huge mesh');
    expect(message).not.toMatch(/\n/);
    expect((await doc(page)).name).toBe(CLASSIC);
    await expect.poll(() => page.textContent('#save-damaged')).toContain('Huge mesh');
    // Work goes on: an edit is saved beside the kept texts, and a reload opens it without a notice.
    await addWaypoint(page, 'after');
    await expect.poll(() => savedIds(page, CLASSIC)).toContain('after');
    expect(await storedValues(page)).toEqual(expect.arrayContaining(Object.values(damaged)));
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect((await doc(page)).waypoints.map((w) => w.id)).toContain('after');
    expect(await page.isVisible('#save-damaged')).toBe(false);
    expect(app.errors).toEqual([]);
  }, 300_000);

  it('a full storage while a scene with embedded meshes is saved: a notice, and nothing in the tab is lost', async () => {
    const app = await open();
    const { page } = app;
    // An embedded mesh of some 160,000 characters: the scene is saved as a base text and patches.
    const obj = `${readFileSync(join(ROOT, 'test/data/meshes/tetra.obj'), 'utf8')}# ${'x'.repeat(120_000)}\n`;
    const embedded = meshScene('Embedded', `data:model/obj;base64,${Buffer.from(obj).toString('base64')}`);
    await page.evaluate((d) => window.navlab!.loadScene(d), embedded);
    // Fill the storage until it takes nothing more.
    await page.evaluate(() => {
      let n = 0;
      for (let size = 2 ** 22; size >= 1; ) {
        try {
          localStorage.setItem(`fill-${n++}`, 'x'.repeat(size));
        } catch {
          size = Math.floor(size / 2);
        }
      }
    });
    await addWaypoint(page, 'full-1');
    await expect.poll(() => page.textContent('#save-failed')).toMatch(/Autosave failed: .*storage .*full/);
    expect(await page.textContent('#save-failed')).not.toMatch(/\n/);
    // Away and back through the picker: the edit and its undo are there.
    const picker = page.locator('[data-testid="Scene/scene"] select');
    await picker.selectOption({ label: CLASSIC });
    await expect.poll(async () => (await doc(page)).name).toBe(CLASSIC);
    await picker.selectOption({ label: 'Embedded' });
    await expect.poll(async () => (await doc(page)).name).toBe('Embedded');
    expect((await doc(page)).waypoints.map((w) => w.id)).toEqual(['full-1']);
    expect((await doc(page)).meshes![0].src).toBe(embedded.meshes[0].src);
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc(page)).waypoints).toEqual([]);
    await page.evaluate(() => window.navlab!.redo());
    // Room again: the next save clears the notice, and a reload brings everything back.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.startsWith('fill-')) localStorage.removeItem(k);
    });
    await addWaypoint(page, 'full-2');
    await expect.poll(() => page.isVisible('#save-failed')).toBe(false);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('Embedded')))).toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect((await doc(page)).name).toBe('Embedded');
    expect((await doc(page)).waypoints.map((w) => w.id)).toEqual(['full-1', 'full-2']);
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc(page)).waypoints.map((w) => w.id)).toEqual(['full-1']);
  }, 300_000);
});

describe('storage the browser refuses (dev)', () => {
  it('the app starts and edits work when site storage is blocked; saves are told to fail', async () => {
    const context = await apps.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // As when the user blocks site data: the storage getter throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    try {
      await page.goto(apps.server.url);
      await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
      expect((await doc(page)).name).toBe(FIELD);
      await addWaypoint(page, 'no-storage');
      await expect.poll(() => page.textContent('#save-failed')).toMatch(/Autosave failed: .*storage/);
      expect((await doc(page)).waypoints.map((w) => w.id)).toContain('no-storage');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
