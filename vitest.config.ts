import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // expect.poll waits for what a page does next; on a busy machine that can take far longer
    // than vitest's 1 s default, and a poll that gives up early is a wall-clock assertion.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
