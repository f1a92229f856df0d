/**
 * Hostile documents in a real browser (the built app, under the app's Content-Security-Policy):
 * markup and script in every string field of a scene, through every way a document enters the
 * app (navlab.loadScene, the scene picker, a dropped file, a share link, autosave restore),
 * then (for two of the five ways in, a fixed seed, in `npm test`; for every one under
 * `npm run verify:full`) every waypoint hovered and selected, the obstacle selected and deleted,
 * a search run and the agents played. No script may run and no element may be injected: the payload's
 * elements carry `data-hostile`, its scripts set `window.__pwned`, and its inline handlers
 * would be reported as CSP violations. Error messages quoting huge ids stay short.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_SCENE_KEY, SCENE_KEY_PREFIX } from '../../src/app/features/editor/persistence.ts';
import { encodeShare } from '../../src/app/features/editor/share.ts';
import { sampleCases } from '../support/sample.ts';
import { openApp, screenPoint, setView, settle, useSharedApp, type AppPage, type AppUrl } from './harness.ts';

/** Markup that would run script or add elements if rendered as HTML; `k` tells the fields apart. */
const P = (k: string): string =>
  `<img data-hostile="${k}" src="x" onerror="window.__pwned=1"><script data-hostile>window.__pwned=1</script><b data-hostile>${k}</b>"'&`;

const WP_A = [-3, 1.5, -3];
const WP_B = [3, 1.5, 3];
const BOX = [0, 1.5, 0];

/** A small scene whose every string field is hostile. */
function hostile(name: string): Record<string, unknown> {
  return {
    version: 1,
    name: P(name),
    description: P('description'),
    units: P('units'),
    bounds: { min: [-5, 0, -5], max: [5, 5, 5] },
    voxels: {
      origin: [-5, 0, -5],
      dims: [10, 1, 10],
      solid: [[0, 0, 0, 9, 0, 9]],
      terrain: [{ kind: P('terrain'), cost: 2, boxes: [[0, 0, 0, 1, 0, 1]] }],
    },
    obstacles: [{ id: P('obstacle'), shape: 'box', position: BOX, size: [1, 1, 1] }],
    movingObstacles: [{ id: P('moving'), radius: 0.3, orbit: { center: [0, 4, 0], radius: 2, period: 20 } }],
    waypoints: [
      { id: P('wp-a'), label: P('label-a'), position: WP_A },
      { id: P('wp-b'), label: P('label-b'), position: WP_B },
    ],
    agents: [{ id: P('agent'), start: P('wp-a'), goal: P('wp-b'), radius: 0.2, speed: 1 }],
  };
}

let browser: Browser;
let server: AppUrl;
const pages: AppPage[] = [];
useSharedApp((dev) => ({ browser, server } = dev));

afterAll(async () => {
  for (const p of pages) await p.close();
});

async function open(hash = ''): Promise<AppPage> {
  const app = await openApp(browser, server.url + hash);
  pages.push(app);
  return app;
}

/** What the detectors saw: script run, elements injected, CSP violations, console errors. */
async function harm(app: AppPage): Promise<{ pwned: boolean; injected: number; violations: string[]; errors: string[] }> {
  const seen = await app.page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned !== undefined,
    injected: document.querySelectorAll('[data-hostile]').length,
  }));
  return { ...seen, violations: await app.violations(), errors: app.errors.slice() };
}

const NO_HARM = { pwned: false, injected: 0, violations: [], errors: [] };

/** The first characters of a hostile string as the app shows them (names are shortened to 60). */
const shown = (k: string): string => P(k).slice(0, 40);

/** The ways in; `exercise` works through the whole scene for two of them in `npm test` (a fixed seed), for all under verify:full. */
const DOORS = ['loadScene', 'picker', 'drop', 'share link', 'autosave'] as const;
const WORKED = new Set(sampleCases(DOORS, 2, 51));

/**
 * Waits for the hostile scene `name` to be shown, with its name as text; for a door of WORKED,
 * then hovers and selects everything in it, runs a search and the agents.
 */
async function exercise(page: Page, name: string, door: (typeof DOORS)[number]): Promise<void> {
  await page.waitForFunction((n) => window.navlab!.document().name === n, P(name));
  expect(await page.textContent('.scene-name')).toContain(shown(name));
  if (!WORKED.has(door)) return;
  await setView(page, [0, 11, 11], [0, 1, 0]);
  // Search on the waypoint graph, where endpoints are the hostile ids.
  if (/voxel grid/.test((await page.textContent('#hud .ends')) ?? '')) await page.keyboard.press('g');
  expect(await page.textContent('#hud .ends')).toContain('waypoint graph');
  for (const [k, p] of [
    ['wp-a', WP_A],
    ['wp-b', WP_B],
  ] as const) {
    const s = await screenPoint(page, p);
    await page.mouse.move(s.x - 3, s.y);
    await page.mouse.move(s.x, s.y);
    await expect.poll(() => page.textContent('#tooltip'), { message: `tooltip of ${k}` }).toContain(shown(k));
    expect(await page.textContent('#tooltip')).toContain(shown(`label-${k.slice(-1)}`));
  }
  const a = await screenPoint(page, WP_A);
  await page.mouse.click(a.x, a.y);
  const b = await screenPoint(page, WP_B);
  await page.mouse.click(b.x, b.y, { button: 'right' });
  await settle(page);
  const ends = (await page.textContent('#hud .ends')) ?? '';
  expect(ends).toContain(shown('wp-a'));
  expect(ends).toContain(shown('wp-b'));
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelector('#status')!.getAttribute('data-phase') === 'done', null, { timeout: 60_000 });
  // The obstacle: select it (click its top), delete it, undo.
  const top = await screenPoint(page, [BOX[0], BOX[1] + 0.5, BOX[2]]);
  await page.mouse.click(top.x, top.y);
  await settle(page);
  const before = (await page.evaluate(() => window.navlab!.document())).obstacles.length;
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await page.evaluate(() => window.navlab!.document())).obstacles.length).toBe(before - 1);
  await page.evaluate(() => window.navlab!.undo());
  // Agents, help.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  await settle(page);
}

describe('hostile documents (dev)', () => {
  it('the detectors see markup rendered as HTML (control)', async () => {
    const app = await open();
    await app.page.evaluate((html) => {
      const div = document.createElement('div');
      div.id = 'control';
      div.innerHTML = html;
      document.body.append(div);
    }, P('control'));
    await expect.poll(async () => (await harm(app)).violations.length).toBeGreaterThan(0);
    expect((await harm(app)).injected).toBeGreaterThan(0);
    await app.close();
    pages.pop();
  });

  it('navlab.loadScene, the picker and a dropped file: shown as text, nothing runs', async () => {
    const app = await open();
    const { page } = app;
    await page.evaluate((d) => window.navlab!.loadScene(d), hostile('loaded'));
    await exercise(page, 'loaded', 'loadScene');
    // The picker lists the hostile name; choosing it again shows the scene.
    await page.evaluate(() => window.navlab!.loadScene('classic-10'));
    await page.locator('[data-testid="Scene/scene"] select').selectOption({ label: P('loaded') });
    await exercise(page, 'loaded', 'picker');
    // Dropped on the window.
    await page.evaluate(
      (text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'hostile.json', { type: 'application/json' }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      JSON.stringify(hostile('dropped')),
    );
    await exercise(page, 'dropped', 'drop');
    expect(await harm(app)).toEqual(NO_HARM);
  });

  it('errors quote at most a short prefix of hostile and huge inputs', async () => {
    const app = await open();
    const { page } = app;
    const huge = 'A'.repeat(200_000) + P('huge');
    const bad = {
      version: 1,
      waypoints: [
        { id: huge, position: [0, 0, 0] },
        { id: huge, position: [1, 0, 0] },
      ],
    };
    const message = await page.evaluate(
      (d) =>
        window.navlab!.loadScene(d).then(
          () => 'loaded',
          (e: Error) => e.message,
        ),
      bad,
    );
    expect(message).not.toBe('loaded');
    expect(message.length).toBeLessThan(1000);
    const shownError = (await page.textContent('#error')) ?? '';
    // Cut either as a quoted prefix ("first 40 of N characters") or a clipped line ("N more characters").
    expect(shownError).toMatch(/(first \d+ of \d+|\d+ more) characters/);
    expect(shownError.length).toBeLessThan(1000);
    const unknown = await page.evaluate(
      (n) =>
        window.navlab!.loadScene(n).then(
          () => 'loaded',
          (e: Error) => e.message,
        ),
      P('name') + 'B'.repeat(100_000),
    );
    expect(unknown).toMatch(/unknown scene/);
    expect(unknown.length).toBeLessThan(1000);
    // A dropped file over the size limit is refused before it is read; the scene stays.
    const before = await page.evaluate(() => window.navlab!.document().name);
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(64 * 2 ** 20 + 1)], 'huge.json', { type: 'application/json' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => /exceeds the limit of 64 MiB/.test(document.querySelector('#error')?.textContent ?? ''));
    expect(await page.evaluate(() => window.navlab!.document().name)).toBe(before);
    expect(await harm(app)).toEqual(NO_HARM);
  });

  it('a share link: shown as text, nothing runs', async () => {
    const hash = await encodeShare(JSON.stringify(hostile('shared')), null, P('wp-a'), P('wp-b'));
    expect(hash).not.toBeNull();
    const app = await open(hash!);
    expect(await app.page.textContent('#hud .ends')).toContain(shown('wp-a'));
    await exercise(app.page, 'shared', 'share link');
    expect(await harm(app)).toEqual(NO_HARM);
  });

  it('a #scene= hash that is not a share link: a message naming the problem (no decoded bytes), and the default scene', async () => {
    const app = await open(`#scene=${Buffer.from(`${P('garbage')} is not a scene`).toString('base64url')}`);
    await expect
      .poll(() => app.page.textContent('#error'))
      .toBe("Could not open the shared link: the link's scene= value is not a shared scene: it decodes to text that is not JSON");
    expect(await app.page.evaluate(() => window.navlab!.document().name)).toBe('Open field with pillars');
    expect(await harm(app)).toEqual(NO_HARM);
  });

  it('autosave restore: shown as text, nothing runs', async () => {
    const app = await open();
    const { page } = app;
    // What an earlier session (or a tampered storage) left: edits of a scene with a hostile name.
    const name = P('saved');
    const record = {
      format: 2,
      name,
      savedAt: Date.now(),
      revision: 1,
      tab: 'x',
      docs: [JSON.stringify(hostile('saved'))],
      labels: [],
      index: 0,
    };
    await page.evaluate(
      ([k, v, last, n]) => {
        localStorage.setItem(k, v);
        localStorage.setItem(last, n);
      },
      [SCENE_KEY_PREFIX + name, JSON.stringify(record), LAST_SCENE_KEY, name] as const,
    );
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    await expect.poll(() => page.textContent('#restore-note')).toContain(shown('saved'));
    expect(await page.evaluate(() => window.navlab!.scenes())).toContain(name);
    await exercise(page, 'saved', 'autosave');
    expect(await harm(app)).toEqual(NO_HARM);
  });
});
