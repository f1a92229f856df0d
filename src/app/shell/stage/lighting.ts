import { DirectionalLight, Fog, Group, HemisphereLight } from 'three';
import type { BoundsLike } from '../camera/CameraRig.ts';
import { PALETTE } from './palette.ts';

/**
 * The app's lights and fog: a sky/ground hemisphere, a sun and a cool fill light, placed
 * and faded relative to the scene shown so that small and large scenes look alike.
 */
export class SceneLighting extends Group {
  readonly fog = new Fog(PALETTE.fog, 100, 300);
  private readonly sun = new DirectionalLight(0xffffff, 1.6);
  private readonly fill = new DirectionalLight(0x9db7ff, 0.45);

  constructor() {
    super();
    this.name = 'lighting';
    this.add(new HemisphereLight(0xd5e2f2, 0x20242c, 1.15), this.sun, this.sun.target, this.fill, this.fill.target);
  }

  /** Places the lights around `bounds` (half-diagonal `radius`) and fades the fog from 3 to 9 radii. */
  fit(bounds: BoundsLike, radius: number): void {
    const c = [0, 1, 2].map((a) => (bounds.min[a] + bounds.max[a]) / 2);
    const r = radius;
    this.sun.target.position.set(c[0], c[1], c[2]);
    this.sun.position.set(c[0] + 0.45 * r, c[1] + 1.6 * r, c[2] + 0.75 * r);
    this.fill.target.position.set(c[0], c[1], c[2]);
    this.fill.position.set(c[0] - r, c[1] + 0.3 * r, c[2] - 0.6 * r);
    this.fog.near = r * 3;
    this.fog.far = r * 9;
  }
}
