/**
 * The editor's drag of a waypoint on a 5,000-waypoint scene, in the browser (issue 27): the
 * app on vite's dev server (its editor hook projects world points to the page), headless
 * Chromium. One waypoint is selected with the select tool and its gizmo dragged by real
 * pointer moves; each move is followed by two animation frames. A Chromium trace of the page's
 * main thread (mainThread.ts) gives the work between consecutive moves: the pointer event (the
 * live relink, the redrawn waypoints) and the frame it causes. Median and maximum over the
 * moves, target: median <= 16 ms of main-thread CPU (one frame at 60 Hz). Wall-clock numbers:
 * measured here, never asserted in tests. The same path in Node is in waypointEdits.ts.
 *
 * Run alone: npx tsx bench/dragWaypoint.ts [--profile] (needs Chromium; --profile also prints
 * the functions of most self time during the moves, from a CPU profile of the page)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { mulberry32 } from '../src/core/math/random.ts';
import type { Page } from 'playwright-core';
import { launchBrowser, loadScene, openApp, settle, startDev } from '../test/e2e/harness.ts';
import { MainThreadTrace, MARK_PREFIX, work } from './mainThread.ts';
import { median, printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const WAYPOINTS = 5000;
const MOVES = 40;
const TARGET_MS = 16;

/** A 5,000-waypoint scene: 150 boxes and the waypoints at seeded points outside them. */
function dragScene(): { doc: object; dragged: number[] } {
  const random = mulberry32(0x27);
  const size = 100;
  const obstacles = Array.from({ length: 150 }, (_, i) => {
    const s = [1 + 5 * random(), 1 + 5 * random(), 1 + 5 * random()];
    return { id: `box-${i}`, shape: 'box', position: s.map((e) => e / 2 + random() * (size - e)), size: s };
  });
  const inside = (p: number[]) => obstacles.some((o) => o.position.every((c, a) => Math.abs(p[a] - c) <= o.size[a] / 2 + 0.5));
  const waypoints: { id: string; position: number[] }[] = [];
  while (waypoints.length < WAYPOINTS) {
    const p = [random() * size, random() * size, random() * size];
    if (!inside(p)) waypoints.push({ id: `w${waypoints.length}`, position: p });
  }
  const doc = {
    version: 1,
    name: 'Bench: drag among 5,000 waypoints',
    bounds: { min: [0, 0, 0], max: [size, size, size] },
    obstacles,
    waypoints,
  };
  return { doc, dragged: waypoints[0].position };
}

/**
 * Where world point p appears on the page, through the dev server's editor hook (as the e2e
 * harness's screenPoint; a string, because tsx would wrap the named helpers of a function in a
 * helper the page lacks).
 */
async function screenOf(page: Page, p: number[]): Promise<{ x: number; y: number }> {
  await settle(page);
  return page.evaluate(`(() => {
    const a = window.__navlabEditor.app;
    a.camera.updateMatrixWorld();
    const mul = (m, v) => [0, 1, 2, 3].map((r) => m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3]);
    const c = mul(a.camera.projectionMatrix.elements, mul(a.camera.matrixWorldInverse.elements, [${p.join(', ')}, 1]));
    const rect = a.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((c[0] / c[3] + 1) / 2) * rect.width, y: rect.top + ((1 - c[1] / c[3]) / 2) * rect.height };
  })()`);
}

/** Rows [what, ms, note] for the drag, recording its target. */
export async function benchDragWaypoint(browser: Browser, profile = false): Promise<(string | number)[][]> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'navlab-bench-drag-'));
  const server = await startDev(cacheDir);
  try {
    const app = await openApp(browser, server.url);
    const { page } = app;
    const { doc, dragged } = dragScene();
    const [x, y, z] = dragged;
    await loadScene(page, doc, [
      [x, y + 3, z + 8],
      [x, y, z],
    ]);
    await page.evaluate(() => window.navlab!.setTool('select'));
    const from = await screenOf(page, dragged);
    await page.mouse.click(from.x, from.y);
    await settle(page);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const trace = await MainThreadTrace.start(page, profile);
    const mark = () => page.evaluate((name) => void performance.mark(name), `${MARK_PREFIX}move`);
    for (let k = 1; k <= MOVES; k++) {
      await mark();
      await page.mouse.move(from.x + 4 * k, from.y);
      await settle(page);
    }
    await mark();
    const { main, top } = await trace.stop();
    await page.mouse.up();
    await settle(page);
    const moved = await page.evaluate(() => window.navlab!.document().waypoints[0].position);
    await app.close();
    const marks = main.marks.get(`${MARK_PREFIX}move`) ?? [];
    const cpu: number[] = [],
      wall: number[] = [];
    for (let k = 0; k + 1 < marks.length; k++) {
      const w = work(main.tasks, marks[k], marks[k + 1]);
      cpu.push(w.cpu);
      wall.push(w.total);
    }
    if (cpu.length === 0) throw new Error('bench: no pointer move was traced');
    const dragDistance = Math.hypot(moved[0] - x, moved[1] - y, moved[2] - z);
    const m = median(cpu.slice());
    const what = `drag a waypoint among ${WAYPOINTS.toLocaleString('en-US')}: main-thread CPU per pointer move and its frame (median)`;
    return [
      [what, m, `max ${Math.max(...cpu).toFixed(1)}; ${checkTarget('browser: waypoint drag', what, m, '<=', TARGET_MS, 'ms')}`],
      [
        '  the same, wall (median)',
        median(wall.slice()),
        `max ${Math.max(...wall).toFixed(1)}; ${cpu.length} moves; waypoint dragged ${dragDistance.toFixed(2)} units`,
      ],
      // Self time summed over all the moves (profiling slows the page: read it as shares).
      ...top.map(([f, ms]) => [`  self: ${f}`, ms, 'profile, all moves']),
    ];
  } finally {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await launchBrowser();
  try {
    printTable(
      'Browser: dragging a waypoint (dev server, Chromium trace)',
      ['what', 'ms', 'note'],
      await benchDragWaypoint(browser, process.argv.includes('--profile')),
    );
  } finally {
    await browser.close();
  }
}
