/**
 * What the browser tests of the app's doors share (doors, share links, storage): the files and
 * scenes they offer the app, and how they read what it shows and keeps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { SCENE_KEY_PREFIX } from '../../src/app/features/editor/persistence.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { openApp, ROOT, shippedScenes, useSharedApp, type AppPage, type AppUrl, type EditorHook } from './harness.ts';

/** A file's connection to the shared browser and app, and its pages (closed after its tests). */
export interface DoorsApp {
  browser: Browser;
  server: AppUrl;
  /** Opens the app at `hash` in a new page. */
  open(hash?: string): Promise<AppPage>;
}

export function useDoorsApp(): DoorsApp {
  const pages: AppPage[] = [];
  const app = {
    open: async (hash = '') => {
      const opened = await openApp(app.browser, app.server.url + hash);
      pages.push(opened);
      return opened;
    },
  } as DoorsApp;
  useSharedApp((dev) => Object.assign(app, dev));
  afterAll(async () => {
    for (const p of pages) await p.close();
  });
  return app;
}

export const FIELD = shippedScenes().find((s) => s.file === 'open-field.json')!.name;
export const CLASSIC = shippedScenes().find((s) => s.file === 'classic-10.json')!.name;

/** A file as the page gets it: a name and its bytes (base64). */
export interface Payload {
  name: string;
  base64: string;
}

export const payload = (name: string, bytes: string | Buffer): Payload => ({ name, base64: Buffer.from(bytes).toString('base64') });
export const fixture = (name: string): Payload => payload(name, readFileSync(join(ROOT, 'test/data/meshes', name)));

/** A binary-looking STL too short to hold its header (a defect seen in the wild). */
export const SHORT_STL = payload('short.stl', 'solid s\nendsolid s\n');

export const doc = (page: Page): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());
export const shownError = async (page: Page): Promise<string> => (await page.textContent('#error')) ?? '';

/** The waypoint ids of the current document of a scene's autosave record, or null. */
export function savedIds(page: Page, name: string): Promise<string[] | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const r = JSON.parse(raw) as { docs: string[]; index: number };
    return (JSON.parse(r.docs[r.index]) as SceneDocument).waypoints.map((w) => w.id);
  }, SCENE_KEY_PREFIX + name);
}

/** Waits until the error line names `file`, and returns it. */
export async function errorNaming(page: Page, file: string): Promise<string> {
  await expect.poll(() => shownError(page), { message: `the error line names ${file}`, timeout: 60_000 }).toContain(file);
  return shownError(page);
}

/** A version-2 scene with one mesh, `src`. */
export const meshScene = (name: string, src: string) => ({
  version: 2,
  name,
  bounds: { min: [-1, -1, -1], max: [3, 3, 3] },
  meshes: [{ id: 'm', src }],
});

/** Adds a waypoint through the editor's commit (the path every editing tool takes). */
export async function addWaypoint(page: Page, id: string): Promise<void> {
  const ok = await page.evaluate(
    (i) =>
      (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor.commit(`Add ${i}`, (d) => ({
        ...d,
        waypoints: [
          ...d.waypoints,
          { id: i, position: [d.bounds.min[0] + 1, d.bounds.min[1] + 1, d.bounds.min[2] + 1 + d.waypoints.length * 1e-3] },
        ],
      })),
    id,
  );
  expect(ok, `add ${id}`).toBe(true);
}
