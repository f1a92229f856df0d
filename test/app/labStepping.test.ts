/**
 * The watch's frame budget: 16 ms a frame at display rates, more when frames come slowly
 * (software rendering), never a long task; finishing a search has its own budget.
 */
import { describe, expect, it } from 'vitest';
import { frameBudgetMs } from '../../src/app/features/search/labStepping.ts';

describe('frameBudgetMs', () => {
  it('steps 16 ms a frame at display rates and on the first frame', () => {
    expect(frameBudgetMs(0, false)).toBe(16);
    expect(frameBudgetMs(16.7, false)).toBe(16);
    expect(frameBudgetMs(60, false)).toBe(16);
  });
  it('steps a quarter of the time since the last frame when frames are slow, up to 45 ms', () => {
    expect(frameBudgetMs(100, false)).toBe(25);
    expect(frameBudgetMs(180, false)).toBe(45);
    expect(frameBudgetMs(5000, false)).toBe(45);
  });
  it('finishes a search at 40 ms a frame whatever the frame rate', () => {
    expect(frameBudgetMs(0, true)).toBe(40);
    expect(frameBudgetMs(5000, true)).toBe(40);
  });
});
