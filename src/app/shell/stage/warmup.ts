import type { Camera, Material, Object3D, Scene, WebGLRenderer } from 'three';

/**
 * Compiles the shader programs of `objects` as they would render in `scene`, without
 * stalling the page: the programs are created at once (the GPU process compiles them in the
 * background), then each is first used in its own task, a little later, so no single task
 * waits for more than one program. Keep `objects` alive: while their materials exist, three
 * keeps the programs cached for every later scene.
 */
export async function precompile(renderer: WebGLRenderer, objects: Object3D, camera: Camera, scene: Scene): Promise<void> {
  // The GPU process starts up lazily; let it do so on a clear, in the background.
  renderer.clear();
  await gpuIdle(renderer);
  const materials = new Set<Material>();
  // Building the programs' source is JavaScript work too: one drawable per task.
  const drawables: Object3D[] = [];
  objects.traverse((o) => {
    if ('material' in o) drawables.push(o);
  });
  for (const d of drawables) {
    for (const m of renderer.compile(d, camera, scene)) materials.add(m);
    await nextTask();
  }
  // The GPU process compiles in the background; a fence tells when it got through them.
  await gpuIdle(renderer);
  for (const m of materials) {
    await nextTask();
    (renderer.properties.get(m) as { currentProgram?: { getUniforms(): unknown } }).currentProgram?.getUniforms();
  }
}

/**
 * Resolves when the GPU process has executed every command sent so far, polling a fence
 * (a non-blocking query in WebGL2) between tasks instead of waiting in one.
 */
async function gpuIdle(renderer: WebGLRenderer): Promise<void> {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  if (sync === null) return;
  while (gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED) await nextTask(10);
  gl.deleteSync(sync);
}

/** Resolves in a later task (after `ms`), so that work before and after are separate tasks. */
export const nextTask = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
