import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Both cores: vitest's default keeps one core free, which on a 2-core machine runs every file
    // one after another (the browser tests spend much of their time waiting on the page).
    maxWorkers: 2,
    // expect.poll waits for what a page does next; on a busy machine that can take far longer
    // than vitest's 1 s default, and a poll that gives up early is a wall-clock assertion.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // Two projects, both run by `vitest run`: the real-browser tests share one Chromium and one
    // dev server (started by their global setup only when an e2e file runs); no other file pays
    // for them.
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/globalSetup.ts'] } },
    ],
  },
});
