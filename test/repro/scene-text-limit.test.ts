// A 200 MB over-limit scene was parsed whole (31 s, 1.2 GB) before the limit check. parseScene
// now refuses text over SCENE_FILE_LIMIT before JSON.parse sees it.
import { describe, expect, it } from 'vitest';
import { parseScene, SCENE_FILE_LIMIT, SceneError } from '../../src/scene/index.ts';

describe('scene text over the limit', () => {
  it('is refused before parsing, naming the limit', () => {
    // Not JSON at all: if parseScene parsed it, the error would be a JSON syntax error.
    const text = 'x'.repeat(SCENE_FILE_LIMIT + 1);
    expect(() => parseScene(text)).toThrow(SceneError);
    expect(() => parseScene(text)).toThrow(/document: 67108865 characters exceeds the limit of 67108864/);
  });
});
