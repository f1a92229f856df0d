/**
 * The steering simulation, off the main thread: a SimSession (the scene's world, planner and
 * agents) stepped on a fixed-step clock while playing; its snapshots go to the app.
 */
import type { SimRequest, SimResponse } from './protocol.ts';
import { SimSession } from './SimSession.ts';

let timer: ReturnType<typeof setTimeout> | null = null;
let last = 0;

const post = (m: SimResponse, transfer: Transferable[]) => (self as unknown as Worker).postMessage(m, transfer);

function tick(): void {
  if (!session.playing) return;
  const t = performance.now();
  session.advance((t - last) / 1000);
  last = t;
  timer = setTimeout(tick, 1000 / 60);
}

const session = new SimSession(post, {
  start() {
    last = performance.now();
    tick();
  },
  stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  },
});

self.onmessage = (e: MessageEvent<SimRequest>) => session.handle(e.data);
