/**
 * End-to-end harness: the app served by vite's dev server and by `vite preview` of a build
 * (both started through vite's JS API on free ports), driven in a headless system Chromium
 * with software WebGL2 (playwright-core). In the tests, one Chromium and one build of the app
 * (mode 'e2e') serve every file (globalSetup.ts starts them; `connectBrowser`, `sharedApp`,
 * `useSharedApp`); the benchmarks and the dev-server test start their own (`launchBrowser`,
 * `startDev`, `startPreview`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { build, createServer, preview } from 'vite';
import { afterAll, beforeAll, inject } from 'vitest';
import type { SceneDocument } from '../../src/scene/schema.ts';
import { ROOT, runNavHere } from '../support/cli.ts';
import { coverage, decodePng } from './png.ts';

export { ROOT };

/** A running server of the app. */
export interface AppServer extends AppUrl {
  close(): Promise<void>;
}

/** Where the app is served (the shared build: its owner, globalSetup.ts, closes it). */
export interface AppUrl {
  url: string;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const configFile = join(ROOT, 'vite.config.ts');

/** vite's dev server on a free port, with its own dependency cache. */
export async function startDev(cacheDir: string): Promise<AppServer> {
  const port = await freePort();
  const server = await createServer({
    root: ROOT,
    configFile,
    cacheDir,
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
  });
  await server.listen();
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * `vite build` into a temporary directory, then `vite preview` of it on a free port. `mode`
 * 'production' is the app as shipped; 'e2e' keeps the editor's test hook (main.ts).
 */
export async function startPreview(cacheDir: string, mode: 'production' | 'e2e' = 'production'): Promise<AppServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'navlab-build-'));
  await build({ root: ROOT, configFile, cacheDir, mode, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({
    root: ROOT,
    configFile,
    cacheDir,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The system Chromium: CHROMIUM_PATH or /usr/bin/chromium. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless Chromium's flags: software WebGL2 (SwiftShader), nothing fetched in the background. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium with software WebGL2 in this process (the benchmarks; tests use `connectBrowser`). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
}

/**
 * A connection of this test file to the e2e run's one Chromium (globalSetup.ts). Contexts it
 * opens belong to this file; its `close()` closes them and disconnects, the browser stays up.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowser'));
}

/** The e2e run's one build of the app (globalSetup.ts), with the editor's test hook. */
export const sharedApp = (): AppUrl => ({ url: inject('e2eAppUrl') });

/** A page of the app with its console errors and long tasks recorded. */
export interface AppPage {
  page: Page;
  /** Console errors and uncaught exceptions, in order. */
  errors: string[];
  /** Content-Security-Policy violations so far ("directive blocked-uri"), from the page's events. */
  violations(): Promise<string[]>;
  /** Long tasks (> 50 ms) since the last `resetLongTasks`, as [start, duration] in ms. */
  longTasks(): Promise<[number, number][]>;
  resetLongTasks(): Promise<void>;
  close(): Promise<void>;
}

export const VIEWPORT = { width: 1280, height: 800 };

/** Drops one file on the page's window, as a person dragging it from a file manager. */
export async function dropFile(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ name, base64 }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { name, base64: Buffer.from(bytes).toString('base64') },
  );
}

/** Opens the app and waits until `window.navlab` exists (first scene loaded and preprocessed). */
export async function openApp(browser: Browser, url: string): Promise<AppPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.navlab !== undefined, null, { timeout: 120_000 });
  return {
    page,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.slice()),
    longTasks: () => page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks.slice()),
    resetLongTasks: () => page.evaluate(() => void ((window as unknown as { __longTasks: [number, number][] }).__longTasks = [])),
    close: () => context.close(),
  };
}

/** This file's connection to the shared browser, and the shared build of the app. */
export interface SharedApp {
  browser: Browser;
  server: AppUrl;
}

/** A browser, the shared app and one open page of it. */
export interface SharedAppPage extends SharedApp {
  app: AppPage;
  page: Page;
}

/**
 * For a test file: connects to the shared Chromium before the file's tests and closes the
 * connection (with every context the file opened) after; `ready` receives it and the shared
 * shared app.
 */
export function useSharedApp(ready: (dev: SharedApp) => void): void {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await connectBrowser();
    ready({ browser, server: sharedApp() });
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** As useSharedApp, and opens the app once (openApp) for the file's tests. */
export function useAppPage(ready: (dev: SharedAppPage) => void): void {
  let dev: SharedApp | null = null;
  let app: AppPage | null = null;
  useSharedApp((d) => {
    dev = d;
  });
  // beforeAll hooks run in order (after the servers started); afterAll hooks in reverse.
  beforeAll(async () => {
    app = await openApp(dev!.browser, dev!.server.url);
    ready({ ...dev!, app, page: app.page });
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * Loads a scene (a name or a document) through `navlab.loadScene`, then puts the camera at
 * `view` = [eye, target] if given; waits for orbit damping to settle.
 */
export async function loadScene(page: Page, scene: string | object, view?: [number[], number[]]): Promise<void> {
  await page.evaluate((d) => window.navlab!.loadScene(d), scene);
  if (view) await setView(page, view[0], view[1]);
  else for (let i = 0; i < 10; i++) await settle(page);
}

/** Waits until the app has drawn (two animation frames). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The editor's test hook (dev server and e2e build only): the app's camera, canvas, rig and drawn waypoints. */
export interface EditorHook {
  /** Applies an edit as the editing tools do (undoable, autosaved). */
  commit(label: string, edit: (doc: SceneDocument) => SceneDocument): boolean;
  app: {
    camera: {
      updateMatrixWorld(): void;
      position: { set(x: number, y: number, z: number): void };
      matrixWorldInverse: { elements: number[] };
      projectionMatrix: { elements: number[] };
    };
    renderer: { domElement: HTMLCanvasElement };
    rig: { orbit: { target: { set(x: number, y: number, z: number): void }; update(): void } };
    /** `drawRange.count` is Infinity until a drag makes the links editable in place (then: 2 x links drawn). */
    waypointView: { links: { geometry: { attributes: { position: { count: number } }; drawRange: { count: number } } } } | null;
  };
}

/** Where world point p appears on the page (CSS pixels), through the editor's test hook. */
export async function screenPoint(page: Page, p: number[]): Promise<{ x: number; y: number }> {
  await settle(page);
  return page.evaluate(([x, y, z]) => {
    const a = (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor.app;
    a.camera.updateMatrixWorld();
    // Vector3.project without importing three: through the camera's matrices.
    const mul = (m: number[], v: number[]) => [0, 1, 2, 3].map((r) => m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3]);
    const c = mul(a.camera.projectionMatrix.elements, mul(a.camera.matrixWorldInverse.elements, [x, y, z, 1]));
    const rect = a.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((c[0] / c[3] + 1) / 2) * rect.width, y: rect.top + ((1 - c[1] / c[3]) / 2) * rect.height };
  }, p);
}

/** Puts the camera at `eye` looking at `target` (the editor's test hook), and lets orbit damping settle. */
export async function setView(page: Page, eye: number[], target: number[]): Promise<void> {
  await page.evaluate(
    ([e, t]) => {
      const a = (window as unknown as { __navlabEditor: EditorHook }).__navlabEditor.app;
      a.camera.position.set(e[0], e[1], e[2]);
      a.rig.orbit.target.set(t[0], t[1], t[2]);
      a.rig.orbit.update();
    },
    [eye, target] as const,
  );
  for (let i = 0; i < 10; i++) await settle(page);
}

/** The app's background colour (PALETTE.background). */
export const BACKGROUND: [number, number, number] = [0x0e, 0x11, 0x17];

/**
 * Samples the 3D view where no panel covers it (between the status panel on the left and
 * lil-gui on the right): the fraction of pixels that are not background, and the colours.
 */
export async function canvasCoverage(page: Page): Promise<{ drawn: number; colours: number }> {
  const png = await page.screenshot({ clip: { x: 420, y: 60, width: 520, height: 680 } });
  return coverage(decodePng(png), BACKGROUND);
}

/** `nav path ... --json`, in-process (the CLI's main, as the bin runs it). */
export async function navPath(args: string[]): Promise<Record<string, unknown>> {
  const r = await runNavHere(['path', ...args, '--json']);
  if (r.code !== 0) throw new Error(`nav path ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * The text of a download. `download.path()` is not available on a connected browser (the
 * shared one), so the bytes come through the connection.
 */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A shipped scene document (parsed JSON as in the file). */
export function sceneFile(file: string): {
  name: string;
  voxels?: { origin?: number[]; cellSize?: number };
  waypoints: { id: string; position: number[] }[];
} {
  return JSON.parse(readFileSync(join(ROOT, 'scenes', file), 'utf8'));
}

/** The voxel holding a waypoint of a shipped scene. */
export function waypointVoxel(file: string, id: string): [number, number, number] {
  const doc = sceneFile(file);
  const w = doc.waypoints.find((p) => p.id === id);
  if (!w) throw new Error(`${file}: no waypoint ${id}`);
  const o = doc.voxels?.origin ?? [0, 0, 0];
  const s = doc.voxels?.cellSize ?? 1;
  return [0, 1, 2].map((a) => Math.floor((w.position[a] - o[a]) / s)) as [number, number, number];
}

/** The shipped scenes in picker order (scenes/index.json). */
export function shippedScenes(): { file: string; name: string }[] {
  return JSON.parse(readFileSync(join(ROOT, 'scenes', 'index.json'), 'utf8'));
}

/**
 * Holds back the app's workers' answers (not their progress) until `releaseWorkerAnswers`: a
 * test that cancels a load or an import while it is on its way can then press Cancel however fast
 * this machine finishes the work. The work itself still runs in the real worker, and Cancel still
 * restarts it (a restarted worker answers directly).
 */
export async function holdWorkerAnswers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __held: MessageEvent[] | null; __navlabEditor: { app: { pool: unknown } } };
    w.__held = [];
    const pool = w.__navlabEditor.app.pool as { slots: { worker: Worker }[] };
    for (const slot of pool.slots) {
      const deliver = slot.worker.onmessage!.bind(slot.worker);
      slot.worker.onmessage = (e) => (w.__held !== null && !('progress' in e.data) ? w.__held.push(e) : deliver(e));
    }
  });
}

/** Lets the held answers through (those of a cancelled request are no longer awaited), and stops holding. */
export async function releaseWorkerAnswers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __held: MessageEvent[] | null; __navlabEditor: { app: { pool: unknown } } };
    const held = w.__held ?? [];
    w.__held = null;
    for (const slot of (w.__navlabEditor.app.pool as { slots: { worker: Worker }[] }).slots)
      for (const e of held) if (e.target === slot.worker) slot.worker.onmessage?.(e);
  });
}
