/**
 * The page's main-thread work from a Chromium trace (CDP Tracing): every task the renderer's
 * main thread ran (RunTask), not only the long ones a PerformanceObserver reports, and the
 * page's performance marks on the same clock, so a window between two marks can be summed.
 * An optional CPU profile (CDP Profiler) of the same span, with the functions of most self
 * time, says what the work was.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';

/**
 * A top-level task of the page's main thread: start and duration in ms (trace clock), and the
 * thread's CPU time in it (ms: on a busy machine the wall duration also counts the time the
 * thread waited for a core).
 */
export interface Task {
  start: number;
  dur: number;
  cpu: number;
}

/** What a trace holds of the page's main thread. */
export interface MainThread {
  /** Top-level tasks in start order (nested tasks are part of their parent). */
  tasks: Task[];
  /** Times (ms, trace clock) of each performance mark, by name, in order. */
  marks: Map<string, number[]>;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Marks whose names start with this are read back (and tell which thread is the page's). */
export const MARK_PREFIX = 'bench:';

/** A trace of the page's main thread (and optionally a CPU profile) from `start` to `stop`. */
export class MainThreadTrace {
  private readonly events: TraceEvent[] = [];
  private constructor(
    private readonly cdp: CDPSession,
    private readonly profile: boolean,
  ) {}

  /** Starts tracing `page` (with `profile`: a CPU profile too, sampled every 200 µs). */
  static async start(page: Page, profile = false): Promise<MainThreadTrace> {
    const cdp = await page.context().newCDPSession(page);
    const t = new MainThreadTrace(cdp, profile);
    cdp.on('Tracing.dataCollected', (e) => {
      for (const ev of e.value as unknown as TraceEvent[]) {
        if (ev.name === 'RunTask' || ev.name.startsWith(MARK_PREFIX)) t.events.push(ev);
      }
    });
    await cdp.send('Tracing.start', {
      categories: 'disabled-by-default-devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    return t;
  }

  /**
   * Stops; the CPU profile (if any) is written to `profileFile` and its functions of most
   * self time are returned as rows [function (url:line), self ms].
   */
  async stop(profileFile?: string): Promise<{ main: MainThread; top: (string | number)[][] }> {
    let top: (string | number)[][] = [];
    if (this.profile) {
      const { profile } = (await this.cdp.send('Profiler.stop')) as { profile: CpuProfile };
      if (profileFile !== undefined) writeFileSync(profileFile, JSON.stringify(profile));
      top = selfTimes(profile).slice(0, 20);
    }
    const done = new Promise<void>((resolve) => this.cdp.once('Tracing.tracingComplete', () => resolve()));
    await this.cdp.send('Tracing.end');
    await done;
    await this.cdp.detach();
    return { main: mainThread(this.events), top };
  }
}

/** The main thread's tasks and marks: the thread is the one that ran the marks. */
function mainThread(events: readonly TraceEvent[]): MainThread {
  const mark = events.find((e) => e.name.startsWith(MARK_PREFIX));
  const marks = new Map<string, number[]>();
  if (mark === undefined) return { tasks: [], marks };
  const mine = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid).sort((a, b) => a.ts - b.ts);
  const tasks: Task[] = [];
  let end = -Infinity;
  for (const e of mine) {
    if (e.name.startsWith(MARK_PREFIX)) {
      const list = marks.get(e.name) ?? [];
      list.push(e.ts / 1000);
      marks.set(e.name, list);
    } else if (e.ph === 'X' && e.dur !== undefined && e.ts >= end) {
      tasks.push({ start: e.ts / 1000, dur: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
      end = e.ts + e.dur;
    }
  }
  return { tasks, marks };
}

/** The task running at time t, or null. */
export function taskAt(tasks: readonly Task[], t: number): Task | null {
  return tasks.find((k) => k.start <= t && t <= k.start + k.dur) ?? null;
}

/** What the main thread did in a window: summed and longest task, wall and CPU ms, and the task count. */
export interface Work {
  total: number;
  longest: number;
  cpu: number;
  longestCpu: number;
  count: number;
}

/** The work of the tasks that start in [from, to). */
export function work(tasks: readonly Task[], from: number, to: number): Work {
  const w: Work = { total: 0, longest: 0, cpu: 0, longestCpu: 0, count: 0 };
  for (const k of tasks) {
    if (k.start < from || k.start >= to) continue;
    w.total += k.dur;
    w.longest = Math.max(w.longest, k.dur);
    w.cpu += k.cpu;
    w.longestCpu = Math.max(w.longestCpu, k.cpu);
    w.count++;
  }
  return w;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function of a CPU profile (idle and the profiler's own nodes left out), most first. */
function selfTimes(p: CpuProfile): (string | number)[][] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const f = byId.get(p.samples[i])!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const file = f.url.slice(f.url.lastIndexOf('/') + 1);
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    // A sample's time is the delta to the next sample.
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i + 1] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v]);
}
