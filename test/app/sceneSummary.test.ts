import { describe, expect, it } from 'vitest';
import { sceneSummary } from '../../src/app/shell/ui/sceneSummary.ts';
import { loadedScene } from './helpers.ts';

describe('sceneSummary', () => {
  it('counts in the singular for exactly one and in the plural otherwise', () => {
    // Sphere swap: one obstacle (the floor), no waypoints or links, 120 agents.
    const text = sceneSummary(loadedScene('sphere-swap.json'));
    expect(text).toMatch(/^1 obstacle · 0 waypoints · 0 links · 120 agents · preprocessed in /);
  });
});
