/** Line patches: applying the diff of two line lists gives the second, for random edits. */
import { describe, expect, it } from 'vitest';
import { applyLines, applyPatch, diffLines, encodePatch } from '../../src/app/features/editor/lineDiff.ts';
import { mulberry32 as random } from '../support/random.ts';

describe('line patches', () => {
  it('turn one line list into another for random edits, with hunks no larger than the edits', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      const a = Array.from({ length: Math.floor(r() * 60) }, (_, i) => `line ${i % 7} ${Math.floor(r() * 5)}`);
      const b = a.slice();
      const edits = Math.floor(r() * 8);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(r() * (b.length + 1));
        if (r() < 0.5 && b.length > 0) b.splice(Math.min(at, b.length - 1), 1);
        else b.splice(at, 0, `new ${seed} ${e}`);
      }
      const hunks = diffLines(a, b, 1000)!;
      expect(applyLines(a, hunks)).toEqual(b);
      const changed = hunks.reduce((s, h) => s + h[1] + h[2].length, 0);
      expect(changed).toBeLessThanOrEqual(edits);
      expect(applyPatch(a, encodePatch(hunks))).toBe(b.join('\n'));
    }
  });

  it('gives up beyond maxEdits, and refuses patches that do not fit their base', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    expect(diffLines(a, b, 20)).toBeNull();
    expect(diffLines(a, a, 0)).toEqual([]);
    expect(() => applyLines(a, [[49, 2, []]])).toThrow('does not fit');
    expect(() =>
      applyLines(a, [
        [5, 1, []],
        [2, 1, []],
      ]),
    ).toThrow('does not fit');
    expect(() => applyPatch(a, '~{"x":1}')).toThrow('not a list of hunks');
    expect(() => applyPatch(a, '~[')).toThrow('not JSON');
  });
});
