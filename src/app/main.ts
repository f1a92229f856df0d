/**
 * Entry of the sandbox app (index.html). Builds the App, loads the default scene (the first
 * of scenes/index.json), and then exposes `window.navlab`.
 */
import './shell/noEval.ts';
import { version } from '../../package.json';
import { AgentsController } from './features/agents/AgentsController.ts';
import { App, createRenderer } from './shell/Shell.ts';
import { Editor } from './features/editor/Editor.ts';
import { openStartScene } from './features/editor/startup.ts';
import { key } from './shell/input/shortcuts.ts';
import { nextTask } from './shell/stage/warmup.ts';
import type { NavlabHandle } from './handle.ts';
import { MeshPanel } from './features/meshes/MeshPanel.ts';
import { Panels } from './shell/ui/Panels.ts';
import './shell/ui/style.css';

export type { NavlabHandle, NavlabQueryOptions } from './handle.ts';

/** The automation handle over an app (see handle.ts for the contract). */
export function createHandle(app: App): NavlabHandle {
  return Object.freeze({
    version,
    scenes: () => app.catalog.names,
    loadScene: (nameOrDocument: string | object) => app.loadScene(nameOrDocument),
    document: () => app.document(),
    query: (options) => app.query(options),
    setTool: (name: string) => app.tools.use(name),
    undo: () => void app.history.undo(),
    redo: () => void app.history.redo(),
  } satisfies NavlabHandle);
}

/** Lets a worker start the GPU process (see gpu.worker.ts); gives up after 3 s. */
function warmGpu(): Promise<void> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./shell/workers/gpu.worker.ts', import.meta.url), { type: 'module' });
    // The worker closes itself: terminating it from here would wait for its GPU context to go.
    const done = () => resolve();
    worker.onmessage = done;
    worker.onerror = done;
    setTimeout(done, 3000);
    worker.postMessage('start');
  });
}

/** Resolves after the next frame has been drawn (so layout and paint are not in our task). */
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Starts the app in short steps (each its own task, none long enough to make the page stutter):
 * GPU, renderer, app, then the default scene loads in the workers while the panels are built.
 */
async function main(): Promise<void> {
  await nextTask();
  const container = document.getElementById('app')!;
  await warmGpu();
  await nextTask();
  const renderer = createRenderer();
  await nextTask();
  const app = new App(container, renderer);
  app.start();
  void app.warmUp();
  const first = app.catalog.entries[0];
  const editor = new Editor(app);
  // A shared link, else the autosaved edited scene, else the default scene.
  const loading = openStartScene(app, editor.work, first.name);
  await nextFrame();
  const panels = new Panels(app);
  editor.buildPanel(panels.gui);
  new MeshPanel(app, panels.gui, (label, edit) => editor.commit(label, edit));
  await nextFrame();
  const agents = new AgentsController(app);
  panels.buildAgents(agents);
  editor.onEdited = (doc) => agents.sceneLoaded(doc);
  app.sceneListeners.push((scene) => agents.sceneLoaded(scene.doc));
  app.addShortcut({
    group: 'Agents',
    keys: 'Space',
    action: 'Play or pause the agents',
    match: key('Space'),
    run: () => agents.togglePlay(),
  });
  app.addShortcut({ group: 'Agents', keys: 'N', action: 'One simulation step', match: key('KeyN'), run: () => agents.step() });
  app.addShortcut({ group: 'Agents', keys: 'Backspace', action: 'Reset the agents', match: key('Backspace'), run: () => agents.reset() });
  try {
    await loading;
  } catch (e) {
    app.overlay.setError(`Could not load the default scene: ${(e as Error).message}`);
    return;
  }
  // The scene may have been shown before the panels and agents listened.
  panels.refresh();
  if (!agents.started && app.current !== null) agents.sceneLoaded(app.current.doc);
  window.navlab = createHandle(app);
  // For the end-to-end tests (camera projection, drawn links), in the dev server only: not
  // part of the navlab handle, and compiled out of the built app (MODE is 'production' in
  // every build, whatever NODE_ENV says; DEV follows NODE_ENV, which test runners set).
  if (import.meta.env.MODE === 'development') (window as unknown as { __navlabEditor?: Editor }).__navlabEditor = editor;
}

void main();
