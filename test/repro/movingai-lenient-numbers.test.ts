// The Moving AI readers accepted `voxel 0x10 1e1 10.0`, extra header tokens and over-long rows.
import { describe, expect, it } from 'vitest';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen, ParseError } from '../../src/core/io/movingai.ts';

describe('Moving AI readers take only the benchmark syntax', () => {
  it.each([
    ['hex, exponent and fraction in the voxel header', () => parse3dMap('voxel 0x10 1e1 10.0\n', 'm.3dmap')],
    ['an extra header token', () => parse3dMap('voxel 2 2 2 7\n', 'm.3dmap')],
    ['an exponent in a 3D problem length', () => parse3dScen('version 1\nm.3dmap\n0 0 0 1 1 1 1e1 1\n', 's.3dscen')],
    ['a hex 3D problem coordinate', () => parse3dScen('version 1\nm.3dmap\n0x1 0 0 1 1 1 1.5 1\n', 's.3dscen')],
    ['a hex width', () => parse2dMap('type octile\nheight 1\nwidth 0x2\nmap\n..\n', 'm.map')],
    ['an extra header token in a 2D map', () => parse2dMap('type octile\nheight 1 9\nwidth 2\nmap\n..\n', 'm.map')],
    ['an over-long row', () => parse2dMap('type octile\nheight 1\nwidth 2\nmap\n..@@\n', 'm.map')],
    ['more rows than the height', () => parse2dMap('type octile\nheight 1\nwidth 2\nmap\n..\n@@\n', 'm.map')],
    ['an exponent in a 2D problem', () => parse2dScen('version 1\n0 m.map 2 1 0 0 1 0 1e0\n', 's.scen')],
  ])('%s is rejected', (_what, parse) => {
    expect(parse).toThrow(ParseError);
  });
});
