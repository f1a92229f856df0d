// The core targets plain ES2022 (no DOM, no node types); `performance.now()` exists in both
// browsers and Node, so it is declared here rather than pulled in from either environment.
declare const performance: { now(): number };

/** Milliseconds from an arbitrary origin, with sub-millisecond resolution. */
export const now = (): number => performance.now();
