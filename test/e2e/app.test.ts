/**
 * The sandbox app in a real browser, against the dev server (`npm run dev`) and against the
 * build as shipped, served by `vite preview`: on both, the app starts on the default scene, the
 * panels run searches and `window.navlab.query` equals `nav path --json`; on the build, every
 * shipped scene loads and draws (`npm test`: a seeded five of them; `npm run verify:full`: every
 * one), Compare shows two results, the agents run, bad documents are rejected without harm, and
 * (verify:full only: minutes of software rendering) the heaviest watched search runs to its end. Timings (the longest main-thread task) are measured
 * by `npm run bench` (bench/browser.ts), never asserted here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavlabQueryOptions } from '../../src/app/shell/handle.ts';
import {
  canvasCoverage,
  connectBrowser,
  navPath,
  openApp,
  ROOT,
  settle,
  shippedScenes,
  startDev,
  startPreview,
  waypointVoxel,
  type AppPage,
  type AppServer,
  type AppUrl,
} from './harness.ts';
import { FULL, sampleCases } from '../support/sample.ts';

interface QueryCase {
  name: string;
  file: string;
  options: NavlabQueryOptions;
}

const v = waypointVoxel;
/** Queries run both through `nav path --json` and `navlab.query`. */
const QUERIES: QueryCase[] = [
  { name: 'classic grid', file: 'classic-10.json', options: { graph: 'grid', from: [0, 0, 0], to: [9, 5, 8] } },
  { name: 'classic, default graph of voxels', file: 'classic-10.json', options: { from: [0, 0, 0], to: [9, 5, 8], heuristic: 'zero' } },
  { name: 'classic, default graph of waypoint ids', file: 'classic-10.json', options: { from: 'start', to: 'goal' } },
  {
    name: 'maze, 6 neighbours',
    file: 'maze.json',
    options: { graph: 'grid', from: v('maze.json', 'entrance'), to: v('maze.json', 'exit'), neighborhood: 6 },
  },
  {
    name: 'river terrain costs',
    file: 'river-bridge.json',
    options: { graph: 'grid', from: v('river-bridge.json', 'south-camp'), to: v('river-bridge.json', 'north-camp') },
  },
  {
    name: 'warframe, squared heuristic',
    file: 'warframe-simple.json',
    options: {
      graph: 'grid',
      from: v('warframe-simple.json', 'p1-start'),
      to: v('warframe-simple.json', 'p1-goal'),
      heuristic: 'squared',
      tieBreak: 'none',
    },
  },
  {
    name: 'sealed room (unreachable)',
    file: 'sealed-room.json',
    options: { graph: 'grid', from: v('sealed-room.json', 'outside'), to: v('sealed-room.json', 'vault'), cornerCutting: 'allow' },
  },
  {
    name: 'building, budget (partial)',
    file: 'building.json',
    options: { graph: 'grid', from: v('building.json', 'door'), to: v('building.json', 'f2-office'), maxExpansions: 40, weight: 1.5 },
  },
  { name: 'open field waypoints', file: 'open-field.json', options: { graph: 'waypoints', from: 'ground-01', to: 'mid-23' } },
  { name: 'galaxy waypoints, Dijkstra', file: 'galaxy.json', options: { from: 'ring5-01', to: 'ring5-05', heuristic: 'zero' } },
  {
    name: 'thin walls waypoints',
    file: 'thin-walls.json',
    options: { graph: 'waypoints', from: 'west', to: 'east', heuristic: 'manhattan' },
  },
];

const FLAG: Record<string, string> = {
  neighborhood: '--neighborhood',
  cornerCutting: '--corner-cutting',
  heuristic: '--heuristic',
  weight: '--weight',
  tieBreak: '--tie-break',
  maxExpansions: '--max-expansions',
};

function cliArgs(c: QueryCase): string[] {
  const { graph, from, to, ...rest } = c.options;
  const args = [join('scenes', c.file), '--from', String(from), '--to', String(to)];
  // No graph: both entry points apply the default graph rule to the endpoints themselves.
  if (graph !== undefined) args.push('--graph', graph);
  for (const [k, val] of Object.entries(rest)) args.push(FLAG[k], String(val));
  return args;
}

const withoutMs = (r: Record<string, unknown>) => {
  const { ms, ...rest } = r;
  expect(typeof ms).toBe('number');
  return rest;
};

const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const scenes = shippedScenes();

let browser: Browser;
let cacheDir: string;
let cli: Promise<Record<string, unknown>[]>;
let preview: AppServer | undefined;
let dev: AppServer | undefined;
const servers: Partial<Record<'dev' | 'preview', AppUrl>> = {};

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'navlab-vite-cache-'));
  // The CLI answers are computed once, while the build runs (the shared browser is up). The
  // other files use the tests' own build (globalSetup.ts); this one checks the dev server that
  // `npm run dev` starts and the build as shipped.
  cli = Promise.all(QUERIES.map((q) => navPath(cliArgs(q))));
  [browser, preview, dev] = await Promise.all([connectBrowser(), startPreview(cacheDir), startDev(join(cacheDir, 'dev'))]);
  servers.dev = dev;
  servers.preview = preview;
  // Let the CLI runs finish first: they would compete with the page for the CPU.
  await cli;
});

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await dev?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe.each(['dev', 'preview'] as const)('the app (%s)', (target) => {
  let app: AppPage;

  beforeAll(async () => {
    app = await openApp(browser, servers[target]!.url);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('starts on the default scene and exposes window.navlab', async () => {
    const { page } = app;
    const info = await page.evaluate(() => ({
      version: window.navlab!.version,
      scenes: window.navlab!.scenes(),
      name: window.navlab!.document().name,
      status: document.querySelector('#status')!.textContent,
      hud: document.querySelector('#hud')!.textContent,
    }));
    expect(info.version).toBe(version);
    expect(info.scenes).toEqual(scenes.map((s) => s.name));
    expect(info.name).toBe(scenes[0].name);
    expect(info.hud).toContain(scenes[0].name);
    await settle(page);
    const c = await canvasCoverage(page);
    expect(c.drawn).toBeGreaterThan(0.1);
    expect(c.colours).toBeGreaterThan(20);
    // The editor's test hook exists in the dev server (and the tests' own build), never in the app as shipped.
    expect(await page.evaluate(() => '__navlabEditor' in window)).toBe(target === 'dev');
    expect(app.errors).toEqual([]);
  });

  it('runs a search from the panel and updates the status line', async () => {
    const { page } = app;
    await page.evaluate(() => window.navlab!.loadScene('classic-10'));
    expect(await page.locator('#status').getAttribute('data-phase')).toBe('idle');
    await page.locator('[data-testid="Search/Run search (R)"] button').click();
    await page.waitForFunction(() => document.querySelector('#status')!.getAttribute('data-phase') === 'done', null, { timeout: 30_000 });
    const text = await page.locator('#status').textContent();
    expect(text).toContain('found');
    // The panel searched the scene's first agent's query: classic-10 runs (0,0,0) -> (9,5,8).
    const expected = await page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 0, 0], to: [9, 5, 8] }));
    expect(text).toContain(`cost ${expected.cost.toFixed(2)}`);
    expect(text).toContain(`${expected.expanded} expanded`);
    // A start blocked by a voxel is reported, not thrown.
    await page.locator('[data-testid="Search/start"] input').fill('2,0,0');
    await page.locator('[data-testid="Search/start"] input').press('Enter');
    await page.waitForFunction(() => /blocked/.test(document.querySelector('#status')!.textContent ?? ''));
    expect(app.errors).toEqual([]);
  });

  it('answers navlab.query exactly as nav path --json', async () => {
    const { page } = app;
    const expected = await cli;
    for (const [k, q] of QUERIES.entries()) {
      await page.evaluate((name) => window.navlab!.loadScene(name), q.file);
      const got = await page.evaluate((o) => window.navlab!.query(o), q.options);
      expect(withoutMs(got as unknown as Record<string, unknown>), q.name).toEqual(withoutMs(expected[k]));
    }
    const statuses = expected.map((r) => r.status);
    expect(statuses).toContain('unreachable');
    expect(statuses).toContain('partial');
    // Bad endpoints are readable rejections.
    await expect(page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 0, 0], to: [9, 5, 8] }))).rejects.toThrow(
      /no voxel layer/,
    );
    await page.evaluate(() => window.navlab!.loadScene('classic-10'));
    await expect(page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [0, 0, 0], to: [999, 0, 0] }))).rejects.toThrow(
      /outside the 10x10x10 grid/,
    );
    await expect(page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [2, 0, 0], to: [9, 5, 8] }))).rejects.toThrow(
      /is blocked/,
    );
    await expect(page.evaluate(() => window.navlab!.query({ graph: 'waypoints', from: 'nope', to: 'west' }))).rejects.toThrow(
      /no waypoint with id 'nope'/,
    );
  });

  // The dev server must start the app, load scenes and run searches in its workers (above); what
  // the app does with them is the same code in both, checked once, on the build as shipped.
  if (target === 'dev') return;

  it(`loads and draws ${FULL ? 'every shipped scene' : 'a seeded five of the shipped scenes'}`, async () => {
    const { page } = app;
    for (const s of sampleCases(scenes, 5, 23)) {
      await page.evaluate((name) => window.navlab!.loadScene(name), s.name);
      await settle(page);
      const shown = await page.evaluate(() => ({
        doc: window.navlab!.document().name,
        hud: document.querySelector('.scene-name')!.textContent,
      }));
      expect(shown).toEqual({ doc: s.name, hud: s.name });
      const c = await canvasCoverage(page);
      expect(c.drawn, `${s.name}: drawn fraction`).toBeGreaterThan(0.04);
      expect(c.colours, `${s.name}: colours`).toBeGreaterThan(8);
    }
    // The picker (a lil-gui <select>) loads scenes too.
    await page.locator('[data-testid="Scene/scene"] select').selectOption({ label: '3D maze' });
    await page.waitForFunction(() => window.navlab!.document().name === '3D maze');
    expect(app.errors).toEqual([]);
  });

  it('compares two configurations side by side', async () => {
    const { page } = app;
    await page.evaluate(() => window.navlab!.loadScene('open-field'));
    await page.locator('.lil-title', { hasText: 'Compare' }).click();
    await page.locator('[data-testid="Compare/Run compare"] button').click();
    await page.waitForFunction(
      () => {
        const s = document.querySelector('#status')!;
        return s.getAttribute('data-phase') === 'done' && s.getAttribute('data-runs') === '2';
      },
      null,
      { timeout: 60_000 },
    );
    const cells = await page.evaluate(() =>
      ['A', 'B'].map((k) => ({
        status: document.querySelector(`#status td[data-key="${k}"][data-status]`)!.getAttribute('data-status'),
        expanded: Number(document.querySelector(`#status td[data-key="${k}"][data-row="expanded"]`)!.textContent!.replace(/,/g, '')),
        cost: Number(document.querySelector(`#status td[data-key="${k}"][data-row="cost"]`)!.textContent),
      })),
    );
    expect(cells.map((c) => c.status)).toEqual(['found', 'found']);
    // A* (exact) against Dijkstra: same optimal cost, Dijkstra expands at least as much.
    expect(cells[0].cost).toBeCloseTo(cells[1].cost, 2);
    expect(cells[1].expanded).toBeGreaterThanOrEqual(cells[0].expanded);
    expect(cells[0].expanded).toBeGreaterThan(0);
    const labels = await page.locator('.view-label:not([hidden])').allTextContents();
    expect(labels).toHaveLength(2);
    // The panes sit beside the settings panel: both labels (at the panes' middles) left of it.
    const gui = await page.locator('.lil-gui.lil-root').boundingBox();
    for (const box of await Promise.all((await page.locator('.view-label:not([hidden])').all()).map((l) => l.boundingBox())))
      expect(box!.x + box!.width / 2).toBeLessThan(gui!.x);
    await settle(page);
    expect((await canvasCoverage(page)).drawn).toBeGreaterThan(0.04);
    // The difference view has its legend (only A, only B, both).
    expect(await page.locator('#legend-diff').isHidden()).toBe(true);
    await page.locator('[data-testid="Compare/view"] select').selectOption('difference');
    await page.waitForFunction(() => !(document.querySelector('#legend-diff') as HTMLElement).hidden, null, { timeout: 30_000 });
    expect(await page.locator('#legend-diff').textContent()).toMatch(/A only.*B only.*both/);
    await page.locator('[data-testid="Compare/view"] select').selectOption('side by side');
    // An inadmissible heuristic on B: a longer path, and the status says by how much and why.
    await page.locator('[data-testid="B configuration/heuristic"] select').selectOption('squared');
    await page.waitForFunction(() => /not admissible/.test(document.querySelector('#status')!.textContent ?? ''), null, {
      timeout: 60_000,
    });
    expect(await page.locator('#status').textContent()).toMatch(/longer than the optimum .*\(\+\d+(\.\d)?%\)/);
    await page.locator('[data-testid="Compare/compare A and B"] input').uncheck();
    expect(app.errors).toEqual([]);
  });

  it('runs the agents from the panel: play, pause, step, spawn, steering settings', async () => {
    const { page } = app;
    const agents = () => page.evaluate(() => ({ ...(document.querySelector('#agents') as HTMLElement).dataset }));
    // Predicates are functions, never strings: Playwright evaluates a string predicate with
    // eval, which the page's Content-Security-Policy forbids.
    // (They run in the page: they read #agents' data-* attributes themselves.)
    const until = (f: (a: number) => boolean, a = 0) => page.waitForFunction(f, a, { timeout: 30_000 });
    await page.evaluate(() => window.navlab!.loadScene('open-field'));
    await until(
      () =>
        document.getElementById('agents')!.dataset.count === '6' &&
        document.getElementById('agents')!.dataset.steps === '0' &&
        document.getElementById('agents')!.dataset.playing === 'false',
    );
    await page.locator('[data-testid="Agents/force arrows"] input').check();
    await page.locator('[data-testid="Agents/Play (Space)"] button').click();
    await until(() => Number(document.getElementById('agents')!.dataset.time) >= 0.5);
    await page.keyboard.press('Space');
    await until(() => document.getElementById('agents')!.dataset.playing === 'false');
    const paused = await agents();
    await page.waitForTimeout(300);
    expect((await agents()).steps).toBe(paused.steps);
    await page.locator('[data-testid="Agents/Step (N)"] button').click();
    await until((a) => Number(document.getElementById('agents')!.dataset.steps) === a + 1, Number(paused.steps));
    await page.locator('[data-testid="Agents/spawn count"] input').fill('5');
    await page.locator('[data-testid="Agents/spawn count"] input').press('Enter');
    await page.locator('[data-testid="Agents/Spawn agents"] button').click();
    await until(() => document.getElementById('agents')!.dataset.count === '11');
    await page.locator('[data-testid="Agents/radius"] input').fill('0.3');
    await page.locator('[data-testid="Agents/radius"] input').press('Enter');
    await page.locator('[data-testid="Agents/avoid range"] input').fill('5');
    await page.locator('[data-testid="Agents/avoid range"] input').press('Enter');
    await page.locator('[data-testid="Agents/Reset (Backspace)"] button').click();
    await until(
      () => document.getElementById('agents')!.dataset.count === '11' && document.getElementById('agents')!.dataset.steps === '0',
    );
    expect(await page.locator('#agents').textContent()).toMatch(/^Agents: 11 · \d+ arrived · t = 0\.0 s · paused$/);
    await settle(page);
    expect((await canvasCoverage(page)).drawn).toBeGreaterThan(0.04);
    expect(app.errors).toEqual([]);
  });

  it('rejects a bad document or name and keeps the current scene', async () => {
    const { page } = app;
    await page.evaluate(() => window.navlab!.loadScene('thin-walls'));
    const before = await page.evaluate(() => window.navlab!.document());
    const bad = { version: 1, waypoints: [{ id: 'a', position: [0, 0] }] };
    await expect(page.evaluate((d) => window.navlab!.loadScene(d), bad)).rejects.toThrow(/waypoints\[0\]\.position: expected 3 numbers/);
    await expect(page.evaluate(() => window.navlab!.loadScene('no-such-scene'))).rejects.toThrow(/unknown scene 'no-such-scene'/);
    await expect(page.evaluate(() => window.navlab!.loadScene({ version: 99 }))).rejects.toThrow(/unsupported version 99/);
    expect(await page.evaluate(() => window.navlab!.document())).toEqual(before);
    expect((await page.evaluate(() => window.navlab!.scenes())).slice(0, scenes.length)).toEqual(scenes.map((s) => s.name));
    // The editor's entry points exist and do no harm yet.
    await page.evaluate(() => {
      window.navlab!.setTool('select');
      window.navlab!.undo();
      window.navlab!.redo();
    });
    await expect(page.evaluate(() => window.navlab!.setTool('no-such-tool'))).rejects.toThrow(/unknown tool/);
    expect(await page.evaluate(() => window.navlab!.document())).toEqual(before);
    // A valid document loads and joins the picker.
    await page.evaluate((d) => window.navlab!.loadScene(d), { ...before, name: 'Loaded copy' });
    expect(await page.evaluate(() => window.navlab!.scenes())).toContain('Loaded copy');
    expect(await page.evaluate(() => document.querySelector('#error')!.textContent)).toBe('');
  });

  it('loads scene files and Moving AI maps chosen with "Load file…"', async () => {
    const { page } = app;
    const choose = async (name: string, buffer: Buffer) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.locator('[data-testid="Scene/Load file… (.json .3dmap .navbin .glb .gltf .obj .stl)"] button').click(),
      ]);
      await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer });
    };
    await choose('Simple.3dmap', readFileSync(join(ROOT, 'test/data/Simple.3dmap')));
    await page.waitForFunction(() => window.navlab!.document().name === 'Simple');
    expect(await page.evaluate(() => window.navlab!.scenes().at(-1))).toBe('Simple');
    const r = await page.evaluate(() => window.navlab!.query({ graph: 'grid', from: [56, 76, 52], to: [48, 85, 45] }));
    expect(r.status).toBe('found');
    // A broken file is reported in the status panel; the scene stays.
    await choose('broken.json', Buffer.from('{"version": 1, "agents": [{"id": "a"}]}'));
    await page.waitForFunction(() =>
      /Could not load broken\.json: [\s\S]*agents\[0\]/.test(document.querySelector('#error')!.textContent ?? ''),
    );
    expect(await page.evaluate(() => window.navlab!.document().name)).toBe('Simple');
    expect(app.errors).toEqual([]);
  });

  // The watched search itself is tested in npm test (search.test.ts, examples.test.ts); this one
  // watches 366,452 expansions drawn live, minutes in software rendering.
  it.runIf(FULL)(
    'watches Dijkstra over Warframe to the end',
    async () => {
      const { page } = app;
      // The heaviest watched search of the shipped scenes: ~370,000 expansions drawn live.
      await page.evaluate(() => window.navlab!.loadScene('warframe-simple'));
      await page.locator('[data-testid="Search/heuristic"] select').selectOption('zero');
      await page.locator('[data-testid="Search/expansions / frame"] select').selectOption('100000');
      await page.locator('[data-testid="Search/Run search (R)"] button').click();
      await page.waitForFunction(() => document.querySelector('#status')!.getAttribute('data-phase') === 'done', null, {
        timeout: 240_000,
      });
      expect(await page.locator('#status').textContent()).toMatch(/found.*Dijkstra.*366,452 expanded/s);
      await settle(page);
      expect(app.errors).toEqual([]);
    },
    300_000,
  ); // a watched search gets a time budget per frame: on a busy machine it takes minutes
});
