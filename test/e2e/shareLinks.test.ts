/**
 * Share links at the app's doors (the built app, headless Chromium): a link whose meshes or
 * textures point outside the page never makes a request leave it, says why in one line and
 * opens the scene the user had; a link followed in a tab already showing the app (only the
 * hash changes) opens like a fresh start.
 */
import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeShare } from '../../src/app/features/editor/share.ts';
import { FULL, sampleCases } from '../support/sample.ts';
import { addWaypoint, CLASSIC, doc, meshScene, savedIds, useDoorsApp } from './doorsKit.ts';
import { ROOT } from './harness.ts';

const apps = useDoorsApp();
const open = apps.open;

/** The share hash of a document (as the app's Share link makes it). */
const shareOf = async (d: object): Promise<string> => (await encodeShare(JSON.stringify(d), null))!;

/** A glTF (sample-embedded.gltf) whose material has a texture at `uri`. */
function texturedGltf(uri: string): string {
  const g = JSON.parse(readFileSync(join(ROOT, 'test/data/meshes/sample-embedded.gltf'), 'utf8'));
  g.images = [{ uri }];
  g.textures = [{ source: 0 }];
  g.materials = [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }];
  for (const m of g.meshes) for (const p of m.primitives) p.material = 0;
  return `data:model/gltf+json;base64,${Buffer.from(JSON.stringify(g)).toString('base64')}`;
}

/** Opens `hash` in the page as a person following a link would (a fresh start of the app). */
async function follow(page: Page, hash: string): Promise<void> {
  // Away first: a link that differs from the page's URL only in its hash would not load the page again.
  await page.goto('about:blank');
  await page.goto(apps.server.url + hash);
  await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
}

/** Opens `hash` in the tab showing the app (only the hash changes) and waits for the error line it gives. */
async function followInTab(page: Page, hash: string): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { __navlabEditor: { app: { overlay: { setError(m: null): void } } } }).__navlabEditor.app.overlay.setError(null),
  );
  await page.evaluate((h) => void (location.hash = h), hash);
  await expect.poll(() => page.textContent('#error'), { timeout: 60_000 }).not.toBe('');
}

describe('share links whose meshes point away (dev)', () => {
  it(`never fetch outside the page, say why in one line, and open the scene the user had (${FULL ? 'every link' : 'a seeded three of eight links'})`, async () => {
    const app = await open();
    const { page } = app;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // The user's own work: an edited scene, the one a reload would open.
    await page.evaluate((n) => window.navlab!.loadScene(n), CLASSIC);
    await addWaypoint(page, 'mine');
    await expect.poll(() => savedIds(page, CLASSIC)).toContain('mine');
    // A binary STL whose header announces 6 million triangles (over the import limit), with none.
    const stl = Buffer.alloc(84);
    stl.writeUInt32LE(6_000_000, 80);
    // A link whose scene inflates to 100 MiB (a deflate bomb: 100 kB in the link).
    const bomb = `{"version":1,"name":"bomb","description":"${'a'.repeat(100 * 2 ** 20)}"}`;
    const links: [string, string, RegExp][] = [
      // Refused by the scene format (a path or a data: URI): nothing is looked up.
      ['http://', await shareOf(meshScene('Far', 'http://evil.example/x.glb')), /meshes\[0\]\.src/],
      ['file://', await shareOf(meshScene('Far', 'file:///etc/passwd.glb')), /meshes\[0\]\.src/],
      // Paths the format admits that leave the app's scene files (another host; above scenes/).
      [
        '//host',
        await shareOf(meshScene('Far', '//evil.example/x.glb')),
        /mesh 'm': \/\/evil\.example\/x\.glb: points outside the app's scene files/,
      ],
      [
        '../',
        await shareOf(meshScene('Far', '../../etc/passwd.glb')),
        /mesh 'm': \.\.\/\.\.\/etc\/passwd\.glb: points outside the app's scene files/,
      ],
      ['over the limit', await shareOf(meshScene('Far', `data:model/stl;base64,${stl.toString('base64')}`)), /mesh 'm'/],
      // An embedded glTF whose textures are elsewhere (another host, above its folder).
      ['texture http://', await shareOf(meshScene('Far', texturedGltf('http://evil.example/t.png'))), /mesh 'm'/],
      ['texture ../', await shareOf(meshScene('Far', texturedGltf('../../secret/t.png'))), /mesh 'm'/],
      ['bomb', `#scene=${deflateSync(bomb, { level: 9 }).toString('base64url')}&enc=deflate`, /more than 64 MiB/],
    ];
    // The first three as a fresh start of the app, the others followed in the open tab (the two
    // ways a link is opened; both go through the same checks). `npm test` opens one of the first and
    // two of the others, picked by a fixed seed; `npm run verify:full` opens all eight.
    const opened: [(typeof links)[number], boolean][] = [
      ...sampleCases(links.slice(0, 3), 1, 31).map((l): [(typeof links)[number], boolean] => [l, true]),
      ...sampleCases(links.slice(3), 2, 32).map((l): [(typeof links)[number], boolean] => [l, false]),
    ];
    for (const [[what, hash, expected], fresh] of opened) {
      if (fresh) await follow(page, hash);
      else await followInTab(page, hash);
      const message = (await page.textContent('#error')) ?? '';
      expect(message, what).toMatch(/^Could not open the shared link: /);
      expect(message, what).toMatch(expected);
      expect(message, what).not.toMatch(/\n/);
      // The scene the user had, with the edit.
      expect((await doc(page)).name, what).toBe(CLASSIC);
      expect(
        (await doc(page)).waypoints.map((w) => w.id),
        what,
      ).toContain('mine');
    }
    // Every request went to the app's own files: none left the page's origin, none named a path from a link.
    const own = new URL(apps.server.url).origin;
    expect(requests.filter((u) => !u.startsWith(`${own}/`) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(requests.filter((u) => /evil|passwd|secret/.test(u))).toEqual([]);
    expect(await app.violations()).toEqual([]);
  }, 600_000);

  it("an edited level shared as a link reads its mesh from the app's own scene files", async () => {
    const level = JSON.parse(readFileSync(join(ROOT, 'scenes/city-block.json'), 'utf8'));
    level.name = 'City block (shared edit)';
    const app = await open(await shareOf(level));
    expect((await doc(app.page)).name).toBe(level.name);
    expect((await doc(app.page)).meshes![0].src).toBe('levels/city-block.glb');
    expect((await app.page.textContent('#error')) ?? '').toBe('');
  }, 300_000);

  it('a link followed in a tab that shows the app (only the hash changes) opens its scene and query; a damaged one keeps the scene', async () => {
    const { page } = await open();
    const level = JSON.parse(readFileSync(join(ROOT, 'scenes/classic-10.json'), 'utf8'));
    level.name = 'Classic (sent by a friend)';
    const from = level.waypoints[0].id;
    const to = level.waypoints[level.waypoints.length - 1].id;
    const hash = (await encodeShare(JSON.stringify(level), null, from, to))!;
    await page.evaluate((h) => void (location.hash = h), hash);
    await expect.poll(async () => (await doc(page)).name).toBe(level.name);
    const ends = () =>
      page.evaluate(() => {
        const lab = (window as unknown as { __navlabEditor: { app: { lab: { start: unknown; goal: unknown } } } }).__navlabEditor.app.lab;
        return [lab.start, lab.goal];
      });
    await expect.poll(ends).toEqual([from, to]);
    expect(await page.textContent('#error')).toBe('');
    // A damaged link: one line, and the scene shown stays.
    await page.evaluate(() => void (location.hash = '#scene=%%%'));
    await expect.poll(() => page.textContent('#error')).toMatch(/^Could not open the shared link: /);
    expect((await doc(page)).name).toBe(level.name);
  }, 300_000);
});
