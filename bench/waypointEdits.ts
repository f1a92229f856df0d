/**
 * Editing waypoints (issue 27). In the preprocessing bench's world (2,000 random boxes in a
 * 128-unit cube, waypoints at random free points, fixed seed):
 *  - moving one waypoint among 3,000 and among 50,000, without and with maxLinkDistance (all
 *    four above ALL_PAIRS_LIMIT: nearest-visible links, each edit refilling only the choices it
 *    changes): median of 60 moves, target <= 16 ms;
 *  - the editor's work per pointer move while dragging a waypoint on a 5,000-waypoint scene,
 *    measured in Node on the app's own path (Editor.dragMoved: EditModel.moveLive, the
 *    VisibilityGraph read as a WaypointGraph, the drawn waypoints and links rebuilt as
 *    SceneViews.showWaypoints does): median of 60 pointer moves, target <= 16 ms (a frame).
 *    The frame drawn afterwards is not in it: dragWaypoint.ts measures the same drag in the
 *    browser, frames included.
 * Times are the process's CPU time (process.cpuUsage), as in bigworld.ts: the machine is
 * shared and other processes lengthen wall-clock times; the wall medians are printed beside.
 *
 * Run alone: npx tsx bench/waypointEdits.ts [--quick] (--quick: without the 50,000 rows)
 */
import { now } from '../src/core/clock.ts';
import { VisibilityGraph } from '../src/core/graph/visibility.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { EditModel } from '../src/app/features/editor/EditModel.ts';
import { WaypointView } from '../src/app/shell/views/WaypointView.ts';
import { parseScene } from '../src/scene/index.ts';
import { ObstacleWorld } from '../src/three/ObstacleWorld.ts';
import { benchBoxes, freePoints } from './preprocess.ts';
import { median, printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const SEED = 0x27;
const MOVES = 60;
const TARGET_MS = 16;
const SECTION = 'waypoint edits';

/** CPU and wall milliseconds of `f`. */
function timed(f: () => void): [number, number] {
  const c0 = process.cpuUsage();
  const t0 = now();
  f();
  const c = process.cpuUsage(c0);
  return [(c.user + c.system) / 1000, now() - t0];
}

export function benchWaypointEdits(quick = false): void {
  const random = mulberry32(SEED);
  const boxes = benchBoxes(random);
  const world = new ObstacleWorld(boxes);
  world.rebuild();
  const rows: (string | number)[][] = [];
  for (const n of quick ? [3000] : [3000, 50_000]) {
    const positions = freePoints(world, random, n);
    for (const maxLinkDistance of [Infinity, 16]) {
      const vis = new VisibilityGraph(world.lineOfSight(0), { maxLinkDistance });
      const [buildMs] = timed(() => vis.setAll(positions));
      const buildTests = vis.segmentTests;
      const targets = freePoints(world, random, MOVES);
      const cpu: number[] = [],
        wall: number[] = [],
        tests: number[] = [];
      for (let k = 0; k < MOVES; k++) {
        const i = Math.floor(random() * n);
        const before = vis.segmentTests;
        const [c, w] = timed(() => vis.move(i, targets[3 * k], targets[3 * k + 1], targets[3 * k + 2]));
        cpu.push(c);
        wall.push(w);
        tests.push(vis.segmentTests - before);
      }
      const [graphMs] = timed(() => vis.graph());
      const what = `move one waypoint among ${n.toLocaleString('en-US')} (${Number.isFinite(maxLinkDistance) ? `maxLinkDistance ${maxLinkDistance}` : 'no maxLinkDistance'})`;
      const m = median(cpu);
      rows.push([
        what,
        m,
        median(wall),
        Math.max(...cpu),
        median(tests),
        `${buildMs.toFixed(0)} ms, ${buildTests} tests`,
        graphMs,
        checkTarget(SECTION, what, m, '<=', TARGET_MS, 'ms'),
      ]);
    }
  }
  rows.push(dragRow(random));
  printTable(
    `Waypoint edits above ALL_PAIRS_LIMIT (seed ${SEED}; ms of CPU per edit, median of ${MOVES}; wall beside)`,
    ['edit', 'median ms', 'wall median ms', 'max ms', 'tests per edit', 'initial build', 'then graph() ms', 'target'],
    rows,
  );
}

/**
 * The editor's drag on a 5,000-waypoint scene: one waypoint led along a straight line in 60
 * pointer moves of 0.5 units, each doing what Editor.dragMoved does.
 */
function dragRow(random: () => number): (string | number)[] {
  const n = 5000;
  const boxes = benchBoxes(random);
  const world = new ObstacleWorld(boxes);
  world.rebuild();
  const p = freePoints(world, random, n);
  world.dispose();
  const doc = parseScene({
    version: 1,
    name: 'drag-5000',
    obstacles: boxes,
    waypoints: Array.from({ length: n }, (_, i) => ({ id: `w${i}`, position: [p[3 * i], p[3 * i + 1], p[3 * i + 2]] })),
  });
  const model = new EditModel(doc);
  let view = new WaypointView(model.visibility.graph(), 0.3);
  const i = Math.floor(random() * n);
  const cpu: number[] = [],
    wall: number[] = [],
    tests: number[] = [];
  const [x, y, z] = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
  for (let k = 1; k <= MOVES; k++) {
    const before = model.visibility.segmentTests;
    const [c, w] = timed(() => {
      model.moveLive(i, x + 0.5 * k, y, z);
      const graph = model.visibility.graph();
      view.dispose();
      view = new WaypointView(graph, 0.3);
    });
    cpu.push(c);
    wall.push(w);
    tests.push(model.visibility.segmentTests - before);
  }
  view.dispose();
  model.dispose();
  const what = 'editor drag, per pointer move, 5,000 waypoints (Node: moveLive + graph() + redraw)';
  const m = median(cpu);
  return [what, m, median(wall), Math.max(...cpu), median(tests), '', '', checkTarget(SECTION, what, m, '<=', TARGET_MS, 'ms')];
}

if (import.meta.url === `file://${process.argv[1]}`) benchWaypointEdits(process.argv.includes('--quick'));
