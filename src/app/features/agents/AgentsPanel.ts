import type GUI from 'lil-gui';
import { AVOIDANCE_MODES } from '../../../core/steering/params.ts';
import { key } from '../../shell/input/shortcuts.ts';
import type { Shell } from '../../shell/Shell.ts';
import type { Panels } from '../../shell/Panels.ts';
import type { LevelScale } from '../../shell/base/scale.ts';
import type { AgentsController } from './AgentsController.ts';

/**
 * The Agents folder (play/pause/step/reset, spawning, steering sliders, force and velocity
 * arrows, the selected agent) and the agents' keys (Space, N, Backspace).
 */
export class AgentsPanel {
  readonly folder: GUI;

  constructor(
    private readonly app: Shell,
    panels: Panels,
    agents: AgentsController,
  ) {
    this.folder = this.build(panels, agents);
    app.addShortcut({
      group: 'Agents',
      keys: 'Space',
      action: 'Play or pause the agents',
      match: key('Space'),
      run: () => agents.togglePlay(),
    });
    app.addShortcut({ group: 'Agents', keys: 'N', action: 'One simulation step', match: key('KeyN'), run: () => agents.step() });
    app.addShortcut({ group: 'Agents', keys: 'Backspace', action: 'Reset the agents', match: key('Backspace'), run: () => agents.reset() });
  }

  private build(panels: Panels, agents: AgentsController): GUI {
    const f = panels.gui.addFolder('Agents');
    const s = agents.settings;
    const play = f.add({ play: () => agents.togglePlay() }, 'play').name('Play (Space)');
    play.domElement.classList.add('primary');
    agents.onChange = () => {
      play.name(agents.playing ? 'Pause (Space)' : 'Play (Space)');
      const l = agents.latest;
      this.app.overlay.setAgents(
        agents.statusText,
        l === null ? {} : { count: l.count, arrived: l.arrivedCount, time: l.time, steps: l.steps, playing: l.playing },
      );
      for (const c of f.controllersRecursive()) c.updateDisplay();
    };
    f.add({ step: () => agents.step() }, 'step').name('Step (N)');
    f.add({ reset: () => agents.reset() }, 'reset').name('Reset (Backspace)');
    f.add(s, 'spawnCount', 1, 200, 1).name('spawn count');
    f.add({ spawn: () => agents.spawn() }, 'spawn').name('Spawn agents');
    const changed = () => agents.settingsChanged();
    f.add(s, 'avoidance', AVOIDANCE_MODES).name('avoidance').onChange(changed);
    f.add(s, 'avoidRange', 0, 10, 0.1).name('avoid range').onFinishChange(changed);
    f.add(s, 'pullGain', 0, 20, 0.1).name('pull gain').onFinishChange(changed);
    const speed = f
      .add(s, 'speed', 0.1, 20)
      .name('speed')
      .onFinishChange(() => {
        s.overrideSpeed = true;
        changed();
      });
    const radius = f
      .add(s, 'radius', 0.05, 3)
      .name('radius')
      .onFinishChange(() => {
        s.overrideRadius = true;
        changed();
      });
    f.add(s, 'showForces')
      .name('force arrows')
      .onChange(() => this.app.invalidate());
    // Easy to follow at the framed zoom: goal markers (on by default) and trails.
    const redraw = () => agents.redraw();
    f.add(s, 'showGoals').name('goal markers').onChange(redraw);
    f.add(s, 'showTrails').name('trails').onChange(redraw);
    // Chosen (white) and preferred (magenta) velocity: where avoidance turned each agent.
    f.add(s, 'showVelocities').name('velocity arrows').onChange(redraw);
    // The selected agent: click one in the view; right-click then gives it a new goal.
    const inspected = { text: agents.selectedText };
    f.add(inspected, 'text').name('selected agent').listen().disable();
    f.add({ deselect: () => agents.select(-1) }, 'deselect').name('Deselect agent');
    const onAgents = agents.onChange;
    // The speed and radius sliders span the level's own scale (scale.ts), and the values the scene gives.
    let ranged: LevelScale | null = null;
    const fitRanges = () => {
      const sc = agents.scale;
      if (sc === null || sc === ranged) return;
      ranged = sc;
      const [lo, hi] = sc.agentRadiusRange;
      radius
        .min(Math.min(lo, s.radius))
        .max(Math.max(hi, s.radius))
        .step(lo / 10);
      const v = sc.agentSpeed;
      speed
        .min(Math.min(v / 20, s.speed))
        .max(Math.max(v * 5, s.speed))
        .step(v / 200);
    };
    agents.onChange = () => {
      fitRanges();
      inspected.text = agents.selectedText;
      onAgents();
    };
    panels.tagControllers();
    return f;
  }
}
