import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, ROOT, runNav } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scene = (name: string) => join(ROOT, 'scenes', name);

describe('nav simulate', () => {
  it('prints exactly the documented JSON: agents with their metrics, then the summary', () => {
    const r = runNav(['simulate', scene('sealed-room.json'), '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = jsonLines(r.stdout);
    expect(lines).toHaveLength(1);
    const out = lines[0] as { agents: Record<string, unknown>[]; summary: Record<string, number> };
    expect(Object.keys(out)).toEqual(['agents', 'summary']);
    expect(out.agents).toHaveLength(1);
    const a = out.agents[0];
    expect(Object.keys(a)).toEqual(['id', 'arrived', 'timeToArrive', 'travelled', 'planned', 'minClearance', 'stepsInside', 'replans']);
    expect(a.id).toBe('thief');
    expect(a.arrived).toBe(true);
    expect(a.stepsInside).toBe(0);
    expect(a.timeToArrive as number).toBeGreaterThan(0);
    expect(a.travelled as number).toBeGreaterThan(0);
    expect(a.planned as number).toBeGreaterThan(0);
    expect(a.minClearance as number).toBeGreaterThan(0);
    expect(Object.keys(out.summary)).toEqual(['agents', 'arrived', 'stepsInside', 'minAgentGap']);
    // One agent: no pair, so minAgentGap is null.
    expect(out.summary).toEqual({ agents: 1, arrived: 1, stepsInside: 0, minAgentGap: null });
  });

  it('--steps N runs exactly N steps; the same seed gives the same output', () => {
    const args = ['simulate', scene('open-field.json'), '--steps', '30', '--seed', '5', '--json'];
    const first = runNav(args);
    expect(first.code).toBe(0);
    const out = jsonLines(first.stdout)[0] as {
      agents: { arrived: boolean; timeToArrive: number | null; travelled: number }[];
      summary: { agents: number; arrived: number };
    };
    expect(out.summary.agents).toBe(6);
    expect(out.summary.arrived).toBe(0);
    // Half a second at 3 to 4.5 units per second.
    for (const a of out.agents) {
      expect(a.timeToArrive).toBeNull();
      expect(a.travelled).toBeGreaterThan(1);
      expect(a.travelled).toBeLessThanOrEqual(4.5 * 0.5 + 1e-3);
    }
    expect(runNav(args).stdout).toBe(first.stdout);
  });

  it('--avoidance picks the agent-agent avoidance; minAgentGap lies in (0, 1], and reciprocal keeps the agents apart', () => {
    const swarm = jsonLines(runNav(['simulate', scene('thin-walls.json'), '--json']).stdout)[0] as { summary: { minAgentGap: number } };
    const r = runNav(['simulate', scene('thin-walls.json'), '--avoidance', 'reciprocal', '--json']);
    expect(r.code).toBe(0);
    const out = jsonLines(r.stdout)[0] as { summary: { agents: number; arrived: number; stepsInside: number; minAgentGap: number } };
    expect(out.summary.arrived).toBe(out.summary.agents);
    expect(out.summary.stepsInside).toBe(0);
    expect(out.summary.minAgentGap).toBeGreaterThan(0.99);
    expect(out.summary.minAgentGap).toBeLessThanOrEqual(1);
    expect(swarm.summary.minAgentGap).toBeGreaterThan(0);
    expect(swarm.summary.minAgentGap).toBeLessThanOrEqual(1);
    const bad = runNav(['simulate', scene('thin-walls.json'), '--avoidance', 'orca']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--avoidance/);
    expect(bad.stderr).toMatch(/swarm/);
  });

  it('prints a readable table without --json', () => {
    const r = runNav(['simulate', scene('thin-walls.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Thin walls and narrow slits: 2 agents, paths on waypoints, \d+ steps/);
    expect(r.stdout).toMatch(/\n\s*eastbound\s+yes\s/);
    expect(r.stdout).toMatch(/summary: 2\/2 arrived, 0 steps inside static geometry, least agent gap \d\.\d{3} x \(r_i \+ r_j\)/);
    expect(r.stdout).toMatch(/seed 1, swarm avoidance\n/);
  });

  it('bad arguments: usage error, exit 2', () => {
    for (const args of [
      ['simulate'],
      ['simulate', scene('maze.json'), '--steps', 'ten'],
      ['simulate', scene('maze.json'), '--seed', '-1'],
      ['simulate', scene('maze.json'), '--fast'],
      ['simulate', 'a.json', 'b.json'],
    ]) {
      const r = runNav(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^nav simulate: .+\nusage:/);
    }
  });

  it('a missing or invalid scene file: a message, exit 1, no stack trace', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, agents: [{ id: 'a', start: [0, 0, 0], goal: 'nowhere', radius: 0.3, speed: 1 }] }));
    for (const [file, message] of [
      [join(dir, 'missing.json'), /no such file/],
      [bad, /agents\[0\]\.goal: 'nowhere' is neither a waypoint id nor a moving obstacle id/],
    ] as const) {
      const r = runNav(['simulate', file, '--json']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
