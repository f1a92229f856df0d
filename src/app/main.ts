/**
 * Entry of the sandbox app (index.html), its composition root: builds the shell, creates each
 * feature (search, editor, meshes, agents) on it, wires them to each other through callbacks
 * and the shell's signals, loads the first scene and then exposes `window.navlab`. Features
 * never import each other; what one must tell another passes through here or the shell.
 */
import './shell/noEval.ts';
import { version } from '../../package.json';
import { AgentsController } from './features/agents/AgentsController.ts';
import { AgentsPanel } from './features/agents/AgentsPanel.ts';
import { agentsWarmupSamples } from './features/agents/warmupSamples.ts';
import { Editor } from './features/editor/Editor.ts';
import { followShareLinks, openStartScene } from './features/editor/startup.ts';
import { MeshImporter } from './features/meshes/MeshImporter.ts';
import { MeshPanel } from './features/meshes/MeshPanel.ts';
import { SearchFeature } from './features/search/SearchFeature.ts';
import { SearchPanel } from './features/search/SearchPanel.ts';
import { octreeWarmupSamples, searchWarmupSamples } from './features/search/warmupSamples.ts';
import type { NavlabHandle } from './shell/handle.ts';
import { Shell } from './shell/Shell.ts';
import { createRenderer } from './shell/stage/Stage.ts';
import { nextTask } from './shell/stage/warmup.ts';
import { Panels } from './shell/Panels.ts';
import { WorkerPool } from './shell/workers/WorkerPool.ts';
import './shell/ui/style.css';

export type { NavlabHandle, NavlabQueryOptions } from './shell/handle.ts';

/** The automation handle over the app (see handle.ts for the contract). */
export function createHandle(shell: Shell, search: SearchFeature): NavlabHandle {
  return Object.freeze({
    version,
    scenes: () => shell.catalog.names,
    loadScene: (nameOrDocument: string | object) => shell.loadScene(nameOrDocument),
    document: () => shell.document(),
    query: (options) => search.query(options),
    setTool: (name: string) => shell.tools.use(name),
    undo: () => void shell.history.undo(),
    redo: () => void shell.history.redo(),
  } satisfies NavlabHandle);
}

/** The nav workers: preprocessing, queries nobody watches, mesh work (nav.worker.ts). */
const navWorker = (): Worker => new Worker(new URL('./nav.worker.ts', import.meta.url), { type: 'module' });

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
 * GPU, renderer, shell and features, then the default scene loads in the workers while the
 * panels are built.
 */
async function main(): Promise<void> {
  await nextTask();
  const container = document.getElementById('app')!;
  await warmGpu();
  await nextTask();
  const renderer = createRenderer();
  await nextTask();
  const shell = new Shell(container, renderer, new WorkerPool(2, navWorker));
  // The search first: it is the shell's search port and registers the select tool the editor builds on.
  const search = new SearchFeature(shell);
  shell.start();
  void shell.warmUp([searchWarmupSamples, agentsWarmupSamples, octreeWarmupSamples(shell.views.cutPlane)]);
  const meshes = new MeshImporter(shell);
  shell.importMeshes = (files) => meshes.importFiles(files);
  const first = shell.catalog.entries[0];
  const editor = new Editor(shell);
  // A shared link, else the autosaved edited scene, else the default scene.
  const loading = openStartScene(shell, editor.work, first.name);
  await nextFrame();
  const panels = new Panels(shell);
  const searchPanel = new SearchPanel(search, panels);
  editor.buildPanel(panels.gui);
  new MeshPanel(shell, meshes, panels.gui, (label, edit) => editor.commit(label, edit));
  await nextFrame();
  const agents = new AgentsController(shell);
  new AgentsPanel(shell, panels, agents);
  editor.onEdited = (doc) => agents.sceneLoaded(doc);
  shell.sceneShown.add((scene) => agents.sceneLoaded(scene.doc));
  try {
    await loading;
  } catch (e) {
    shell.overlay.setError(`Could not load the default scene: ${(e as Error).message}`);
    return;
  }
  // The scene may have been shown before the panels and agents listened.
  panels.refresh();
  searchPanel.refresh();
  if (!agents.started && shell.current !== null) agents.sceneLoaded(shell.current.doc);
  followShareLinks(shell);
  window.navlab = createHandle(shell, search);
  // For the end-to-end tests (camera projection, drawn links, the lab's runs): in the dev server
  // and in the tests' own build (`vite build --mode e2e`), never in the app as built for use
  // (MODE is 'production' in every plain build, whatever NODE_ENV says).
  if (import.meta.env.MODE !== 'production') (window as unknown as { __navlabEditor?: Editor }).__navlabEditor = testHook(editor, search);
}

/**
 * The editor as the end-to-end tests reach it: `app` is the shell, with the search lab as
 * `app.lab` (where the tests found it before the app was split into features).
 */
function testHook(editor: Editor, search: SearchFeature): Editor {
  const app = new Proxy(editor.app, { get: (shell, key) => (key === 'lab' ? search.lab : Reflect.get(shell, key)) });
  return new Proxy(editor, { get: (e, key) => (key === 'app' ? app : Reflect.get(e, key)) });
}

void main();
