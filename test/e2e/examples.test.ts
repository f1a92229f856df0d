/**
 * The browser examples (examples/*.html), built with their own vite config as a multi-page
 * site and served by `vite preview`, opened in a headless Chromium: each page loads without
 * console errors, draws into its canvas and builds what it shows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, freePort, ROOT, VIEWPORT } from './harness.ts';

const configFile = join(ROOT, 'examples/vite.config.ts');
let outDir = '';
let server: PreviewServer;
let browser: Browser;
let url = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'navlab-examples-'));
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  server = await preview({
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  url = `http://127.0.0.1:${port}/`;
  browser = await connectBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/**
 * Opens an example page, waits until `window.example` satisfies `ready` (null: only the page
 * load), and returns it with the console errors. `before` prepares the page before it loads.
 */
async function open(
  page: string,
  ready: string | null,
  before?: (p: Page) => Promise<unknown>,
): Promise<{ page: Page; example: Record<string, unknown>; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const p = await context.newPage();
  const errors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  p.on('pageerror', (e) => errors.push(e.message));
  await before?.(p);
  // The first load of a page transforms its modules (and the Draco decoder): on a busy machine that takes more than playwright's 30 s.
  await p.goto(url + page, { timeout: 120_000 });
  if (ready !== null)
    await p.waitForFunction(`(() => { const example = window.example; return example !== undefined && (${ready}); })()`, null, {
      timeout: 120_000,
    });
  const example = await p.evaluate(() => (window as unknown as { example?: Record<string, unknown> }).example ?? {});
  return { page: p, example, errors, close: () => context.close() };
}

/** Whether the page's canvas has pixels other than the background (read back through a 2D canvas). */
async function canvasDrawn(page: Page): Promise<boolean> {
  const png = await page.locator('canvas').screenshot();
  return page.evaluate(
    async (bytes) => {
      const img = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const c = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
      c.drawImage(img, 0, 0);
      const d = c.getImageData(0, 0, img.width, img.height).data;
      let other = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 0x0e) + Math.abs(d[i + 1] - 0x11) + Math.abs(d[i + 2] - 0x17) > 24) other++;
      return other > 0.01 * (d.length / 4);
    },
    [...png],
  );
}

describe('examples', () => {
  it('the index links the three browser examples', async () => {
    const { page, errors, close } = await open('index.html', null);
    const links = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['gltf-path.html', 'agents.html', 'search.html']);
    expect(errors).toEqual([]);
    await close();
  });

  it('gltf-path: a path across the glTF level', async () => {
    const { page, example, errors, close } = await open('gltf-path.html', "example.status === 'found'");
    expect(example.corners).toBeGreaterThanOrEqual(2);
    expect(example.length).toBeGreaterThan(0);
    expect(await canvasDrawn(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('gltf-path runs as written on a Draco-compressed level (the decoder served with the page)', async () => {
    // The level the page asks for, answered with a Draco GLB (a cube at [0, 1] x [0, 1] x [5, 6]).
    const draco = readFileSync(join(ROOT, 'test/data/meshes/draco.glb'));
    expect(draco.toString('latin1')).toContain('"KHR_draco_mesh_compression"');
    const { page, example, errors, close } = await open('gltf-path.html', "example.status === 'found'", (p) =>
      p.route(/\.glb$/, (route) => route.fulfill({ body: draco, contentType: 'model/gltf-binary' })),
    );
    expect(example.corners).toBeGreaterThanOrEqual(2);
    // Corner to corner of the cube's box grown by 1: a diagonal of at least sqrt(3) x 2.
    expect(example.length).toBeGreaterThanOrEqual(2 * Math.sqrt(3) - 1e-9);
    expect(await canvasDrawn(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('agents: twelve agents move, with force arrows', async () => {
    const { page, example, errors, close } = await open('agents.html', 'example.moved > 2');
    expect(example.agents).toBe(12);
    expect(example.arrows).toBe(24);
    expect(await canvasDrawn(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('search: a watched search ends with its path drawn', async () => {
    const { page, example, errors, close } = await open('search.html', 'example.segments > 0');
    expect(example.status).toBe('found');
    expect(example.closed).toBeGreaterThan(10);
    expect(example.expanded).toBe(example.closed);
    expect(await canvasDrawn(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
