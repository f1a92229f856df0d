import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import type { Shell } from '../../shell/Shell.ts';
import { CELLS_ACROSS, FILL_CHOICES, PLACE_MODES, type Commit, type MeshImporter } from './MeshImporter.ts';

/**
 * The Meshes panel: import mesh files, the voxelization settings (cell size from the longest
 * side of the scene / 512 to / 16, default / 128; auto, surface or solid fill; dilation by the agent
 * radius; the fill the shown scene was made with), "Voxelize" (rebuild the voxel layer from the scene's meshes) and "Place waypoints"
 * (automatic waypoints: replacing the scene's, or added to them so hand-placed ones stay). Both
 * actions run in a worker and are undoable edits.
 */
export class MeshPanel {
  readonly folder: GUI;
  private readonly cell: Controller;
  private readonly radius: Controller;
  private readonly voxelize: Controller;

  constructor(
    private readonly app: Shell,
    private readonly meshes: MeshImporter,
    gui: GUI,
    commit: Commit,
  ) {
    const m = meshes;
    const s = m.settings;
    const f = (this.folder = gui.addFolder('Meshes'));
    f.add({ imp: () => app.chooseFile() }, 'imp').name('Import meshes… (.glb .gltf .obj .stl)');
    this.cell = f.add(s, 'cellSize', 0.01, 1, 0.001).name(`cell size (side/${CELLS_ACROSS.default})`);
    f.add(s, 'fill', [...FILL_CHOICES]).name('fill');
    f.add(s, 'fillUsed').name('fill used').disable();
    this.radius = f
      .add(s, 'agentRadius', 0, 1, 0.001)
      .name('agent radius')
      .onChange(() => {
        m.radiusTouched = true;
      });
    f.add(s, 'dilate').name('dilate by agent radius');
    f.add(s, 'waypoints').name('waypoints when importing');
    this.voxelize = f.add({ run: () => void m.voxelize(commit) }, 'run').name('Voxelize');
    f.add(s, 'placing', [...PLACE_MODES]).name('placed waypoints');
    f.add({ run: () => void m.placeWaypoints(commit) }, 'run').name('Place waypoints');
    m.onDone = () => this.refresh();
    app.sceneShown.add(() => this.refresh());
    this.refresh();
  }

  /** Ranges for the current scene, values, and whether Voxelize applies (the scene has meshes). */
  refresh(): void {
    const r = this.meshes.cellRange();
    const step = r.min / 8;
    this.cell
      .min(r.min)
      .max(r.max)
      .step(step)
      .decimals(Math.max(0, Math.min(6, Math.ceil(-Math.log10(step)))));
    this.radius
      .min(0)
      .max(r.max)
      .step(step)
      .decimals(Math.max(0, Math.min(6, Math.ceil(-Math.log10(step)))));
    this.voxelize.enable((this.app.current?.meshes.size ?? 0) > 0);
    for (const c of this.folder.controllers) {
      c.domElement.dataset.testid = `Meshes/${c._name}`;
      c.updateDisplay();
    }
  }
}
