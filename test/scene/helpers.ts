/** File access shared by the scene tests. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A Moving AI map: test/data first (the clone's copy), else ../shared beside the clone;
 * null when neither exists, so callers can skip.
 */
export function movingAiText(name: string): string | null {
  for (const path of [`${ROOT}test/data/${name}`, `${ROOT}../shared/data/movingai/3d/${name}`]) {
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return null;
}

/** Index of the first differing element, -1 when equal (vitest's deep equality is slow on millions of elements). */
export function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}
