/**
 * Trust at the app's doors (the built app, headless Chromium): a failing import at any stage
 * (reading the file, decoding it, a limit, the worker's voxelization and waypoint placement,
 * preprocessing, a broken scene file, a scene whose mesh fails) leaves the scene, the undo
 * history and the autosave as they were, with one line of text naming the file; share links
 * whose meshes point outside the page never make a request leave it; damaged or full browser
 * storage never breaks startup or loses work; every file type is checked for size before a
 * byte of it is read.
 */
import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_SCENE_KEY, SCENE_KEY_PREFIX } from '../../src/app/features/editor/persistence.ts';
import { encodeShare } from '../../src/app/features/editor/share.ts';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { openApp, ROOT, shippedScenes, useSharedApp, type AppPage, type AppUrl, type EditorHook } from './harness.ts';

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

const FIELD = shippedScenes().find((s) => s.file === 'open-field.json')!.name;
const CLASSIC = shippedScenes().find((s) => s.file === 'classic-10.json')!.name;

/** A file as the page gets it: a name and its bytes (base64). */
interface Payload {
  name: string;
  base64: string;
}

const payload = (name: string, bytes: string | Buffer): Payload => ({ name, base64: Buffer.from(bytes).toString('base64') });
const fixture = (name: string): Payload => payload(name, readFileSync(join(ROOT, 'test/data/meshes', name)));

/** A GLB container around a glTF JSON object (no binary chunk). */
function glb(json: object): Buffer {
  const text = Buffer.from(JSON.stringify(json));
  const body = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + body.length, 8);
  header.writeUInt32LE(body.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, body]);
}

/** Broken mesh files (each a defect seen in the wild). */
const SHORT_STL = payload('short.stl', 'solid s\nendsolid s\n');
const TAB_OBJ = payload('tabs.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf\t0\t1\t2\n');
const NULL_NODE_GLB = payload('null-node.glb', glb({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes: [null] }));

const doc = (page: Page): Promise<SceneDocument> => page.evaluate(() => window.navlab!.document());
const shownError = async (page: Page): Promise<string> => (await page.textContent('#error')) ?? '';

/** Drops files on the window, as a person dragging them from a file manager. */
async function drop(page: Page, files: Payload[]): Promise<void> {
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const p of list) dt.items.add(new File([Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0))], p.name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

/** Chooses files with the Meshes panel's file chooser. */
async function choose(page: Page, files: Payload[]): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('[data-testid="Meshes/Import meshes… (.glb .gltf .obj .stl)"] button').click(),
  ]);
  await chooser.setFiles(
    files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: Buffer.from(f.base64, 'base64') })),
  );
}

/** What must not change: the document, the undo and redo labels, and every key of the storage. */
async function kept(page: Page): Promise<{ doc: string; history: string[][]; storage: Record<string, string> }> {
  return page.evaluate(() => {
    const h = (
      window as unknown as { __navlabEditor: { app: { history: { stacks: { done: { label: string }[]; undone: { label: string }[] } } } } }
    ).__navlabEditor.app.history.stacks;
    const storage: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) storage[localStorage.key(i)!] = localStorage.getItem(localStorage.key(i)!)!;
    return { doc: JSON.stringify(window.navlab!.document()), history: [h.done.map((c) => c.label), h.undone.map((c) => c.label)], storage };
  });
}

/** The waypoint ids of the current document of a scene's autosave record, or null. */
function savedIds(page: Page, name: string): Promise<string[] | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const r = JSON.parse(raw) as { docs: string[]; index: number };
    return (JSON.parse(r.docs[r.index]) as SceneDocument).waypoints.map((w) => w.id);
  }, SCENE_KEY_PREFIX + name);
}

/** Waits until the error line names `file`, and returns it. */
async function errorNaming(page: Page, file: string): Promise<string> {
  await expect.poll(() => shownError(page), { message: `the error line names ${file}`, timeout: 60_000 }).toContain(file);
  return shownError(page);
}

/** Makes the app's worker pool refuse the next request of `type`, as a worker that ran out of memory would. */
async function failNext(page: Page, type: string): Promise<void> {
  await page.evaluate((t) => {
    const pool = (window as unknown as { __navlabEditor: { app: { pool: { run: (r: { type: string }) => Promise<unknown> } } } })
      .__navlabEditor.app.pool;
    const run = pool.run.bind(pool);
    pool.run = (r: { type: string }, ...rest: unknown[]) => {
      if (r.type !== t) return (run as (...a: unknown[]) => Promise<unknown>)(r, ...rest);
      pool.run = run;
      return Promise.reject(new Error('worker error: Uncaught RangeError: Array buffer allocation failed'));
    };
  }, type);
}

describe("nothing lost at the app's doors (dev)", () => {
  it('a failing import at any stage keeps the scene, the undo history and the autosave', async () => {
    const app = await open();
    const { page } = app;
    expect((await doc(page)).name).toBe(FIELD);
    // A real edit: the waypoint tool, one click in the middle of the view.
    const before = (await doc(page)).waypoints.map((w) => w.id);
    await page.evaluate(() => window.navlab!.setTool('waypoint'));
    const canvas = (await page.locator('canvas').first().boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await expect.poll(async () => (await doc(page)).waypoints.length).toBe(before.length + 1);
    await page.evaluate(() => window.navlab!.setTool('select'));
    const added = (await doc(page)).waypoints.map((w) => w.id).find((id) => !before.includes(id))!;
    await expect.poll(() => savedIds(page, FIELD)).toContain(added);
    const state = await kept(page);
    // Imports place no waypoints here: the worker's stages are stubbed or fail before them.
    const box = page.locator('[data-testid="Meshes/waypoints when importing"] input');
    if (await box.isChecked()) await box.click();

    const scene = (name: string, src: string) =>
      payload(name, JSON.stringify({ version: 2, name, bounds: { min: [-1, -1, -1], max: [3, 3, 3] }, meshes: [{ id: 'm', src }] }));
    const cases: [string, () => Promise<void>][] = [
      // Decoding, through the file chooser and a drop.
      ['short.stl', () => choose(page, [SHORT_STL])],
      ['tabs.obj', () => drop(page, [TAB_OBJ])],
      ['null-node.glb', () => drop(page, [NULL_NODE_GLB])],
      // A scene file that is broken, and one whose embedded mesh is.
      ['broken.json', () => drop(page, [payload('broken.json', '{ "version": 2, "name": "Broken", "meshes": [')])],
      ['mesh-scene.json', () => drop(page, [scene('mesh-scene.json', `data:model/stl;base64,${SHORT_STL.base64}`)])],
      // A limit: a file over the mesh size limit (a 257 MiB file made of one 1 MiB part, so the test allocates little).
      [
        'huge.glb',
        () =>
          page.evaluate(() => {
            const part = new Blob([new Uint8Array(2 ** 20)]);
            const dt = new DataTransfer();
            dt.items.add(
              new File(
                Array.from({ length: 257 }, () => part),
                'huge.glb',
              ),
            );
            window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
          }),
      ],
      // Reading: files that cannot be read (gone from the disk, a folder) fail as the browser reports it.
      ...['gone.obj', 'gone.json'].map((name): [string, () => Promise<void>] => [
        name,
        () =>
          page.evaluate((n) => {
            const f = new File(['x'], n);
            const fail = () => Promise.reject(new DOMException('The requested file could not be read.', 'NotReadableError'));
            Object.assign(f, {
              arrayBuffer: fail,
              text: fail,
              stream: () => {
                throw new DOMException('The requested file could not be read.', 'NotReadableError');
              },
            });
            void (
              window as unknown as { __navlabEditor: { app: { loadFiles(files: File[]): Promise<void> } } }
            ).__navlabEditor.app.loadFiles([f]);
          }, name),
      ]),
      // The worker's stages: voxelization and placement, then preprocessing of the imported scene.
      [
        'tetra.obj',
        async () => {
          await failNext(page, 'import-meshes');
          await drop(page, [fixture('tetra.obj')]);
        },
      ],
      [
        'tetra-binary.stl',
        async () => {
          await failNext(page, 'preprocess');
          await drop(page, [fixture('tetra-binary.stl')]);
        },
      ],
    ];
    for (const [file, run] of cases) {
      await page.evaluate(() =>
        (window as unknown as { __navlabEditor: { app: { overlay: { setError(m: null): void } } } }).__navlabEditor.app.overlay.setError(
          null,
        ),
      );
      await run();
      const message = await errorNaming(page, file);
      // One line of text: no line breaks, no elements, no stack.
      expect(message, file).not.toMatch(/\n|\bat .*:\d+:\d+/);
      expect(await page.evaluate(() => document.querySelector('#error')!.children.length), file).toBe(0);
      expect(await kept(page), file).toEqual(state);
    }
    expect(await page.isVisible('#loading'), 'no progress box left').toBe(false);

    // Undo still undoes the edit, redo brings it back, and a reload restores it from the autosave.
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc(page)).waypoints.map((w) => w.id)).toEqual(before);
    await page.evaluate(() => window.navlab!.redo());
    expect((await doc(page)).waypoints.map((w) => w.id)).toContain(added);
    await expect.poll(async () => (await kept(page)).storage[SCENE_KEY_PREFIX + FIELD]).not.toBe(undefined);
    await page.reload();
    await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect((await doc(page)).waypoints.map((w) => w.id)).toContain(added);
    await page.evaluate(() => window.navlab!.undo());
    expect((await doc(page)).waypoints.map((w) => w.id)).toEqual(before);
    expect(await app.violations()).toEqual([]);
  }, 600_000);

  it('an edit made just before an import that takes the tab down is kept: the autosave is written first', async () => {
    const app = await open();
    const { page } = app;
    // The edit and the drop in one task, well inside the autosave delay; then the tab dies
    // (as it would when a file's decoding exhausts its memory).
    await page.evaluate((file) => {
      const editor = (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor;
      editor.commit('Add waypoint', (d) => ({
        ...d,
        waypoints: [...d.waypoints, { id: 'last-moment', position: [d.bounds.min[0] + 1, d.bounds.min[1] + 1, d.bounds.min[2] + 1] }],
      }));
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, fixture('tetra.obj'));
    const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
    const cdp = await page.context().newCDPSession(page);
    void cdp.send('Page.crash').catch(() => {});
    await crashed;
    const again = await page.context().newPage();
    await again.goto(server.url);
    await again.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
    expect((await doc(again)).waypoints.map((w) => w.id)).toContain('last-moment');
    await again.close();
  });
});

/** A version-2 scene with one mesh, `src`. */
const meshScene = (name: string, src: string) => ({
  version: 2,
  name,
  bounds: { min: [-1, -1, -1], max: [3, 3, 3] },
  meshes: [{ id: 'm', src }],
});

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

/** Adds a waypoint through the editor's commit (the path every editing tool takes). */
async function addWaypoint(page: Page, id: string): Promise<void> {
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

/** Opens `hash` in the page as a person following a link would (a fresh start of the app). */
async function follow(page: Page, hash: string): Promise<void> {
  await page.goto(server.url + hash);
  await page.reload();
  await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
}

describe('share links whose meshes point away (dev)', () => {
  it('never fetch outside the page, say why in one line, and open the scene the user had', async () => {
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
    for (const [what, hash, expected] of links) {
      await follow(page, hash);
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
    const own = new URL(server.url).origin;
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
});

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

describe('every file type the app takes (dev)', () => {
  it('is checked for size before a byte of any file of a drop is read', async () => {
    const app = await open();
    const { page } = app;
    const before = JSON.stringify(await doc(page));
    // Count every way a page reads a file.
    await page.evaluate(() => {
      const w = window as unknown as { __reads: number };
      w.__reads = 0;
      for (const proto of [Blob.prototype, FileReader.prototype] as unknown as Record<string, unknown>[]) {
        for (const m of [
          'arrayBuffer',
          'text',
          'stream',
          'bytes',
          'readAsArrayBuffer',
          'readAsText',
          'readAsDataURL',
          'readAsBinaryString',
        ]) {
          const f = proto[m];
          if (typeof f !== 'function') continue;
          proto[m] = function (this: unknown, ...args: unknown[]) {
            w.__reads++;
            return (f as (...a: unknown[]) => unknown).apply(this, args);
          };
        }
      }
    });
    /** Drops files of the given names and sizes (MiB, plus one byte) with a small .gltf or scene beside them when asked. */
    const dropSized = (files: [string, number][]) =>
      page.evaluate((list) => {
        const part = new Blob([new Uint8Array(2 ** 20)]);
        const dt = new DataTransfer();
        for (const [name, mib] of list)
          dt.items.add(new File([...Array.from({ length: mib }, () => part), new Uint8Array(mib > 0 ? 1 : 8)], name));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, files);
    const cases: [[string, number][], string, RegExp][] = [
      [[['big.json', 64]], 'big.json', /exceeds the limit of 64 MiB for a scene file/],
      [[['big.3dmap', 256]], 'big.3dmap', /exceeds the limit of 256 MiB for a map file/],
      ...['glb', 'gltf', 'obj', 'stl'].map((ext): [[string, number][], string, RegExp] => [
        [[`big.${ext}`, 256]],
        `big.${ext}`,
        /exceeds the limit of 256 MiB for a mesh file/,
      ]),
      // What a .gltf references, dropped with it: refused before the .gltf is read.
      ...['bin', 'png', 'jpg', 'jpeg', 'webp'].map((ext): [[string, number][], string, RegExp] => [
        [
          ['small.gltf', 0],
          [`big.${ext}`, 256],
        ],
        `big.${ext}`,
        /exceeds the limit of 256 MiB for a file a mesh references/,
      ]),
      // Beside a scene file: the same.
      [
        [
          ['small.json', 0],
          ['big.glb', 256],
        ],
        'big.glb',
        /exceeds the limit of 256 MiB for a mesh file/,
      ],
      // A file of a type the app does not open, and a texture without its .gltf.
      [[['notes.txt', 0]], 'notes.txt', /not a file the app opens/],
      [[['alone.png', 0]], 'alone.png', /no scene or mesh file/],
    ];
    for (const [files, named, problem] of cases) {
      await page.evaluate(() =>
        (window as unknown as { __navlabEditor: { app: { overlay: { setError(m: null): void } } } }).__navlabEditor.app.overlay.setError(
          null,
        ),
      );
      await dropSized(files);
      const message = await errorNaming(page, named);
      expect(message, named).toMatch(problem);
      expect(message, named).not.toMatch(/\n/);
      expect(await page.evaluate(() => (window as unknown as { __reads: number }).__reads), `${named}: bytes read`).toBe(0);
      expect(JSON.stringify(await doc(page)), named).toBe(before);
    }
  }, 300_000);
});

describe('storage the browser refuses (dev)', () => {
  it('the app starts and edits work when site storage is blocked; saves are told to fail', async () => {
    const context = await browser.newContext();
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
      await page.goto(server.url);
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
