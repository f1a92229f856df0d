import type { SearchLab } from './SearchLab.ts';
import type { Overlay } from '../../shell/ui/Overlay.ts';
import type { Stage } from '../../shell/stage/Stage.ts';
import type { PaneSpan } from '../../shell/camera/framing.ts';

/**
 * Draws the stage with the lab's search views: one view, or in a side-by-side comparison the
 * two runs in the two halves of the canvas (same camera, each half showing only its run).
 */
export function drawLab(stage: Stage, lab: SearchLab, overlay: Overlay, panes: () => PaneSpan): void {
  const { renderer: r, scene, camera } = stage;
  const [a, b] = lab.runs;
  const compare = lab.settings.compare && lab.states.length === 2;
  if (compare && lab.settings.compareView === 'side by side') {
    const size = stage.size();
    // The two panes share the part of the canvas beside the settings panel (comparePanes).
    const span = panes();
    const x0 = Math.round(span.left);
    const half = Math.floor(span.width / 2);
    camera.aspect = half / size.y;
    camera.updateProjectionMatrix();
    r.clear();
    r.setScissorTest(true);
    for (const [i, run] of [
      [0, a],
      [1, b],
    ] as const) {
      for (const other of lab.runs) if (other.view) other.view.visible = other === run;
      r.setViewport(x0 + i * half, 0, half, size.y);
      r.setScissor(x0 + i * half, 0, half, size.y);
      r.render(scene, camera);
    }
    r.setScissorTest(false);
    r.setViewport(0, 0, size.x, size.y);
    camera.aspect = size.x / size.y;
    camera.updateProjectionMatrix();
    overlay.setViewLabels([`A · ${lab.runs[0].state.label}`, `B · ${lab.runs[1].state.label}`], [x0 + half / 2, x0 + (3 * half) / 2]);
    return;
  }
  const shown = compare ? (lab.settings.shown === 'A' ? a : b) : a;
  for (const run of lab.runs) if (run.view) run.view.visible = run === shown;
  r.render(scene, camera);
  overlay.setViewLabels(null);
}

/** Whether the canvas shows the lab's two runs side by side (clicks then map to a half). */
export function sideBySide(lab: SearchLab): boolean {
  return lab.settings.compare && lab.settings.compareView === 'side by side' && lab.states.length === 2;
}
