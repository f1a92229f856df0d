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
  /** What JPS and Lazy Theta* do beyond A*: jumps, any-angle parent links, sight checks. */
  jump: 0xe879f9,
  anyAngle: 0xf1f5f9,
  sightPassed: 0x2dd4bf,
  sightFailed: 0xfb7185,
  agent: 0xa78bfa,
  /** Compare difference: nodes only A expanded, only B, and both. */
  onlyA: 0x22d3ee,
  onlyB: 0xf472b6,
  bothAB: 0x64748b,
  force: 0xf8fafc,
  /** The octree's free cells, by size: smallest, middle, largest. */
  octreeSmall: 0xfde68a,
  octreeMid: 0xc084fc,
  octreeLarge: 0x0e7490,
} as const;

/** CSS hex of a palette colour. */
export const css = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
