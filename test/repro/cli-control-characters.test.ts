// Control characters and escape sequences in ids and names reached the terminal raw from the
// CLI (an id could clear the screen). Text output and messages escape them; --json stays
// valid JSON whose strings hold the same characters, so ids round-trip.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNav } from '../support/cli.ts';

const CLEAR = '\u001b[2J\u001b[H';
const CSI8 = '\u009b2J'; // one-byte CSI on terminals that honour C1 controls
const RLO = '\u202e'; // right-to-left override
const dir = mkdtempSync(join(tmpdir(), 'navlab-'));
const file = join(dir, 'hostile.json');
writeFileSync(
  file,
  JSON.stringify({
    version: 1,
    name: `scene${CLEAR}`,
    waypoints: [
      { id: `a${CLEAR}`, position: [0, 0, 0] },
      { id: `b${CSI8}${RLO}`, position: [4, 0, 0] },
    ],
    agents: [{ id: `agent${CLEAR}`, start: [0, 0, 0], goal: [4, 0, 0], radius: 0.2, speed: 2 }],
  }),
);

const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('hostile ids and names through the CLI', () => {
  it('text output escapes them', () => {
    for (const args of [
      ['preprocess', file],
      ['simulate', file, '--steps', '5'],
      ['path', file, '--graph', 'waypoints', '--from', `a${CLEAR}`, '--to', `b${CSI8}${RLO}`],
    ]) {
      const r = runNav(args);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(RAW);
      expect(r.stdout).toMatch(/\\u001b\[2J/);
    }
  });

  it('--json output is valid JSON in which the ids round-trip', () => {
    const r = runNav(['path', file, '--graph', 'waypoints', '--from', `a${CLEAR}`, '--to', `b${CSI8}${RLO}`, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(JSON.parse(r.stdout).ids).toEqual([`a${CLEAR}`, `b${CSI8}${RLO}`]);
    const s = runNav(['simulate', file, '--steps', '5', '--json']);
    expect(s.stdout).not.toMatch(RAW);
    expect(JSON.parse(s.stdout).agents[0].id).toBe(`agent${CLEAR}`);
  });

  it('messages escape them', () => {
    const r = runNav(['path', file, '--graph', 'waypoints', '--from', `zz${CLEAR}`, '--to', 'a', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stderr).toMatch(/no waypoint with id 'zz\\u001b\[2J\\u001b\[H'/);
    const u = runNav([`frob${CLEAR}`]);
    expect(u.stderr).not.toMatch(RAW);
  });
});
