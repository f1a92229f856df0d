import { LIMITS } from '../core/limits.ts';

// In its own module so a reader that only needs the limit (the CLI's file reading) does not
// load the schema and zod.

/** Longest scene text parseScene reads (64 MiB); a file over it is refused before parsing. */
export const SCENE_FILE_LIMIT = LIMITS.sceneFileBytes;
