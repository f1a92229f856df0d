import { describe, expect, it } from 'vitest';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen, ParseError } from '../../../src/core/io/movingai.ts';

describe('Moving AI readers', () => {
  it('reads a voxel map: header dims, blocked voxels, everything else free', () => {
    const g = parse3dMap('voxel 3 2 2\n0 0 0\n2 1 1\n', 'm.3dmap');
    expect([g.X, g.Y, g.Z]).toEqual([3, 2, 2]);
    expect(g.isBlocked(0, 0, 0)).toBe(true);
    expect(g.isBlocked(2, 1, 1)).toBe(true);
    expect(g.isBlocked(1, 0, 0)).toBe(false);
    expect(g.isBlocked(3, 0, 0)).toBe(true);
  });

  it('reads scenarios (3D and 2D)', () => {
    const s3 = parse3dScen('version 1\nm.3dmap\n1 2 3 4 5 6 7.5 1.0\n', 's');
    expect(s3).toEqual([{ start: [1, 2, 3], goal: [4, 5, 6], expected: 7.5 }]);
    const s2 = parse2dScen('version 1\n0\tm.map\t4\t3\t1\t2\t3\t0\t2.41421356\n', 's');
    expect(s2).toEqual([{ start: [1, 2, 0], goal: [3, 0, 0], expected: 2.41421356 }]);
    const g = parse2dMap('type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n', 'm.map');
    expect([g.X, g.Y, g.Z]).toEqual([3, 2, 1]);
    expect([0, 1, 2, 3, 4, 5].map((i) => g.occupancy[i])).toEqual([0, 1, 1, 0, 0, 1]);
  });

  it.each([
    ['3d header', () => parse3dMap('voxels 1 2 3\n', 'a.3dmap'), /a\.3dmap:1: expected header/],
    ['3d size', () => parse3dMap('voxel 2 x 3\n', 'a.3dmap'), /a\.3dmap:1: map size: expected a non-negative integer, got 'x'/],
    ['3d line', () => parse3dMap('voxel 2 2 2\n0 0 0\n1 a 0\n', 'a.3dmap'), /a\.3dmap:3: expected 'x y z'/],
    ['3d bounds', () => parse3dMap('voxel 2 2 2\n0 0 2\n', 'a.3dmap'), /a\.3dmap:2: voxel \(0, 0, 2\) is outside/],
    ['3d limit', () => parse3dMap('voxel 100000 100000 100000\n', 'a.3dmap'), /a\.3dmap:1: .*exceeds the limit/],
    ['3dscen version', () => parse3dScen('version 2\nx\n', 's.3dscen'), /s\.3dscen:1: expected 'version 1'/],
    ['3dscen fields', () => parse3dScen('version 1\nm\n1 2 3 4 5\n', 's.3dscen'), /s\.3dscen:3: expected 'sx sy sz/],
    ['2d cell', () => parse2dMap('type octile\nheight 1\nwidth 2\nmap\n.?\n', 'b.map'), /b\.map:5: row 0, column 1: unknown cell '\?'/],
    ['2d rows', () => parse2dMap('type octile\nheight 2\nwidth 2\nmap\n..\n', 'b.map'), /b\.map:6: row 1: expected 2 cells/],
    ['2d header', () => parse2dMap('type octile\nheight 2\nmap\n..\n', 'b.map'), /width/],
    [
      '2d scen',
      () => parse2dScen('version 1\n0 m 1 1 0 0 x 0 1\n', 'b.scen'),
      /b\.scen:2: coordinates: expected a non-negative integer, got 'x'/,
    ],
    [
      '3d hex size',
      () => parse3dMap('voxel 0x10 1e1 10.0\n', 'a.3dmap'),
      /a\.3dmap:1: map size: expected a non-negative integer, got '0x10'/,
    ],
    ['3d extra header token', () => parse3dMap('voxel 2 2 2 9\n', 'a.3dmap'), /a\.3dmap:1: expected header 'voxel X Y Z'/],
    [
      '3dscen exponent',
      () => parse3dScen('version 1\nm\n1 2 3 4 5 6 1e1 1\n', 's.3dscen'),
      /s\.3dscen:3: optimal length: expected a decimal number, got '1e1'/,
    ],
    ['3dscen extra field', () => parse3dScen('version 1\nm\n1 2 3 4 5 6 7 1 9\n', 's.3dscen'), /s\.3dscen:3: expected 'sx sy sz/],
    [
      '3dscen without map line',
      () => parse3dScen('version 1\n1 2 3 4 5 6 7.5 1\n', 's.3dscen'),
      /s\.3dscen:2: expected the map file name, got '1 2 3 4 5 6 7.5 1'/,
    ],
    [
      '2d hex width',
      () => parse2dMap('type octile\nheight 1\nwidth 0x2\nmap\n..\n', 'b.map'),
      /b\.map:3: width: expected a non-negative integer, got '0x2'/,
    ],
    [
      '2d extra header token',
      () => parse2dMap('type octile\nheight 1 1\nwidth 2\nmap\n..\n', 'b.map'),
      /b\.map:2: unexpected header line 'height 1 1'/,
    ],
    ['2d long row', () => parse2dMap('type octile\nheight 1\nwidth 2\nmap\n...\n', 'b.map'), /b\.map:5: row 0: expected 2 cells, got 3/],
    [
      '2d extra row',
      () => parse2dMap('type octile\nheight 1\nwidth 2\nmap\n..\n..\n', 'b.map'),
      /b\.map:6: expected 1 rows after 'map', found more/,
    ],
    [
      '2d over the voxel limit',
      () => parse2dMap('type octile\nheight 20000\nwidth 20000\nmap\n', 'b.map'),
      /b\.map:4: .*exceeds the limit/,
    ],
    [
      '2d scen hex',
      () => parse2dScen('version 1\n0 m 1 1 0x0 0 0 0 1\n', 'b.scen'),
      /b\.scen:2: coordinates: expected a non-negative integer, got '0x0'/,
    ],
    ['control characters are escaped', () => parse3dMap('voxel 2 2 2\n0 0 \u001b[2J\n', 'a.3dmap'), /got '0 0 \\u001b\[2J'/],
  ])('malformed input names file, line and reason: %s', (_name, parse, message) => {
    expect(parse).toThrow(ParseError);
    expect(parse).toThrow(message);
  });
});

describe('Moving AI readers quote long lines briefly', () => {
  it('a 1 MB bad line is quoted by a short prefix with the cut size', () => {
    const line = 'x'.repeat(1_000_000);
    let message = '';
    try {
      parse3dMap(`voxel 2 2 2\n${line}\n`, 'a.3dmap');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/\(first 40 of 1000000 characters\)$/);
    expect(message.length).toBeLessThan(200);
  });
});
