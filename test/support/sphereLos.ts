import type { LineOfSight } from '../../src/core/graph/visibility.ts';

/** A sphere obstacle; the lists below are read at each call, so tests may edit them. */
export interface Sphere {
  x: number;
  y: number;
  z: number;
  r: number;
}

/** Blocked when the segment passes strictly inside a sphere of the (editable) list. */
export function sphereLos(spheres: Sphere[]): LineOfSight {
  return (ax, ay, az, bx, by, bz) => {
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const len2 = dx * dx + dy * dy + dz * dz;
    for (const s of spheres) {
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((s.x - ax) * dx + (s.y - ay) * dy + (s.z - az) * dz) / len2));
      const px = ax + t * dx - s.x,
        py = ay + t * dy - s.y,
        pz = az + t * dz - s.z;
      if (px * px + py * py + pz * pz < s.r * s.r) return false;
    }
    return true;
  };
}

/** The box around a sphere (what an obstacle edit reports). */
export const sphereBox = (s: Sphere) => ({
  min: { x: s.x - s.r, y: s.y - s.r, z: s.z - s.r },
  max: { x: s.x + s.r, y: s.y + s.r, z: s.z + s.r },
});
