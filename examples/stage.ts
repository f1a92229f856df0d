/** What every browser example shares: renderer, camera with orbit controls, lights, frame loop. */
import { Color, DirectionalLight, HemisphereLight, PerspectiveCamera, Scene, type Vector3, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export interface Stage {
  scene: Scene;
  camera: PerspectiveCamera;
  renderer: WebGLRenderer;
  /** Shows a line of text over the canvas (as text, never HTML). */
  info(text: string): void;
  /** Calls `frame(dt)` before every rendered frame. */
  loop(frame: (dt: number) => void): void;
}

export function createStage(eye: Vector3, target: Vector3): Stage {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(2, devicePixelRatio));
  renderer.setSize(innerWidth, innerHeight);
  document.body.append(renderer.domElement);
  const scene = new Scene();
  scene.background = new Color(0x0e1117);
  scene.add(new HemisphereLight(0xdbe4ee, 0x1e293b, 1.5));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(5, 10, 7);
  scene.add(sun);
  const camera = new PerspectiveCamera(50, innerWidth / innerHeight, 0.05, 500);
  camera.position.copy(eye);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(target);
  controls.update();
  addEventListener('resize', () => {
    camera.aspect = innerWidth / innerHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(innerWidth, innerHeight);
  });
  const infoBox = document.getElementById('info');
  let last = performance.now();
  return {
    scene,
    camera,
    renderer,
    info: (text) => void (infoBox && (infoBox.textContent = text)),
    loop(frame) {
      renderer.setAnimationLoop((now: number) => {
        frame(Math.max(0, Math.min(0.1, (now - last) / 1000)));
        last = now;
        controls.update();
        renderer.render(scene, camera);
      });
    },
  };
}
