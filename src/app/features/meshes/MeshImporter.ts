import { quote } from '../../../core/text.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { MeshError } from '../../../import/meshImport.ts';
import type { VoxelFill } from '../../../core/geometry/voxelizeMesh.ts';
import type { Shell } from '../../shell/Shell.ts';
import { addPlaced } from './placedWaypoints.ts';
import { FileError } from '../../shell/input/acceptedFiles.ts';
import { clip, oneLine } from '../../shell/dom/clip.ts';
import type { ImportReply, ImportRequest, PlaceReply, PlaceRequest, VoxelizeReply, VoxelizeRequest } from './protocol.ts';
import { readMeshFiles } from './meshFiles.ts';
import { meshSoups, rememberMesh } from '../../shell/scene/sceneMeshFiles.ts';

/** Cells along the longest side of a scene's bounds: the default cell size, and the slider's range. */
export const CELLS_ACROSS = Object.freeze({ default: 128, min: 16, max: 512 });

/** What the Mesh panel sets. */
export interface MeshSettings {
  /** Voxel edge for "Voxelize"; reset to the longest side / 128 when a scene is shown. */
  cellSize: number;
  /** 'auto': solid when the meshes are closed, else surface (imports and "Voxelize"). */
  fill: FillChoice;
  /** The fill the shown scene's voxel layer was made with, as far as known (shown in the panel). */
  fillUsed: string;
  /** Written as the scene's agentRadius; the clearance of placed waypoints. Imports take it from the level unless it was changed. */
  agentRadius: number;
  /** "Voxelize" grows the blocked voxels by the agent radius. */
  dilate: boolean;
  /** Imports place waypoints automatically. */
  waypoints: boolean;
  /** "Place waypoints" replaces every waypoint, or adds the placed ones to those there (hand-placed ones stay). */
  placing: PlaceMode;
}

/** The fill choices of the panel. */
export const FILL_CHOICES = ['auto', 'surface', 'solid'] as const;
export type FillChoice = VoxelFill | 'auto';

/** Agents an import writes into the scene (seeded, every goal reachable). */
export const IMPORT_AGENTS = 4;

/**
 * The import's steps as the loading box names them: decoding here, the rest in the worker
 * (IMPORT_STAGES); showing the scene is then the shell's load (its own progress and Cancel).
 */
const STEP_NAMES: Record<string, string> = {
  decode: 'decoding',
  voxelize: 'voxelizing',
  components: 'splitting free space into components',
  waypoints: 'placing waypoints',
  agents: 'placing agents',
  links: 'linking waypoints',
};
const STEPS = Object.keys(STEP_NAMES);

/** What "Place waypoints" does with the waypoints already in the scene. */
export const PLACE_MODES = ['replace all', 'add to existing'] as const;
export type PlaceMode = (typeof PLACE_MODES)[number];

/** Applies an undoable edit of the current document (the editor's commit). */
export type Commit = (label: string, edit: (doc: SceneDocument) => SceneDocument) => boolean;

/**
 * Mesh import in the app: mesh files (picker or drop, several at once) become a version-2
 * scene with the meshes embedded as data: URIs, voxelized and with automatic waypoints (in a
 * worker), shown only when everything succeeded; and the scene's voxel layer and waypoints
 * rebuilt from its meshes. A broken file shows an error naming it and its problem, and the
 * scene shown stays as it was.
 */
export class MeshImporter {
  readonly settings: MeshSettings = {
    cellSize: 1,
    fill: 'auto',
    fillUsed: '—',
    agentRadius: 0,
    dilate: false,
    waypoints: true,
    placing: 'replace all',
  };
  /** Called after an import, voxelization or placement finished (the panel refreshes). */
  onDone: () => void = () => {};
  /** Whether the agent radius was changed since the scene was shown (then imports use it). */
  radiusTouched = false;
  /** The import under way (its Cancel aborts it), or null. */
  private importing: AbortController | null = null;

  constructor(private readonly app: Shell) {
    app.sceneShowing.add(() => this.sceneShown());
    app.importMeshes = (files) => this.importFiles(files);
  }

  /** The slider's range for the current scene: [longest side / 512, longest side / 16]. */
  cellRange(): { min: number; max: number; default: number } {
    const b = this.app.current?.doc.bounds;
    const longest = b === undefined ? 128 : Math.max(...[0, 1, 2].map((k) => b.max[k] - b.min[k]), 1e-6);
    return { min: longest / CELLS_ACROSS.max, max: longest / CELLS_ACROSS.min, default: longest / CELLS_ACROSS.default };
  }

  /** After a scene was shown: the cell size of its voxel layer (else the default), its agent radius. */
  sceneShown(): void {
    const doc = this.app.current?.doc;
    this.settings.cellSize = doc?.voxels?.cellSize ?? this.cellRange().default;
    this.settings.agentRadius = doc?.agentRadius ?? 0;
    this.radiusTouched = false;
    this.settings.fillUsed = /\((surface|solid)\)\.$/.exec(doc?.description ?? '')?.[1] ?? (doc?.voxels ? 'unknown' : '—');
  }

  /** Cancels the import under way, if any: the scene shown stays exactly as it was. */
  cancelImport(): void {
    this.importing?.abort();
  }

  /** Imports mesh files (and the files a .gltf references) as a new scene. Resolves when shown or refused. */
  /**
   * Imports mesh files (and the files a .gltf references) as a new scene. Resolves when shown,
   * refused or cancelled. The loading box names each step (decoding, then the worker's stages,
   * then showing) with its number and the time so far; its Cancel stops the import and leaves
   * the scene shown exactly as it was (nothing of the import is kept).
   */
  async importFiles(files: readonly File[]): Promise<void> {
    const app = this.app;
    const names = clip(files.map((f) => f.name).join(', '), 80);
    this.importing?.abort();
    const control = new AbortController();
    this.importing = control;
    const t0 = performance.now();
    let step = 'decode';
    const show = (name: string): void => {
      step = name;
      if (control.signal.aborted) return;
      const seconds = (performance.now() - t0) / 1000;
      app.overlay.setLoading(
        `Importing ${names} · ${STEP_NAMES[name]} (step ${STEPS.indexOf(name) + 1} of ${STEPS.length})${seconds >= 0.5 ? ` · ${seconds.toFixed(1)} s` : ''}…`,
        () => this.cancelImport(),
      );
    };
    const tick = setInterval(() => show(step), 500);
    let document: SceneDocument;
    let fill: string;
    let missing: string[];
    try {
      show('decode');
      const meshes = await readMeshFiles(files);
      if (control.signal.aborted) return;
      const s = this.settings;
      const request: ImportRequest = {
        type: 'import-meshes',
        files: meshes.map((m) => ({ src: m.src, name: m.name, soup: m.mesh.soup.slice() })),
        options: {
          fill: s.fill,
          agentRadius: this.radiusTouched ? s.agentRadius : undefined,
          waypoints: s.waypoints,
          agents: IMPORT_AGENTS,
          name: meshes[0].name.replace(/\.[^.]*$/, ''),
        },
      };
      const reply = await app.pool.run<ImportReply>(request, { signal: control.signal, onProgress: show });
      for (const m of meshes) rememberMesh(m.src, m.mesh);
      document = reply.document;
      fill = reply.fill;
      missing = meshes.flatMap((m) => m.missing.map((uri) => `${m.name}: ${quote(uri)}`));
    } catch (e) {
      // A cancelled import leaves no trace; MeshError's and FileError's messages name the file;
      // other problems (a worker's) are the import's.
      const err = e as Error;
      if (control.signal.aborted) return;
      app.overlay.setError(
        oneLine(`Could not import ${err instanceof MeshError || err instanceof FileError ? '' : `${names}: `}${err.message}`),
      );
      return;
    } finally {
      clearInterval(tick);
      if (this.importing === control) {
        this.importing = null;
        app.overlay.setLoading(null);
      }
    }
    try {
      // The shell's load: its own progress, and a Cancel that keeps the scene shown.
      await app.loadScene(document);
    } catch (e) {
      // Preprocessing failed (or a newer load cancelled this one): named by the files imported.
      const err = e as Error;
      if (err.name !== 'AbortError') app.overlay.setError(oneLine(`Could not import ${names}: ${err.message}`));
      return;
    }
    this.settings.fillUsed = fill;
    if (missing.length > 0) app.overlay.setError(`Imported without these textures (not given with the file): ${missing.join(', ')}`);
    this.onDone();
  }

  /** Rebuilds the current scene's voxel layer from its meshes (an undoable edit). */
  async voxelize(commit: Commit): Promise<boolean> {
    const scene = this.app.current;
    if (scene === null || scene.meshes.size === 0) {
      this.app.overlay.setError('Voxelize: the scene has no meshes');
      return false;
    }
    const s = this.settings;
    const { min, max } = this.cellRange();
    if (!(s.cellSize >= min * (1 - 1e-9) && s.cellSize <= max * (1 + 1e-9))) {
      this.app.overlay.setError(`Voxelize: cell size ${s.cellSize} is outside [${min}, ${max}] (the longest side / 512 to / 16)`);
      return false;
    }
    return this.run('Voxelizing', async () => {
      const request: VoxelizeRequest = {
        type: 'voxelize',
        doc: scene.doc,
        meshes: meshSoups(scene.meshes),
        cellSize: s.cellSize,
        fill: s.fill,
        dilation: s.dilate ? s.agentRadius : 0,
      };
      const r = await this.app.pool.run<VoxelizeReply>(request);
      s.fillUsed = r.fill;
      return commit('Voxelize', (doc) => ({ ...doc, voxels: r.voxels, bounds: r.bounds, agentRadius: s.agentRadius }));
    });
  }

  /**
   * Places waypoints automatically in the current scene (an undoable edit): they replace the
   * scene's waypoints, or with `placing: 'add to existing'` join them (see addPlaced).
   */
  async placeWaypoints(commit: Commit): Promise<boolean> {
    const scene = this.app.current;
    if (scene === null) return false;
    const radius = this.settings.agentRadius;
    const add = this.settings.placing === 'add to existing';
    return this.run('Placing waypoints', async () => {
      const request: PlaceRequest = { type: 'waypoints', doc: scene.doc, meshes: meshSoups(scene.meshes), agentRadius: radius };
      const r = await this.app.pool.run<PlaceReply>(request);
      if (add) {
        const gap = scene.doc.voxels?.cellSize ?? this.cellRange().default;
        return commit('Place waypoints (added)', (doc) => ({
          ...doc,
          waypoints: addPlaced(doc.waypoints, r.waypoints, gap),
          agentRadius: radius,
        }));
      }
      return commit('Place waypoints', (doc) => ({ ...doc, waypoints: r.waypoints, agents: agentsAtPositions(doc), agentRadius: radius }));
    });
  }

  private async run(label: string, work: () => Promise<boolean>): Promise<boolean> {
    this.app.overlay.setLoading(`${label} in a worker…`);
    try {
      const ok = await work();
      this.onDone();
      return ok;
    } catch (e) {
      this.app.overlay.setError(`${label}: ${(e as Error).message}`);
      return false;
    } finally {
      this.app.overlay.setLoading(null);
    }
  }
}

/** The agents with starts and goals that name waypoints turned into those waypoints' positions (the waypoints are replaced). */
function agentsAtPositions(doc: SceneDocument): SceneDocument['agents'] {
  const at = new Map(doc.waypoints.map((w) => [w.id, w.position]));
  const point = <T>(p: T): T => (typeof p === 'string' && at.has(p) ? (at.get(p) as T) : p);
  return doc.agents.map((a) => ({ ...a, start: point(a.start), goal: point(a.goal) }));
}
