import { Euler, type PerspectiveCamera, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { isTyping } from '../input/shortcuts.ts';
import { Signal } from '../base/signal.ts';
import { framePose, type BoundsLike, type FrameView, type PaneSpan } from './framing.ts';

export { sideInsets, type BoundsLike, type FrameView, type Insets, type ScreenRect } from './framing.ts';

export type CameraMode = 'orbit' | 'fly';

const _forward = new Vector3();
const _right = new Vector3();
const _move = new Vector3();
const _euler = new Euler(0, 0, 0, 'YXZ');
const UP = new Vector3(0, 1, 0);
/** Radians of look rotation per pixel of mouse movement in fly mode. */
const LOOK_SPEED = 0.0032;
/**
 * Longest time one fly step covers, seconds. Flying moves by real elapsed time, so the speed
 * is the same at 5 fps as at 60; only a longer gap (a hidden tab, a debugger) is cut short.
 */
export const MAX_FLY_STEP = 0.5;

/**
 * Elapsed real time between fly steps: the first step after the keys were pressed uses the
 * frame's dt (no clock reading yet), later ones the clock, capped at MAX_FLY_STEP.
 */
export class FlyClock {
  private last: number | null = null;

  /** Seconds to move for this frame; `now` in ms. */
  step(now: number, frameDt: number): number {
    const dt = this.last === null ? frameDt : (now - this.last) / 1000;
    this.last = now;
    return Math.max(0, Math.min(MAX_FLY_STEP, dt));
  }

  /** The keys were released: the next step starts afresh. */
  stop(): void {
    this.last = null;
  }
}

/**
 * The camera and its two modes. Orbit: three's OrbitControls (drag to rotate, right-drag to
 * pan, wheel to zoom). Fly: drag to look, W/A/S/D to move, Q/E down/up, Shift for 4x speed,
 * the wheel changes the flying speed. `frame(bounds)` puts the whole scene in view.
 * Handlers are bound once; `connect`/`disconnect` add and remove them (as three's controls do).
 */
export class CameraRig {
  readonly camera: PerspectiveCamera;
  readonly orbit: OrbitControls;
  mode: CameraMode = 'orbit';
  /** Flying speed, world units per second (without Shift). */
  flySpeed = 10;
  /**
   * The view the camera draws into and the margins panels cover; `frame` fits the scene into
   * the rest. Default: the whole canvas, nothing covered.
   */
  view: () => FrameView = () => {
    const r = this.dom.getBoundingClientRect();
    return { width: r.width, height: r.height, insets: { left: 0, right: 0, top: 0, bottom: 0 } };
  };
  /** Where a side-by-side comparison draws its two panes (comparePanes). Default: the whole canvas. */
  panes: () => PaneSpan = () => ({ left: 0, width: this.dom.getBoundingClientRect().width });
  /** Emitted when the camera, the mode or the fly speed changes (for the UI). */
  readonly changed = new Signal();
  private readonly dom: HTMLElement;
  private readonly keys = new Set<string>();
  private yaw = 0;
  private pitch = 0;
  private look: { id: number; x: number; y: number } | null = null;
  private sceneRadius = 10;
  private readonly flyClock = new FlyClock();
  /** Set while another control drags in the view (see hold). */
  private held = false;

  constructor(camera: PerspectiveCamera, dom: HTMLElement) {
    this.camera = camera;
    this.dom = dom;
    this.orbit = new OrbitControls(camera, dom);
    this.orbit.enableDamping = true;
    this.orbit.dampingFactor = 0.12;
    this.orbit.screenSpacePanning = true;
  }

  connect(): void {
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.onBlur);
    this.dom.addEventListener('pointerdown', this.onPointerDown);
    this.dom.addEventListener('pointermove', this.onPointerMove);
    this.dom.addEventListener('pointerup', this.onPointerUp);
    this.dom.addEventListener('wheel', this.onWheel, { passive: false });
  }

  disconnect(): void {
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.onBlur);
    this.dom.removeEventListener('pointerdown', this.onPointerDown);
    this.dom.removeEventListener('pointermove', this.onPointerMove);
    this.dom.removeEventListener('pointerup', this.onPointerUp);
    this.dom.removeEventListener('wheel', this.onWheel);
  }

  dispose(): void {
    this.disconnect();
    this.orbit.dispose();
  }

  setMode(mode: CameraMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    if (mode === 'fly') {
      _euler.setFromQuaternion(this.camera.quaternion, 'YXZ');
      this.yaw = _euler.y;
      this.pitch = _euler.x;
      this.orbit.enabled = false;
    } else {
      // Orbit around the point straight ahead, as far as the old target was.
      const dist = Math.max(this.sceneRadius * 0.05, this.camera.position.distanceTo(this.orbit.target));
      this.camera.getWorldDirection(_forward);
      this.orbit.target.copy(this.camera.position).addScaledVector(_forward, dist);
      this.orbit.enabled = !this.held;
      this.orbit.update();
    }
    this.keys.clear();
    this.changed.emit();
  }

  /**
   * Keeps the orbit camera still while another control (the editor's drag gizmo) owns the
   * pointer: `hold(true)` when its drag starts, `hold(false)` when it ends.
   */
  hold(active: boolean): void {
    this.held = active;
    this.orbit.enabled = !active && this.mode === 'orbit';
  }

  toggleMode(): void {
    this.setMode(this.mode === 'orbit' ? 'fly' : 'orbit');
  }

  /**
   * Puts the whole box in view from the front-right, slightly above, fitted into the part of
   * the view (`view()`: the canvas, or each half of a side-by-side comparison) no panel covers.
   */
  frame(bounds: BoundsLike): void {
    const cam = this.camera;
    const pose = framePose(bounds, cam.fov, this.view());
    this.sceneRadius = pose.radius;
    cam.near = pose.near;
    cam.far = pose.far;
    cam.updateProjectionMatrix();
    cam.position.fromArray(pose.position);
    cam.lookAt(pose.target[0], pose.target[1], pose.target[2]);
    this.orbit.target.fromArray(pose.target);
    this.orbit.maxDistance = pose.radius * 12;
    this.orbit.update();
    _euler.setFromQuaternion(cam.quaternion, 'YXZ');
    this.yaw = _euler.y;
    this.pitch = _euler.x;
    // Level-scale speeds (see scale.ts): a third of the half diagonal a second.
    this.flySpeed = pose.radius / 3;
    this.changed.emit();
  }

  /** Advances the controls by dt seconds; true when the camera moved. */
  update(dt: number): boolean {
    if (this.mode === 'orbit') return this.orbit.update();
    const k = this.keys;
    const cam = this.camera;
    cam.getWorldDirection(_forward);
    _right.crossVectors(_forward, UP).normalize();
    _move.set(0, 0, 0);
    if (k.has('KeyW')) _move.add(_forward);
    if (k.has('KeyS')) _move.sub(_forward);
    if (k.has('KeyD')) _move.add(_right);
    if (k.has('KeyA')) _move.sub(_right);
    if (k.has('KeyE')) _move.add(UP);
    if (k.has('KeyQ')) _move.sub(UP);
    if (_move.lengthSq() === 0) {
      this.flyClock.stop();
      return false;
    }
    const fast = k.has('ShiftLeft') || k.has('ShiftRight') ? 4 : 1;
    cam.position.addScaledVector(_move.normalize(), this.flySpeed * fast * this.flyClock.step(performance.now(), dt));
    return true;
  }

  /** Whether fly keys are held (the app keeps rendering while they are). */
  get moving(): boolean {
    return this.mode === 'fly' && this.keys.size > 0;
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.mode === 'fly' && ['KeyW', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE', 'ShiftLeft', 'ShiftRight'].includes(e.code)) {
      this.keys.add(e.code);
      e.preventDefault();
    }
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    this.keys.delete(e.code);
  };

  private readonly onBlur = (): void => {
    this.keys.clear();
  };

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (this.mode !== 'fly') return;
    this.look = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    const l = this.look;
    if (l === null || l.id !== e.pointerId) return;
    this.yaw -= (e.clientX - l.x) * LOOK_SPEED;
    this.pitch = Math.max(-1.55, Math.min(1.55, this.pitch - (e.clientY - l.y) * LOOK_SPEED));
    l.x = e.clientX;
    l.y = e.clientY;
    this.camera.quaternion.setFromEuler(_euler.set(this.pitch, this.yaw, 0, 'YXZ'));
    this.changed.emit();
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    if (this.look?.id === e.pointerId) this.look = null;
  };

  private readonly onWheel = (e: WheelEvent): void => {
    if (this.mode !== 'fly') return;
    e.preventDefault();
    const r = this.sceneRadius;
    this.flySpeed = Math.max(r / 300, Math.min(r * 10, this.flySpeed * (e.deltaY > 0 ? 1 / 1.2 : 1.2)));
    this.changed.emit();
  };
}
