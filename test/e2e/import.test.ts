/**
 * Mesh import in the app (the built app, headless Chromium): mesh files dropped on the window or
 * chosen with the picker become a version-2 scene with the meshes embedded, voxelized, with
 * automatic waypoints, that searches find paths in; every broken file shows an error naming
 * the file and its problem and leaves the scene as it was; the Meshes panel re-voxelizes and
 * places waypoints; the decoders come from the app's own origin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/scene/schema.ts';
import {
  canvasCoverage,
  connectBrowser,
  holdWorkerAnswers,
  openApp,
  releaseWorkerAnswers,
  ROOT,
  settle,
  sharedApp,
  shippedScenes,
  type AppPage,
  type AppUrl,
  type EditorHook,
} from './harness.ts';

let browser: Browser;
let server: AppUrl;
let app: AppPage;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = sharedApp();
  app = await openApp(browser, server.url);
  page = app.page;
  page.on('request', (r) => requests.push(r.url()));
});

afterAll(async () => {
  await app?.close();
  await browser?.close();
});

interface Payload {
  name: string;
  base64: string;
}

const fixture = (name: string): Payload => ({ name, base64: readFileSync(join(ROOT, 'test/data/meshes', name)).toString('base64') });

/** Drops files on the window, as a person dragging them from a file manager. */
async function drop(files: Payload[]): Promise<void> {
  await page.evaluate((payload) => {
    const dt = new DataTransfer();
    for (const p of payload) dt.items.add(new File([Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0))], p.name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

const doc = (): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());
const shownError = async (): Promise<string> => (await page.textContent('#error')) ?? '';

/** Waits until the scene shown is named `name`. */
const shown = (name: string) => page.waitForFunction((n) => window.navlab!.document().name === n, name, { timeout: 240_000 });

/**
 * Whether imports place waypoints (the Meshes panel's checkbox). Placement on a tiny mesh's
 * 128-across grid (2 million open voxels) is the slow part of an import; the cases that do
 * not look at waypoints turn it off.
 */
async function importWaypoints(on: boolean): Promise<void> {
  const box = page.locator('[data-testid="Meshes/waypoints when importing"] input');
  if ((await box.isChecked()) !== on) await box.click();
}

/** A free voxel of the shown scene's grid and one far from it, for a grid query. */
async function gridQuery(): Promise<{ status: string; path: number[][] }> {
  return page.evaluate(async () => {
    const d = window.navlab!.document();
    const v = d.voxels!;
    const [X, Y, Z] = v.dims;
    const blocked = new Uint8Array(X * Y * Z);
    for (const [x0, y0, z0, x1, y1, z1] of v.solid)
      for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) blocked[x + X * (y + Y * z)] = 1;
    // The grid has a free margin all round: corner to corner goes around the meshes.
    const from: [number, number, number] = [0, 0, 0],
      to: [number, number, number] = [X - 1, Y - 1, Z - 1];
    if (blocked[0] || blocked[X * Y * Z - 1]) throw new Error('margin voxel blocked');
    return window.navlab!.query({ graph: 'grid', from, to }) as Promise<{ status: string; path: number[][] }>;
  });
}

/** A glTF whose one small mesh is instanced by 501 nodes: 5,010,000 triangles, over the import limit, in 88 kB. */
function overLimit(): Payload {
  const tris = 10_000;
  const idx = new Uint16Array(3 * tris).map((_, i) => i % 3);
  const pos = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const body = Buffer.concat([Buffer.from(pos.buffer), Buffer.from(idx.buffer)]);
  const nodes = Array.from({ length: 501 }, () => ({ mesh: 0 }));
  const json = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: body.length, uri: `data:application/octet-stream;base64,${body.toString('base64')}` }],
    bufferViews: [
      { buffer: 0, byteLength: 36 },
      { buffer: 0, byteOffset: 36, byteLength: idx.byteLength },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5123, count: 3 * tris, type: 'SCALAR' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    nodes,
    scenes: [{ nodes: nodes.map((_, i) => i) }],
  };
  return { name: 'over-limit.gltf', base64: Buffer.from(JSON.stringify(json)).toString('base64') };
}

describe('mesh import (dev)', () => {
  it('imports a dropped GLB: embedded mesh, voxels, waypoints, paths on both graphs, drawn', async () => {
    await drop([fixture('sample.glb')]);
    await shown('sample');
    const d = await doc();
    expect(d.version).toBe(2);
    expect(d.meshes).toHaveLength(1);
    expect(d.meshes![0].src.startsWith('data:model/gltf-binary;base64,Z2xURg')).toBe(true);
    expect(d.voxels!.solid.length).toBeGreaterThan(0);
    expect(d.waypoints.length).toBeGreaterThan(1);
    expect((await gridQuery()).status).toBe('found');
    const ids = d.waypoints.map((w) => w.id);
    const r = await page.evaluate(([a, b]) => window.navlab!.query({ from: a, to: b }), [ids[0], ids.at(-1)!]);
    expect(r.status).toBe('found');
    await settle(page);
    expect(await page.evaluate(() => document.querySelector('#hud')!.textContent)).toMatch(/sample/);
    expect((await canvasCoverage(page)).drawn).toBeGreaterThan(0.02);
    expect(await shownError()).toBe('');
  }, 300_000);

  it('imports an OBJ and a binary STL dropped together as one scene with two meshes', async () => {
    await importWaypoints(false);
    await drop([fixture('tetra.obj'), fixture('tetra-binary.stl')]);
    await shown('tetra');
    const d = await doc();
    expect(d.meshes!.map((m) => m.id)).toEqual(['tetra', 'tetra-binary']);
    expect(d.meshes!.map((m) => m.src.slice(0, 20))).toEqual(['data:model/obj;base6', 'data:model/stl;base6']);
    expect((await gridQuery()).status).toBe('found');
    expect(d.waypoints).toEqual([]);
  }, 300_000);

  it('imports a .gltf dropped with its external .bin (embedded into the scene), an ASCII STL, Draco and meshopt', async () => {
    await drop([fixture('sample-external.gltf'), fixture('sample-external.bin')]);
    await shown('sample-external');
    const d = await doc();
    expect(d.meshes![0].src.startsWith('data:model/gltf+json;base64,')).toBe(true);
    const gltf = JSON.parse(Buffer.from(d.meshes![0].src.split(',')[1], 'base64').toString('utf8'));
    expect(gltf.buffers[0].uri.startsWith('data:application/octet-stream;base64,')).toBe(true);
    // A texture dropped with its .gltf is embedded and loaded (a data: URI the loader fetches).
    const textured = JSON.parse(Buffer.from(fixture('sample-embedded.gltf').base64, 'base64').toString('utf8'));
    textured.images = [{ uri: 'tex.png' }];
    textured.textures = [{ source: 0 }];
    textured.materials = [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }];
    for (const m of textured.meshes) for (const p of m.primitives) p.material = 0;
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await drop([
      { name: 'textured.gltf', base64: Buffer.from(JSON.stringify(textured)).toString('base64') },
      { name: 'tex.png', base64: png },
    ]);
    await shown('textured');
    const tex = JSON.parse(Buffer.from((await doc()).meshes![0].src.split(',')[1], 'base64').toString('utf8'));
    expect(tex.images[0].uri.startsWith('data:image/png;base64,')).toBe(true);
    expect(await shownError()).toBe('');
    for (const [file, name] of [
      ['tetra-ascii.stl', 'tetra-ascii'],
      ['draco.glb', 'draco'],
      ['meshopt.glb', 'meshopt'],
    ]) {
      await drop([fixture(file)]);
      await shown(name);
      expect((await gridQuery()).status, file).toBe('found');
    }
    // The decoders came from the app's own origin; nothing else was fetched.
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(requests.some((u) => /draco_decoder.*\.wasm/.test(u))).toBe(true);
    expect(await app.violations()).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 600_000);

  it('reports each broken file by name and problem, and keeps the scene shown', async () => {
    const before = JSON.stringify(await doc());
    const cases: [Payload, RegExp][] = [
      [fixture('broken-magic.glb'), /broken-magic\.glb: not a GLB file: wrong magic/],
      [fixture('broken-truncated.glb'), /broken-truncated\.glb: truncated/],
      [fixture('broken-missing-buffer.gltf'), /broken-missing-buffer\.gltf: missing buffer 'no-such-file\.bin'/],
      [fixture('broken-index.glb'), /broken-index\.glb: .*index 99 at 7 is out of range/],
      [fixture('broken-nan.glb'), /broken-nan\.glb: .*non-finite position/],
      [fixture('broken-empty.glb'), /broken-empty\.glb: no triangles/],
      [fixture('broken-draco.glb'), /broken-draco\.glb: cannot be read: Draco decoding failed/],
      // After the decoder trapped on corrupt data, a good Draco file still decodes (checked below).
      [fixture('broken-lines.glb'), /broken-lines\.glb: .*not made of triangles/],
      [fixture('broken-json.gltf'), /broken-json\.gltf: the glTF JSON does not parse/],
      [fixture('broken-truncated.stl'), /broken-truncated\.stl: truncated binary STL/],
      [fixture('broken-index.obj'), /broken-index\.obj: line \d+: vertex index .* is out of range/],
      [fixture('broken-nan.obj'), /broken-nan\.obj: .*non-finite position/],
      [overLimit(), /over-limit\.gltf: more than 5000000 triangles \(the import limit\)/],
    ];
    for (const [file, problem] of cases) {
      await drop([file]);
      await page.waitForFunction((n) => (document.querySelector('#error')?.textContent ?? '').includes(n), file.name, { timeout: 240_000 });
      expect(await shownError(), file.name).toMatch(problem);
      expect(JSON.stringify(await doc()), file.name).toBe(before);
    }
    // Shown as text: the error line holds no elements.
    expect(await page.evaluate(() => document.querySelector('#error')!.children.length)).toBe(0);
    // The Draco decoder trapped on the corrupt file; a good Draco file still decodes.
    await drop([fixture('draco.glb')]);
    await shown('draco');
    expect(await shownError()).toBe('');
  }, 300_000);

  it('imports several files chosen with the picker', async () => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('[data-testid="Meshes/Import meshes… (.glb .gltf .obj .stl)"] button').click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(['sample-external.gltf', 'sample-external.bin', 'tetra.obj'].map((f) => join(ROOT, 'test/data/meshes', f)));
    await page.waitForFunction(() => window.navlab!.document().meshes?.length === 2, null, { timeout: 240_000 });
    expect((await doc()).name).toBe('sample-external');
    expect((await doc()).meshes!.map((m) => m.id)).toEqual(['sample-external', 'tetra']);
  }, 300_000);

  it('names each import step in the loading box, whose Cancel leaves the scene exactly as it was; the fill used is shown', async () => {
    await importWaypoints(true);
    const before = JSON.stringify(await doc());
    const scenesBefore = await page.evaluate(() => window.navlab!.scenes());
    const cave = { name: 'cave.glb', base64: readFileSync(join(ROOT, 'scenes/levels/cave.glb')).toString('base64') };
    // The worker's answers wait until Cancel is pressed, so the import is still on its way then however
    // fast this machine places waypoints; its progress comes through.
    await holdWorkerAnswers(page);
    await drop([cave]);
    await page.waitForSelector('#loading:not([hidden])');
    // The worker's stages come through: wait for the waypoint stage, then cancel in it.
    await expect
      .poll(() => page.textContent('#loading'), { timeout: 120_000 })
      .toMatch(/Importing cave\.glb · placing waypoints \(step 4 of 6\)/);
    await page.locator('#loading button', { hasText: 'Cancel' }).click();
    await page.waitForSelector('#loading', { state: 'hidden' });
    await releaseWorkerAnswers(page);
    expect(JSON.stringify(await doc())).toBe(before);
    expect(await shownError()).toBe('');
    // A closed mesh imported with the default (auto) fill: the panel says solid. (Not sample.glb:
    // the next case waits for it to be shown.)
    await importWaypoints(false);
    await drop([fixture('tetra.obj')]);
    await shown('tetra');
    // Nothing of the cancelled import turned up meanwhile: the next import is the only new scene.
    const added = (await page.evaluate(() => window.navlab!.scenes())).filter((n) => !scenesBefore.includes(n));
    expect(added.filter((n) => /cave/i.test(n))).toEqual([]);
    expect(added.length).toBeLessThanOrEqual(1); // tetra's, unless an earlier case added it
    expect(await page.locator('[data-testid="Meshes/fill used"] input').inputValue()).toBe('solid');
    expect(await page.locator('[data-testid="Meshes/fill"] select').inputValue()).toBe('auto');
    expect(app.errors).toEqual([]);
  }, 300_000);

  it("re-voxelizes at the slider's cell size and places waypoints from the Meshes panel (undoable)", async () => {
    await drop([fixture('sample.glb')]);
    await shown('sample');
    expect((await doc()).waypoints).toEqual([]);
    const d0 = await doc();
    const input = page.locator('[data-testid="Meshes/cell size (side/128)"] input');
    await input.fill(String(d0.voxels!.cellSize * 2));
    await input.press('Enter');
    await page.locator('[data-testid="Meshes/fill"] select').selectOption('solid');
    await page.locator('[data-testid="Meshes/Voxelize"] button').click();
    await page.waitForFunction((c) => window.navlab!.document().voxels!.cellSize !== c, d0.voxels!.cellSize, { timeout: 240_000 });
    const d1 = await doc();
    // The slider snaps to its step (the smallest cell size / 8).
    expect(Math.abs(d1.voxels!.cellSize / (2 * d0.voxels!.cellSize) - 1)).toBeLessThan(0.01);
    expect(d1.voxels!.dims[0]).toBeLessThan(d0.voxels!.dims[0]);
    expect((await gridQuery()).status).toBe('found');
    // Place waypoints: automatic waypoints on the new layer replace the imported ones.
    await page.locator('[data-testid="Meshes/Place waypoints"] button').click();
    await page.waitForFunction((w) => JSON.stringify(window.navlab!.document().waypoints) !== w, JSON.stringify(d1.waypoints), {
      timeout: 240_000,
    });
    const d2 = await doc();
    expect(d2.waypoints.length).toBeGreaterThan(1);
    expect(d2.voxels).toEqual(d1.voxels);
    const ids = d2.waypoints.map((w) => w.id);
    expect((await page.evaluate(([a, b]) => window.navlab!.query({ from: a, to: b }), [ids[0], ids.at(-1)!])).status).toBe('found');
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc()).waypoints).toEqual(d1.waypoints);
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc()).voxels).toEqual(d0.voxels);
    // Placing added to the scene's waypoints: a hand-placed one stays, undo takes back only the placed ones.
    const hand = d2.waypoints[0].position;
    await page.evaluate(
      (p) =>
        (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor.commit('Add waypoint', (d) => ({
          ...d,
          waypoints: [...d.waypoints, { id: 'hand', position: p }],
        })),
      hand,
    );
    await page.locator('[data-testid="Meshes/placed waypoints"] select').selectOption('add to existing');
    await page.locator('[data-testid="Meshes/Place waypoints"] button').click();
    await page.waitForFunction(() => window.navlab!.document().waypoints.length > 1, null, { timeout: 240_000 });
    const d3 = await doc();
    expect(d3.waypoints[0]).toEqual({ id: 'hand', position: hand });
    const gap = d3.voxels!.cellSize;
    expect(d3.waypoints.slice(1).every((w) => w.id !== 'hand' && Math.hypot(...w.position.map((c, a) => c - hand[a])) >= gap)).toBe(true);
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc()).waypoints).toEqual([{ id: 'hand', position: hand }]);
    expect(await shownError()).toBe('');
    expect(app.errors).toEqual([]);
  }, 600_000);
});

describe('example levels (dev)', () => {
  const levels = shippedScenes().filter((s) => ['city-block.json', 'cave.json', 'space-station.json'].includes(s.file));

  it('lists the three levels in the picker', async () => {
    expect(levels).toHaveLength(3);
    const names = await page.evaluate(() => window.navlab!.scenes());
    for (const l of levels) expect(names).toContain(l.name);
  });

  for (const level of levels) {
    it(`${level.file}: loads its GLB by its relative path, draws the meshes, and finds paths`, async () => {
      await page.evaluate((n) => window.navlab!.loadScene(n), level.name);
      const d = await doc();
      expect(d.name).toBe(level.name);
      expect(d.meshes![0].src).toMatch(/^levels\/[a-z-]+\.glb$/);
      await settle(page);
      const drawn = await page.evaluate(() => {
        const views = (
          window as unknown as { __navlabEditor: { app: { views: { meshes: { children: unknown[]; visible: boolean } | null } } } }
        ).__navlabEditor.app.views;
        return { meshes: views.meshes?.children.length ?? 0, visible: views.meshes?.visible ?? false };
      });
      expect(drawn).toEqual({ meshes: 1, visible: true });
      expect((await canvasCoverage(page)).drawn).toBeGreaterThan(0.05);
      const a = d.agents[0];
      const r = await page.evaluate(([from, to]) => window.navlab!.query({ from, to }), [a.start as string, a.goal as string]);
      expect(r.status).toBe('found');
      expect((await gridQuery()).status).toBe('found');
      expect(await shownError()).toBe('');
    }, 300_000);
  }

  it('loads a scene file dropped together with the mesh file it references by a relative path', async () => {
    const scene = JSON.parse(readFileSync(join(ROOT, 'scenes/city-block.json'), 'utf8'));
    scene.name = 'City block (dropped)';
    await drop([
      { name: 'city-block.json', base64: Buffer.from(JSON.stringify(scene)).toString('base64') },
      { name: 'city-block.glb', base64: readFileSync(join(ROOT, 'scenes/levels/city-block.glb')).toString('base64') },
    ]);
    await shown('City block (dropped)');
    expect((await doc()).meshes![0].src).toBe('levels/city-block.glb');
    // Without the mesh file the scene is refused, naming the file, and the scene stays.
    await drop([{ name: 'city-block.json', base64: Buffer.from(JSON.stringify({ ...scene, name: 'No mesh' })).toString('base64') }]);
    await page.waitForFunction(
      () => /levels\/city-block\.glb: no such file/.test(document.querySelector('#error')?.textContent ?? ''),
      null,
      { timeout: 240_000 },
    );
    expect((await doc()).name).toBe('City block (dropped)');
    // The picker entry kept the files dropped with it: choosing it again (after another
    // scene) reads the mesh from them, and the meshes are drawn.
    const picker = page.locator('[data-testid="Scene/scene"] select');
    await picker.selectOption({ label: 'Open field with pillars' });
    await shown('Open field with pillars');
    await picker.selectOption({ label: 'City block (dropped)' });
    await shown('City block (dropped)');
    expect(await shownError()).toBe('');
    expect((await doc()).meshes![0].src).toBe('levels/city-block.glb');
    const drawn = await page.evaluate(
      () =>
        (window as unknown as { __navlabEditor: { app: { views: { meshes: { children: unknown[] } | null } } } }).__navlabEditor.app.views
          .meshes?.children.length ?? 0,
    );
    expect(drawn).toBe(1);
  }, 300_000);
});
