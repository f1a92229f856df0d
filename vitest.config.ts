import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './test/support/sequencer.ts';

/** Unit files that mock a module with vi.mock (test/testConfig.test.ts checks this list). */
export const MOCKING = ['test/app/autosave.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Three workers on this 2-core machine, with the browser files spread through the unit files
    // (test/support/sequencer.ts): a browser test spends much of its time waiting on its page,
    // and the unit files keep both cores busy meanwhile (vitest's default keeps one core free
    // and runs the projects one after the other).
    maxWorkers: 3,
    sequence: { sequencer: InterleavedSequencer },
    // expect.poll waits for what a page does next; on a busy machine that can take far longer
    // than vitest's 1 s default, and a poll that gives up early is a wall-clock assertion.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // Three projects, all run by `vitest run`: the real-browser tests share one Chromium and one
    // build of the app (started by their global setup only when an e2e file runs); no other file
    // pays for them.
    projects: [
      // Unit files share their worker's modules (isolate: false): each worker imports the sources
      // once instead of once per file, which took about a third of the unit files' CPU. A file that
      // changes shared state (a spy, fake timers) restores it before it ends; a file that mocks a
      // module (vi.mock) runs isolated, as the modules importing the mocked one must be fresh.
      { extends: true, test: { name: 'unit', isolate: false, include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', ...MOCKING] } },
      { extends: true, test: { name: 'unit-isolated', include: MOCKING } },
      // The browser files share their worker's modules too: playwright and vite took ~5 s to import per file.
      {
        extends: true,
        test: { name: 'e2e', isolate: false, include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/globalSetup.ts'] },
      },
    ],
  },
});
