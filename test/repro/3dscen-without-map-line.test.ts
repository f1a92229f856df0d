// A .3dscen without its map line silently lost its first problem (line 2 was skipped unread).
import { describe, expect, it } from 'vitest';
import { parse3dScen } from '../../src/core/io/movingai.ts';

describe('a .3dscen without the map line', () => {
  it('is an error on line 2, not a lost problem', () => {
    expect(() => parse3dScen('version 1\n1 2 3 4 5 6 7.5 1\n8 8 8 9 9 9 1.7 1\n', 's.3dscen')).toThrow(
      /s\.3dscen:2: expected the map file name/,
    );
  });

  it('with the map line, every problem is read', () => {
    expect(parse3dScen('version 1\nm.3dmap\n1 2 3 4 5 6 7.5 1\n8 8 8 9 9 9 1.7 1\n', 's.3dscen')).toHaveLength(2);
  });
});
