import { Color, PerspectiveCamera, PMREMGenerator, Scene, Vector2, WebGLRenderer, type Object3D, type Texture } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { PALETTE } from './palette.ts';
import { SceneLighting } from './lighting.ts';
import { nextTask, precompile } from './warmup.ts';

/**
 * The 3D stage: renderer, three scene, camera, lighting and the on-demand render loop. A
 * frame is drawn only when something asked for one (`invalidate`) or a frame hook is
 * animating, and never while the GPU is still busy with the previous frame, so an idle app
 * costs nothing.
 */
export class Stage {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(50, 1, 0.1, 1000);
  readonly lighting = new SceneLighting();
  /** Run every animation frame, in order: return true to keep rendering (animation). */
  readonly frameHooks: ((dt: number) => boolean)[] = [];
  /** Draws a frame (the app decides how: one view or two halves). */
  draw: () => void = () => this.renderer.render(this.scene, this.camera);
  /** After every animation frame: main-thread ms of a frame drawn, or null when none was. */
  onFrame: (frameMs: number | null) => void = () => {};
  private needsRender = true;
  private lastTime = performance.now();
  /** Nothing is drawn before the shaders are compiled (a draw would wait for them). */
  private warm = false;
  /** Signalled when the GPU has finished the last frame drawn. */
  private fence: WebGLSync | null = null;
  /** Kept alive so that three keeps the shader programs of every view (see precompile). */
  private warmup: Object3D | null = null;
  /** Resolves when the shader programs are compiled. */
  compiled: Promise<void> = Promise.resolve();
  /** The room environment, made on first use (see useEnvironment). */
  private environment: Texture | null = null;

  constructor(container: HTMLElement, renderer: WebGLRenderer) {
    this.renderer = renderer;
    renderer.setClearColor(PALETTE.background);
    renderer.localClippingEnabled = true;
    container.appendChild(renderer.domElement);
    renderer.domElement.tabIndex = 0;
    this.scene.background = new Color(PALETTE.background);
    this.scene.fog = this.lighting.fog;
    this.scene.add(this.lighting);
    this.scene.environmentIntensity = ENVIRONMENT_INTENSITY;
    window.addEventListener('resize', this.resize);
    this.resize();
  }

  /**
   * Compiles the shader programs every scene needs (of the objects `build` makes: one of
   * everything drawn), spread over many short tasks (see precompile); nothing is drawn until
   * it is done. Call once, before the first load.
   */
  warmUp(build: () => Promise<Object3D>): Promise<void> {
    this.compiled = (async () => {
      await nextTask();
      this.warmup = await build();
      await nextTask();
      await precompile(this.renderer, this.warmup, this.camera, this.scene);
    })()
      .catch((e: unknown) => {
        // Without the warm-up, programs compile on first use: slower, but the app works.
        console.warn('navlab: shader warm-up failed:', e);
      })
      .finally(() => {
        this.warm = true;
        this.invalidate();
      });
    return this.compiled;
  }

  /**
   * Lights the scene with the room environment (on) or with the lights alone (off). Imported
   * levels turn it on: their PBR materials, metallic ones above all, are black without anything
   * to reflect. The app's own scenes leave it off: prefiltering it (PMREMGenerator) and the
   * environment variants of every shader cost seconds where WebGL runs in software, for scenes
   * the lights already light. Made on first use, kept after.
   */
  useEnvironment(on: boolean): void {
    if (on) this.environment ??= roomEnvironment(this.renderer);
    const next = on ? this.environment : null;
    if (this.scene.environment === next) return;
    this.scene.environment = next;
    this.invalidate();
  }

  /** Starts the render loop. */
  start(): void {
    this.renderer.setAnimationLoop(this.frame);
  }

  /** Asks for a new frame. */
  invalidate(): void {
    this.needsRender = true;
  }

  /** The drawing buffer's size in CSS pixels. */
  size(): Vector2 {
    return this.renderer.getSize(new Vector2());
  }

  private readonly frame = (): void => {
    const t = performance.now();
    const dt = Math.min(0.1, (t - this.lastTime) / 1000);
    this.lastTime = t;
    let animate = false;
    for (const hook of this.frameHooks) if (hook(dt)) animate = true;
    if (animate) this.needsRender = true;
    if (!this.warm || !this.needsRender || this.gpuBusy()) {
      this.onFrame(null);
      return;
    }
    this.needsRender = false;
    this.draw();
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    this.onFrame(performance.now() - t);
  };

  /**
   * Whether the GPU is still drawing the previous frame. Then this frame is skipped: queueing
   * more work (and big buffer uploads) behind a slow GPU would make the page wait for it.
   */
  private gpuBusy(): boolean {
    if (this.fence === null) return false;
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    if (gl.getSyncParameter(this.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return true;
    gl.deleteSync(this.fence);
    this.fence = null;
    return false;
  }

  private readonly resize = (): void => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    const size = this.size();
    if (size.x !== w || size.y !== h) this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.invalidate();
  };
}

/** How strongly the room environment lights the scene (the lights in lighting.ts do the rest). */
const ENVIRONMENT_INTENSITY = 0.6;

/**
 * three's RoomEnvironment prefiltered through PMREMGenerator, as the three.js examples light
 * glTF models: PBR materials (metallic ones above all, black without anything to reflect)
 * get an environment to reflect and diffuse light from every side.
 */
function roomEnvironment(renderer: WebGLRenderer) {
  const pmrem = new PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const target = pmrem.fromScene(room, 0.04);
  room.dispose();
  pmrem.dispose();
  return target.texture;
}

/**
 * The app's WebGL renderer (antialiased), already at the window's size: sizing allocates the
 * drawing buffer, slow with software rendering, so it is done here rather than in Stage.
 */
export function createRenderer(): WebGLRenderer {
  const renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(window.innerWidth, window.innerHeight);
  return renderer;
}
