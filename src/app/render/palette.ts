import { Color, SRGBColorSpace } from 'three';

/**
 * The app's colours: a dark, low-saturation world so that the search views (yellow to red,
 * blue open set, green path) and the agents read at a glance.
 */
export const PALETTE = {
  background: 0x0e1117,
  fog: 0x0e1117,
  gridMajor: 0x3a4250,
  gridMinor: 0x232833,
  bounds: 0x4b5565,
  voxelLow: 0x46505f,
  voxelHigh: 0x8d99ab,
  obstacle: 0x6c7686,
  moving: 0xb08968,
  orbit: 0x5b4a3a,
  waypoint: 0xdbe4ee,
  waypointHover: 0xfde047,
  link: 0x7dd3fc,
  start: 0x22d3ee,
  goal: 0xf472b6,
  path: 0x22c55e,
  pathPartial: 0xf59e0b,
  open: 0x3b82f6,
  visitedLow: 0xfacc15,
  visitedHigh: 0xdc2626,
  agent: 0xa78bfa,
  /** Compare difference: nodes only A expanded, only B, and both. */
  onlyA: 0x22d3ee,
  onlyB: 0xf472b6,
  bothAB: 0x64748b,
  force: 0xf8fafc,
} as const;

const LUT_SIZE = 256;
const lut = new Float32Array(3 * LUT_SIZE);
{
  // Interpolate in HSL (yellow -> orange -> red) so the middle stays saturated.
  const lo = { h: 0, s: 0, l: 0 };
  const hi = { h: 0, s: 0, l: 0 };
  new Color(PALETTE.visitedLow).getHSL(lo, SRGBColorSpace);
  new Color(PALETTE.visitedHigh).getHSL(hi, SRGBColorSpace);
  const c = new Color();
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = i / (LUT_SIZE - 1);
    c.setHSL(lo.h + (hi.h - lo.h) * t, lo.s + (hi.s - lo.s) * t, lo.l + (hi.l - lo.l) * t, SRGBColorSpace);
    lut[3 * i] = c.r;
    lut[3 * i + 1] = c.g;
    lut[3 * i + 2] = c.b;
  }
}

/** Writes the cost colour for t in [0, 1] (0 = low = yellow, 1 = high = red) at `out[o..o+2]`. */
export function costColor(t: number, out: Float32Array, o: number): void {
  const i = 3 * Math.max(0, Math.min(LUT_SIZE - 1, Math.round(t * (LUT_SIZE - 1))));
  out[o] = lut[i];
  out[o + 1] = lut[i + 1];
  out[o + 2] = lut[i + 2];
}

/** CSS hex of a palette colour. */
export const css = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
