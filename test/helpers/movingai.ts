import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** test/data: the benchmark files shipped with the repo. */
export const TEST_DATA = join(here, '..', 'data');

/** The full Moving AI data set: $NAVLAB_MOVINGAI_DIR or ../shared/data/movingai beside the clone. */
export const MOVINGAI_DIR = process.env.NAVLAB_MOVINGAI_DIR ?? join(here, '..', '..', '..', 'shared', 'data', 'movingai');

export const readData = (name: string): string => readFileSync(join(TEST_DATA, name), 'utf8');
export const hasFullData = (): boolean => existsSync(join(MOVINGAI_DIR, '3d', 'A1.3dmap'));
